using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E6AppendsInLoop measures (C26-C27), each computed from the committed results by one method.</summary>
internal static class E6AppendsInLoopClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C26(r),
        C27(r),
    ];

    private static BenchCase? E6Case(ResultSet r, string type, string method, string parameter, string value) => r.Find(type, method, (parameter, value));

    /// <summary>One AppendAllText per line costs far more than one writer for the loop.</summary>
    public static ClaimResult C26(ResultSet r)
    {
        var counts = new[] { "100", "1000", "10000" };
        var perLine = counts.Select(n => (N: n, Ratio: Ratio(E6Case(r, E6PerLine, "AppendAllTextPerLine", "LineCount", n), E6Case(r, E6PerLine, "OneStreamWriter", "LineCount", n)))).ToList();
        var lines = Ratio(E6Case(r, E6PerLine, "AppendAllLinesPerLine", "LineCount", "1000"), E6Case(r, E6PerLine, "OneStreamWriter", "LineCount", "1000"));
        var builder = Ratio(E6Case(r, E6PerLine, "StringBuilderThenOneAppend", "LineCount", "1000"), E6Case(r, E6PerLine, "OneStreamWriter", "LineCount", "1000"));
        var async = Ratio(E6Case(r, E6PerLine, "AppendAllTextAsyncPerLine", "LineCount", "1000"), E6Case(r, E6PerLine, "OneStreamWriterAsync", "LineCount", "1000"));
        var perCall = E6Case(r, E6PerLine, "AppendAllTextPerLine", "LineCount", "1000") is { } call ? call.MedianNs / 1000 : (double?)null;
        var ratio = perLine.Single(x => x.N == "1000").Ratio;
        return Claim("C26", "E6", "appending one line per `File.AppendAllText` call costs far more than one writer kept open for the loop",
            "\"almost stalls\" a download loop (no figure)",
            ratio is null ? "not measured" :
                $"~60-byte lines, AppendAllText per line / one StreamWriter: {string.Join(", ", perLine.Select(x => $"{x.N} lines {Fmt(x.Ratio, "F0")}x"))}; {Fmt(perCall is { } p ? p / 1000 : null, "F1")} us per call; AppendAllLines per line {Fmt(lines, "F0")}x; async per line / one writer {Fmt(async, "F0")}x; StringBuilder + one append {Fmt(builder)}x (1,000 lines)",
            Verdict(ratio, null), "IOP008", ratio);
    }

    /// <summary>The cost per call is the open and close, not the bytes: per-call overhead at 4 KiB over that at 60 B.</summary>
    public static ClaimResult C27(ResultSet r)
    {
        double? Overhead(string bytes) =>
            E6Case(r, E6Length, "AppendAllTextPerLine", "LineBytes", bytes) is { } perLine && E6Case(r, E6Length, "OneStreamWriter", "LineBytes", bytes) is { } writer
                ? (perLine.MedianNs - writer.MedianNs) / 1000
                : null;
        var small = Overhead("60");
        var large = Overhead("4096");
        double? ratio = small is > 0 && large is { } l ? l / small : null;
        double? Share(string bytes, double? overhead) =>
            E6Case(r, E6Length, "AppendAllTextPerLine", "LineBytes", bytes) is { MedianNs: > 0 } perLine && overhead is { } o ? o * 1000 / perLine.MedianNs : null;
        return Claim("C27", "E6", "the cost of each append is in opening and closing the file, not in the bytes written",
            "(ours)",
            ratio is null ? "not measured" :
                $"cost per call over one writer, 1,000 appends: {Fmt(small / 1000, "F1")} us with 60-byte lines, {Fmt(large / 1000, "F1")} us with 4 KiB lines ({Fmt(ratio)}x); that is {Fmt(Share("60", small) * 100, "F0")}% of a 60-byte append and {Fmt(Share("4096", large) * 100, "F0")}% of a 4 KiB one",
            NoDifferenceVerdict(ratio), "IOP008", ratio);
    }
}
