using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP008.FileReopenedForEachAppend;

/// <summary>
/// IOP008: <c>File.AppendAllText</c> / <c>AppendAllLines</c> (and their async forms) called in a loop that appends to the
/// same file on every iteration. Each call opens the file, seeks to its end, writes, flushes and closes it; one
/// <c>StreamWriter</c> opened before the loop writes the same bytes for a fraction of the cost (claims C26, C27).
/// </summary>
/// <remarks>
/// The loop is analysed once, with all its appends: the fix needs every append to the file (one writer serves them all),
/// so each diagnostic carries the loop and the whole group as additional locations.
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class FileReopenedForEachAppendAnalyzer : DiagnosticAnalyzer
{
    /// <summary>A constant bound at or below this many iterations is too few to report (4 appends cost about 56 us, E6).</summary>
    public const int TooFewIterations = 4;

    /// <summary>
    /// For the fix: no append of the group is inside a try with catch clauses in the loop, and none is awaited with
    /// ConfigureAwait(ConfigureAwaitOptions). Such an append is reported (each iteration still opens the file) but not
    /// rewritten: its errors are handled per iteration, and through a writer they would surface outside that try (where
    /// the writer is opened, flushed or disposed).
    /// </summary>
    internal static readonly DiagnosticProperty<bool> Fixable = DiagnosticProperty.Flag("Fixable");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.FileReopenedForEachAppend);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var types = WellKnownIoTypes.For(start.Compilation);
            if (types.File is null || !CompilationText.MayTrigger(start.Compilation, WatchedWords.Appends, start.Options, RuleOptions.ReachesAcrossMethods(start.Options), start.CancellationToken))
            {
                return;
            }

            // Loops are found from their appends: most loops have none, and walking every loop's operations costs more
            // than a name check on every invocation. Each loop is analysed once, with all its appends, and each append
            // then reports its own diagnostic (a diagnostic is reported by the callback of the operation it is on).
            var loops = new LoopVerdicts();
            var model = IoModel.For(start.Compilation);
            var appends = model.ReachesAcrossMethods(start.Options) ? model.Appends : null; // once per compilation
            start.RegisterOperationAction(operationContext => AnalyzeInvocation(operationContext, types, loops, appends), OperationKind.Invocation);
        });
    }

    // Kept free of lambdas: a lambda capturing the loop would allocate its closure on every invocation of the build.
    private static void AnalyzeInvocation(OperationAnalysisContext context, WellKnownIoTypes types, LoopVerdicts loops, AppendingMethods? appends)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (!FileAppend.IsAppendName(invocation.TargetMethod.Name) ||
            !WellKnownIoTypes.Is(invocation.TargetMethod.ContainingType, types.File))
        {
            // Whether the method returns void last: for a referenced library's method that decodes its signature.
            if (appends is not null && invocation.Parent is IExpressionStatementOperation &&
                appends.IsCandidate(invocation.TargetMethod) && invocation.TargetMethod.ReturnsVoid &&
                invocation.GetEnclosingLoop() is { } callingLoop)
            {
                AnalyzeCallThatAppends(context, invocation, callingLoop, loops);
            }

            return;
        }

        if (invocation.GetEnclosingLoop() is not { } loop)
        {
            return;
        }

        if (!loops.Appends.TryGetValue(loop.Syntax, out var group))
        {
            group = loops.Appends.GetOrAdd(loop.Syntax, ReportableGroup(loop, IoModel.For(context.Compilation), context.Compilation));
        }

        if (group is not null && group.Find(invocation.Syntax) is { } append)
        {
            Report(context, group, append);
        }
    }

    /// <summary>
    /// A loop's call to a method of the compilation that appends to one file on every call (<see cref="AppendingMethods"/>:
    /// a <c>Log(message)</c> over <c>File.AppendAllText(LogPath, message)</c>): reported at the call, with the silences
    /// of an append in place - a loop that waits or runs a few times, a yield, a lock around the call, other files
    /// changed in the loop, the same file used by anything else the loop runs, a per-object path on an object the loop
    /// may change - and without a fix (the method needs a writer that lives as long as the loop, or a batch overload).
    /// </summary>
    private static void AnalyzeCallThatAppends(OperationAnalysisContext context, IInvocationOperation call, ILoopOperation loop, LoopVerdicts loops)
    {
        var model = IoModel.For(context.Compilation);
        if (call.Syntax.ContainsDiagnostics ||
            model.Appends.Of(call.TargetMethod, context.CancellationToken) is not { } appending ||
            FileKey.Of(appending.Path) is not { } key ||
            IsLockedInsideLoop(call, loop) ||
            (appending.PathIsPerObject && !IsTheSameObjectEveryIteration(call, loop, loops)))
        {
            return;
        }

        // Judged once per loop, and once per loop and method: a loop that logs N times is walked a bounded number of times.
        var calls = loops.Calls.GetOrAdd(loop.Syntax, _ => new ConcurrentDictionary<IMethodSymbol, bool>(SymbolEqualityComparer.Default));
        if (!calls.TryGetValue(call.TargetMethod, out var reportable))
        {
            reportable = calls.GetOrAdd(call.TargetMethod, IsLoopThatMayKeepAWriter(loop, model, call.TargetMethod) &&
                                                          !key.IsUsedElsewhereThan(call.TargetMethod, loop, loop.GetRoot(), context.Compilation));
        }

        if (!reportable)
        {
            return;
        }

        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.FileReopenedForEachAppend,
            call.Syntax.GetLocation(),
            ImmutableArray.Create(loop.Syntax.GetLocation()),
            Fixable.With(ImmutableDictionary<string, string?>.Empty, false),
            appending.Describe(),
            appending.Path.Syntax.ToString()));
    }

    /// <summary>
    /// The loop-wide silences of an append, for a loop that calls an appending method: it waits, runs a few times,
    /// yields, appends itself, or its own code changes files (the project's calls are not followed here: the appending
    /// method's are the append, and the others' uses of the file are <see cref="FileKey.IsUsedElsewhereThan"/>'s).
    /// </summary>
    private static bool IsLoopThatMayKeepAWriter(ILoopOperation loop, IoModel model, IMethodSymbol appendingMethod) =>
        !loop.Syntax.ContainsDiagnostics &&
        AppendsOf(loop, model.Types) is { Count: 0 } &&
        !model.Pacing.Waits(loop) &&
        !model.LoopLength.RunsAtMost(loop, TooFewIterations) &&
        !YieldsInside(loop) &&
        !model.Effects.MayChange(FileKey.LoopOperationsBesides(loop, appendingMethod), AnyKnownChange.Instance, followCalls: false);

    /// <summary>
    /// The call's object is <c>this</c>, a readonly field of this object or a static one, or a local or parameter
    /// declared outside the loop that the loop does not write.
    /// </summary>
    private static bool IsTheSameObjectEveryIteration(IInvocationOperation call, ILoopOperation loop, LoopVerdicts loops)
    {
        object? variable = call.Instance?.WalkDownConversions() switch
        {
            null or IInstanceReferenceOperation => null,
            IFieldReferenceOperation { Field.IsReadOnly: true, Instance: null or IInstanceReferenceOperation } => null,
            ILocalReferenceOperation local when !local.Local.IsDeclaredIn(loop) => local.Local,
            IParameterReferenceOperation parameter => parameter.Parameter,
            var other => (object)other, // anything else: not known to be the same object
        };
        if (variable is null)
        {
            return true;
        }

        if (variable is not ISymbol symbol)
        {
            return false;
        }

        // Once per loop and variable: a loop that calls logger.Log N times walks the loop once for the logger.
        var stable = loops.Receivers.GetOrAdd(loop.Syntax, _ => new ConcurrentDictionary<ISymbol, bool>(SymbolEqualityComparer.Default));
        if (!stable.TryGetValue(symbol, out var unchanged))
        {
            unchanged = stable.GetOrAdd(symbol, !loop.AllOperations().Any(operation =>
                operation is ILocalReferenceOperation or IParameterReferenceOperation && SymbolEqualityComparer.Default.Equals(operation.GetReferencedSymbol(), symbol) && LocalValues.IsWrite(operation)));
        }

        return unchanged;
    }

    /// <summary>The appends of <paramref name="loop"/>, all to one file, when the rule reports them; else null.</summary>
    private static AppendGroup? ReportableGroup(ILoopOperation loop, IoModel model, Compilation compilation)
    {
        // A loop that waits appends at the pace of what it waits for (a heartbeat, a queue, a socket), and a handful of
        // appends costs a handful of opens: E6 measured about 14 us per append, the cost one writer saves per iteration.
        if (AppendsOf(loop, model.Types) is not { Count: > 0 } appends ||
            loop.Syntax.ContainsDiagnostics ||
            model.Pacing.Waits(loop) ||
            model.LoopLength.RunsAtMost(loop, TooFewIterations) ||
            YieldsInside(loop))
        {
            // A yield return hands control to the caller mid-loop, with the file still open and its last lines buffered.
            return null;
        }

        // One file per loop: two paths may name one file ("log.txt" and "./log.txt", two variables, a case-insensitive
        // file system), and a writer held open on it would lose or scramble the other appends.
        var group = GroupOfOneFile(appends);
        if (group is null || ChangesOtherFiles(loop, group, model))
        {
            return null;
        }

        var root = loop.GetRoot();
        if (!IsReportable(group, loop, root, compilation))
        {
            return null;
        }

        group.IsFixable = group.Appends.All(append => !IsCaughtInsideLoop(append, loop) && ConfigureAwaitTakesABool(append));
        group.Complete(loop);
        return group;
    }

    private static bool YieldsInside(ILoopOperation loop)
    {
        foreach (var operation in loop.AllOperations())
        {
            if (operation is IReturnOperation { Kind: OperationKind.YieldReturn })
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The appends whose innermost loop is <paramref name="loop"/> (not a lambda or local function in it), or null when a
    /// loop nested in it appends too: that append runs while a writer for this loop would be open.
    /// </summary>
    internal static List<FileAppend>? AppendsOf(ILoopOperation loop, WellKnownIoTypes types)
    {
        var appends = new List<FileAppend>();
        foreach (var operation in loop.Body.AllOperations())
        {
            if (operation is IInvocationOperation invocation &&
                FileAppend.IsAppendName(invocation.TargetMethod.Name) &&
                invocation.GetEnclosingLoop() is { } innermost &&
                FileAppend.TryCreate(invocation, types) is { } append)
            {
                if (innermost != loop)
                {
                    return null;
                }

                appends.Add(append);
            }
        }

        return appends;
    }

    /// <summary>
    /// Another file created, opened for writing, moved or deleted in the loop (a writer, a FileStream, File.WriteAllText,
    /// Copy, Delete, a directory, the current directory): its path may name the appended file, which the loop's writer
    /// would be holding open, or decide where the appends go. Only what the loop's own code does, as the model knows it:
    /// IOP008's concern is the same path, which <see cref="FileKey.IsUsedElsewhere"/> follows into the project's methods.
    /// </summary>
    private static bool ChangesOtherFiles(ILoopOperation loop, AppendGroup group, IoModel model) =>
        model.Effects.MayChange(ExceptAppends(loop.AllOperations(), group), AnyKnownChange.Instance, followCalls: false);

    private static IEnumerable<IOperation> ExceptAppends(IEnumerable<IOperation> operations, AppendGroup group)
    {
        var appends = new HashSet<IOperation>(group.Appends.Select(append => (IOperation)append.Invocation));
        foreach (var operation in operations)
        {
            if (!appends.Contains(operation))
            {
                yield return operation;
            }
        }
    }

    /// <summary>Any change the model knows the code makes (not a library merely handed a string: that is not a known change).</summary>
    private sealed class AnyKnownChange : IFileEffectFilter
    {
        public static readonly AnyKnownChange Instance = new();

        public bool Concerns(in FileEffect effect) => !effect.IsHandOff && effect.Change != FileChange.None;
    }

    /// <summary>The appends as one group, or null when they name their file in different ways or in a way the rule cannot follow.</summary>
    private static AppendGroup? GroupOfOneFile(List<FileAppend> appends)
    {
        // Path.Combine(dir, name) or a call: a different file on each iteration, or the same one.
        if (FileKey.Of(appends[0].Path) is not { } key || !appends.TrueForAll(append => key.Equals(FileKey.Of(append.Path))))
        {
            return null;
        }

        var group = new AppendGroup(key);
        group.Appends.AddRange(appends);
        return group;
    }

    private static bool IsReportable(AppendGroup group, ILoopOperation loop, IOperation root, Compilation compilation)
    {
        var first = group.Appends[0];
        return group.Appends.All(append => IsStatement(append) && !IsLockedInsideLoop(append, loop) && SameEncoding(append, first, loop, root, compilation)) &&
               group.Key.IsTheSameOnEveryIteration(loop) &&
               !group.Key.IsUsedElsewhere(loop, root, group.Appends, compilation);
    }

    /// <summary>
    /// <c>File.AppendAllText(p, s);</c> or <c>await File.AppendAllTextAsync(p, s)[.ConfigureAwait(x)];</c>: a statement
    /// the fix can turn into a write. A task kept, returned or run alongside others is left alone.
    /// </summary>
    private static bool IsStatement(FileAppend append)
    {
        if (!append.IsAsync)
        {
            return append.Invocation.Parent is IExpressionStatementOperation;
        }

        var awaited = append.Invocation.Parent is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configured && configured.Instance == append.Invocation
            ? configured
            : (IOperation)append.Invocation;
        return awaited.Parent is IAwaitOperation { Parent: IExpressionStatementOperation };
    }

    /// <summary>
    /// <c>.ConfigureAwait(bool)</c> (or none): the writer's <c>await using</c> takes the same argument. An overload taking
    /// ConfigureAwaitOptions has no equivalent for a disposable.
    /// </summary>
    private static bool ConfigureAwaitTakesABool(FileAppend append) =>
        append.Invocation.Parent is not IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configured ||
        (configured.Arguments.Length == 1 && configured.Arguments[0].Value.Type?.SpecialType == SpecialType.System_Boolean);

    /// <summary>An append inside a lock (within the loop) shares the file with other threads between iterations.</summary>
    private static bool IsLockedInsideLoop(FileAppend append, ILoopOperation loop) => IsLockedInsideLoop(append.Invocation, loop);

    private static bool IsLockedInsideLoop(IOperation call, ILoopOperation loop)
    {
        for (var current = call.Parent; current is not null && current != loop; current = current.Parent)
        {
            if (current is ILockOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>An append in the body of a try with catch clauses within the loop: its errors are handled each iteration.</summary>
    private static bool IsCaughtInsideLoop(FileAppend append, ILoopOperation loop) =>
        append.Invocation.CatchingTries(stopAt: loop).Any();

    /// <summary>The same encoding argument (written the same way), or none on both: one writer writes in one encoding.</summary>
    private static bool SameEncoding(FileAppend append, FileAppend first, ILoopOperation loop, IOperation root, Compilation compilation) =>
        (append.Encoding, first.Encoding) switch
        {
            (null, null) => true,
            ({ } a, { } b) => SyntaxFactory.AreEquivalent(a.Syntax, b.Syntax) && IsStable(a, loop, root, compilation),
            _ => false,
        };

    /// <summary>
    /// An encoding the fix can evaluate once, before the loop: a variable of this object declared outside the loop and
    /// not written while it runs, a static property like Encoding.UTF8, or a creation from constants.
    /// </summary>
    private static bool IsStable(IOperation encoding, ILoopOperation loop, IOperation root, Compilation compilation) => encoding.WalkDownConversions() switch
    {
        ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation { Instance: not null } =>
            FileKey.IsReadOnlyDuring(encoding.WalkDownConversions(), loop, root, compilation),
        IPropertyReferenceOperation { Instance: null } => true,
        IObjectCreationOperation creation => creation.Initializer is null && creation.Arguments.All(argument => argument.Value.ConstantValue.HasValue),
        IInvocationOperation { TargetMethod.Name: "GetEncoding", Instance: null } call => call.Arguments.All(argument => argument.Value.ConstantValue.HasValue),
        _ => false,
    };

    private static void Report(OperationAnalysisContext context, AppendGroup group, FileAppend reported)
    {
        var properties = Fixable.With(ImmutableDictionary<string, string?>.Empty, group.IsFixable);
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.FileReopenedForEachAppend,
            reported.Invocation.Syntax.GetLocation(),
            group.Locations,
            properties,
            $"File.{reported.Invocation.TargetMethod.Name}",
            reported.Path.Syntax.ToString()));
    }

    /// <summary>What the compilation's loops were judged, each once: for their own appends, and for calls to appending methods.</summary>
    private sealed class LoopVerdicts
    {
        public ConcurrentDictionary<SyntaxNode, AppendGroup?> Appends { get; } = new();

        public ConcurrentDictionary<SyntaxNode, ConcurrentDictionary<IMethodSymbol, bool>> Calls { get; } = new();

        public ConcurrentDictionary<SyntaxNode, ConcurrentDictionary<ISymbol, bool>> Receivers { get; } = new();
    }

    private sealed class AppendGroup
    {
        private Dictionary<SyntaxNode, FileAppend>? _bySyntax;
        public AppendGroup(FileKey key) => Key = key;

        public FileKey Key { get; }

        public List<FileAppend> Appends { get; } = new();

        /// <summary>
        /// The loop: the one additional location of each of the group's diagnostics, from which the fix finds the appends
        /// again (<see cref="AppendsOf"/>). A loop with N appends reports N diagnostics: N lists of N locations made a
        /// generated loop of 2,000 appends cost 6.3 s (1.95 s with one list shared), where one location each is linear.
        /// </summary>
        public ImmutableArray<Location> Locations { get; private set; }

        public void Complete(ILoopOperation loop)
        {
            Locations = ImmutableArray.Create(loop.Syntax.GetLocation());
            _bySyntax = Appends.ToDictionary(append => append.Invocation.Syntax);
        }

        public FileAppend? Find(SyntaxNode syntax) => _bySyntax is not null && _bySyntax.TryGetValue(syntax, out var append) ? append : null;

        /// <summary>See <see cref="Fixable"/>: decided once for the group, reported on each of its appends.</summary>
        public bool IsFixable { get; set; }
    }
}
