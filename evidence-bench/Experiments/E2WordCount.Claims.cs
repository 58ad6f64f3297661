using System.Text.Json;
using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E2WordCount measures (C9-C15), each computed from the committed results by one method.</summary>
internal static class E2WordCountClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C9(r),
        C10(r),
        C11(r),
        C12(r),
        C13(r),
        C14(r),
        C15(r),
    ];

    private static BenchCase? E2Case(ResultSet r, string method, string corpus = "600KB") => r.Find(E2, method, ("Corpus", corpus));

    /// <summary>A .NET implementation matches wc -lwc exactly.</summary>
    public static ClaimResult C9(ResultSet r)
    {
        var check = r.ReadJson("wc-check.json");
        var files = check?.GetProperty("Files").EnumerateArray().ToList() ?? new List<JsonElement>();
        var matches = files.Count(f => f.GetProperty("Match").GetBoolean());
        return Claim("C9", "E2", "a .NET implementation can match `wc -lwc` exactly",
            "11716 110023 610515 for volume 1; off by one word in total on Unicode whitespace",
            check is null ? "not measured" : $"{matches} of {files.Count} generated files print exactly what {check.Value.GetProperty("WcVersion").GetString()} prints (e.g. `{files.FirstOrDefault().GetProperty("Ours").GetString()}`)",
            check is null ? "not measured" : matches == files.Count ? "replicated" : "not replicated", "-", null);
    }

    /// <summary>Byte/char APIs beat line/string APIs (600 KB): ReadLines over the fastest char/byte reader.</summary>
    public static ClaimResult C10(ResultSet r)
    {
        var fastest = new[] { "OpenTextIsWhiteSpace", "OpenTextSearchValues", "OpenHandleDecoderSearchValues", "AsciiTwoValueIndexOfAny" }
            .Select(m => (Method: m, Case: E2Case(r, m))).Where(x => x.Case is not null).OrderBy(x => x.Case!.MedianNs).FirstOrDefault();
        var readLines = E2Case(r, "FileReadLines");
        var readAllLines = E2Case(r, "FileReadAllLines");
        var ratio = Ratio(readLines, fastest.Case);
        return Claim("C10", "E2", "byte/char APIs beat line/string APIs on speed",
            "~1 ms for 610 KB with byte/char APIs; ReadLines ~2 ms slower (~3x); ReadAllLines slower still",
            readLines is null ? "not measured" : $"ReadLines {T(readLines)} = {Fmt(ratio)}x {fastest.Method} ({T(fastest.Case)}); ReadAllLines {T(readAllLines)} = {Fmt(Ratio(readAllLines, readLines))}x ReadLines",
            Verdict(ratio, 3.0), "IOP003", ratio, seedRatio: 3.0);
    }

    /// <summary>ReadAllLines holds memory in proportion to the file; ReadLines a fixed amount (retained, not total allocated).</summary>
    public static ClaimResult C11(ResultSet r)
    {
        var retained = r.ReadJson("retained-memory.json");
        var rows = retained?.GetProperty("Measurements").EnumerateArray()
            .Select(m => (Bytes: m.GetProperty("FileBytes").GetInt64(), Method: m.GetProperty("Method").GetString()!, Retained: m.GetProperty("RetainedBytes").GetInt64()))
            .ToList() ?? new();
        var all = rows.Where(x => x.Method == "File.ReadAllLines").OrderBy(x => x.Bytes).ToList();
        var lazy = rows.Where(x => x.Method == "File.ReadLines").OrderBy(x => x.Bytes).ToList();
        double? ratio = all.Count > 0 && lazy.Count > 0 ? (double)all[^1].Retained / Math.Max(1, lazy[^1].Retained) : null;
        var grows = all.Count >= 2 && all[^1].Retained > 5 * all[^2].Retained;
        return Claim("C11", "E2", "`File.ReadAllLines` holds memory in proportion to the file; byte/char readers a fixed amount",
            "memory chart in the seed; ReadAllLines holds every line at once",
            rows.Count == 0 ? "not measured" :
                $"retained while in use at {string.Join(" / ", all.Select(x => Mb(x.Bytes)))}: ReadAllLines {string.Join(" / ", all.Select(x => Bytes(x.Retained)))}; ReadLines (halfway) {string.Join(" / ", lazy.Select(x => Bytes(x.Retained)))}",
            rows.Count == 0 ? "not measured" : grows ? Verdict(ratio, null) : "not replicated", "IOP003", ratio);
    }

    /// <summary>IndexOfAny over 25 values is slower than an IsWhiteSpace loop; SearchValues is much faster than both.</summary>
    public static ClaimResult C12(ResultSet r)
    {
        var isWhiteSpace = E2Case(r, "OpenTextIsWhiteSpace");
        var indexOfAny = E2Case(r, "OpenTextIndexOfAny25");
        var searchValues = E2Case(r, "OpenTextSearchValues");
        var slower = Ratio(indexOfAny, isWhiteSpace);
        var faster = Ratio(indexOfAny, searchValues);
        return Claim("C12", "E2", "`IndexOfAny` with a 25-value span is slower than a `char.IsWhiteSpace` loop; `SearchValues<char>` is dramatically faster",
            "chart in the seed (no figure)",
            isWhiteSpace is null ? "not measured" : $"IndexOfAny(25) {T(indexOfAny)} = {Fmt(slower)}x IsWhiteSpace ({T(isWhiteSpace)}); SearchValues {T(searchValues)}: IndexOfAny(25) takes {Fmt(faster)}x as long",
            Worst(Verdict(slower, null), Verdict(faster, null)), "IOP004", faster);
    }

    /// <summary>A 4 KiB buffer gives most of the benefit for a 600 KB text; little past it.</summary>
    public static ClaimResult C13(ResultSet r)
    {
        var sizes = new[] { "1024", "4096", "16384", "65536" }.Select(s => r.Find(E2Buffer, "OpenHandleDecoderSearchValues", ("BufferSize", s))).ToList();
        var upTo = Ratio(sizes[0], sizes[1]);
        var past = Ratio(sizes[1], sizes[3]);
        return Claim("C13", "E2", "a 4 KiB read buffer gives most of the benefit for a 600 KB text; little gain past it",
            "stated in the seed (no figure)",
            sizes.Any(s => s is null) ? "not measured" : $"1 KiB {T(sizes[0])}, 4 KiB {T(sizes[1])}, 16 KiB {T(sizes[2])}, 64 KiB {T(sizes[3])}: 1 KiB/4 KiB {Fmt(upTo)}x, 4 KiB/64 KiB {Fmt(past)}x",
            NoDifferenceVerdict(past), "IOP002", past);
    }

    /// <summary>Start-up dominates small runs; native AOT brings .NET to wc's level.</summary>
    public static ClaimResult C14(ResultSet r)
    {
        var startup = r.ReadJson("startup.json");
        double? Ms(string file, string runner) => startup?.GetProperty("Measurements").EnumerateArray()
            .Where(m => m.GetProperty("File").GetString() == file && m.GetProperty("Runner").GetString()!.StartsWith(runner, StringComparison.Ordinal))
            .Select(m => (double?)m.GetProperty("MedianMilliseconds").GetDouble()).FirstOrDefault();
        var wc = Ms("1 KB", "GNU wc");
        var jit = Ms("1 KB", ".NET JIT");
        var aot = Ms("1 KB", ".NET native AOT");
        var jitRatio = jit / wc;
        var aotLevel = aot is { } a && wc is { } w ? w / a : (double?)null;
        return Claim("C14", "E2", "start-up dominates small runs; native AOT brings .NET to wc's level",
            "1 KB / all: JIT 70 / 124 ms, AOT 4 / 22 ms, wc 9 / 26 ms",
            startup is null ? "not measured" : $"1 KB: JIT {Fmt(jit, "F1")} ms, AOT {Fmt(aot, "F1")} ms, wc {Fmt(wc, "F1")} ms; 600 KB: JIT {Fmt(Ms("600 KB", ".NET JIT"), "F1")}, AOT {Fmt(Ms("600 KB", ".NET native AOT"), "F1")}, wc {Fmt(Ms("600 KB", "GNU wc"), "F1")} ms",
            startup is null ? "not measured" : Worst(Verdict(jitRatio, 70.0 / 9), aot <= wc * 1.1 ? "replicated" : "weaker"), "-", jitRatio, seedRatio: 70.0 / 9);
    }

    /// <summary>An ASCII-only two-value IndexOfAny is the fastest counting loop (600 KB).</summary>
    public static ClaimResult C15(ResultSet r)
    {
        var ascii = E2Case(r, "AsciiTwoValueIndexOfAny");
        var others = r.Where(E2, c => c.Has("Corpus", "600KB") && c.Method != "AsciiTwoValueIndexOfAny").OrderBy(c => c.MedianNs).FirstOrDefault();
        var ratio = Ratio(others, ascii);
        return Claim("C15", "E2", "an ASCII-only two-value `IndexOfAny` is the fastest counting loop",
            "chart in the seed (no figure)",
            ascii is null ? "not measured" : $"{T(ascii)}; next fastest {others?.Method} {T(others)} ({Fmt(ratio)}x)",
            Verdict(ratio, null), "IOP004", ratio);
    }
}
