namespace IoPerf.Corpus;

/// <summary>
/// <c>--meter-check</c>: where the empty analyzer's cost per callback comes from. The meter's wrapper around an empty
/// callback and the same two clock reads with nothing between them are timed side by side, called back to back and with
/// a read of random bytes between calls - as the compiler's work comes between two callbacks of a build. If the wrapper
/// costs what the bare clock reads cost at every level, the delegate and the empty body add nothing, and what rises
/// with the work between calls is the clock's own cost: the meter's, not an analyzer's (docs/performance.md, "What the
/// empty analyzer measures").
/// </summary>
internal static class MeterCheck
{
    /// <summary>Bytes read between two calls, and how many calls are timed at that size.</summary>
    public static readonly (int Bytes, int Calls)[] Levels = { (0, 200_000), (1 << 20, 20_000), (16 << 20, 2_000) };

    /// <summary>One row per level and round: nanoseconds per call, the wrapper's and the bare clock reads'.</summary>
    public static IEnumerable<(int Bytes, double Wrapped, double ClockReadsAlone)> Run(int rounds = 2)
    {
        var between = new byte[Levels.Max(level => level.Bytes)];
        new Random(20261129).NextBytes(between); // written, so that reading it touches memory (an unwritten page reads as zeros)
        for (var round = -1; round < rounds; round++)
        {
            foreach (var (bytes, calls) in Levels)
            {
                var row = (bytes, Wrapped(between, bytes, calls), ClockReadsAlone(between, bytes, calls));
                if (round >= 0)
                {
                    yield return row; // the first round runs the code at the JIT's first tier: not shown
                }
            }
        }
    }

    /// <summary>The meter's wrapper around an empty callback: the CPU time it records for each call.</summary>
    private static double Wrapped(byte[] between, int bytes, int calls)
    {
        var meter = new AnalyzerMeter();
        var empty = meter.Wrap<int>(static _ => { });
        return PerCall(between, bytes, calls, () =>
        {
            var before = meter.CpuMilliseconds;
            empty(0);
            return (meter.CpuMilliseconds - before) * 1e6;
        });
    }

    /// <summary>The same two clock reads with nothing between them.</summary>
    private static double ClockReadsAlone(byte[] between, int bytes, int calls) => PerCall(between, bytes, calls, static () =>
    {
        var start = ThreadCpu.Nanoseconds();
        return ThreadCpu.Nanoseconds() - start;
    });

    /// <summary>The mean of <paramref name="timedCall"/>'s nanoseconds over <paramref name="calls"/> calls, each after reading <paramref name="bytes"/> bytes.</summary>
    private static double PerCall(byte[] between, int bytes, int calls, Func<double> timedCall)
    {
        var total = 0.0;
        var sink = 0;
        for (var i = 0; i < calls; i++)
        {
            sink += Read(between, bytes);
            total += timedCall();
        }

        GC.KeepAlive(sink);
        return total / calls;
    }

    /// <summary>One byte of each 64-byte cache line of the first <paramref name="bytes"/> bytes.</summary>
    private static int Read(byte[] between, int bytes)
    {
        var sum = 0;
        for (var b = 0; b < bytes; b += 64)
        {
            sum += between[b];
        }

        return sum;
    }
}
