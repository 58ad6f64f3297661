using System;
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
        var fileData = FileDataSource(loop);
        foreach (var operation in loop.OwnOperations())
        {
            // The loop's own source of lines or entries is read, buffered, as the loop goes: the writes are still what it costs.
            switch (operation == fileData ? LoopWork.Other : ConsoleOutput.Classify(operation, console))
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
                case LoopWork.ConsoleState when ChangesTheTerminal(operation):
                    // Colours, cursor moves, Clear and the like act on the terminal at once: text held in a buffer would
                    // come out in the wrong colour or place, so the advice cannot be followed (a text UI drawing a frame
                    // row by row with SetCursorPosition, found on the third held-out report set).
                    return;
                case LoopWork.ConsoleState:
                    // Reads of the console's state (WindowWidth, CursorLeft): the writes could be buffered, but a read
                    // of the cursor would then see where the buffered text has not gone yet.
                    fixable = false;
                    break;
                case LoopWork.NotJustOutput:
                    // Reads the console, waits, awaits, or does work of its own: the writes are not what the loop costs,
                    // and holding them back would change when they appear.
                    return;
            }
        }

        writes.Sort((a, b) => a.Syntax.SpanStart.CompareTo(b.Syntax.SpanStart));
        if (loop.WalksInnerExceptions())
        {
            // An exception dump prints one to three links once, on an error path (dnSpy's console, found on the fourth
            // held-out report set). Checked after the first-write exit: only one callback per loop walks it.
            return;
        }

        if (writes.Count == 0 || writes[0] != first || AreFewWrites(context, writes) ||
            !writes.Any(write => RunsOnEveryIteration(write, loop)))
        {
            // Writes that all sit in branches (an argument-parsing loop's error messages) are not a stream of output.
            return;
        }

        // One write per iteration counts only in a loop that walks a collection, a range or a file; a while loop with one
        // write is often a service loop or a prompt.
        var everyIteration = writes.Count(write => RunsOnEveryIteration(write, loop));
        if (writes.Count == 1 && first.GetEnclosingLoop() is not (IForEachLoopOperation or IForLoopOperation) && fileData is null)
        {
            return;
        }

        // The break-even (E3ConsoleBreakEven): the fix's 4,096-char writer costs about two Console writes, so it pays off
        // from a few writes on. When the loop's count is not in the code, one write per item over a handful of items (mods
        // listed at start-up, a split log message) stays below it: report only loops that write several times per
        // iteration, write from a nested loop, or walk a file's lines or a directory listing (data that is usually long).
        if (everyIteration < 2 && !HasConstantRepetitions(writes) && !writes.Any(write => write.GetEnclosingLoop() != loop) && fileData is null)
        {
            return;
        }

        Report(context, first.Syntax, TinyIoKind.ConsoleInLoop, fixable, writes.Skip(1).Select(s => s.Syntax.GetLocation()), writes.Count);
    }

    /// <summary>
    /// A call of a Console method other than a read of its state (SetCursorPosition, ResetColor, Clear, SetOut, ...), or a
    /// write of a Console property: <c>ForegroundColor = ...</c>, <c>CursorLeft += 2</c>, <c>CursorLeft++</c>,
    /// <c>(Console.CursorLeft, Console.CursorTop) = ...</c>.
    /// </summary>
    private static bool ChangesTheTerminal(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => invocation.TargetMethod.Name is not ("GetCursorPosition" or "Read" or "ReadKey" or "ReadLine"),
        _ => operation.Parent switch
        {
            IAssignmentOperation assignment => assignment.Target == operation,
            IIncrementOrDecrementOperation increment => increment.Target == operation,
            ITupleOperation { Parent: IDeconstructionAssignmentOperation deconstruction } tuple => deconstruction.Target == tuple,
            _ => false,
        },
    };

    private static bool HasConstantRepetitions(List<IInvocationOperation> writes) =>
        writes.All(write => write.GetOutermostLoop() is { } outermost && ConsoleOutput.GetConstantRepetitions(write, outermost) is not null);

    /// <summary>
    /// The call a loop gets its items from when they are a file's lines or a directory listing: the collection of a
    /// <c>foreach</c> over <c>File.ReadLines</c>/<c>ReadAllLines</c> or <c>Directory.Enumerate*</c>/<c>Get*</c>, or the
    /// <c>reader.ReadLine()</c> in a <c>while</c> condition.
    /// </summary>
    private static IInvocationOperation? FileDataSource(ILoopOperation loop)
    {
        var source = loop switch
        {
            IForEachLoopOperation forEach => forEach.Collection.WalkDownConversions(),
            IWhileLoopOperation { Condition: { } condition } => condition,
            _ => null,
        };
        if (source is null)
        {
            return null;
        }

        foreach (var operation in source.DescendantsAndSelf())
        {
            if (operation is IInvocationOperation invocation && ReadsFileData(invocation.TargetMethod))
            {
                return invocation;
            }
        }

        return null;
    }

    private static bool ReadsFileData(IMethodSymbol method)
    {
        if (method.ContainingType is not { } type || type.ContainingNamespace?.ToDisplayString() != "System.IO")
        {
            return false;
        }

        return type.Name switch
        {
            "File" => method.Name is "ReadLines" or "ReadAllLines",
            "Directory" or "DirectoryInfo" => method.Name.StartsWith("Enumerate", StringComparison.Ordinal) ||
                                              method.Name is "GetFiles" or "GetDirectories" or "GetFileSystemEntries" or "GetFileSystemInfos",
            "StringReader" => false, // lines of a string already in memory: a log message, a help text
            _ => method.Name == "ReadLine",
        };
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
