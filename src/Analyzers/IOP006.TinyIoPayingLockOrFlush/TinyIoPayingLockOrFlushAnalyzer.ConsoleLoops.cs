using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

/// <summary>IOP006, first shape: Console output in a loop.</summary>
public sealed partial class TinyIoPayingLockOrFlushAnalyzer
{
    /// <summary>
    /// Console writes are looked at from the write (or from a call to one of the project's printing methods, when
    /// reaching across methods: <see cref="AnalyzePrinterCall"/>): only loops that contain one are walked. The outermost
    /// loop is judged once (the first of its writes to arrive judges it for all), and its first write reports.
    /// </summary>
    private static void AnalyzeConsoleWrite(OperationAnalysisContext context, IoModel model, Lazy<bool> consoleShapeApplies, ConsoleLoopVerdicts loops, ConsoleWritingMethods? printers)
    {
        var write = (IInvocationOperation)context.Operation;
        if (model.Types.Console is not { } console)
        {
            return;
        }

        if (ConsoleOutput.IsStandardOutputWrite(write, console))
        {
            if (write.GetOutermostLoop() is { } loop && consoleShapeApplies.Value)
            {
                JudgeAndReport(context, write, loop, model, loops, printers);
            }
        }
        else if (IsPrinterCall(write, printers))
        {
            AnalyzePrinterCall(context, model, consoleShapeApplies, loops, printers!); // a project method named Write or WriteLine
        }
    }

    /// <summary>
    /// A call to one of the project's methods judges its loop only when that method prints (summarised once), and only
    /// outside test projects. The method's declaration is looked at (once per method) before the compilation is asked
    /// for its Console type and whether it is a test project: a void method of the project called as a statement in a
    /// loop is in most compilations, a printer in few.
    /// </summary>
    private static void AnalyzePrinterCall(OperationAnalysisContext context, IoModel model, Lazy<bool> consoleShapeApplies, ConsoleLoopVerdicts loops, ConsoleWritingMethods printers)
    {
        var call = (IInvocationOperation)context.Operation;
        if (call.GetOutermostLoop() is { } loop &&
            printers.MayHaveOne(call.TargetMethod, context.CancellationToken) &&
            consoleShapeApplies.Value &&
            printers.Of(call.TargetMethod, context.CancellationToken) is not null)
        {
            JudgeAndReport(context, call, loop, model, loops, printers);
        }
    }

    private static void JudgeAndReport(OperationAnalysisContext context, IInvocationOperation write, ILoopOperation loop, IoModel model, ConsoleLoopVerdicts loops, ConsoleWritingMethods? printers)
    {
        if (!loops.Judged.TryGetValue(loop.Syntax, out var verdict))
        {
            verdict = loops.Judged.GetOrAdd(loop.Syntax, JudgeConsoleLoop(context, loop, model, printers, loops));
        }

        if (verdict is not null && verdict.First == write.Syntax)
        {
            if (verdict.Printers is { } names)
            {
                ReportThroughPrinters(context, write.Syntax, verdict.Others, verdict.Count, names);
                return;
            }

            Report(context, write.Syntax, TinyIoKind.ConsoleInLoop, verdict.Fixable, verdict.Others, verdict.Count);
        }
    }

    /// <summary>
    /// A statement calling a void method of the compilation (the cheap checks; the summary is asked after them). Whether
    /// it returns void comes last: for a referenced library's method that decodes its signature.
    /// </summary>
    private static bool IsPrinterCall(IInvocationOperation call, ConsoleWritingMethods? printers) =>
        printers is not null && call.Parent is IExpressionStatementOperation && printers.IsCandidate(call.TargetMethod) &&
        call.TargetMethod.ReturnsVoid;

    /// <summary>
    /// A loop whose Console writes are partly or wholly made by the project's printing methods: no fix (the writes are in
    /// those methods, which need a writer to be handed to them), and the message names them.
    /// </summary>
    private static void ReportThroughPrinters(OperationAnalysisContext context, SyntaxNode at, Location[] others, int count, string names) =>
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.TinyIoPayingLockOrFlush,
            at.GetLocation(),
            others,
            Fixable.With(Kind.With(ImmutableDictionary<string, string?>.Empty, TinyIoKind.ConsoleInLoop), false),
            count == 1 ? Rules.Format(nameof(Resources.IOP006_ConsoleInLoopThroughOne), names) : Rules.Format(nameof(Resources.IOP006_ConsoleInLoopThroughMany), count, names)));

    /// <summary>What a console loop reports: its first write, the others, and whether the fix can be applied; null when nothing.</summary>
    private sealed class ConsoleLoop
    {
        public ConsoleLoop(SyntaxNode first, Location[] others, int count, bool fixable, string? printers)
        {
            First = first;
            Others = others;
            Count = count;
            Fixable = fixable;
            Printers = printers;
        }

        public SyntaxNode First { get; }

        public Location[] Others { get; }

        /// <summary>The writes per run of the loop's body as the code states them (a printing method's count for each call to it).</summary>
        public int Count { get; }

        public bool Fixable { get; }

        /// <summary>The printing methods the loop calls ("'PrintRow'", "'PrintRow', 'PrintTotal'"); null when it writes only itself.</summary>
        public string? Printers { get; }
    }

    private static ConsoleLoop? JudgeConsoleLoop(OperationAnalysisContext context, ILoopOperation loop, IoModel model, ConsoleWritingMethods? printers, ConsoleLoopVerdicts verdicts)
    {
        if (loop.Syntax.ContainsDiagnostics || TestCode.IsTestMethod(context.ContainingSymbol))
        {
            return null;
        }

        var writes = new List<IInvocationOperation>();
        var fixable = true;
        Dictionary<IInvocationOperation, string>? printerCalls = null;
        var fileData = FileDataSource(loop);
        var runsOnce = RunsOnceBeforeTheLoop(loop);
        foreach (var operation in loop.OwnOperations())
        {
            // A foreach's array and a for's initialisers are made once, before the first iteration: a project method that
            // finds the folder to list (docfx's GetTemplateBaseDirectory(), found on issue 33's report half) is not work
            // the loop repeats.
            if (runsOnce.Any(header => header.Syntax.Span.Contains(operation.Syntax.Span)))
            {
                continue;
            }

            // A call to a printing method counts as the writes it makes on every call (the method's arguments are still
            // looked at, as the loop's own operations).
            if (operation is IInvocationOperation call && IsPrinterCall(call, printers) &&
                printers!.Of(call.TargetMethod, context.CancellationToken) is { } printer)
            {
                for (var i = 0; i < printer.Writes; i++)
                {
                    writes.Add(call);
                }

                printerCalls ??= new Dictionary<IInvocationOperation, string>();
                printerCalls[call] = printer.Method.Name;
                continue;
            }

            // The loop's own source of lines or entries is read, buffered, as the loop goes: the writes are still what it costs.
            switch (operation == fileData ? LoopWork.Other : ConsoleOutput.Classify(operation, model))
            {
                case LoopWork.StandardOutputWrite:
                    writes.Add((IInvocationOperation)operation);
                    break;
                case LoopWork.ConsoleState when ConsoleOutput.ChangesTheTerminal(operation):
                    // Colours, cursor moves, Clear and the like act on the terminal at once: text held in a buffer would
                    // come out in the wrong colour or place, so the advice cannot be followed (a text UI drawing a frame
                    // row by row with SetCursorPosition, found on the third held-out report set).
                    return null;
                case LoopWork.ConsoleState:
                    // Reads of the console's state (WindowWidth, CursorLeft): the writes could be buffered, but a read
                    // of the cursor would then see where the buffered text has not gone yet.
                    fixable = false;
                    break;
                case LoopWork.NotJustOutput:
                    // Reads the console, waits, awaits, or does work of its own: the writes are not what the loop costs,
                    // and holding them back would change when they appear.
                    return null;
            }
        }

        // A write whose iteration then leaves the loop runs once per loop at most: an argument-parsing loop's usage text
        // before `return -1` (a printing method's, found on issue 33's fourth development half).
        writes.RemoveAll(write => EndsTheLoop(write, loop));
        if (printerCalls is not null && !writes.Exists(printerCalls.ContainsKey))
        {
            // The printers are called only on the way out of the loop: the message is the loop's own, but the fix would
            // buffer the loop's writes while the printer's went out at once, before them.
            printerCalls = null;
            fixable = false;
        }
        writes.Sort((a, b) => a.Syntax.SpanStart.CompareTo(b.Syntax.SpanStart));

        // An exception dump prints one to three links once, on an error path (dnSpy's console, found on the fourth
        // held-out report set; an AggregateException's InnerExceptions, on a fresh set since).
        if (writes.Count == 0 || model.LoopLength.WalksExceptionChain(loop) || AreFewWrites(context, writes) ||
            !writes.Any(write => RunsOnEveryIteration(write, loop)))
        {
            // Writes that all sit in branches (an argument-parsing loop's error messages) are not a stream of output.
            return null;
        }

        // One write per iteration counts only in a loop that walks a collection, a range or a file; a while loop with one
        // write is often a service loop or a prompt.
        var everyIteration = writes.Count(write => RunsOnEveryIteration(write, loop));
        if (writes.Count == 1 && writes[0].GetEnclosingLoop() is not (IForEachLoopOperation or IForLoopOperation) && fileData is null)
        {
            return null;
        }

        // The break-even (E3ConsoleBreakEven): the fix's 4,096-char writer costs about two Console writes, so it pays off
        // from a few writes on. When the loop's count is not in the code, one write per item over a handful of items (mods
        // listed at start-up, a split log message) stays below it: report only loops that write several times per
        // iteration, write from a nested loop, or walk a file's lines or a directory listing (data that is usually long).
        if (everyIteration < 2 && !HasConstantRepetitions(writes, model.LoopLength) && !writes.Any(write => write.GetEnclosingLoop() != loop) && fileData is null)
        {
            return null;
        }

        var others = writes.Select(write => write.Syntax).Distinct().Skip(1).Select(syntax => syntax.GetLocation()).ToArray();
        if (printerCalls is not null)
        {
            // Named in the order the loop calls them.
            var names = writes.Where(printerCalls.ContainsKey).Select(call => printerCalls[call]).Distinct();
            return new ConsoleLoop(writes[0].Syntax, others, writes.Count, fixable: false, string.Join(", ", names.Select(name => $"'{name}'")));
        }

        // Last, as it reads the loop's syntax: a yield return would hand the buffered writer's text to the caller unflushed.
        return new ConsoleLoop(writes[0].Syntax, others, writes.Count, fixable && !IsIterator(loop) && verdicts.FixKeepsTheOutput(context.CancellationToken), printers: null);
    }

    private static ImmutableArray<IOperation> RunsOnceBeforeTheLoop(ILoopOperation loop) => loop switch
    {
        // An array is complete before the first iteration; a lazy sequence runs its code (a console prompt, a blocking
        // take) on every one.
        IForEachLoopOperation forEach when forEach.Collection.WalkDownConversions().Type is IArrayTypeSymbol => ImmutableArray.Create(forEach.Collection),
        IForLoopOperation forLoop => forLoop.Before,
        _ => ImmutableArray<IOperation>.Empty,
    };

    private static bool HasConstantRepetitions(List<IInvocationOperation> writes, LoopLength loopLength) =>
        writes.All(write => write.GetOutermostLoop() is { } outermost && loopLength.ConstantRepetitions(write, outermost) is not null);

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

        foreach (var operation in source.AllOperations())
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
        // Names first: this runs for every call in the header of a loop that writes to the console.
        if (method.Name is not ("ReadLines" or "ReadAllLines" or "GetFiles" or "GetDirectories" or "GetFileSystemEntries" or "GetFileSystemInfos" or "ReadLine") &&
            !method.Name.StartsWith("Enumerate", StringComparison.Ordinal))
        {
            return false;
        }

        if (method.ContainingType is not { } type || type.ContainingNamespace is not { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } })
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

    /// <summary>
    /// A <c>return</c>, <c>throw</c> or <c>break</c> out of <paramref name="loop"/> follows <paramref name="write"/> in a block
    /// around it inside the loop (not around an inner loop, which repeats the write, and not a <c>throw</c> caught in the
    /// loop): the iteration that writes is the last.
    /// </summary>
    private static bool EndsTheLoop(IOperation write, ILoopOperation loop)
    {
        IOperation child = write;
        for (var current = write.Parent; current is not null && current != loop; child = current, current = current.Parent)
        {
            if (current is ILoopOperation)
            {
                return false;
            }

            if (current is not IBlockOperation block)
            {
                continue;
            }

            var after = false;
            foreach (var statement in block.Operations)
            {
                if (after && (statement.LeavesLoop(loop) ||
                              (statement is IThrowOperation or IExpressionStatementOperation { Operation: IThrowOperation } && !statement.CatchingTries(stopAt: loop).Any())))
                {
                    return true;
                }

                after |= statement == child;
            }
        }

        return false;
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

    /// <summary>
    /// Per compilation: each console loop's verdict (judged once, whichever of its writes the driver hands over first),
    /// and whether the console fix keeps the program's output there (asked once, at the first loop the fix could take).
    /// </summary>
    private sealed class ConsoleLoopVerdicts
    {
        private readonly Compilation _compilation;
        private readonly IoModel _model;
        private readonly AnalyzerOptions _options;
        private int _fixKeepsTheOutput; // 0: not asked yet, 1: no, 2: yes

        public ConsoleLoopVerdicts(Compilation compilation, IoModel model, AnalyzerOptions options)
        {
            _compilation = compilation;
            _model = model;
            _options = options;
        }

        public ConcurrentDictionary<SyntaxNode, ConsoleLoop?> Judged { get; } = new();

        /// <summary>Asked with the asking callback's cancellation token; only a finished answer is kept.</summary>
        public bool FixKeepsTheOutput(System.Threading.CancellationToken cancellationToken)
        {
            var known = System.Threading.Volatile.Read(ref _fixKeepsTheOutput);
            if (known == 0)
            {
                known = ConsoleFixKeepsTheBytes(_model, _options) && !CompilationText.Mentions(_compilation, WatchedWords.ConsoleRedirects, cancellationToken) ? 2 : 1;
                System.Threading.Volatile.Write(ref _fixKeepsTheOutput, known);
            }

            return known == 2;
        }
    }

    /// <summary>
    /// The console fix's writer prints exactly what the console's did only on .NET Core and .NET 5+, whose
    /// <c>Console.Out.Encoding</c> has no preamble: on .NET Framework (mscorlib's Console, or a .NET Standard library's,
    /// which may run there) it keeps a UTF-8 console's byte-order mark, and a new writer would print it mid-output.
    /// </summary>
    private static bool ConsoleFixKeepsTheBytes(IoModel model, AnalyzerOptions options) =>
        model.Types.Console?.ContainingAssembly.Name == "System.Console" &&
        !RuleOptions.AlsoTargetsNetFrameworkOrNetStandard(options);
}
