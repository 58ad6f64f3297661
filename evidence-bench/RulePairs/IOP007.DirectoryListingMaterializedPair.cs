using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP007 (claims C23, C24): the most common shape the rule reports - a foreach over Directory.GetFiles that only
/// looks at each path - against the code the rule's fix produces, Directory.EnumerateFiles. A directory of 10,000
/// empty files, created here and deleted after the run.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP007", "C23", "C24")]
public class DirectoryListingMaterializedPair
{
    private string _root = "";

    [Params(10_000)]
    public int Files { get; set; }

    [GlobalSetup]
    public void CreateDirectory()
    {
        _root = Path.Combine(Path.GetTempPath(), $"ioperf-iop007-{Files}");
        Directory.CreateDirectory(_root);
        for (var i = 0; i < Files; i++)
        {
            File.Create(Path.Combine(_root, $"entry{i:D5}{(i % 4 == 0 ? ".log" : ".dat")}")).Dispose();
        }
    }

    [GlobalCleanup]
    public void DeleteDirectory() => Directory.Delete(_root, recursive: true);

    [Benchmark(Baseline = true)]
    public int IOP007_Before()
    {
        var logs = 0;
        foreach (var path in Directory.GetFiles(_root))
        {
            if (path.EndsWith(".log", StringComparison.Ordinal))
            {
                logs++;
            }
        }

        return logs;
    }

    [Benchmark]
    public int IOP007_After()
    {
        var logs = 0;
        foreach (var path in Directory.EnumerateFiles(_root))
        {
            if (path.EndsWith(".log", StringComparison.Ordinal))
            {
                logs++;
            }
        }

        return logs;
    }
}
