using System.Text.Json;
using System.Xml;
using System.Xml.Linq;
using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E7, for IOP009: a JSON or XML document parsed from the string File.ReadAllText returns (the whole file decoded to
/// UTF-16 first) against the parser reading the file itself, at 10 KB, 100 KB, 1 MB and 50 MB. Every form returns the
/// number of records it found, checked against the count written, so all forms parse the same document.
/// </summary>
public abstract class E7Documents
{
    public static IEnumerable<long> Sizes => BenchData.Quick
        ? new long[] { 10 * BenchData.KiB }
        : new long[] { 10 * BenchData.KiB, 100 * BenchData.KiB, BenchData.MiB, 50L * BenchData.MiB };

    [ParamsSource(nameof(Sizes))]
    public long FileBytes { get; set; }

    protected string Path { get; private set; } = "";

    private int _records;

    protected abstract string CreateFile(long bytes);

    protected abstract int CountRecords(string path);

    [GlobalSetup]
    public void Setup()
    {
        Path = CreateFile(FileBytes);
        _records = CountRecords(Path);
    }

    protected int Check(int records) =>
        records == _records ? records : throw new InvalidOperationException($"{Path}: {records} records, expected {_records}");
}

/// <summary>C28, C30: System.Text.Json from the file's string against from a FileStream, sync and async, and JsonDocument.</summary>
[MemoryDiagnoser]
[BenchmarkCategory("E7", "C28", "C30", "IOP009")]
public class E7JsonFromFile : E7Documents
{
    protected override string CreateFile(long bytes) => Documents.JsonFile(bytes);

    protected override int CountRecords(string path)
    {
        using var document = JsonDocument.Parse(File.ReadAllBytes(path));
        return document.RootElement.GetArrayLength();
    }

    [Benchmark(Baseline = true)]
    public int DeserializeReadAllText() => Check(JsonSerializer.Deserialize<List<DocumentRecord>>(File.ReadAllText(Path), Options)!.Count);

    [Benchmark]
    public int DeserializeFileStream()
    {
        using var stream = File.OpenRead(Path);
        return Check(JsonSerializer.Deserialize<List<DocumentRecord>>(stream, Options)!.Count);
    }

    /// <summary>Not what the fix writes (a UTF-8 byte order mark would stop this overload): the bytes-at-once form, for comparison.</summary>
    [Benchmark]
    public int DeserializeReadAllBytes() => Check(JsonSerializer.Deserialize<List<DocumentRecord>>(File.ReadAllBytes(Path), Options)!.Count);

    [Benchmark]
    public async Task<int> DeserializeReadAllTextAsync() =>
        Check(JsonSerializer.Deserialize<List<DocumentRecord>>(await File.ReadAllTextAsync(Path), Options)!.Count);

    [Benchmark]
    public async Task<int> DeserializeAsyncFileStream()
    {
        using var stream = File.OpenRead(Path);
        return Check((await JsonSerializer.DeserializeAsync<List<DocumentRecord>>(stream, Options))!.Count);
    }

    [Benchmark]
    public int JsonDocumentParseReadAllText()
    {
        using var document = JsonDocument.Parse(File.ReadAllText(Path));
        return Check(document.RootElement.GetArrayLength());
    }

    [Benchmark]
    public int JsonDocumentParseFileStream()
    {
        using var stream = File.OpenRead(Path);
        using var document = JsonDocument.Parse(stream);
        return Check(document.RootElement.GetArrayLength());
    }

    private static readonly JsonSerializerOptions Options = new() { PropertyNameCaseInsensitive = true };
}

/// <summary>
/// C29, C30: LINQ to XML and XmlDocument from the file's string against from the path and from a StreamReader (what
/// IOP009's fix writes: it decodes the file as ReadAllText did, see the rule's page).
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E7", "C29", "C30", "IOP009")]
public class E7XmlFromFile : E7Documents
{
    protected override string CreateFile(long bytes) => Documents.XmlFile(bytes);

    protected override int CountRecords(string path) => XDocument.Load(path).Root!.Elements("record").Count();

    [Benchmark(Baseline = true)]
    public int XDocumentParseReadAllText() => Check(XDocument.Parse(File.ReadAllText(Path)).Root!.Elements("record").Count());

    [Benchmark]
    public int XDocumentLoadPath() => Check(XDocument.Load(Path).Root!.Elements("record").Count());

    [Benchmark]
    public int XDocumentLoadOpenText()
    {
        using var reader = File.OpenText(Path);
        return Check(XDocument.Load(reader).Root!.Elements("record").Count());
    }

    [Benchmark]
    public int XmlDocumentLoadXmlReadAllText()
    {
        var document = new XmlDocument();
        document.LoadXml(File.ReadAllText(Path));
        return Check(document.DocumentElement!.ChildNodes.Count);
    }

    [Benchmark]
    public int XmlDocumentLoadPath()
    {
        var document = new XmlDocument();
        document.Load(Path);
        return Check(document.DocumentElement!.ChildNodes.Count);
    }

    [Benchmark]
    public int XmlDocumentLoadOpenText()
    {
        var document = new XmlDocument();
        using (var reader = File.OpenText(Path))
        {
            document.Load(reader);
        }

        return Check(document.DocumentElement!.ChildNodes.Count);
    }
}
