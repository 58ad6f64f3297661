using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// IOP005: a loop whose awaited file or stream reads resume on a captured SynchronizationContext - one hop onto the
/// context's thread per await per iteration (claims C19, C20, C21). Reported once per outermost loop, only where a
/// context can be captured (libraries, UI apps; see <see cref="CapturedContext"/>).
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class AwaitedReadInLoopOnCapturedContextAnalyzer : DiagnosticAnalyzer
{
    /// <summary><c>dotnet_diagnostic.IOP005.context</c>: <c>auto</c> (libraries and UI apps) or <c>always</c>.</summary>
    public const string ContextOption = "context";

    /// <summary>
    /// A loop whose constants bound it to at most this many iterations is too short to report: 8 hops at the 4-6 us one
    /// costs here (E4) stay under 50 us, about what IOP008's break-even of 4 appends costs.
    /// </summary>
    public const int TooFewIterations = 8;

    /// <summary>For the fix: adding ConfigureAwait(false) keeps UI code on the UI thread.</summary>
    internal static readonly DiagnosticProperty<bool> CanConfigureAwait = DiagnosticProperty.Flag("CanConfigureAwait");

    /// <summary>For the fix: the loop can move into <c>await Task.Run(async () => ...)</c>.</summary>
    internal static readonly DiagnosticProperty<bool> CanMoveToThreadPool = DiagnosticProperty.Flag("CanMoveToThreadPool");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.AwaitedReadInLoopOnCapturedContext);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var reads = AsyncReads.Create(start.Compilation);
            if (reads is null)
            {
                return;
            }

            var capturedContext = CapturedContext.Create(start.Compilation, start.Options);
            var pacing = IoModel.For(start.Compilation).Pacing;

            // Loops are found from their awaited reads, which are far fewer than loops: walking every loop of async code
            // for awaits was the rule's main cost (duplicati's profile). Each loop is judged once, whichever of its reads
            // arrives first, and its first read reports.
            var loops = new ConcurrentDictionary<SyntaxNode, LoopVerdict?>();
            start.RegisterOperationAction(
                operationContext => AnalyzeAwait(operationContext, reads, capturedContext, pacing, loops),
                OperationKind.Await, OperationKind.Loop);
        });
    }

    private static void AnalyzeAwait(OperationAnalysisContext context, AsyncReads reads, CapturedContext capturedContext, Pacing pacing, ConcurrentDictionary<SyntaxNode, LoopVerdict?> loops)
    {
        var read = context.Operation;
        var isRead = read switch
        {
            IAwaitOperation { Operation: var awaited } => awaited.WalkDownConversions() is IInvocationOperation invocation && reads.IsRead(invocation.TargetMethod),
            ILoopOperation loop => IsAwaitForEachOverReads(loop, reads),
            _ => false,
        };
        if (!isRead || (read as ILoopOperation ?? read.GetEnclosingLoop())?.GetOutermostLoopOrSelf() is not { } outermost)
        {
            return;
        }

        if (!loops.TryGetValue(outermost.Syntax, out var verdict))
        {
            verdict = loops.GetOrAdd(outermost.Syntax, JudgeLoop(context, outermost, reads, capturedContext, pacing));
        }

        if (verdict is not null && verdict.First == read.Syntax)
        {
            GeneratedCode.Report(context, Diagnostic.Create(Rules.AwaitedReadInLoopOnCapturedContext, verdict.Location, verdict.Properties, verdict.Message));
        }
    }

    /// <summary>What a loop reports: its first awaited read (where the diagnostic is), and what the fix may do.</summary>
    private sealed class LoopVerdict
    {
        public LoopVerdict(SyntaxNode first, Location location, ImmutableDictionary<string, string?> properties, string message)
        {
            First = first;
            Location = location;
            Properties = properties;
            Message = message;
        }

        public SyntaxNode First { get; }

        public Location Location { get; }

        public ImmutableDictionary<string, string?> Properties { get; }

        public string Message { get; }
    }

    private static LoopVerdict? JudgeLoop(OperationAnalysisContext context, ILoopOperation loop, AsyncReads reads, CapturedContext capturedContext, Pacing pacing)
    {
        if (!loop.IsInAsyncFunction(context.ContainingSymbol) || loop.Syntax.ContainsDiagnostics)
        {
            return null;
        }

        var awaits = FindAwaitsOnContext(loop, reads, pacing, context.CancellationToken);
        if (awaits.Count == 0 ||
            !capturedContext.AppliesTo(loop.Syntax.SyntaxTree, context.Compilation, context.Options, RuleIdentifiers.AwaitedReadInLoopOnCapturedContext) ||
            capturedContext.IsExcludedType(context.ContainingSymbol.ContainingType) ||
            TestCode.IsTestMethod(context.ContainingSymbol) ||
            IoModel.For(context.Compilation).LoopLength.RunsAtMost(loop, TooFewIterations) ||
            RetryLoop.ReadsOncePerAttempt(loop, awaits, pacing, context.CancellationToken))
        {
            return null;
        }

        // Last, as it may read the whole type: code started on the thread pool has no context to resume on.
        var function = loop.GetEnclosingFunctionBody();
        if (RunsOnThreadPool(function, context.ContainingSymbol, context.CancellationToken))
        {
            return null;
        }

        // With ConfigureAwait(false) everything after the first await - the rest of the loop, its next iterations and
        // the code after it - runs on the thread pool: safe only if none of it touches UI objects.
        var canConfigureAwait = !UiAccess.Touches(function, loop.Syntax.SpanStart, capturedContext);
        var canMove = !UiAccess.Touches(loop, loop.Syntax.SpanStart, capturedContext) && LoopBody.CanMoveIntoLambda(loop, context.ContainingSymbol);

        var first = awaits[0];
        var location = first is IForEachLoopOperation { Syntax: ForEachStatementSyntax statement }
            ? statement.Expression.GetLocation()
            : first.Syntax.GetLocation();
        return new LoopVerdict(
            first.Syntax,
            location,
            CanMoveToThreadPool.With(CanConfigureAwait.With(ImmutableDictionary<string, string?>.Empty, canConfigureAwait), canMove),
            Rules.Plural(awaits.Count, nameof(Resources.IOP005_MessageOne), nameof(Resources.IOP005_MessageMany)));
    }

    /// <summary>A lambda, or a private or internal method, that only ever starts on the thread pool (see <see cref="ThreadPoolStart"/>).</summary>
    private static bool RunsOnThreadPool(IOperation function, ISymbol containingSymbol, CancellationToken cancellationToken)
    {
        if (function.SemanticModel is not { } model)
        {
            return false;
        }

        return function switch
        {
            IAnonymousFunctionOperation lambda => ThreadPoolStart.StartsLambda(lambda.Syntax, model, cancellationToken),
            ILocalFunctionOperation => false,
            _ => containingSymbol is IMethodSymbol method && ThreadPoolStart.StartsOnlyMethod(method, model.Compilation, cancellationToken),
        };
    }

    /// <summary>
    /// The awaits in the loop (nested loops included, lambdas and local functions not) that await a file or stream read
    /// that can suspend (not one from memory: <see cref="InMemoryReads"/>) without ConfigureAwait, and the <c>await foreach</c> loops over <c>File.ReadLinesAsync</c>, in source order.
    /// A foreach's collection is evaluated once, so an await there does not count.
    /// </summary>
    internal static List<IOperation> FindAwaitsOnContext(ILoopOperation loop, AsyncReads reads, Pacing pacing, CancellationToken cancellationToken)
    {
        var found = new List<IOperation>();
        if (IsAwaitForEachOverReads(loop, reads))
        {
            found.Add(loop);
        }

        var pending = new Stack<IOperation>();
        PushChildren(loop, pending);
        while (pending.Count > 0)
        {
            var operation = pending.Pop();
            switch (operation)
            {
                case IAnonymousFunctionOperation or ILocalFunctionOperation:
                    continue;
                case IAwaitOperation awaitOperation when awaitOperation.Operation.WalkDownConversions() is IInvocationOperation invocation &&
                                                         reads.IsRead(invocation.TargetMethod) && !IsChildProcessOutput(invocation, pacing) &&
                                                         !InMemoryReads.IsInMemory(invocation, cancellationToken):
                    found.Add(awaitOperation);
                    break;
                case ILoopOperation nested when IsAwaitForEachOverReads(nested, reads):
                    found.Add(nested);
                    break;
            }

            PushChildren(operation, pending);
        }

        found.Sort((a, b) => a.Syntax.SpanStart.CompareTo(b.Syntax.SpanStart));
        return found;

        static void PushChildren(IOperation operation, Stack<IOperation> pending)
        {
            var skip = operation is IForEachLoopOperation forEach ? forEach.Collection : null;
            foreach (var child in operation.ChildOperations)
            {
                if (child != skip)
                {
                    pending.Push(child);
                }
            }
        }
    }

    /// <summary>
    /// A read of <c>process.StandardOutput</c>/<c>StandardError</c> (the instance, or an extension method's first argument):
    /// a loop that reads a child process's output is paced by the process (its start, its run), not by context hops.
    /// </summary>
    private static bool IsChildProcessOutput(IInvocationOperation read, Pacing pacing) =>
        read.GetReceiver() is { } receiver &&
        pacing.IsChildProcessOutput(receiver);

    private static bool IsAwaitForEachOverReads(ILoopOperation loop, AsyncReads reads) =>
        loop is IForEachLoopOperation { IsAsynchronous: true, Collection: var collection } &&
        collection.WalkDownConversions() is IInvocationOperation { TargetMethod.Name: "ReadLinesAsync" } invocation &&
        SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, reads.File);
}
