using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// A retry, polling or search loop, whose reads are not a stream of reads: each awaited read sits in a <c>try</c> whose
/// block leaves the loop at its end (<c>return</c> or <c>break</c>), so the loop repeats only when an attempt failed; or
/// the loop's own body ends by leaving it, so it repeats only through <c>continue</c> (a scan for a header that stops at
/// the first chunk holding it); or the loop awaits <c>Task.Delay</c> (waiting for a port or a file to be ready): a delay
/// of a millisecond or more dwarfs the microseconds of a context hop.
/// </summary>
internal static class RetryLoop
{
    public static bool ReadsOncePerAttempt(ILoopOperation loop, IReadOnlyList<IOperation> awaits) =>
        EachReadLeavesOnSuccess(loop, awaits) || (loop.Body is IBlockOperation body && LeavesLoop(body, loop)) || AwaitsADelay(loop);

    /// <summary>
    /// An <c>await Task.Delay(...)</c> (configured or not) in the loop's own function, a catch clause's back-off included;
    /// not in a lambda or local function, which may run elsewhere.
    /// </summary>
    private static bool AwaitsADelay(ILoopOperation loop)
    {
        var pending = new Stack<IOperation>(loop.ChildOperations);
        while (pending.Count > 0)
        {
            var operation = pending.Pop();
            if (operation is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                continue;
            }

            if (operation is IAwaitOperation { Operation: var awaited } && IsDelay(awaited.WalkDownConversions()))
            {
                return true;
            }

            foreach (var child in operation.ChildOperations)
            {
                pending.Push(child);
            }
        }

        return false;
    }

    private static bool IsDelay(IOperation awaited) => awaited switch
    {
        IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } instance } => IsDelay(instance.WalkDownConversions()),
        IInvocationOperation { TargetMethod: { Name: "Delay", ContainingType: { Name: "Task", ContainingNamespace.Name: "Tasks" } } } => true,
        _ => false,
    };

    private static bool EachReadLeavesOnSuccess(ILoopOperation loop, IReadOnlyList<IOperation> awaits)
    {
        foreach (var awaited in awaits)
        {
            if (awaited is not IAwaitOperation || EnclosingAttempt(awaited, loop) is not { } attempt ||
                !LeavesLoop(attempt.Body, loop))
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

    private static bool LeavesLoop(IBlockOperation body, ILoopOperation loop)
    {
        if (body.Operations.Length == 0)
        {
            return false;
        }

        return body.Operations[body.Operations.Length - 1] switch
        {
            IReturnOperation => true,
            IBranchOperation { BranchKind: BranchKind.Break } branch => SymbolEqualityComparer.Default.Equals(branch.Target, loop.ExitLabel),
            _ => false,
        };
    }
}
