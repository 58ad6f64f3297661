using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP006 (claims C16, C17): a log of 10,000 short lines written through a StreamWriter with <c>AutoFlush = true</c> -
/// one write system call per line - against the code the rule's fix produces: the same writer without AutoFlush,
/// flushed once after the loop. The console shape of the rule pays the same per-call flush (Console.Out auto-flushes);
/// it is measured in E3 rather than here, because BenchmarkDotNet reads the benchmark process's standard output.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP006", "C16", "C17")]
public class TinyIoPayingLockOrFlushPair
{
    private string _path = "";
    private string[] _lines = Array.Empty<string>();

    [Params(10_000)]
    public int Lines { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _path = Path.Combine(Path.GetTempPath(), $"ioperf-iop006-{Environment.ProcessId}.log");
        _lines = Enumerable.Range(0, Lines).Select(i => $"{i:D6} event {i % 17} ok").ToArray();
        IOP006_Before();
        var before = File.ReadAllBytes(_path);
        IOP006_After();
        if (!before.AsSpan().SequenceEqual(File.ReadAllBytes(_path)))
        {
            throw new InvalidOperationException("the two writers wrote different files");
        }
    }

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public void IOP006_Before()
    {
        using var writer = new StreamWriter(_path) { AutoFlush = true };
        foreach (var line in _lines)
        {
            writer.WriteLine(line);
        }
    }

    [Benchmark]
    public void IOP006_After()
    {
        using var writer = new StreamWriter(_path);
        foreach (var line in _lines)
        {
            writer.WriteLine(line);
        }
        writer.Flush();
    }
}
