using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Where each list of <see cref="WatchedWords.All"/> stands in one tree's text: found in one pass over the text, the
/// first time any list is asked of the tree, and remembered for the tree (in the IDE the next compilation shares the
/// unedited trees). It is the scan a single list's search makes (<see cref="SyntaxText.Scan"/>), for every list at once:
/// each chunk of the text is searched for the beginnings the lists' words share (<see cref="WordProbes"/>: <c>Read</c>
/// for <c>ReadAll</c>, <c>ReadToEnd</c> and <c>ReadAsync</c>), and where one stands, each list with a word that starts
/// there is asked whether it stands there (<see cref="WordList.StandsAt"/>). A list declared elsewhere is searched on
/// its own (<see cref="SyntaxText.Places"/>).
/// </summary>
internal sealed class TreeWords
{
    private static readonly ConditionalWeakTable<SyntaxTree, TreeWords> s_byTree = new();

    private static readonly ConditionalWeakTable<SyntaxTree, TreeWords>.CreateValueCallback s_find = tree =>
    {
        var start = ModelMeter.Start();
        try
        {
            return new TreeWords(Find(tree.GetText()));
        }
        finally
        {
            ModelMeter.TextSearched(start);
        }
    };

    private static readonly WordProbes s_probes = WordProbes.For(WatchedWords.All);

    /// <summary>Each list's places, in <see cref="WatchedWords.All"/>'s order; ascending.</summary>
    private readonly int[][] _places;

    private TreeWords(int[][] places)
    {
        _places = places;
    }

    /// <summary>Whether <paramref name="tree"/>'s text holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(SyntaxTree tree, WordList words) =>
        WatchedWords.IndexOf(words) is var index and >= 0
            ? s_byTree.GetValue(tree, s_find)._places[index].Length > 0
            : SyntaxText.Mentions(tree.GetText(), words);

    /// <summary>Where the words of <paramref name="words"/> start in <paramref name="tree"/>'s text, in order; empty when nowhere.</summary>
    public static IReadOnlyList<int> Places(SyntaxTree tree, WordList words) =>
        WatchedWords.IndexOf(words) is var index and >= 0
            ? s_byTree.GetValue(tree, s_find)._places[index]
            : SyntaxText.Places(tree.GetText(), words);

    private static int[][] Find(SourceText text)
    {
        var found = new List<int>?[s_probes.Lists.Length];
        SyntaxText.Scan(text, new TextSpan(0, text.Length), s_probes, found);
        var result = new int[found.Length][];
        for (var i = 0; i < result.Length; i++)
        {
            // Each probe's places ascend; two probes' places interleave.
            result[i] = found[i] is { } places ? Sorted(places) : Array.Empty<int>();
        }

        return result;
    }

    private static int[] Sorted(List<int> places)
    {
        var array = places.ToArray();
        Array.Sort(array);
        return array;
    }
}
