using System;
using System.Threading;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// What the model's work across methods costs (reading and summarising the project's own methods a call reaches, each
/// once per compilation: the binding of their bodies is the expensive part; searching the summaries is not metered),
/// for the corpus runner's cost table: that work runs inside whichever rule asked first and is charged to it there, so the
/// runner also shows it apart. So is the one search of each tree's text that every rule's gate shares
/// (<see cref="TreeWords"/>), also charged to the rule that asks first. Off in a build: with no clock set, nothing is measured.
/// </summary>
internal static class ModelMeter
{
    private static long s_nanoseconds;
    private static long s_methodsRead;

    /// <summary>The shared text search on this thread so far: the runner reads it around each callback.</summary>
    [ThreadStatic]
    private static long t_textSearchNanoseconds;

    /// <summary>The current thread's CPU time in nanoseconds; set by the corpus runner, null everywhere else.</summary>
    public static Func<long>? Clock { get; set; }

    public static long Nanoseconds => Interlocked.Read(ref s_nanoseconds);

    /// <summary>Method bodies read for summaries in this process (each at most once per compilation).</summary>
    public static long MethodsRead => Interlocked.Read(ref s_methodsRead);

    public static long Start() => Clock?.Invoke() ?? 0;

    public static void Stop(long start)
    {
        if (Clock is { } clock)
        {
            Interlocked.Add(ref s_nanoseconds, clock() - start);
        }
    }

    public static void MethodRead() => Interlocked.Increment(ref s_methodsRead);

    /// <summary>The shared search of trees' text so far, on the calling thread (what a callback's figure holds of it).</summary>
    public static long TextSearchNanosecondsOnThisThread => t_textSearchNanoseconds;

    /// <summary>Ends a measurement of the shared text search begun with <see cref="Start"/>.</summary>
    public static void TextSearched(long start)
    {
        if (Clock is { } clock)
        {
            t_textSearchNanoseconds += clock() - start;
        }
    }
}
