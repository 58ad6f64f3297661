using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E2 - counting lines, words and bytes like `wc` (seed: The convenience of System.IO). Claims C10, C12, C15 (and C9 in
/// the tests, C11 in the retained-memory step, C13 in <see cref="E2ReadBufferSize"/>). The text is a generated,
/// English-like corpus of the seed's shape (the novel is not reachable here); one 600 KB file starts with a UTF-8 BOM.
/// Every method's line and word counts are checked against the reference count.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E2", "C10", "C12", "C15")]
public class E2WordCount
{
    private string _path = "";
    private Counts _expected;

    public static IEnumerable<string> Corpora => BenchData.Quick ? new[] { "1KB" } : new[] { "1KB", "600KB", "600KB-BOM", "100MB" };

    [ParamsSource(nameof(Corpora))]
    public string Corpus { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        _path = Corpus switch
        {
            "1KB" => BenchData.TextFile(1_044),
            "600KB" => BenchData.TextFile(610_515),
            "600KB-BOM" => BenchData.TextFile(610_515, byteOrderMark: true),
            _ => BenchData.TextFile(100L * BenchData.MiB),
        };
        _expected = WordCount.OpenTextIsWhiteSpace(_path);
    }

    private long Check(Counts counts)
    {
        if (counts.Lines != _expected.Lines || counts.Words != _expected.Words)
        {
            throw new InvalidOperationException($"{counts} differs from the reference {_expected}");
        }

        return counts.Words;
    }

    [Benchmark(Baseline = true)]
    public long FileReadLines() => Check(WordCount.ReadLines(_path));

    [Benchmark]
    public long FileReadAllLines() => Check(WordCount.ReadAllLines(_path));

    [Benchmark]
    public long OpenTextReadLine() => Check(WordCount.OpenTextReadLine(_path));

    [Benchmark]
    public long OpenTextIsWhiteSpace() => Check(WordCount.OpenTextIsWhiteSpace(_path));

    [Benchmark]
    public long OpenTextIndexOfAny25() => Check(WordCount.OpenTextIndexOfAny25(_path));

    [Benchmark]
    public long OpenTextSearchValues() => Check(WordCount.OpenTextSearchValues(_path));

    [Benchmark]
    public long OpenHandleDecoderSearchValues() => Check(WordCount.OpenHandleDecoderSearchValues(_path));

    [Benchmark]
    public long Runes() => Check(WordCount.Runes(_path));

    [Benchmark]
    public long AsciiTwoValueIndexOfAny() => Check(WordCount.AsciiTwoValue(_path));
}

/// <summary>E2, claim C13: how much the read buffer size matters for a 600 KB text.</summary>
[MemoryDiagnoser]
[BenchmarkCategory("E2", "C13")]
public class E2ReadBufferSize
{
    private string _path = "";

    public static IEnumerable<int> Sizes => BenchData.Quick ? new[] { 4096 } : new[] { 1024, 4096, 16384, 65536 };

    [ParamsSource(nameof(Sizes))]
    public int BufferSize { get; set; }

    [GlobalSetup]
    public void Setup() => _path = BenchData.TextFile(610_515);

    [Benchmark]
    public long OpenHandleDecoderSearchValues() => WordCount.OpenHandleDecoderSearchValues(_path, BufferSize).Words;
}
