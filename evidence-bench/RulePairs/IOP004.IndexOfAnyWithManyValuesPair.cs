using System.Buffers;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP004 (claims C12, C15): splitting lines into fields with <c>string.IndexOfAny(char[], int)</c> over 18 separators
/// held in a <c>static readonly</c> array - a shape CA1870 does not report (start-index overload, array built by
/// <c>ToCharArray()</c>) - against the code the rule's fix produces: a call to the small helper the fix adds to the type
/// (<c>IndexOfAnyFrom</c>: the span search with a cached SearchValues field, the start offset added back); the pair
/// already declares the field, so the fix reuses it.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP004", "C12", "C15")]
public class IndexOfAnyWithManyValuesPair
{
    private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.!?\"'()[]{}-/");

    private static readonly char[] Separators = " \t,;:.!?\"'()[]{}-/".ToCharArray();

    private string[] _lines = Array.Empty<string>();

    [Params(10_000)]
    public int Lines { get; set; }

    /// <summary>About 600 KB of English-like lines: words of 1-9 letters, then a space or a punctuation mark.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(4);
        const string after = "      ,,.;:!?\"'()-/";
        var line = new StringBuilder();
        _lines = new string[Lines];
        for (var i = 0; i < _lines.Length; i++)
        {
            line.Clear();
            var target = random.Next(40, 80);
            while (line.Length < target)
            {
                line.Append('a', random.Next(1, 10)).Append(after[random.Next(after.Length)]);
            }

            _lines[i] = line.ToString();
        }

        if (IOP004_Before() != IOP004_After())
        {
            throw new InvalidOperationException("the two forms count different fields");
        }
    }

    [Benchmark(Baseline = true)]
    public int IOP004_Before()
    {
        var fields = 0;
        foreach (var line in _lines)
        {
            var start = 0;
            int end;
            while ((end = line.IndexOfAny(Separators, start)) >= 0)
            {
                fields += end > start ? 1 : 0;
                start = end + 1;
            }

            fields += start < line.Length ? 1 : 0;
        }

        return fields;
    }

    [Benchmark]
    public int IOP004_After()
    {
        var fields = 0;
        foreach (var line in _lines)
        {
            var start = 0;
            int end;
            while ((end = IndexOfAnyFrom(line, start, s_separators)) >= 0)
            {
                fields += end > start ? 1 : 0;
                start = end + 1;
            }

            fields += start < line.Length ? 1 : 0;
        }

        return fields;
    }

    private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
    {
        var index = text.AsSpan(start).IndexOfAny(values);
        return index < 0 ? -1 : index + start;
    }
}
