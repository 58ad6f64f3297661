using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E1SequentialReads measures (C1-C8), each computed from the committed results by one method.</summary>
internal static class E1SequentialReadsClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C1(r),
        C2(r),
        C3(r),
        C4(r),
        C5(r),
        C6(r),
        C7(r),
        C8(r),
    ];

    /// <summary>Sync FileStream.Read is the fastest; the nearest competitor's time over sync's (64 KiB, 128 MiB, sequential).</summary>
    public static ClaimResult C1(ResultSet r)
    {
        var sync = E1Read(r, "FileStreamRead", Large, "65536", false);
        var others = new[] { "FileStreamReadAsync", "RandomAccessRead" }.Concat(Adapters)
            .Select(m => (Method: m, Case: E1Read(r, m, Large, "65536", false))).Where(x => x.Case is not null).ToList();
        var nearest = others.OrderBy(x => x.Case!.MedianNs).FirstOrDefault();
        var asyncRatio = Ratio(E1Read(r, "FileStreamReadAsync", Large, "65536", false), sync);
        var adapterRatios = Adapters.Select(m => Ratio(E1Read(r, m, Large, "65536", false), sync)).OfType<double>().ToList();
        var ratio = Ratio(nearest.Case, sync);
        return Claim("C1", "E1", "FileStream sync Read is the fastest method",
            "64 KiB, 128 MiB: async 1.63x, adapters 2.5-2.7x slower than sync",
            sync is null ? "not measured" :
                $"sync {EvidenceReport.Time(sync.MedianNs)}; nearest: {nearest.Method} {Fmt(ratio)}x; ReadAsync {Fmt(asyncRatio)}x; adapters {Range(adapterRatios)}",
            Verdict(ratio, 1.63), "-", ratio, seedRatio: 1.63);
    }

    /// <summary>FileOptions.Asynchronous makes reads slower: mean over every method, size and buffer of time(async) / time(sequential).</summary>
    public static ClaimResult C2(ResultSet r)
    {
        var ratios = new List<double>();
        foreach (var method in new[] { "FileStreamRead", "FileStreamReadAsync", "RandomAccessRead" }.Concat(Adapters))
        {
            foreach (var size in new[] { Small, Large })
            {
                foreach (var buffer in Buffers)
                {
                    if (Ratio(E1Read(r, method, size, buffer, true), E1Read(r, method, size, buffer, false)) is { } value)
                    {
                        ratios.Add(value);
                    }
                }
            }
        }

        var syncSmall = Ratio(E1Read(r, "FileStreamRead", Large, "2048", true), E1Read(r, "FileStreamRead", Large, "2048", false));
        var mean = ratios.Count > 0 ? ratios.Average() : (double?)null;
        return Claim("C2", "E1", "adding FileOptions.Asynchronous makes reads slower",
            "mean 3.56x slower, worst 9.22x, best 1.45x; sync 2 KiB/128 MiB: 2,492 ms vs 408 ms (6.1x)",
            ratios.Count == 0 ? "not measured" : $"mean {Fmt(mean)}x over {ratios.Count} cases (worst {Fmt(ratios.Max())}x, best {Fmt(ratios.Min())}x); sync 2 KiB/128 MiB: {Fmt(syncSmall)}x",
            Verdict(mean, 3.56), "IOP001", mean, seedRatio: 3.56);
    }

    /// <summary>Sync reads on an Asynchronous FileStream allocate heavily (2 KiB, 128 MiB).</summary>
    public static ClaimResult C3(ResultSet r)
    {
        var withFlag = E1Read(r, "FileStreamRead", Large, "2048", true);
        var without = E1Read(r, "FileStreamRead", Large, "2048", false);
        var ratio = withFlag?.AllocatedBytes is { } a && without?.AllocatedBytes is { } b && b > 0 ? a / b : (double?)null;
        return Claim("C3", "E1", "sync reads on an Asynchronous FileStream allocate heavily",
            "20,504,568 B/op vs 2,248 B/op without the flag (9,121x)",
            withFlag is null || without is null ? "not measured" : $"{Bytes(withFlag.AllocatedBytes)} vs {Bytes(without.AllocatedBytes)} ({Fmt(ratio)}x)",
            Verdict(ratio, 9121), "IOP001", ratio, seedRatio: 9121);
    }

    /// <summary>Bigger read buffers are faster (sync, 128 MiB, sequential): 2 KiB time over 64 KiB time.</summary>
    public static ClaimResult C4(ResultSet r)
    {
        var times = Buffers.Select(b => E1Read(r, "FileStreamRead", Large, b, false)).ToList();
        var ratio = Ratio(times[0], times[3]);
        return Claim("C4", "E1", "bigger read buffers are faster; 64 KiB or more recommended",
            "sync 128 MiB: 2 KiB 408 ms, 4 KiB 157, 16 KiB 56.6, 64 KiB 29.1, 256 KiB 24.4 (2 KiB/64 KiB = 14.0x)",
            times.Any(t => t is null) ? "not measured" : $"2 KiB {T(times[0])}, 4 KiB {T(times[1])}, 16 KiB {T(times[2])}, 64 KiB {T(times[3])}, 256 KiB {T(times[4])} (2 KiB/64 KiB = {Fmt(ratio)}x)",
            Verdict(ratio, 14.0), "IOP002", ratio, seedRatio: 14.0);
    }

    /// <summary>Async reads slower than sync, less so with big buffers (128 MiB, sequential).</summary>
    public static ClaimResult C5(ResultSet r)
    {
        var small = Ratio(E1Read(r, "FileStreamReadAsync", Large, "2048", false), E1Read(r, "FileStreamRead", Large, "2048", false));
        var big = Ratio(E1Read(r, "FileStreamReadAsync", Large, "262144", false), E1Read(r, "FileStreamRead", Large, "262144", false));
        return Claim("C5", "E1", "async FileStream reads are slower than sync, less so at big buffers",
            "1.92x at 2 KiB falling to 1.11x at 256 KiB",
            small is null ? "not measured" : $"{Fmt(small)}x at 2 KiB, {Fmt(big)}x at 256 KiB",
            Verdict(small, Seeds.E1ReadAsyncAt2K), "IOP001", small, seedRatio: Seeds.E1ReadAsyncAt2K);
    }

    /// <summary>PipeReader-over-stream adapters are slower than sync reads (128 MiB, sequential, every buffer).</summary>
    public static ClaimResult C6(ResultSet r)
    {
        var ratios = Adapters.SelectMany(m => Buffers.Select(b => Ratio(E1Read(r, m, Large, b, false), E1Read(r, "FileStreamRead", Large, b, false)))).OfType<double>().ToList();
        var allocations = Adapters.Select(m => E1Read(r, m, Large, "65536", false)?.AllocatedBytes).OfType<double>().ToList();
        var mean = ratios.Count > 0 ? ratios.Average() : (double?)null;
        return Claim("C6", "E1", "PipeReader-over-stream adapters are 1.8-3.2x slower than sync reads, allocating ~1.2-1.6 KB/op",
            "mean 2.58x",
            ratios.Count == 0 ? "not measured" : $"mean {Fmt(mean)}x ({Range(ratios)}); allocated at 64 KiB: {string.Join(", ", allocations.Select(a => Bytes(a)))}",
            Verdict(mean, 2.58), "-", mean, seedRatio: 2.58);
    }

    /// <summary>The small file is slower per MB than the large one (FileStream methods, every buffer, sequential).</summary>
    public static ClaimResult C7(ResultSet r)
    {
        var ratios = new[] { "FileStreamRead", "FileStreamReadAsync" }.SelectMany(m => Buffers.Select(b =>
            E1Read(r, m, Small, b, false) is { } small && E1Read(r, m, Large, b, false) is { } large ? small.MedianNs / 4 / (large.MedianNs / 128) : (double?)null)).OfType<double>().ToList();
        var mean = ratios.Count > 0 ? ratios.Average() : (double?)null;
        return Claim("C7", "E1", "the small file is slower per MB than the large one",
            "true for FileStream methods at all buffer sizes (no single figure)",
            ratios.Count == 0 ? "not measured" : $"time per MB, 4 MiB over 128 MiB: mean {Fmt(mean)}x ({Range(ratios)})",
            Verdict(mean, null), "-", mean);
    }

    /// <summary>Win32 native pipe reader (Windows-only): RandomAccess.Read on File.OpenHandle ran instead.</summary>
    public static ClaimResult C8(ResultSet r)
    {
        var random2 = Ratio(E1Read(r, "RandomAccessRead", Large, "2048", false), E1Read(r, "FileStreamRead", Large, "2048", false));
        var random64 = Ratio(E1Read(r, "RandomAccessRead", Large, "65536", false), E1Read(r, "FileStreamRead", Large, "65536", false));
        var allocation = E1Read(r, "RandomAccessRead", Large, "2048", false)?.AllocatedBytes;
        return Claim("C8", "E1", "the native handle path is slow with small buffers and never triggers a GC",
            "Win32 PipeReader up to 7x slower at 2 KiB",
            random2 is null ? "not measured" : $"ran File.OpenHandle + RandomAccess.Read instead: {Fmt(random2)}x FileStream.Read's time at 2 KiB, {Fmt(random64)}x at 64 KiB; {Bytes(allocation)}/op",
            "n/a on this platform", "-", random2);
    }
}
