using System.Collections.Generic;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers;

/// <summary>IOP006, first shape: Console output in a loop.</summary>
public sealed partial class TinyIoPayingLockOrFlushAnalyzer
{
    /// <summary>
    /// Console writes are looked at from the write: only loops that contain one are walked, and the loop is analysed
    /// once, from its first standard-output write.
    /// </summary>
    private static void AnalyzeConsoleWrite(OperationAnalysisContext context, INamedTypeSymbol console)
    {
        var first = (IInvocationOperation)context.Operation;
        if (first.TargetMethod.Name is not ("Write" or "WriteLine") ||
            !ConsoleOutput.IsStandardOutputWrite(first, console) ||
            first.GetOutermostLoop() is not { } loop ||
            loop.Syntax.ContainsDiagnostics ||
            TestCode.IsTestMethod(context.ContainingSymbol))
        {
            return;
        }

        var writes = new List<IInvocationOperation>();
        var fixable = !IsIterator(loop);
        foreach (var operation in ConsoleOutput.OperationsOf(loop))
        {
            switch (ConsoleOutput.Classify(operation, console))
            {
                case LoopWork.StandardOutputWrite:
                    if (operation.Syntax.SpanStart < first.Syntax.SpanStart)
                    {
                        // Every write of the loop gets this callback; only the first one analyses it, so the others
                        // stop as soon as they see an earlier write instead of walking the rest of the loop.
                        return;
                    }

                    writes.Add((IInvocationOperation)operation);
                    break;
                case LoopWork.ConsoleState:
                    // Colours, cursor moves and the like act on the terminal at once: buffered text would lag behind them.
                    fixable = false;
                    break;
                case LoopWork.NotJustOutput:
                    // Reads the console, waits, awaits, or does work of its own: the writes are not what the loop costs,
                    // and holding them back would change when they appear.
                    return;
            }
        }

        writes.Sort((a, b) => a.Syntax.SpanStart.CompareTo(b.Syntax.SpanStart));
        if (writes.Count == 0 || writes[0] != first || AreFewWrites(context, writes) ||
            !writes.Any(write => RunsOnEveryIteration(write, loop)))
        {
            // Writes that all sit in branches (an argument-parsing loop's error messages) are not a stream of output.
            return;
        }

        // One write per iteration counts only in a loop that walks a collection or a range; a while loop with one write
        // is often a service loop or a prompt.
        if (writes.Count == 1 && first.GetEnclosingLoop() is not (IForEachLoopOperation or IForLoopOperation))
        {
            return;
        }

        Report(context, first.Syntax, TinyIoKind.ConsoleInLoop, fixable, writes.Skip(1).Select(s => s.Syntax.GetLocation()), writes.Count);
    }

    /// <summary>True when nothing between <paramref name="write"/> and <paramref name="loop"/> makes it conditional.</summary>
    private static bool RunsOnEveryIteration(IOperation write, ILoopOperation loop)
    {
        for (var current = write.Parent; current is not null && current != loop; current = current.Parent)
        {
            if (current is IConditionalOperation or ISwitchCaseOperation or ICatchClauseOperation or ICoalesceOperation or IConditionalAccessOperation)
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsIterator(IOperation operation)
    {
        foreach (var node in operation.Syntax.DescendantNodesAndSelf())
        {
            if (node is Microsoft.CodeAnalysis.CSharp.Syntax.YieldStatementSyntax)
            {
                return true;
            }
        }

        return false;
    }
}
