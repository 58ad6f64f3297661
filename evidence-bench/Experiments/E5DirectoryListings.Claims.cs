using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E5DirectoryListings measures (C23-C25), each computed from the committed results by one method.</summary>
internal static class E5DirectoryListingsClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C23(r),
        C24(r),
        C25(r),
    ];

    private static readonly string[] E5Shapes = { "flat-100", "flat-10000", "flat-100000", "tree-1000x100" };

    private static BenchCase? E5Case(ResultSet r, string type, string method, string shape) => r.Find(type, method, ("Shape", shape));

    /// <summary>A full pass over GetFiles costs about the same as over EnumerateFiles (a "does not matter" claim).</summary>
    public static ClaimResult C23(ResultSet r)
    {
        var ratios = E5Shapes.Select(shape => (Shape: shape, Ratio: Ratio(E5Case(r, Claims.E5FullPass, "GetFilesForeach", shape), E5Case(r, Claims.E5FullPass, "EnumerateFilesForeach", shape)))).ToList();
        var largest = ratios.Single(x => x.Shape == "flat-100000").Ratio;
        var retained = r.ReadJson("retained-listing.json")?.GetProperty("Measurements").EnumerateArray()
            .Select(m => (Shape: m.GetProperty("Shape").GetString()!, Method: m.GetProperty("Method").GetString()!, Retained: m.GetProperty("RetainedBytes").GetInt64()))
            .ToList() ?? new();
        string Held(string method) => Bytes(retained.Where(x => x.Shape == "flat-100000" && x.Method == method).Select(x => (double?)x.Retained).FirstOrDefault());
        var allocated = E5Case(r, Claims.E5FullPass, "GetFilesForeach", "flat-100000")?.AllocatedBytes / E5Case(r, Claims.E5FullPass, "EnumerateFilesForeach", "flat-100000")?.AllocatedBytes;
        return Claim("C23", "E5", "a full pass over `Directory.GetFiles` takes about as long as over `EnumerateFiles`",
            "\"little difference\" in net6 (no figure)",
            largest is null ? "not measured" :
                $"GetFiles / EnumerateFiles, foreach over every path: {string.Join(", ", ratios.Select(x => $"{x.Shape} {Fmt(x.Ratio)}x"))}; allocated {Fmt(allocated)}x; held halfway through 100,000 files: {Held("Directory.GetFiles")} vs {Held("Directory.EnumerateFiles")}",
            NoDifferenceVerdict(largest), "IOP007", largest);
    }

    /// <summary>For "is there any" or the first match the enumerator stops early.</summary>
    public static ClaimResult C24(ResultSet r)
    {
        var any = Ratio(E5Case(r, E5Exists, "GetFilesLengthPositive", "flat-100000"), E5Case(r, E5Exists, "EnumerateFilesAny", "flat-100000"));
        var anySmall = Ratio(E5Case(r, E5Exists, "GetFilesLengthPositive", "flat-100"), E5Case(r, E5Exists, "EnumerateFilesAny", "flat-100"));
        var first = Ratio(E5Case(r, E5First, "GetFilesFirstOrDefault", "tree-1000x100"), E5Case(r, E5First, "EnumerateFilesFirstOrDefault", "tree-1000x100"));
        var firstSmall = Ratio(E5Case(r, E5First, "GetFilesFirstOrDefault", "tree-100x100"), E5Case(r, E5First, "EnumerateFilesFirstOrDefault", "tree-100x100"));
        return Claim("C24", "E5", "for \"is there any?\" or the first match, `EnumerateFiles` stops early and pays off in big directories",
            "reason given for repo-wide switches (no figure)",
            any is null ? "not measured" :
                $"`GetFiles(...).Length > 0` / `EnumerateFiles(...).Any()`: {Fmt(anySmall)}x at 100 files, {Fmt(any, "F0")}x at 100,000; first `*.match` in a 1,000 x 100 tree (AllDirectories): {Fmt(first, "F0")}x ({Fmt(firstSmall)}x in 100 x 100)",
            Worst(Verdict(any, null), Verdict(first, null)), "IOP007", first);
    }

    /// <summary>DirectoryInfo.EnumerateFiles spares the per-file status call (Windows: the directory entry carries the size).</summary>
    public static ClaimResult C25(ResultSet r)
    {
        var paths = E5Case(r, E5Lengths, "PathsThenNewFileInfo", "flat-100000");
        var enumerate = E5Case(r, E5Lengths, "DirectoryInfoEnumerateFiles", "flat-100000");
        var getFiles = E5Case(r, E5Lengths, "DirectoryInfoGetFiles", "flat-100000");
        var namesOnly = E5Case(r, Claims.E5FullPass, "EnumerateFilesForeach", "flat-100000");
        var ratio = Ratio(paths, enumerate);
        return Claim("C25", "E5", "sizes read through `DirectoryInfo.EnumerateFiles` spare the status call per file that `new FileInfo(path).Length` makes",
            "3x local disk, 50x network share (.NET Framework, Windows)",
            enumerate is null ? "not measured" :
                $"Linux: the directory entry carries no size, so every form makes one status call per file (100,000 files: paths + `new FileInfo` {T(paths)}, `DirectoryInfo.EnumerateFiles` {T(enumerate)} = {Fmt(ratio)}x, `DirectoryInfo.GetFiles` {T(getFiles)} = {Fmt(Ratio(getFiles, enumerate))}x; names only {T(namesOnly)})",
            "n/a on this platform", "IOP007", ratio);
    }
}
