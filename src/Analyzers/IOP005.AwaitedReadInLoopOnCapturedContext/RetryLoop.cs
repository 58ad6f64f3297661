using System.Collections.Generic;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// A retry, polling or search loop, whose reads are not a stream of reads: each awaited read sits in a <c>try</c> whose
/// block leaves the loop at its end (<c>return</c> or <c>break</c>), so the loop repeats only when an attempt failed; or
/// the loop's own body ends by leaving it, so it repeats only through <c>continue</c> (a scan for a header that stops at
/// the first chunk holding it); or the loop waits (<c>Task.Delay</c> while a port or a file gets ready, <c>Thread.Sleep</c>,
/// a blocking take, a socket - the model's <see cref="Pacing"/>, which every rule shares): a wait of a millisecond or more
/// dwarfs the microseconds of a context hop; or each iteration first awaits the call that hands it the stream it reads
/// (<c>var image = await client.GetImageStreamAsync(item); await image.CopyToAsync(buffer);</c>): the iteration waits
/// for that call - a download, a request - whatever the project's method hides. The last three hold only for reads of
/// the loop's own body: a read loop nested in a retry wrapper still hops once per read.
/// </summary>
internal static class RetryLoop
{
    public static bool ReadsOncePerAttempt(ILoopOperation loop, IReadOnlyList<IOperation> awaits, Pacing pacing, CancellationToken cancellationToken) =>
        EachReadLeavesOnSuccess(loop, awaits) ||
        (AllReadsAreTheLoopsOwn(loop, awaits) &&
         ((loop.Body is IBlockOperation body && EndsByLeaving(body, loop)) || Waits(loop, awaits, pacing) || ReadsWhatEachIterationFetches(loop, awaits, cancellationToken)));

    /// <summary>
    /// Every read is of a stream or reader held by a local of the loop's body whose one value is an awaited call's result:
    /// what is read was fetched by that iteration.
    /// </summary>
    private static bool ReadsWhatEachIterationFetches(ILoopOperation loop, IReadOnlyList<IOperation> awaits, CancellationToken cancellationToken)
    {
        foreach (var awaited in awaits)
        {
            if (awaited is not IAwaitOperation { Operation: var operation } ||
                operation.WalkDownConversions() is not IInvocationOperation read ||
                read.GetReceiver()?.WalkDownConversions() is not ILocalReferenceOperation { Local: var local } ||
                !local.IsDeclaredIn(loop) ||
                LocalValues.GetSingleAssignedValue(local, loop.GetRoot(), cancellationToken)?.WalkDownConversions() is not IAwaitOperation)
            {
                return false;
            }
        }

        return awaits.Count > 0;
    }

    /// <summary>No loop stands between any of the reads and <paramref name="loop"/> (an <c>await foreach</c> over reads is one).</summary>
    private static bool AllReadsAreTheLoopsOwn(ILoopOperation loop, IReadOnlyList<IOperation> awaits)
    {
        foreach (var awaited in awaits)
        {
            for (IOperation? current = awaited; current is not null && current != loop; current = current.Parent)
            {
                if (current is ILoopOperation)
                {
                    return false;
                }
            }
        }

        return awaits.Count > 0;
    }

    /// <summary>
    /// A wait in the loop's own function (a lambda or local function may run elsewhere), other than the reads themselves
    /// (a read from a socket is a wait too, but it is what the rule counts). A back-off in a catch clause counts only when
    /// its <c>try</c> can leave the loop (an attempt that returns or breaks on success): a read pump that backs off after
    /// an error still reads in a stream.
    /// </summary>
    private static bool Waits(ILoopOperation loop, IReadOnlyList<IOperation> awaits, Pacing pacing)
    {
        var reads = new HashSet<IOperation>();
        foreach (var awaited in awaits)
        {
            if (awaited is IAwaitOperation { Operation: var read })
            {
                reads.Add(read.WalkDownConversions());
            }
        }

        var pending = new Stack<(IOperation Operation, ITryOperation? BackingOffFrom)>();
        foreach (var child in loop.ChildOperations)
        {
            pending.Push((child, null));
        }

        long visited = 0;
        try
        {
            while (pending.Count > 0)
            {
                var (operation, backingOffFrom) = pending.Pop();
                visited++;
                if (operation is IAnonymousFunctionOperation or ILocalFunctionOperation)
                {
                    continue;
                }

                if (!reads.Contains(operation) && pacing.IsWait(operation) && (backingOffFrom is null || CanLeaveLoop(backingOffFrom.Body, loop)))
                {
                    return true;
                }

                foreach (var child in operation.ChildOperations)
                {
                    pending.Push((child, child is ICatchClauseOperation && operation is ITryOperation attempt ? attempt : backingOffFrom));
                }
            }
        }
        finally
        {
            OperationWalk.Count(visited);
        }

        return false;
    }

    /// <summary>A <c>return</c>, or a <c>break</c> out of <paramref name="loop"/>, anywhere in <paramref name="block"/>'s own code.</summary>
    private static bool CanLeaveLoop(IBlockOperation block, ILoopOperation loop)
    {
        foreach (var operation in block.OperationsBelow())
        {
            if (operation.LeavesLoop(loop) && operation.GetEnclosingFunctionBody() == loop.GetEnclosingFunctionBody())
            {
                return true;
            }
        }

        return false;
    }

    private static bool EachReadLeavesOnSuccess(ILoopOperation loop, IReadOnlyList<IOperation> awaits)
    {
        foreach (var awaited in awaits)
        {
            if (awaited is not IAwaitOperation || EnclosingAttempt(awaited, loop) is not { } attempt ||
                !EndsByLeaving(attempt.Body, loop))
            {
                return false;
            }
        }

        return awaits.Count > 0;
    }

    /// <summary>The <c>try</c> of the loop's own body that holds <paramref name="operation"/>, with no loop between them.</summary>
    private static ITryOperation? EnclosingAttempt(IOperation operation, ILoopOperation loop)
    {
        ITryOperation? attempt = null;
        for (var current = operation.Parent; current is not null && current != loop; current = current.Parent)
        {
            switch (current)
            {
                case ILoopOperation:
                    return null;
                case ITryOperation found when attempt is null && IsInTryBody(operation, found):
                    attempt = found;
                    break;
            }
        }

        return attempt;
    }

    private static bool IsInTryBody(IOperation operation, ITryOperation attempt)
    {
        var span = attempt.Body.Syntax.Span;
        return span.Contains(operation.Syntax.Span);
    }

    /// <summary>The block's last statement is a <c>return</c>, a <c>yield break</c> or a <c>break</c> out of <paramref name="loop"/>.</summary>
    private static bool EndsByLeaving(IBlockOperation body, ILoopOperation loop)
    {
        if (body.Operations.Length == 0)
        {
            return false;
        }

        // A yield break leaves too; a yield return hands out one item and comes back to the loop.
        var last = body.Operations[body.Operations.Length - 1];
        return last is IReturnOperation { Kind: OperationKind.YieldBreak } || last.LeavesLoop(loop);
    }
}
