using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP001.AsyncFileUsedSynchronously;

/// <summary>
/// IOP001: a file opened for asynchronous I/O (<c>FileOptions.Asynchronous</c>, <c>useAsync: true</c>,
/// <c>isAsync: true</c>, <c>FileStreamOptions.Options</c>) that is then only read and written synchronously
/// (claims C2, C3, C5). On Windows such a file does overlapped I/O and every synchronous call waits for it.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class AsyncFileUsedSynchronouslyAnalyzer : DiagnosticAnalyzer
{
    /// <summary>For the fix: the flag is a <c>useAsync</c>/<c>isAsync</c> bool (else a <c>FileOptions</c> value).</summary>
    internal static readonly DiagnosticProperty<bool> FlagIsBoolean = DiagnosticProperty.Flag("FlagIsBoolean");

    /// <summary>For the fix: every synchronous use has an asynchronous form that can be awaited where it is.</summary>
    internal static readonly DiagnosticProperty<bool> CanUseAsync = DiagnosticProperty.Flag("CanUseAsync");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.AsyncFileUsedSynchronously);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var types = WellKnownIoTypes.For(start.Compilation);
            if (types.File is null || types.FileStream is null)
            {
                return;
            }

            start.RegisterOperationAction(operationContext => Analyze(operationContext, types), OperationKind.ObjectCreation);
            start.RegisterOperationAction(operationContext => Analyze(operationContext, types), OperationKind.Invocation);
        });
    }

    private static void Analyze(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var operation = context.Operation;
        if (!MayOpenFile(operation) ||
            FileOpening.TryCreate(operation, types, context.CancellationToken) is not { Async: AsyncMode.Asynchronous, AsyncFlag: { } flag } opening ||
            operation.Syntax.ContainsDiagnostics ||
            operation.IsInsideExpressionTree(types))
        {
            return;
        }

        AnalyzeAsyncOpening(context, types, operation, opening, flag);
    }

    // Kept apart from Analyze, which runs for every creation and call: the lambda below captures the context, and a
    // captured parameter makes the compiler allocate the closure on entry to the method - on every call, not only here.
    private static void AnalyzeAsyncOpening(OperationAnalysisContext context, WellKnownIoTypes types, IOperation operation, FileOpening opening, IOperation flag)
    {
        var uses = FileUses.Collect(operation, types, context.Compilation, context.CancellationToken, throughLambdasAndBaseStream: true);
        if (uses.Escapes && context.ContainingSymbol is IMethodSymbol factory && IoModel.For(context.Compilation).ReachesAcrossMethods(context.Options) &&
            IsOnlyReturned(operation, context.CancellationToken))
        {
            AnalyzeReturnedOpening(context, types, operation, opening, flag, factory);
            return;
        }

        if (uses.Escapes || uses.Uses.Count == 0)
        {
            return;
        }

        var synchronous = new List<FileUse>();
        foreach (var use in uses.Uses)
        {
            if (use.Kind == FileUseKind.AsynchronousIo)
            {
                return;
            }

            synchronous.Add(use);
        }

        var canUseAsync = synchronous.All(use => CanAwaitInPlace(use, types, context.ContainingSymbol, context.CancellationToken));
        var properties = CanUseAsync.With(FlagIsBoolean.With(ImmutableDictionary<string, string?>.Empty, opening.AsyncFlagIsBoolean), canUseAsync);
        var name = uses.Holder?.Name ?? (opening.IsHandle ? "The file handle" : "The file");
        var members = string.Join(", ", synchronous.Select(use => use.Member).Distinct());

        // Reported inside the opening call (the flag, or the options argument it came in through), so the diagnostic
        // belongs to the statement that opens the file; the flag itself is the first additional location, for the fix.
        var flagSyntax = flag.GetWrittenSyntax();
        var reportedAt = operation.Syntax.Span.Contains(flagSyntax.Span) ? flagSyntax : GetOptionsArgument(operation)?.Syntax ?? operation.Syntax;
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.AsyncFileUsedSynchronously,
            reportedAt.GetLocation(),
            new[] { flagSyntax.GetLocation() }.Concat(synchronous.Select(use => use.Operation.Syntax.GetLocation())),
            properties,
            name,
            members));
    }

    /// <summary>
    /// A file opened for asynchronous I/O by a factory method of the compilation and handed back to its callers: when
    /// every caller is in sight (<see cref="MethodUses"/>: a private or internal method nothing else can call) and each
    /// one only reads or writes the file synchronously, the flag costs every call (C2, C3) as if the caller had opened the
    /// file itself. Reported on the flag, naming the method; the fix that opens the file synchronously applies as in
    /// one method, the one that awaits the asynchronous methods does not (the uses are in the callers).
    /// </summary>
    private static void AnalyzeReturnedOpening(OperationAnalysisContext context, WellKnownIoTypes types, IOperation operation, FileOpening opening, IOperation flag, IMethodSymbol factory)
    {
        if (IoModel.For(context.Compilation).MethodUses.Of(factory, context.CancellationToken) is not { Length: > 0 } calls)
        {
            return;
        }

        var members = new List<string>();
        foreach (var call in calls)
        {
            // factory(...) or x.factory(...): a method group handed on, or a call in code that does not bind, ends it.
            var invocation = call.Name.Parent is MemberAccessExpressionSyntax access && access.Name == call.Name ? access.Parent : call.Name.Parent;
            if (invocation is not InvocationExpressionSyntax || call.Model.GetOperation(invocation, context.CancellationToken) is not IInvocationOperation opened)
            {
                return;
            }

            var uses = FileUses.Collect(opened, types, context.Compilation, context.CancellationToken, throughLambdasAndBaseStream: true);
            if (uses.Escapes)
            {
                return;
            }

            foreach (var use in uses.Uses)
            {
                if (use.Kind == FileUseKind.AsynchronousIo)
                {
                    return;
                }

                members.Add(use.Member);
            }
        }

        if (members.Count == 0)
        {
            return;
        }

        var flagSyntax = flag.GetWrittenSyntax();
        var reportedAt = operation.Syntax.Span.Contains(flagSyntax.Span) ? flagSyntax : GetOptionsArgument(operation)?.Syntax ?? operation.Syntax;
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.AsyncFileUsedSynchronously,
            reportedAt.GetLocation(),
            new[] { flagSyntax.GetLocation() },
            // Opening it synchronously is safe: every caller reads and writes synchronously. The asynchronous methods would
            // have to be awaited in the callers' code, which this diagnostic does not point at.
            CanUseAsync.With(FlagIsBoolean.With(ImmutableDictionary<string, string?>.Empty, opening.AsyncFlagIsBoolean), false),
            Rules.Format(nameof(Resources.IOP001_ReturnedBy), factory.Name),
            string.Join(", ", members.Distinct())));
    }

    /// <summary>The opening is returned by its method, directly or through a local it only returns (not from a lambda).</summary>
    private static bool IsOnlyReturned(IOperation opening, CancellationToken cancellationToken)
    {
        var parent = opening.GetParentSkippingConversions(out _);
        if (parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator })
        {
            var root = opening.GetRoot();
            if (LocalValues.GetSingleAssignedValue(declarator.Symbol, root, cancellationToken) is null)
            {
                return false;
            }

            foreach (var reference in LocalReferences.Of(root).Of(declarator.Symbol))
            {
                if (reference is ILocalReferenceOperation read && read.GetParentSkippingConversions(out _) is not IReturnOperation)
                {
                    return false;
                }
            }

            return opening.GetEnclosingFunctionBody() == root;
        }

        return parent is IReturnOperation { Kind: OperationKind.Return } && opening.GetEnclosingFunctionBody() == opening.GetRoot();
    }

    /// <summary>Cheap syntactic filter before binding anything: the creations and calls that can open a file.</summary>
    private static bool MayOpenFile(IOperation operation) => operation switch
    {
        IObjectCreationOperation creation => creation.Type?.Name is "FileStream" or "StreamReader" or "StreamWriter",
        IInvocationOperation invocation => invocation.TargetMethod.Name is "Open" or "Create" or "OpenHandle",
        _ => false,
    };

    /// <summary>The argument a <c>FileOptions</c> or <c>FileStreamOptions</c> value came in through.</summary>
    private static IArgumentOperation? GetOptionsArgument(IOperation opening) => opening switch
    {
        IObjectCreationOperation creation => creation.Arguments.GetArgument("options"),
        IInvocationOperation invocation => invocation.Arguments.GetArgument("options"),
        _ => null,
    };

    /// <summary>
    /// True when <paramref name="use"/> has an asynchronous form and an <c>await</c> is allowed where it stands: in an
    /// <c>async</c> method, lambda or local function, outside <c>lock</c>.
    /// </summary>
    private static bool CanAwaitInPlace(FileUse use, WellKnownIoTypes types, ISymbol containingSymbol, CancellationToken cancellationToken)
    {
        // stream?.Read(...) would become await stream?.ReadAsync(...), which throws on null instead of skipping.
        if (use.Receiver is IConditionalAccessInstanceOperation || !AsyncForms.TryGet(use.Operation, types, out _))
        {
            return false;
        }

        // A use through a private field may sit in another member than the one that opened the file: ask for its own.
        var member = use.Operation.SemanticModel?.GetEnclosingSymbol(use.Operation.Syntax.SpanStart, cancellationToken) as IMethodSymbol ?? containingSymbol;
        if (!use.Operation.IsInAsyncFunction(member))
        {
            return false;
        }

        return !use.Operation.IsInsideLock();
    }
}
