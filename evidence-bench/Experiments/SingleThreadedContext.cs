using System.Collections.Concurrent;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// What a UI thread is to an await: a SynchronizationContext whose one thread runs a message loop, so every
/// continuation posted to it waits its turn on that thread. (Without a frame-paced dispatcher: a hop here costs the
/// queueing and the thread switch, not the seed's 16.7 ms frame.)
/// </summary>
public sealed class SingleThreadedContext : SynchronizationContext
{
    private readonly BlockingCollection<(SendOrPostCallback Callback, object? State)> _queue = new();
    private int _posts;

    /// <summary>How many continuations were posted (hops onto the context).</summary>
    public int Posts => _posts;

    public override void Post(SendOrPostCallback d, object? state)
    {
        Interlocked.Increment(ref _posts);
        _queue.Add((d, state));
    }

    public override void Send(SendOrPostCallback d, object? state) =>
        throw new NotSupportedException("A message loop runs callbacks in turn; Send would deadlock it.");

    /// <summary>Runs <paramref name="body"/> on this thread as its message loop, until the task it returns completes.</summary>
    public static T Run<T>(Func<Task<T>> body)
    {
        var previous = Current;
        var context = new SingleThreadedContext();
        SetSynchronizationContext(context);
        try
        {
            var task = body();
            task.ContinueWith(_ => context._queue.CompleteAdding(), CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            foreach (var (callback, state) in context._queue.GetConsumingEnumerable())
            {
                callback(state);
            }

            return task.GetAwaiter().GetResult();
        }
        finally
        {
            SetSynchronizationContext(previous);
        }
    }
}
