using System.Buffers;
using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E2, threshold for IOP004: from how many values does a cached <see cref="SearchValues{T}"/> beat
/// <c>IndexOfAny(ReadOnlySpan&lt;char&gt;)</c>? The runtime has dedicated vectorised paths for 1-5 values (CA1870 starts
/// at 6); this measures both sides on the 600 KB English-like corpus, splitting it at the first N whitespace characters
/// (space and newline first, so every set hits at word boundaries as real separator searches do).
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E2", "C12", "IOP004")]
public class E2IndexOfAnyThreshold
{
    /// <summary>The 25 whitespace characters, ordered so that the smallest sets already contain the common ones.</summary>
    private static readonly char[] Whitespace = " \n\t\r\v\f\u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000".ToCharArray();

    private string _text = "";
    private char[] _values = Array.Empty<char>();
    private SearchValues<char> _searchValues = SearchValues.Create("");
    private int _expected;

    public static IEnumerable<int> Counts => BenchData.Quick ? new[] { 2, 6 } : new[] { 2, 3, 4, 5, 6, 8, 12, 25 };

    [ParamsSource(nameof(Counts))]
    public int Values { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _text = File.ReadAllText(BenchData.TextFile(BenchData.Quick ? 1_044 : 610_515));
        _values = Whitespace[..Values];
        _searchValues = SearchValues.Create(_values);
        _expected = 0;
        foreach (var c in _text)
        {
            _expected += Array.IndexOf(_values, c) >= 0 ? 1 : 0;
        }
    }

    private int Check(int hits) =>
        hits == _expected ? hits : throw new InvalidOperationException($"{hits} hits, expected {_expected}");

    [Benchmark(Baseline = true)]
    public int SpanIndexOfAny()
    {
        ReadOnlySpan<char> rest = _text;
        ReadOnlySpan<char> values = _values;
        var hits = 0;
        int index;
        while ((index = rest.IndexOfAny(values)) >= 0)
        {
            hits++;
            rest = rest[(index + 1)..];
        }

        return Check(hits);
    }

    [Benchmark]
    public int CachedSearchValues()
    {
        ReadOnlySpan<char> rest = _text;
        var hits = 0;
        int index;
        while ((index = rest.IndexOfAny(_searchValues)) >= 0)
        {
            hits++;
            rest = rest[(index + 1)..];
        }

        return Check(hits);
    }
}
