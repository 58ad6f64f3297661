using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E4AwaitsInLoop measures (C19-C22), each computed from the committed results by one method.</summary>
internal static class E4AwaitsInLoopClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C19(r),
        C20(r),
        C21(r),
        C22(r),
    ];

    private static BenchCase? E4Case(ResultSet r, string method, string set, string context) => r.Find(E4, method, ("FileSet", set), ("Context", context));

    /// <summary>Each await resuming on the UI context costs a fixed hop that dominates small files.</summary>
    public static ClaimResult C19(ResultSet r)
    {
        var onUi = E4Case(r, "AwaitReadToEndAsync", "200x1KB", "UI");
        var noContext = E4Case(r, "AwaitReadToEndAsync", "200x1KB", "None");
        var configured = E4Case(r, "AwaitReadToEndAsyncConfigureAwaitFalse", "200x1KB", "UI");
        var ratio = Ratio(onUi, noContext);
        var perHop = onUi is not null && configured is not null ? (onUi.MedianNs - configured.MedianNs) / 200 / 1000 : (double?)null;
        return Claim("C19", "E4", "each await that resumes on the UI context costs a fixed hop; it dominates small files",
            "~16.7 ms per await (a 60 Hz frame); 200 x 1 KB: 846 ms on the UI context vs 35 ms off it (24x)",
            onUi is null ? "not measured" : $"200 x 1 KB: {T(onUi)} on a message-loop context vs {T(noContext)} with none ({Fmt(ratio)}x); {Fmt(perHop, "F1")} us per hop",
            Verdict(ratio, Seeds.E4OnUiContextMs / Seeds.E4NoContextMs), "IOP005", ratio, seedRatio: Seeds.E4OnUiContextMs / Seeds.E4NoContextMs);
    }

    /// <summary>ConfigureAwait(false), or the loop on the thread pool, removes the hop.</summary>
    public static ClaimResult C20(ResultSet r)
    {
        var onUi = E4Case(r, "AwaitReadToEndAsync", "200x1KB", "UI");
        var configured = E4Case(r, "AwaitReadToEndAsyncConfigureAwaitFalse", "200x1KB", "UI");
        var pool = E4Case(r, "LoopOnThreadPool", "200x1KB", "UI");
        var ratio = Ratio(onUi, configured);
        return Claim("C20", "E4", "`ConfigureAwait(false)` or a loop off the UI thread removes the hop",
            "1 KB files: 846 ms on the UI context vs 35-36 ms off it (24x)",
            onUi is null ? "not measured" : $"200 x 1 KB on the context: {T(onUi)}; ConfigureAwait(false) {T(configured)} ({Fmt(ratio)}x); loop on the pool {T(pool)} ({Fmt(Ratio(onUi, pool))}x)",
            Verdict(ratio, Seeds.E4OnUiContextMs / Seeds.E4ConfigureAwaitMs), "IOP005", ratio, seedRatio: Seeds.E4OnUiContextMs / Seeds.E4ConfigureAwaitMs);
    }

    /// <summary>ReadToEndAsync is slower than Task.Run(ReadToEnd) when reading dominates (1 MB files).</summary>
    public static ClaimResult C21(ResultSet r)
    {
        var onUi = Ratio(E4Case(r, "AwaitReadToEndAsync", "10x1MB", "UI"), E4Case(r, "TaskRunReadToEnd", "10x1MB", "UI"));
        var off = Ratio(E4Case(r, "AwaitReadToEndAsync", "10x1MB", "None"), E4Case(r, "TaskRunReadToEnd", "10x1MB", "None"));
        return Claim("C21", "E4", "`ReadToEndAsync()` is slower than `Task.Run(ReadToEnd)` when reading dominates",
            "1 MB files: 3,386 vs 1,564 ms on UI (2.16x), 3,252 vs 1,438 off UI (2.26x)",
            onUi is null ? "not measured" : $"10 x 1 MB: {Fmt(onUi)}x on the context, {Fmt(off)}x with none",
            Verdict(onUi, 3386.0 / 1564), "IOP005", onUi, seedRatio: 3386.0 / 1564);
    }

    /// <summary>Loading files in parallel gains a little (1 MB files, no context).</summary>
    public static ClaimResult C22(ResultSet r)
    {
        var ratio = Ratio(E4Case(r, "FileReadAllTextAsync", "10x1MB", "None"), E4Case(r, "WhenAllParallel", "10x1MB", "None"));
        return Claim("C22", "E4", "loading files in parallel gains a little",
            "1 MB: 1,074-1,086 ms vs 1,374 ms (1.27x)",
            ratio is null ? "not measured" : $"10 x 1 MB, sequential ReadAllTextAsync over Task.WhenAll: {Fmt(ratio)}x (2 cores)",
            Verdict(ratio, 1374.0 / 1080), "-", ratio, seedRatio: 1374.0 / 1080);
    }
}
