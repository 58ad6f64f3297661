using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether a declaration's source text mentions a word: a search in the text the tree was parsed from, which creates
/// none of the syntax nodes a token walk would (a walk over every called method's tokens was most of a summary's cost).
/// A word found in a comment or a string only means the declaration is read more closely.
/// </summary>
internal static class SyntaxText
{
    public static bool Mentions(SyntaxNode declaration, params string[] words)
    {
        var text = declaration.SyntaxTree.GetText().ToString(declaration.Span);
        foreach (var word in words)
        {
            if (text.IndexOf(word, System.StringComparison.Ordinal) >= 0)
            {
                return true;
            }
        }

        return false;
    }
}
