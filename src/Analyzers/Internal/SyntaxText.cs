using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Words searched for together in source text (<see cref="SyntaxText"/>). The text is searched for
/// <see cref="Searched"/> (<see cref="Probes"/>), and a place counts when one of <see cref="Words"/> stands there: a list of
/// long names is searched through the few beginnings they share (<c>ReadAll</c> for <c>ReadAllLines</c> and
/// <c>ReadAllText</c>), which halves the searches of a declaration's text. The lists searched across a whole
/// compilation's text are declared together (<see cref="WatchedWords"/>), so that each tree is read once for all of them.
/// </summary>
internal sealed class WordList
{
    /// <summary>Words found anywhere, inside longer names too; each searched for as it is.</summary>
    public WordList(params string[] words)
        : this(words, words, wholeIdentifiers: false)
    {
    }

    private WordList(string[] searched, string[] words, bool wholeIdentifiers, bool afterADot = false)
    {
        Searched = searched;
        Words = words;
        WholeIdentifiers = wholeIdentifiers;
        AfterADot = afterADot;
        Probes = WordProbes.For(ImmutableArray.Create(this));
    }

    /// <summary>
    /// Words found only as whole identifiers (<c>Read</c>, not <c>ReadOnly</c> or <c>IReadOnlyList</c>); the text is
    /// searched for those that no other begins (<c>Read</c> for <c>ReadAsync</c> too).
    /// </summary>
    public static WordList OfIdentifiers(params string[] identifiers) =>
        new(Array.FindAll(identifiers, identifier => !Array.Exists(identifiers, other => other != identifier && identifier.StartsWith(other, StringComparison.Ordinal))), identifiers, wholeIdentifiers: true);

    /// <summary>Words found anywhere, searched through <paramref name="beginnings"/>: each word starts with one of them.</summary>
    public static WordList Through(string[] beginnings, params string[] words) => new(beginnings, words, wholeIdentifiers: false);

    /// <summary>
    /// Members' names, found only after a dot (<c>Directory.GetFiles</c>, <c>info?.GetFiles</c>, spaces or line breaks
    /// between): a method of the project's own declared with the name (<c>IEnumerable&lt;Entry&gt; GetFiles(Archive a)</c>)
    /// or called bare does not count. Searched through <paramref name="beginnings"/>, as <see cref="Through"/>.
    /// </summary>
    public static WordList OfMembers(string[] beginnings, params string[] members) => new(beginnings, members, wholeIdentifiers: false, afterADot: true);

    /// <summary>What the text is searched for.</summary>
    public string[] Searched { get; }

    public string[] Words { get; }

    /// <summary>An occurrence counts only when no letter, digit or underscore touches it on either side.</summary>
    public bool WholeIdentifiers { get; }

    /// <summary>An occurrence counts only after a dot, with nothing but white space between (<see cref="OfMembers"/>).</summary>
    public bool AfterADot { get; }

    /// <summary>What a search of this list alone looks for (<see cref="SyntaxText.Scan"/>).</summary>
    public WordProbes Probes { get; }

    /// <summary>
    /// Whether one of <see cref="Words"/> starts <paramref name="rest"/> (the searched text from where one of
    /// <see cref="Searched"/> was found to its end; it holds the longest word and the character after it, unless the
    /// text ends first), after <paramref name="before"/> (the character before the place, or a space at the start). For an
    /// <see cref="AfterADot"/> list the caller then looks for the dot (<see cref="SyntaxText.Scan"/>): only where a word stands.
    /// </summary>
    public bool StandsAt(ReadOnlySpan<char> rest, char before)
    {
        if (ReferenceEquals(Searched, Words))
        {
            return true;
        }

        if (WholeIdentifiers && IsIdentifierCharacter(before))
        {
            return false;
        }

        foreach (var word in Words)
        {
            if (rest.StartsWith(word.AsSpan()) &&
                (!WholeIdentifiers || rest.Length == word.Length || !IsIdentifierCharacter(rest[word.Length])))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsIdentifierCharacter(char c) => char.IsLetterOrDigit(c) || c == '_';
}

/// <summary>
/// What one search of a text looks for, for one word list or several (<see cref="TreeWords"/>): the searched words that
/// no other begins (<c>Read</c>, not <c>ReadAll</c>), each with the lists' searched words that start with it - where a
/// probe stands, only those can - and how far consecutive chunks of the text overlap.
/// </summary>
internal sealed class WordProbes
{
    private WordProbes(ImmutableArray<WordList> lists, Probe[] probes, int overlap)
    {
        Lists = lists;
        All = probes;
        Overlap = overlap;
    }

    public ImmutableArray<WordList> Lists { get; }

    public Probe[] All { get; }

    /// <summary>
    /// The longest word and one character: a place is judged in the chunk it was found in, and the word and the character
    /// after it must be there.
    /// </summary>
    public int Overlap { get; }

    public static WordProbes For(ImmutableArray<WordList> lists)
    {
        var searched = new List<(int List, string Word)>();
        var longest = 0;
        for (var i = 0; i < lists.Length; i++)
        {
            foreach (var word in lists[i].Searched)
            {
                searched.Add((i, word));
                longest = Math.Max(longest, word.Length);
            }

            foreach (var word in lists[i].Words)
            {
                longest = Math.Max(longest, word.Length);
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

        return new WordProbes(lists, probes.ToArray(), longest + 1);
    }

    /// <summary>A beginning searched for, and the lists' searched words that start with it.</summary>
    internal sealed class Probe
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

/// <summary>
/// Whether a declaration's source text mentions a word, and where a tree's text does: a search in the text the tree was
/// parsed from, which creates none of the syntax nodes a token walk would (a walk over every called method's tokens was
/// most of a summary's cost). A word found in a comment or a string only means the declaration is read more closely.
/// Whole trees are searched once for every watched list together (<see cref="TreeWords"/>, which remembers each tree's
/// places); a declaration's own search does not ask its tree first: on sharpcompress that lookup, made for every
/// declaration searched, cost more (about 20 ms) than the searches it saved.
/// </summary>
internal static class SyntaxText
{
    private const int ChunkLength = 4096;

    /// <summary>One buffer per thread: the text is searched a chunk at a time instead of being copied into a string (a whole type's text, for some questions).</summary>
    [ThreadStatic]
    private static char[]? t_chunk;

    /// <summary>The text of <paramref name="declaration"/> holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(SyntaxNode declaration, WordList words) =>
        Search(declaration.SyntaxTree.GetText(), declaration.Span, words);

    /// <summary>The whole of <paramref name="text"/> holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(SourceText text, WordList words) => Search(text, new TextSpan(0, text.Length), words);

    /// <summary>Where the words of <paramref name="words"/> start in <paramref name="text"/>, in order; empty when nowhere.</summary>
    public static List<int> Places(SourceText text, WordList words)
    {
        var places = new List<int>();
        Search(text, new TextSpan(0, text.Length), words, places);
        places.Sort();
        return places;
    }

    /// <summary>
    /// Whether <paramref name="span"/> of <paramref name="text"/> holds one of <paramref name="words"/>; with
    /// <paramref name="places"/>, every place one starts is added to it.
    /// </summary>
    private static bool Search(SourceText text, TextSpan span, WordList words, List<int>? places = null) =>
        Scan(text, span, words.Probes, places is null ? null : new[] { places });

    /// <summary>
    /// Whether <paramref name="span"/> of <paramref name="text"/> holds a word of one of <paramref name="probes"/>' lists;
    /// with <paramref name="places"/> (one slot per list), every place each list's word starts is added to its slot, each
    /// once (a chunk keeps only the words that start before the part the next chunk repeats), in order per probe;
    /// without, the search stops at the first.
    /// </summary>
    internal static bool Scan(SourceText text, TextSpan span, WordProbes probes, List<int>?[]? places)
    {
        var chunk = t_chunk ??= new char[ChunkLength];
        var found = false;
        for (var start = span.Start; start < span.End;)
        {
            var count = Math.Min(ChunkLength, span.End - start);
            text.CopyTo(start, chunk, 0, count);
            var isLast = start + count >= span.End;
            var keptBefore = isLast ? count : count - probes.Overlap;
            foreach (var probe in probes.All)
            {
                for (var from = 0; from < keptBefore;)
                {
                    var at = new ReadOnlySpan<char>(chunk, from, count - from).IndexOf(probe.Text.AsSpan());
                    if (at < 0 || from + at >= keptBefore)
                    {
                        break;
                    }

                    at += from;
                    var before = at > 0 ? chunk[at - 1] : start > span.Start ? text[start - 1] : ' ';
                    var rest = new ReadOnlySpan<char>(chunk, at, count - at);
                    foreach (var (list, searched) in probe.Candidates)
                    {
                        var words = probes.Lists[list];
                        if (!rest.StartsWith(searched.AsSpan()) ||
                            !words.StandsAt(rest, before) ||
                            (words.AfterADot && LastNonSpaceBefore(text, chunk, start, at, span.Start) != '.'))
                        {
                            continue;
                        }

                        if (places is null)
                        {
                            return true;
                        }

                        // Two of a list's searched words may start at one place (one probe begins both).
                        found = true;
                        var inList = places[list] ??= new List<int>();
                        if (inList.Count == 0 || inList[inList.Count - 1] != start + at)
                        {
                            inList.Add(start + at);
                        }
                    }

                    from = at + 1;
                }
            }

            if (isLast)
            {
                break;
            }

            start += count - probes.Overlap;
        }

        return found;
    }

    /// <summary>
    /// The last character before <paramref name="at"/> in <paramref name="chunk"/> (which starts at <paramref name="chunkStart"/>
    /// of <paramref name="text"/>) that is neither white space nor the <c>@</c> of a verbatim name (<c>Directory.@GetFiles</c>),
    /// looking back into the text before the chunk but not before <paramref name="spanStart"/>; a space when there is none.
    /// Asked only where a member list's word was found.
    /// </summary>
    private static char LastNonSpaceBefore(SourceText text, char[] chunk, int chunkStart, int at, int spanStart)
    {
        for (var i = at - 1; i >= 0; i--)
        {
            if (!IsSkippedBeforeAName(chunk[i]))
            {
                return chunk[i];
            }
        }

        for (var position = chunkStart - 1; position >= spanStart; position--)
        {
            if (!IsSkippedBeforeAName(text[position]))
            {
                return text[position];
            }
        }

        return ' ';
    }

    private static bool IsSkippedBeforeAName(char c) => c == '@' || char.IsWhiteSpace(c);
}
