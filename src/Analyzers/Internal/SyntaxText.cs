using System;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether a declaration's source text mentions a word: a search in the text the tree was parsed from, which creates
/// none of the syntax nodes a token walk would (a walk over every called method's tokens was most of a summary's cost).
/// A word found in a comment or a string only means the declaration is read more closely.
/// </summary>
internal static class SyntaxText
{
    private const int ChunkLength = 4096;

    /// <summary>One buffer per thread: the text is searched a chunk at a time instead of being copied into a string (a whole type's text, for some questions).</summary>
    [ThreadStatic]
    private static char[]? t_chunk;

    public static bool Mentions(SyntaxNode declaration, params string[] words)
    {
        var text = declaration.SyntaxTree.GetText();
        var span = declaration.Span;
        var chunk = t_chunk ??= new char[ChunkLength];

        // Consecutive chunks overlap by one character less than the longest word, so that a word across an edge is found.
        var overlap = 0;
        foreach (var word in words)
        {
            overlap = Math.Max(overlap, word.Length - 1);
        }

        for (var start = span.Start; start < span.End;)
        {
            var count = Math.Min(ChunkLength, span.End - start);
            text.CopyTo(start, chunk, 0, count);
            var searched = new ReadOnlySpan<char>(chunk, 0, count);
            foreach (var word in words)
            {
                if (searched.IndexOf(word.AsSpan()) >= 0)
                {
                    return true;
                }
            }

            if (start + count >= span.End)
            {
                break;
            }

            start += count - overlap;
        }

        return false;
    }
}
