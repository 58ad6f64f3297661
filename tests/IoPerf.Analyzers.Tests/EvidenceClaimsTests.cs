using IoPerf.EvidenceBench.Report;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>
/// Each claim's decision, on a small result set made for it (each claim is one method beside its experiment,
/// evidence-bench/Experiments/E*.Claims.cs): the cases it compares and the verdict their ratio earns. A claim added without
/// a case here fails <see cref="EveryClaim_HasADecisionTest"/>.
/// </summary>
public sealed class EvidenceClaimsTests
{
    private const string Large = Claims.Large;
    private const string Mb = "1048576";

    private static BenchCase Case(string type, string method, double ns, params string[] parameters) => Case(type, method, ns, null, parameters);

    private static BenchCase Case(string type, string method, double ns, double? allocated, params string[] parameters) =>
        new(type, method, parameters.Select(p => p.Split('=', 2)).ToDictionary(p => p[0], p => p[1]), ns, allocated);

    private static BenchCase E1(string method, string size, string buffer, bool async, double ns, double? allocated = null) =>
        Case(Claims.E1, method, ns, allocated, "FileSize=" + size, "BufferSize=" + buffer, "Options=" + (async ? "SequentialScan, Asynchronous" : "SequentialScan"));

    private static BenchCase E2(string method, double ns) => Case(Claims.E2, method, ns, "Corpus=600KB");

    private static BenchCase E4(string method, string set, string context, double ns) => Case(Claims.E4, method, ns, "FileSet=" + set, "Context=" + context);

    public static TheoryData<string, BenchCase[], string> Decisions => new()
    {
        { "C1", [E1("FileStreamRead", Large, "65536", false, 100), E1("FileStreamReadAsync", Large, "65536", false, 180)], "replicated" },
        { "C2", [E1("FileStreamRead", Large, "2048", false, 100), E1("FileStreamRead", Large, "2048", true, 400)], "replicated" },
        { "C2", [E1("FileStreamRead", Large, "2048", false, 100), E1("FileStreamRead", Large, "2048", true, 102)], "not replicated" },
        { "C3", [E1("FileStreamRead", Large, "2048", false, 100, 2e3), E1("FileStreamRead", Large, "2048", true, 100, 2e7)], "replicated" },
        { "C4", [.. Claims.Buffers.Zip(new double[] { 1400, 500, 200, 100, 90 }, (buffer, ns) => E1("FileStreamRead", Large, buffer, false, ns))], "replicated" },
        { "C4", [.. Claims.Buffers.Zip(new double[] { 250, 180, 120, 100, 90 }, (buffer, ns) => E1("FileStreamRead", Large, buffer, false, ns))], "weaker" },
        { "C5", [E1("FileStreamRead", Large, "2048", false, 100), E1("FileStreamReadAsync", Large, "2048", false, 200), E1("FileStreamRead", Large, "262144", false, 100), E1("FileStreamReadAsync", Large, "262144", false, 110)], "replicated" },
        { "C6", [E1("FileStreamRead", Large, "65536", false, 100), E1("OwnPipeAdapter", Large, "65536", false, 300)], "replicated" },
        { "C7", [E1("FileStreamRead", Claims.Small, "65536", false, 10), E1("FileStreamRead", Large, "65536", false, 100)], "replicated" },
        { "C8", [E1("FileStreamRead", Large, "2048", false, 100), E1("RandomAccessRead", Large, "2048", false, 300)], "n/a on this platform" },
        { "C9", [], "not measured" },
        { "C10", [E2("OpenTextSearchValues", 100), E2("FileReadLines", 300), E2("FileReadAllLines", 400)], "replicated" },
        { "C10", [E2("OpenTextSearchValues", 100), E2("FileReadLines", 80)], "reversed" },
        { "C11", [], "not measured" },
        { "C12", [E2("OpenTextIsWhiteSpace", 100), E2("OpenTextIndexOfAny25", 150), E2("OpenTextSearchValues", 20)], "replicated" },
        { "C12", [E2("OpenTextIsWhiteSpace", 100), E2("OpenTextIndexOfAny25", 95), E2("OpenTextSearchValues", 20)], "not replicated" },
        { "C13", [.. new[] { "1024", "4096", "16384", "65536" }.Select(size => Case(Claims.E2Buffer, "OpenHandleDecoderSearchValues", size == "1024" ? 150 : 100, "BufferSize=" + size))], "replicated" },
        { "C14", [], "not measured" },
        { "C15", [E2("AsciiTwoValueIndexOfAny", 50), E2("OpenTextIsWhiteSpace", 100)], "replicated" },
        { "C16", [Case(Claims.E3Libc, "Fwrite", 150, "StdioBuffer=65536"), Case(Claims.E3Libc, "FwriteUnlocked", 100, "StdioBuffer=65536")], "replicated" },
        { "C17", [Case(Claims.E3Libc, "FwriteUnlocked", 100, "StdioBuffer=65536"), Case(Claims.E3Libc, "FwriteUnlocked", 98, "StdioBuffer=8388608")], "replicated" },
        { "C17", [Case(Claims.E3Libc, "FwriteUnlocked", 150, "StdioBuffer=65536"), Case(Claims.E3Libc, "FwriteUnlocked", 100, "StdioBuffer=8388608")], "not replicated" },
        { "C18", [Case(Claims.E3Libc, "FwriteUnlocked", 100, "StdioBuffer=4096"), Case(Claims.E3Libc, "FwriteUnlocked", 90, "StdioBuffer=262144")], "n/a on this platform" },
        { "C19", [E4("AwaitReadToEndAsync", "200x1KB", "UI", 3000), E4("AwaitReadToEndAsync", "200x1KB", "None", 100), E4("AwaitReadToEndAsyncConfigureAwaitFalse", "200x1KB", "UI", 100)], "replicated" },
        { "C19", [E4("AwaitReadToEndAsync", "200x1KB", "UI", 300), E4("AwaitReadToEndAsync", "200x1KB", "None", 100)], "weaker" },
        { "C20", [E4("AwaitReadToEndAsync", "200x1KB", "UI", 3000), E4("AwaitReadToEndAsyncConfigureAwaitFalse", "200x1KB", "UI", 100)], "replicated" },
        { "C21", [E4("AwaitReadToEndAsync", "10x1MB", "UI", 250), E4("TaskRunReadToEnd", "10x1MB", "UI", 100)], "replicated" },
        { "C22", [E4("FileReadAllTextAsync", "10x1MB", "None", 130), E4("WhenAllParallel", "10x1MB", "None", 100)], "replicated" },
        { "C23", [Case(Claims.E5FullPass, "GetFilesForeach", 102, "Shape=flat-100000"), Case(Claims.E5FullPass, "EnumerateFilesForeach", 100, "Shape=flat-100000")], "replicated" },
        { "C24", [Case(Claims.E5Exists, "GetFilesLengthPositive", 10000, "Shape=flat-100000"), Case(Claims.E5Exists, "EnumerateFilesAny", 100, "Shape=flat-100000"), Case(Claims.E5First, "GetFilesFirstOrDefault", 5000, "Shape=tree-1000x100"), Case(Claims.E5First, "EnumerateFilesFirstOrDefault", 100, "Shape=tree-1000x100")], "replicated" },
        { "C25", [Case(Claims.E5Lengths, "PathsThenNewFileInfo", 100, "Shape=flat-100000"), Case(Claims.E5Lengths, "DirectoryInfoEnumerateFiles", 100, "Shape=flat-100000")], "n/a on this platform" },
        { "C26", [Case(Claims.E6PerLine, "AppendAllTextPerLine", 5000, "LineCount=1000"), Case(Claims.E6PerLine, "OneStreamWriter", 100, "LineCount=1000")], "replicated" },
        { "C27", [Case(Claims.E6Length, "AppendAllTextPerLine", 1100, "LineBytes=60"), Case(Claims.E6Length, "OneStreamWriter", 100, "LineBytes=60"), Case(Claims.E6Length, "AppendAllTextPerLine", 1300, "LineBytes=4096"), Case(Claims.E6Length, "OneStreamWriter", 300, "LineBytes=4096")], "replicated" },
        { "C28", [Case(Claims.E7Json, "DeserializeReadAllText", 100, 6e6, "FileBytes=" + Mb), Case(Claims.E7Json, "DeserializeFileStream", 100, 1e6, "FileBytes=" + Mb)], "replicated" },
        { "C28", [Case(Claims.E7Json, "DeserializeReadAllText", 100, 6e6, "FileBytes=" + Mb), Case(Claims.E7Json, "DeserializeFileStream", 200, 1e6, "FileBytes=" + Mb)], "reversed" },
        { "C29", [Case(Claims.E7Xml, "XDocumentParseReadAllText", 200, "FileBytes=" + Mb), Case(Claims.E7Xml, "XDocumentLoadOpenText", 100, "FileBytes=" + Mb)], "replicated" },
        { "C30", [Case(Claims.E7Json, "DeserializeReadAllText", 105, "FileBytes=10240"), Case(Claims.E7Json, "DeserializeFileStream", 100, "FileBytes=10240")], "replicated" },
        { "C30", [Case(Claims.E7Json, "DeserializeReadAllText", 200, "FileBytes=10240"), Case(Claims.E7Json, "DeserializeFileStream", 100, "FileBytes=10240")], "not replicated" },
    };

    [Theory]
    [MemberData(nameof(Decisions))]
    public void Claim_DecidesOnItsOwnCases(string id, BenchCase[] cases, string verdict)
    {
        var claim = Claims.Evaluate(ResultSet.Of(cases, EmptyFolder)).Single(c => c.Id == id);
        Assert.Equal(verdict, claim.Verdict);
    }

    /// <summary>With no results at all, no claim throws, and each says it was not measured (or does not apply here).</summary>
    [Fact]
    public void EveryClaim_WithNoResults_IsNotMeasured()
    {
        var claims = Claims.Evaluate(ResultSet.Of([], EmptyFolder));
        Assert.Equal(30, claims.Count);
        Assert.All(claims, claim => Assert.Contains(claim.Verdict, new[] { "not measured", "n/a on this platform" }));
    }

    [Fact]
    public void EveryClaim_HasADecisionTest()
    {
        var tested = Decisions.Select(row => (string)row[0]).ToHashSet();
        Assert.All(Claims.Evaluate(ResultSet.Of([], EmptyFolder)), claim => Assert.Contains(claim.Id, tested));
    }

    [Theory]
    [InlineData(2.0, 2.0, "replicated")]
    [InlineData(1.6, 2.0, "replicated")]
    [InlineData(1.4, 2.0, "weaker")]
    [InlineData(1.05, 2.0, "not replicated")]
    [InlineData(0.9, 2.0, "reversed")]
    [InlineData(1.2, null, "replicated")]
    public void Verdict_FollowsTheRatioAgainstTheSeeds(double ours, double? seed, string verdict) =>
        Assert.Equal(verdict, Claims.Verdict(ours, seed));

    private static string EmptyFolder { get; } = Directory.CreateTempSubdirectory("ioperf-claims-").FullName;
}
