using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Where each list of <see cref="WatchedWords.All"/> stands in one tree's text: found in one pass over the text, the
/// first time any list is asked of the tree, and remembered for the tree (in the IDE the next compilation shares the
/// unedited trees). Each chunk of the text is searched for the beginnings the lists' words share (<see cref="Probe"/>:
/// <c>Read</c> for <c>ReadAll</c>, <c>ReadToEnd</c> and <c>ReadAsync</c>); where one stands, each list with a word that
/// starts there is asked whether it stands there (<see cref="WordList.StandsAt"/>). The places are those each list's own
/// search finds (<see cref="SyntaxText.Places"/>, which a list declared elsewhere gets instead).
/// </summary>
internal sealed class TreeWords
{
    private static readonly ConditionalWeakTable<SyntaxTree, TreeWords> s_byTree = new();

    private static readonly ConditionalWeakTable<SyntaxTree, TreeWords>.CreateValueCallback s_find = tree => new TreeWords(Find(tree.GetText()));

    private static readonly Probe[] s_probes = ProbesOf(WatchedWords.All);

    /// <summary>
    /// Consecutive chunks overlap by the longest word and one character: a place is judged in the chunk it was found in,
    /// and the word and the character after it must be there.
    /// </summary>
    private static readonly int s_overlap = OverlapOf(WatchedWords.All);

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
        var lists = WatchedWords.All;
        var found = new List<int>?[lists.Length];
        var chunk = SyntaxText.ThreadChunk();
        for (var start = 0; start < text.Length;)
        {
            var count = Math.Min(chunk.Length, text.Length - start);
            text.CopyTo(start, chunk, 0, count);
            var isLast = start + count >= text.Length;
            var keptBefore = isLast ? count : count - s_overlap;
            foreach (var probe in s_probes)
            {
                for (var from = 0; from < keptBefore;)
                {
                    var at = new ReadOnlySpan<char>(chunk, from, count - from).IndexOf(probe.Text.AsSpan());
                    if (at < 0 || from + at >= keptBefore)
                    {
                        break;
                    }

                    at += from;
                    var before = at > 0 ? chunk[at - 1] : start > 0 ? text[start - 1] : ' ';
                    var rest = new ReadOnlySpan<char>(chunk, at, count - at);
                    foreach (var (list, searched) in probe.Candidates)
                    {
                        if (!rest.StartsWith(searched.AsSpan()) || !lists[list].StandsAt(rest, before))
                        {
                            continue;
                        }

                        // Two of a list's searched words may start at one place (one probe begins both).
                        var places = found[list] ??= new List<int>();
                        if (places.Count == 0 || places[places.Count - 1] != start + at)
                        {
                            places.Add(start + at);
                        }
                    }

                    from = at + 1;
                }
            }

            if (isLast)
            {
                break;
            }

            start += count - s_overlap;
        }

        var result = new int[lists.Length][];
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

    /// <summary>
    /// The searched words that no other begins (<c>Read</c>, not <c>ReadAll</c>), each with the lists' searched words
    /// that start with it: where a probe stands, only those can.
    /// </summary>
    private static Probe[] ProbesOf(ImmutableArray<WordList> lists)
    {
        var searched = new List<(int List, string Word)>();
        for (var i = 0; i < lists.Length; i++)
        {
            foreach (var word in lists[i].Searched)
            {
                searched.Add((i, word));
            }
        }

        var probes = new List<Probe>();
        foreach (var (_, word) in searched)
        {
            if (searched.Exists(other => other.Word != word && word.StartsWith(other.Word, StringComparison.Ordinal)) ||
                probes.Exists(probe => probe.Text == word))
            {
                continue;
            }

            probes.Add(new Probe(word, searched.FindAll(candidate => candidate.Word.StartsWith(word, StringComparison.Ordinal)).ToArray()));
        }

        return probes.ToArray();
    }

    private static int OverlapOf(ImmutableArray<WordList> lists)
    {
        var longest = 0;
        foreach (var list in lists)
        {
            foreach (var word in list.Searched)
            {
                longest = Math.Max(longest, word.Length);
            }

            foreach (var word in list.Words)
            {
                longest = Math.Max(longest, word.Length);
            }
        }

        return longest + 1;
    }

    /// <summary>A beginning searched for, and the lists' searched words that start with it.</summary>
    private sealed class Probe
    {
        public Probe(string text, (int List, string Searched)[] candidates)
        {
            Text = text;
            Candidates = candidates;
        }

        public string Text { get; }

        public (int List, string Searched)[] Candidates { get; }
    }
}
