using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP009 (claims C28-C30): a JSON file of about 1 MB (records of strings, numbers, a flag and a list) deserialized from
/// the string File.ReadAllText returns - the shape the rule reports - against the code its fix produces, a FileStream
/// opened just around the parse. The file is written in a folder created here and deleted after the run.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP009", "C28", "C30")]
public class DocumentParsedFromFileTextPair
{
    private string _folder = "";
    private string _path = "";

    [Params(5_000)]
    public int Records { get; set; }

    [GlobalSetup]
    public void CreateFile()
    {
        _folder = Directory.CreateTempSubdirectory("ioperf-iop009-").FullName;
        _path = Path.Combine(_folder, "records.json");
        var records = Enumerable.Range(0, Records).Select(i => new Record
        {
            Id = i,
            Name = $"Zoë Müller {i}",
            Email = $"user{i}@example.org",
            Score = i * 0.37,
            Active = i % 3 != 0,
            Tags = new List<string> { "alpha", "review" },
            Notes = string.Join(' ', Enumerable.Repeat("draft archive urgent", 1 + (i % 9))),
        }).ToList();
        File.WriteAllBytes(_path, JsonSerializer.SerializeToUtf8Bytes(records));
    }

    [GlobalCleanup]
    public void DeleteFolder() => Directory.Delete(_folder, recursive: true);

    [Benchmark(Baseline = true)]
    public int IOP009_Before()
    {
        var records = JsonSerializer.Deserialize<List<Record>>(File.ReadAllText(_path));
        return records!.Count;
    }

    [Benchmark]
    public int IOP009_After()
    {
        List<Record>? records;
        using (var stream = File.OpenRead(_path))
        {
            records = JsonSerializer.Deserialize<List<Record>>(stream);
        }
        return records!.Count;
    }

    public sealed class Record
    {
        public int Id { get; set; }

        public string Name { get; set; } = "";

        public string Email { get; set; } = "";

        public double Score { get; set; }

        public bool Active { get; set; }

        public List<string> Tags { get; set; } = new();

        public string Notes { get; set; } = "";
    }
}
