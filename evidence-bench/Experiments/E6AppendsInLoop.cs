using System.Text;
using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E6, for IOP008: N lines appended to one file one call at a time (File.AppendAllText opens the file, seeks to its end,
/// writes, flushes and closes it on every call) against the same lines through one writer kept open for the loop.
/// Every operation starts from a missing file and checks the file's final length, so all forms write the same bytes.
/// </summary>
public abstract class E6Appends
{
    private string _folder = "";

    protected string Path { get; private set; } = "";

    protected string[] Lines { get; private set; } = Array.Empty<string>();

    private long _expectedBytes;

    public abstract int LineCount { get; set; }

    public abstract int LineBytes { get; set; }

    [GlobalSetup]
    public void CreateLines()
    {
        _folder = Directory.CreateTempSubdirectory("ioperf-e6-").FullName;
        Path = System.IO.Path.Combine(_folder, "append.log");
        var random = new Random(LineCount ^ LineBytes);
        Lines = Enumerable.Range(0, LineCount)
            .Select(i => $"{i:D6} " + new string((char)('a' + random.Next(26)), LineBytes - 8) + "\n")
            .ToArray();
        _expectedBytes = Lines.Sum(line => (long)line.Length);
    }

    [GlobalCleanup]
    public void DeleteFolder() => Directory.Delete(_folder, recursive: true);

    /// <summary>Each operation appends to a file that does not exist yet.</summary>
    protected void Start() => File.Delete(Path);

    protected long Check()
    {
        var length = new FileInfo(Path).Length;
        return length == _expectedBytes ? length : throw new InvalidOperationException($"{Path}: {length} bytes, expected {_expectedBytes}");
    }

    // The two forms every E6 class compares: a File.AppendAllText call per line (the baseline) and one writer for the loop.
    [Benchmark(Baseline = true)]
    public long AppendAllTextPerLine()
    {
        Start();
        foreach (var line in Lines)
        {
            File.AppendAllText(Path, line);
        }

        return Check();
    }

    [Benchmark]
    public long OneStreamWriter()
    {
        Start();
        using (var writer = new StreamWriter(Path, append: true))
        {
            foreach (var line in Lines)
            {
                writer.Write(line);
            }
        }

        return Check();
    }

    protected static IEnumerable<int> Counts(params int[] full) => BenchData.Quick ? new[] { 10 } : full;
}

/// <summary>C26: one call per line against one writer for the loop, synchronous and asynchronous, ~60-byte lines.</summary>
[MemoryDiagnoser]
[BenchmarkCategory("E6", "C26", "IOP008")]
public class E6AppendPerLine : E6Appends
{
    public static IEnumerable<int> LineCounts => Counts(100, 1_000, 10_000);

    [ParamsSource(nameof(LineCounts))]
    public override int LineCount { get; set; }

    public override int LineBytes { get; set; } = 60;

    [Benchmark]
    public long AppendAllLinesPerLine()
    {
        Start();
        foreach (var line in Lines)
        {
            // The line's own "\n" is dropped: AppendAllLines adds the line end.
            File.AppendAllLines(Path, new[] { line[..^1] });
        }

        return Check();
    }

    [Benchmark]
    public long StringBuilderThenOneAppend()
    {
        Start();
        var text = new StringBuilder();
        foreach (var line in Lines)
        {
            text.Append(line);
        }

        File.AppendAllText(Path, text.ToString());
        return Check();
    }

    [Benchmark]
    public async Task<long> AppendAllTextAsyncPerLine()
    {
        Start();
        foreach (var line in Lines)
        {
            await File.AppendAllTextAsync(Path, line);
        }

        return Check();
    }

    [Benchmark]
    public async Task<long> OneStreamWriterAsync()
    {
        Start();
        await using (var writer = new StreamWriter(Path, append: true))
        {
            foreach (var line in Lines)
            {
                await writer.WriteAsync(line);
            }
        }

        return Check();
    }
}

/// <summary>
/// C27: the cost of a call is the open and close, not the bytes: the same 1,000 appends with 60-byte and 4 KiB lines.
/// The report divides each form's time by the line count to give the cost per call.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E6", "C27", "IOP008")]
public class E6AppendLineLength : E6Appends
{
    public override int LineCount { get; set; } = BenchData.Quick ? 10 : 1_000;

    public static IEnumerable<int> Lengths => BenchData.Quick ? new[] { 60 } : new[] { 60, 4_096 };

    [ParamsSource(nameof(Lengths))]
    public override int LineBytes { get; set; }
}
