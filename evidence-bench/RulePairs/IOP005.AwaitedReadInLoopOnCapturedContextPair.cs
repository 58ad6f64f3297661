using System.Collections.Concurrent;
using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP005 (claims C19, C20): 200 small files read in a loop with <c>await reader.ReadToEndAsync()</c>, started with a
/// SynchronizationContext that posts to a message-loop thread (as a UI thread's does) - against the code the rule's
/// fix produces, the same await with <c>ConfigureAwait(false)</c>. The setup checks that the flagged loop really
/// hops for (nearly) every file.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP005", "C19", "C20")]
public class AwaitedReadInLoopOnCapturedContextPair
{
    private string _folder = "";
    private string[] _paths = Array.Empty<string>();
    private MessageLoopContext? _context;

    [Params(200)]
    public int Files { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _folder = Directory.CreateTempSubdirectory("ioperf-iop005-").FullName;
        _paths = Enumerable.Range(0, Files).Select(i => Path.Combine(_folder, $"{i}.txt")).ToArray();
        foreach (var path in _paths)
        {
            File.WriteAllText(path, new string('x', 1_000) + "\n");
        }

        _context = new MessageLoopContext();
        var postsBefore = _context.Posts;
        var flagged = IOP005_Before();
        var hops = _context.Posts - postsBefore;

        // A read whose data is ready before its await completes synchronously and needs no hop (seen once in a
        // quick run: 199 posts for 200 files), so the check asks that nearly every read hopped, not every one.
        if (flagged != IOP005_After() || hops < Files * 95 / 100)
        {
            throw new InvalidOperationException($"the reads did not resume on the context ({hops} posts for {Files} files)");
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _context?.Dispose();
        Directory.Delete(_folder, recursive: true);
    }

    /// <summary>Runs the loop as code called on a UI thread: its awaits capture the message-loop context.</summary>
    private long OnContext(Func<Task<long>> loop)
    {
        var previous = SynchronizationContext.Current;
        SynchronizationContext.SetSynchronizationContext(_context);
        try
        {
            return loop().GetAwaiter().GetResult();
        }
        finally
        {
            SynchronizationContext.SetSynchronizationContext(previous);
        }
    }

    [Benchmark(Baseline = true)]
    public long IOP005_Before() => OnContext(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            using var reader = new StreamReader(path);
            total += (await reader.ReadToEndAsync()).Length;
        }

        return total;
    });

    [Benchmark]
    public long IOP005_After() => OnContext(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            using var reader = new StreamReader(path);
            total += (await reader.ReadToEndAsync().ConfigureAwait(false)).Length;
        }

        return total;
    });

    /// <summary>A UI thread as an await sees it: a context whose continuations queue for one dedicated message-loop thread.</summary>
    public sealed class MessageLoopContext : SynchronizationContext, IDisposable
    {
        private readonly BlockingCollection<(SendOrPostCallback Callback, object? State)> _queue = new();
        private int _posts;

        public MessageLoopContext()
        {
            var thread = new Thread(() =>
            {
                SetSynchronizationContext(this);
                foreach (var (callback, state) in _queue.GetConsumingEnumerable())
                {
                    callback(state);
                }
            })
            { IsBackground = true, Name = "message loop" };
            thread.Start();
        }

        public int Posts => Volatile.Read(ref _posts);

        public override void Post(SendOrPostCallback d, object? state)
        {
            Interlocked.Increment(ref _posts);
            _queue.Add((d, state));
        }

        public override void Send(SendOrPostCallback d, object? state) =>
            throw new NotSupportedException("A message loop runs callbacks in turn.");

        public void Dispose() => _queue.CompleteAdding();
    }
}
