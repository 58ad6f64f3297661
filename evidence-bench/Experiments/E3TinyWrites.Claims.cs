using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E3TinyWrites measures (C16-C18), each computed from the committed results by one method.</summary>
internal static class E3TinyWritesClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C16(r),
        C17(r),
        C18(r),
    ];

    /// <summary>Per-call locking dominates 1-byte writes: fwrite over fwrite_unlocked (64 KiB stdio buffer).</summary>
    public static ClaimResult C16(ResultSet r)
    {
        var locked = r.Find(E3Libc, "Fwrite", ("StdioBuffer", "65536"));
        var unlocked = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "65536"));
        var ratio = Ratio(locked, unlocked);
        var unbuffered = Ratio(r.Find(E3Bytes, "WriteByte", ("BufferSize", "1")), r.Find(E3Bytes, "WriteByte", ("BufferSize", "65536")));
        var autoFlush = Ratio(r.Find(E3Text, "StreamWriterAutoFlush"), r.Find(E3Text, "StreamWriterBuffered"));
        var console = Ratio(r.Find(E3Text, "ConsoleOutEquivalent"), r.Find(E3Text, "ConsoleBufferedWriter"));
        return Claim("C16", "E3", "per-call locking, not the disk, dominates 1-byte writes; the unlocked call is much faster",
            "Windows 18.9 vs 70.5 MB/s (3.7x); Linux 67.6 vs 93.5 MB/s (1.38x)",
            locked is null ? "not measured" : $"fwrite {MBps(E3LibcBytes, locked)} vs fwrite_unlocked {MBps(E3LibcBytes, unlocked)} ({Fmt(ratio)}x); .NET: WriteByte unbuffered {Fmt(unbuffered)}x buffered, AutoFlush writer {Fmt(autoFlush)}x buffered, Console.Out-style writer {Fmt(console)}x buffered",
            Verdict(ratio, 1.38), "IOP006", ratio, seedRatio: 1.38);
    }

    /// <summary>Past 64 KiB the stdio buffer size barely matters (Linux).</summary>
    public static ClaimResult C17(ResultSet r)
    {
        var at64 = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "65536"));
        var at8M = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", (8 * 1024 * 1024).ToString()));
        var at1K = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "1024"));
        var ratio = Ratio(at64, at8M);
        var dotnet = Ratio(r.Find(E3Bytes, "WriteByte", ("BufferSize", "65536")), r.Find(E3Bytes, "WriteByte", ("BufferSize", "262144")));
        return Claim("C17", "E3", "on Linux the stdio buffer size barely matters past 64 KiB",
            "64 KiB vs 8 MiB: no difference; 1 KiB to 8 MiB: 3 MB/s",
            at64 is null ? "not measured" : $"fwrite_unlocked 1 KiB {MBps(E3LibcBytes, at1K)}, 64 KiB {MBps(E3LibcBytes, at64)}, 8 MiB {MBps(E3LibcBytes, at8M)} (64 KiB/8 MiB time {Fmt(ratio)}x); .NET WriteByte 64 KiB/256 KiB buffer {Fmt(dotnet)}x",
            NoDifferenceVerdict(ratio), "IOP002, IOP006", ratio);
    }

    /// <summary>Windows: a bigger buffer helps the unlocked call.</summary>
    public static ClaimResult C18(ResultSet r)
    {
        var at4K = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "4096"));
        var at256K = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "262144"));
        var ratio = Ratio(at4K, at256K);
        return Claim("C18", "E3", "on Windows a bigger buffer helps the unlocked call",
            "best 93 MB/s at 256 KiB",
            at4K is null ? "not measured" : $"Windows CRT not available; on Linux glibc fwrite_unlocked 4 KiB {MBps(E3LibcBytes, at4K)} vs 256 KiB {MBps(E3LibcBytes, at256K)} ({Fmt(ratio)}x)",
            "n/a on this platform", "IOP006", ratio);
    }
}
