using System;
using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Words searched for together in source text (<see cref="SyntaxText"/>). Each list is one static instance: the answer
/// for a whole tree is remembered per list instance.
/// </summary>
internal sealed class WordList
{
    public WordList(params string[] words)
    {
        Words = words;
        foreach (var word in words)
        {
            Overlap = Math.Max(Overlap, word.Length - 1);
        }
    }

    public string[] Words { get; }

    /// <summary>Consecutive chunks overlap by one character less than the longest word, so that a word across an edge is found.</summary>
    public int Overlap { get; }
}

/// <summary>
/// Whether a declaration's source text mentions a word: a search in the text the tree was parsed from, which creates
/// none of the syntax nodes a token walk would (a walk over every called method's tokens was most of a summary's cost).
/// A word found in a comment or a string only means the declaration is read more closely. Whether a whole tree mentions
/// a list (<see cref="AnyTreeMentions"/>, once per compilation and list) is remembered per tree: in the IDE the next
/// compilation shares the unedited trees. A declaration's own search does not ask its tree first: on sharpcompress that
/// lookup, made for every declaration searched, cost more (about 20 ms) than the searches it saved.
/// </summary>
internal static class SyntaxText
{
    private const int ChunkLength = 4096;

    private static readonly ConditionalWeakTable<SyntaxTree, ConcurrentDictionary<WordList, bool>> s_treeAnswers = new();

    private static readonly ConditionalWeakTable<SyntaxTree, ConcurrentDictionary<WordList, bool>>.CreateValueCallback s_newAnswers =
        _ => new ConcurrentDictionary<WordList, bool>();

    /// <summary>One buffer per thread: the text is searched a chunk at a time instead of being copied into a string (a whole type's text, for some questions).</summary>
    [ThreadStatic]
    private static char[]? t_chunk;

    /// <summary>The text of <paramref name="declaration"/> holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(SyntaxNode declaration, WordList words) =>
        Search(declaration.SyntaxTree.GetText(), declaration.Span, words);

    /// <summary>Some tree of <paramref name="compilation"/> holds one of <paramref name="words"/> (each tree's answer remembered).</summary>
    public static bool AnyTreeMentions(Compilation compilation, WordList words)
    {
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (TreeMentions(tree, words))
            {
                return true;
            }
        }

        return false;
    }

    private static bool TreeMentions(SyntaxTree tree, WordList words)
    {
        var answers = s_treeAnswers.GetValue(tree, s_newAnswers);
        if (answers.TryGetValue(words, out var known))
        {
            return known;
        }

        var text = tree.GetText();
        return answers.GetOrAdd(words, Search(text, new TextSpan(0, text.Length), words));
    }

    private static bool Search(SourceText text, TextSpan span, WordList words)
    {
        var chunk = t_chunk ??= new char[ChunkLength];
        for (var start = span.Start; start < span.End;)
        {
            var count = Math.Min(ChunkLength, span.End - start);
            text.CopyTo(start, chunk, 0, count);
            var searched = new ReadOnlySpan<char>(chunk, 0, count);
            foreach (var word in words.Words)
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

            start += count - words.Overlap;
        }

        return false;
    }
}
