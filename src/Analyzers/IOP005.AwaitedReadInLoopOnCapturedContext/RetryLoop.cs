using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// A retry loop: each awaited read sits in a <c>try</c> whose block leaves the loop at its end (<c>return</c> or
/// <c>break</c>), so the loop repeats only when an attempt failed. One read per attempt is not a stream of reads:
/// the context hop it pays happens once on the path that succeeds.
/// </summary>
internal static class RetryLoop
{
    public static bool ReadsOncePerAttempt(ILoopOperation loop, IReadOnlyList<IOperation> awaits)
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
