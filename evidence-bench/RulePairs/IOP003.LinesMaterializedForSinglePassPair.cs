using System.Text;
using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP003 (claims C10, C11): a text file read with File.ReadAllLines and walked once, against the code the rule's fix
/// produces, File.ReadLines. Same lines, same work per line.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP003", "C10", "C11")]
public class LinesMaterializedForSinglePassPair
{
    private string _path = "";

    [Params(600_000)]
    public int FileBytes { get; set; }

    [GlobalSetup]
    public void CreateFile()
    {
        _path = Path.Combine(Path.GetTempPath(), $"ioperf-iop003-{FileBytes}.txt");
        var random = new Random(3);
        var text = new StringBuilder(FileBytes + 128);
        while (text.Length < FileBytes)
        {
            var words = random.Next(0, 14);
            for (var w = 0; w < words; w++)
            {
                text.Append(w == 0 ? "" : " ").Append('a', random.Next(1, 10));
            }

            text.Append('\n');
        }

        File.WriteAllText(_path, text.ToString());
    }

    [GlobalCleanup]
    public void DeleteFile() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public long IOP003_Before()
    {
        long total = 0;
        foreach (var line in File.ReadAllLines(_path))
        {
            total += line.Length;
        }

        return total;
    }

    [Benchmark]
    public long IOP003_After()
    {
        long total = 0;
        foreach (var line in File.ReadLines(_path))
        {
            total += line.Length;
        }

        return total;
    }
}
