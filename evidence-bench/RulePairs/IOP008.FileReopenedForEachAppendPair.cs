using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP008 (claims C26, C27): 1,000 lines of about 60 bytes appended to a file with one File.AppendAllText call per line
/// - the shape the rule reports - against the code its fix produces, one StreamWriter opened before the loop. Each
/// operation starts from a missing file in a folder created here and deleted after the run.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP008", "C26", "C27")]
public class FileReopenedForEachAppendPair
{
    private string _folder = "";
    private string _path = "";
    private string[] _lines = Array.Empty<string>();

    [Params(1_000)]
    public int Lines { get; set; }

    [GlobalSetup]
    public void CreateLines()
    {
        _folder = Directory.CreateTempSubdirectory("ioperf-iop008-").FullName;
        _path = Path.Combine(_folder, "append.log");
        _lines = Enumerable.Range(0, Lines).Select(i => $"{i:D6} {new string('x', 52)}\n").ToArray();
    }

    [GlobalCleanup]
    public void DeleteFolder() => Directory.Delete(_folder, recursive: true);

    [Benchmark(Baseline = true)]
    public long IOP008_Before()
    {
        File.Delete(_path);
        foreach (var line in _lines)
        {
            File.AppendAllText(_path, line);
        }

        return new FileInfo(_path).Length;
    }

    [Benchmark]
    public long IOP008_After()
    {
        File.Delete(_path);
        using (var writer = new StreamWriter(_path, append: true))
        {
            foreach (var line in _lines)
            {
                writer.Write(line);
            }
        }

        return new FileInfo(_path).Length;
    }
}
