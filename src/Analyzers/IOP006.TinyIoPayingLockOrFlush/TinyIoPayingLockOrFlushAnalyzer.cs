using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers;

/// <summary>
/// IOP006: many small writes that each pay a lock or a flush (claims C16, C17, C18 and E3's .NET rows): console output
/// in a loop, a writer with <c>AutoFlush = true</c> written in a loop, <c>TextWriter.Synchronized</c> used from one
/// thread, and <c>ReadByte</c>/<c>WriteByte</c> loops on a FileStream whose buffer is turned off.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class TinyIoPayingLockOrFlushAnalyzer : DiagnosticAnalyzer
{
    /// <summary>
    /// <c>dotnet_diagnostic.IOP006.min_writes</c>: loops whose constant bounds make fewer writes than this are not
    /// reported (loops over data always are).
    /// </summary>
    public const string MinWritesOption = "min_writes";

    /// <summary>
    /// E3ConsoleBreakEven: a StreamWriter with a 4 Ki-char buffer created for the loop took 2.03x the time of one
    /// Console.Out-style write, 0.47x of four, 0.25x of eight (docs/rules/IOP006.md).
    /// </summary>
    public const int DefaultMinWrites = 4;

    /// <summary>Diagnostic property: which of the four shapes was found (<see cref="TinyIoKind"/>).</summary>
    public const string KindProperty = "Kind";

    /// <summary>Diagnostic property: "true" when the fix can be applied without changing what the code writes.</summary>
    public const string FixableProperty = "Fixable";

    /// <summary>Diagnostic property (unbuffered FileStreams): the buffer size the fix gives it - IOP002's minimum.</summary>
    public const string NewSizeProperty = "NewSize";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.TinyIoPayingLockOrFlush);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationStartAction(start =>
        {
            var types = WellKnownIoTypes.For(start.Compilation);
            var console = types.Console;
            var streams = types.File is not null && types.Stream is not null;

            // One invocation callback for both shapes that start at a call: a callback costs even when it returns at once.
            start.RegisterOperationAction(
                c =>
                {
                    var name = ((IInvocationOperation)c.Operation).TargetMethod.Name;
                    if (name is "Write" or "WriteLine" && console is not null)
                    {
                        AnalyzeConsoleWrite(c, console);
                    }
                    else if (name == "Synchronized" && streams)
                    {
                        AnalyzeSynchronized(c, types);
                    }
                },
                OperationKind.Invocation);

            if (streams)
            {
                start.RegisterOperationAction(c => AnalyzeCreation(c, types), OperationKind.ObjectCreation);
                start.RegisterOperationAction(c => AnalyzeAutoFlushStatement(c, types), OperationKind.SimpleAssignment);
            }
        });
    }

    // ---- Console output in a loop ------------------------------------------------------------------------------------

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
            CapturedContext.IsTestMethod(context.ContainingSymbol))
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

    // ---- AutoFlush writers and unbuffered FileStreams ------------------------------------------------------------------

    private static void AnalyzeCreation(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (creation.Type?.Name is not ("StreamWriter" or "FileStream") || creation.Syntax.ContainsDiagnostics ||
            CapturedContext.IsTestMethod(context.ContainingSymbol))
        {
            return;
        }

        if (WellKnownIoTypes.Is(creation.Type, types.StreamWriter))
        {
            foreach (var initializer in creation.Initializer?.Initializers ?? ImmutableArray<IOperation>.Empty)
            {
                if (IsAutoFlushTrue(initializer))
                {
                    AnalyzeAutoFlush(context, creation, initializer, types);
                }
            }
        }
        else if (WellKnownIoTypes.Is(creation.Type, types.FileStream))
        {
            AnalyzeUnbuffered(context, creation, types);
        }
    }

    /// <summary><c>writer.AutoFlush = true;</c> on a local holding a StreamWriter created in the same member.</summary>
    private static void AnalyzeAutoFlushStatement(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var assignment = (ISimpleAssignmentOperation)context.Operation;
        if (!IsAutoFlushTrue(assignment) || assignment.Parent is not IExpressionStatementOperation ||
            assignment.Target is not IPropertyReferenceOperation { Instance: ILocalReferenceOperation local } ||
            assignment.Syntax.ContainsDiagnostics || CapturedContext.IsTestMethod(context.ContainingSymbol) ||
            LocalValues.GetSingleAssignedValue(local.Local, assignment.GetRoot(), context.CancellationToken)?.WalkDownConversions() is not IObjectCreationOperation creation ||
            !WellKnownIoTypes.Is(creation.Type, types.StreamWriter))
        {
            return;
        }

        AnalyzeAutoFlush(context, creation, assignment, types);
    }

    private static bool IsAutoFlushTrue(IOperation operation) =>
        operation is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: "AutoFlush" }, Value.ConstantValue: { HasValue: true, Value: true } };

    /// <summary>A StreamWriter created here with <c>AutoFlush = true</c> and written in a loop: every write is a flush.</summary>
    private static void AnalyzeAutoFlush(OperationAnalysisContext context, IObjectCreationOperation creation, IOperation autoFlush, WellKnownIoTypes types)
    {
        var uses = FileUses.Collect(creation, types, context.Compilation, context.CancellationToken);
        var writesInLoops = uses.Uses
            .Where(use => use.Member is "Write" or "WriteLine" && use.Operation.IsRepeatedWithout(creation))
            .ToList();
        if (writesInLoops.Count == 0 || AreFewWrites(context, writesInLoops.Select(use => use.Operation)))
        {
            return;
        }

        // The fix drops AutoFlush and flushes after the loop: it needs the writer in a using-declared local (so disposal
        // still flushes everything) and each loop a statement in a block (to put Flush() after it).
        var fixable = uses.Holder is ILocalSymbol && IsDisposedByUsing(creation) &&
                      writesInLoops.All(use => use.Operation.GetOutermostLoop()?.Parent is IBlockOperation);
        Report(context, autoFlush.Syntax, TinyIoKind.AutoFlush, fixable, writesInLoops.Select(u => u.Operation.Syntax.GetLocation()), writesInLoops.Count);
    }

    private static bool IsDisposedByUsing(IObjectCreationOperation creation) =>
        creation.GetParentSkippingConversions(out _) is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } &&
        declarator.Parent?.Parent?.Parent is IUsingDeclarationOperation or IUsingOperation;

    /// <summary>ReadByte/WriteByte in a loop on a FileStream created with <c>bufferSize</c> 0 or 1: one system call per byte.</summary>
    private static void AnalyzeUnbuffered(OperationAnalysisContext context, IObjectCreationOperation creation, WellKnownIoTypes types)
    {
        if (FileOpening.TryCreate(creation, types, context.CancellationToken) is not { BufferSize: { } bufferSize } ||
            !LocalValues.TryGetInteger(bufferSize, context.CancellationToken, out var size, out _) || size is not (0 or 1))
        {
            return;
        }

        var uses = FileUses.Collect(creation, types, context.Compilation, context.CancellationToken);
        var byteLoops = uses.Uses
            .Where(use => use.Member is "ReadByte" or "WriteByte" &&
                          WellKnownIoTypes.DerivesFrom(use.Receiver.Type, types.FileStream) &&
                          use.Operation.IsRepeatedWithout(creation))
            .ToList();
        if (byteLoops.Count > 0 && !AreFewWrites(context, byteLoops.Select(use => use.Operation)))
        {
            var minimum = SmallIoBufferAnalyzer.GetMinimum(context.Options, creation.Syntax.SyntaxTree);
            Report(
                context,
                bufferSize.GetWrittenSyntax(),
                TinyIoKind.UnbufferedBytes,
                fixable: true,
                Enumerable.Empty<Location>(),
                byteLoops.Count,
                SmallIoBufferAnalyzer.GetNewSize(minimum).ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
    }

    // ---- TextWriter.Synchronized from one thread -----------------------------------------------------------------------

    /// <summary>
    /// <c>TextWriter.Synchronized(w)</c> kept in a local of this method, only written, in a loop, with no lambda, local
    /// function, task, thread or parallel construct in the method: every write takes a lock nobody else contends for.
    /// </summary>
    private static void AnalyzeSynchronized(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (invocation.TargetMethod.Name != "Synchronized" || !WellKnownIoTypes.Is(invocation.TargetMethod.ContainingType, types.TextWriter) ||
            invocation.Syntax.ContainsDiagnostics ||
            invocation.GetParentSkippingConversions(out _) is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator })
        {
            return;
        }

        var root = invocation.GetRoot();
        if (LocalValues.GetSingleAssignedValue(declarator.Symbol, root, context.CancellationToken) is null || MayRunConcurrently(root))
        {
            return;
        }

        var writesInLoops = new List<IOperation>();
        foreach (var operation in root.Descendants())
        {
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol))
            {
                continue;
            }

            switch (reference.Parent)
            {
                case IInvocationOperation { TargetMethod.Name: "Write" or "WriteLine" } write when write.Instance == reference:
                    if (write.IsRepeatedWithout(invocation))
                    {
                        writesInLoops.Add(write);
                    }

                    break;
                case IInvocationOperation { TargetMethod.Name: "Flush" or "Dispose" or "Close" } other when other.Instance == reference:
                case IUsingOperation:
                    break;
                default:
                    // Handed to other code, which may share it between threads.
                    return;
            }
        }

        if (writesInLoops.Count > 0 && !AreFewWrites(context, writesInLoops))
        {
            Report(context, invocation.Syntax, TinyIoKind.Synchronized, fixable: invocation.Arguments.Length == 1, Enumerable.Empty<Location>(), writesInLoops.Count);
        }
    }

    private static bool MayRunConcurrently(IOperation root)
    {
        foreach (var operation in root.Descendants())
        {
            switch (operation)
            {
                case IAnonymousFunctionOperation or ILocalFunctionOperation or IAwaitOperation:
                    return true;
                case IInvocationOperation { TargetMethod.ContainingNamespace: var ns } when ns?.ToDisplayString() is "System.Threading" or "System.Threading.Tasks":
                    return true;
                case IObjectCreationOperation { Type.ContainingNamespace: var ns } when ns?.ToDisplayString() is "System.Threading" or "System.Threading.Tasks":
                    return true;
            }
        }

        return false;
    }

    // ---- Shared ------------------------------------------------------------------------------------------------------

    /// <summary>
    /// True when every write runs a number of times the code states with constants, and together they make fewer than
    /// <c>min_writes</c> writes: creating a buffered writer would cost more than it saves.
    /// </summary>
    private static bool AreFewWrites(OperationAnalysisContext context, IEnumerable<IOperation> writes)
    {
        long total = 0;
        IOperation? any = null;
        foreach (var write in writes)
        {
            any = write;
            if (write.GetOutermostLoop() is not { } outermost || ConsoleOutput.GetConstantRepetitions(write, outermost) is not { } repetitions)
            {
                return false;
            }

            total += repetitions;
        }

        return any is not null &&
               total < RuleOptions.GetInt32(context.Options, any.Syntax.SyntaxTree, RuleIdentifiers.TinyIoPayingLockOrFlush, MinWritesOption, DefaultMinWrites, min: 0);
    }

    private static void Report(OperationAnalysisContext context, SyntaxNode at, TinyIoKind kind, bool fixable, IEnumerable<Location> additionalLocations, int count, string? newSize = null)
    {
        var properties = ImmutableDictionary<string, string?>.Empty
            .Add(KindProperty, kind.ToString())
            .Add(FixableProperty, fixable ? "true" : "false");
        if (newSize is not null)
        {
            properties = properties.Add(NewSizeProperty, newSize);
        }

        context.ReportDiagnostic(Diagnostic.Create(
            Rules.TinyIoPayingLockOrFlush,
            at.GetLocation(),
            additionalLocations,
            properties,
            string.Format(Rules.GetString("TinyIoPayingLockOrFlush" + kind).ToString(), count)));
    }
}

/// <summary>The four shapes IOP006 reports.</summary>
public enum TinyIoKind
{
    /// <summary>Console.Write/WriteLine (or Console.Out's) in a loop: a lock and a flush per call.</summary>
    ConsoleInLoop,

    /// <summary>A StreamWriter with AutoFlush = true written in a loop: a flush per call.</summary>
    AutoFlush,

    /// <summary>TextWriter.Synchronized used from one thread: a lock per call.</summary>
    Synchronized,

    /// <summary>ReadByte/WriteByte on a FileStream whose buffer is off: a system call per byte.</summary>
    UnbufferedBytes,
}
