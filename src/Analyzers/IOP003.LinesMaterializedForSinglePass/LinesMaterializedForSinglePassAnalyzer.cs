using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass;

/// <summary>
/// IOP003: <c>File.ReadAllLines</c> (or <c>await File.ReadAllLinesAsync</c>, or <c>File.ReadAllText(p).Split(newline)</c>)
/// whose array is only enumerated once, front to back: <c>File.ReadLines</c> streams the same lines without holding
/// the whole file (claims C10, C11). <c>reader.ReadToEnd().Split(newline)</c> is the same mistake on a reader.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class LinesMaterializedForSinglePassAnalyzer : DiagnosticAnalyzer
{
    /// <summary>For the fix: which read the diagnostic is on.</summary>
    internal static readonly DiagnosticProperty<LinesReadForm?> Form = DiagnosticProperty.Choice<LinesReadForm>("Form");

    /// <summary>For the fix: it must produce <c>await foreach</c> over <c>File.ReadLinesAsync</c>.</summary>
    internal static readonly DiagnosticProperty<bool> IsAsync = DiagnosticProperty.Flag("IsAsync");

    /// <summary>For the fix: the read can be rewritten without changing its result (a Split form may not).</summary>
    internal static readonly DiagnosticProperty<bool> Fixable = DiagnosticProperty.Flag("Fixable");

    // StringSplitOptions values (constants so that old frameworks without TrimEntries still compare right).
    private const int RemoveEmptyEntries = 1;
    private const int TrimEntries = 2;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.LinesMaterializedForSinglePass);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var types = WellKnownIoTypes.For(start.Compilation);
            if (types.File is null || RuleOptions.AlsoTargetsAFrameworkWithoutStreamingFileApis(start.Options) ||
                !CompilationText.MayTrigger(start.Compilation, WatchedWords.LineReads, start.Options, RuleOptions.ReachesAcrossMethods(start.Options), start.CancellationToken))
            {
                return;
            }

            // Asked at the first candidate read, not at every compilation start: listing File's members costs about 0.5 ms
            // per compilation (NLog's profile), and most compilations read no file's lines.
            var readLines = new System.Lazy<(bool ReadLines, bool ReadLinesAsync)>(
                () => (!types.File.GetMembers("ReadLines").IsEmpty, !types.File.GetMembers("ReadLinesAsync").IsEmpty),
                System.Threading.LazyThreadSafetyMode.PublicationOnly);
            // Asked once per compilation: every invocation of the build passes through the filter below.
            var model = IoModel.For(start.Compilation);
            var returns = model.ReachesAcrossMethods(start.Options) ? model.Returns : null;
            var handedOn = returns is null ? null : model.SinglePassParameters;
            start.RegisterOperationAction(
                operationContext => AnalyzeInvocation(operationContext, types, readLines, returns, handedOn),
                OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(
        OperationAnalysisContext context,
        WellKnownIoTypes types,
        System.Lazy<(bool ReadLines, bool ReadLinesAsync)> readLines,
        ReturnedReads? returns,
        SinglePassParameters? handedOn)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (method.Name is not ("ReadAllLines" or "ReadAllLinesAsync" or "Split"))
        {
            if (returns is not null && returns.MayReturnASequence(invocation) && readLines.Value.ReadLines)
            {
                AnalyzeCallReturningLines(context, invocation, types, handedOn);
            }

            return;
        }

        if (!readLines.Value.ReadLines)
        {
            return;
        }

        var hasReadLinesAsync = readLines.Value.ReadLinesAsync;
        if (ReadOf(invocation, types, hasReadLinesAsync) is not { } read)
        {
            if (returns is not null && returns.MayReturnASequence(invocation))
            {
                AnalyzeCallReturningLines(context, invocation, types, handedOn); // a project's own ReadAllLines()
            }

            return;
        }

        var (form, value, splitFixable) = read;
        if (invocation.IsInsideExpressionTree(types) ||
            SinglePassEnumeration.TryFind(value, types, handedOn, context.CancellationToken) is not { } use ||
            use.ConsumingOperation.Syntax.ContainsDiagnostics)
        {
            // Half-typed code is reported once it parses: the consumer is not known before.
            return;
        }

        // Never turn a read into a synchronous one inside an async function (MA0042, VSTHRD103, CA1849 push the other
        // way): there the only fix is `await foreach` over File.ReadLinesAsync, which needs a plain foreach consumer.
        // A Split form there would need the empty-line filter inside the await foreach body: left to the user.
        var isAsync = form == LinesReadForm.ReadAllLinesAsync || invocation.IsInAsyncFunction(context.ContainingSymbol);
        if (isAsync && (form is LinesReadForm.Split or LinesReadForm.ReaderSplit || !hasReadLinesAsync || use.Consumer != SinglePassConsumer.ForEach || use.ConsumingOperation.IsInsideLock()))
        {
            return;
        }

        if (form != LinesReadForm.ReaderSplit)
        {
            var path = (form == LinesReadForm.Split ? (IInvocationOperation)invocation.Instance!.WalkDownConversions() : invocation)
                .Arguments.GetArgument(0)?.Value;
            if (path is null || IsSameFileTouchedWhileReading(path, invocation, use, IoModel.For(context.Compilation)))
            {
                return;
            }
        }

        var properties = Fixable.With(IsAsync.With(Form.With(ImmutableDictionary<string, string?>.Empty, form), isAsync), splitFixable != false);

        var additionalLocations = new List<Location> { use.ConsumingOperation.Syntax.GetLocation() };
        if (use.Local is not null)
        {
            additionalLocations.Add(use.Local.Syntax.GetLocation());
        }

        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.LinesMaterializedForSinglePass,
            invocation.Syntax.GetLocation(),
            additionalLocations,
            properties,
            form switch
            {
                LinesReadForm.Split => "File.ReadAllText(...).Split",
                LinesReadForm.ReaderSplit => "ReadToEnd().Split",
                _ => "File." + method.Name,
            },
            Rules.Format(form == LinesReadForm.ReaderSplit ? nameof(Resources.IOP003_AdviceReadLine) : nameof(Resources.IOP003_AdviceReadLines))));
    }

    /// <summary>
    /// A call to a method of the compilation that returns <c>File.ReadAllLines</c>'s array (<see cref="ReturnedReads"/>),
    /// whose result the caller enumerates once: reported at the call. The streaming form belongs in the method, so the
    /// call itself has no fix; the method may change (<see cref="ReturnedReads.HelperMayStream"/>) when it reads in its
    /// own body, no other assembly can call it and every call of it in the compilation uses the result once.
    /// </summary>
    private static void AnalyzeCallReturningLines(OperationAnalysisContext context, IInvocationOperation call, WellKnownIoTypes types, SinglePassParameters? handedOn)
    {
        // The method's declaration is looked at first (its text, once per method), then the use: the method is read (once)
        // only for a call whose result is used once.
        var model = IoModel.For(context.Compilation);
        if (!model.Returns.MayHaveOne(call.TargetMethod, context.CancellationToken) ||
            UseOnce(call, types, handedOn, context.CancellationToken) is not { } use ||
            model.Returns.Of(call.TargetMethod, context.CancellationToken) is not { Result: ReadResult.Lines } returned ||
            IsSameFileTouchedWhileReading(returned.PathAt(call), call, use, model))
        {
            return;
        }

        var additionalLocations = new List<Location> { use.ConsumingOperation.Syntax.GetLocation() };
        if (use.Local is not null)
        {
            additionalLocations.Add(use.Local.Syntax.GetLocation());
        }

        var owned = returned.IsOwnedByTheCompilation(model.MethodUses);
        var helperMayStream = owned && model.Returns.EveryCallUsesItOnce(
            returned,
            other => UseOnce(other, types, handedOn, context.CancellationToken) is { } otherUse && !IsSameFileTouchedWhileReading(returned.PathAt(other), other, otherUse, model) &&
                     !other.IsInAsyncFunction(other.SemanticModel?.GetEnclosingSymbol(other.Syntax.SpanStart, context.CancellationToken)), // a lazy synchronous read would stay open across awaits
            context.CancellationToken);
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.LinesMaterializedForSinglePass,
            call.Syntax.GetLocation(),
            additionalLocations,
            ReturnedReads.HelperMayStream.With(Fixable.With(ImmutableDictionary<string, string?>.Empty, false), helperMayStream),
            returned.Describe(),
            Rules.Format(owned ? nameof(Resources.IOP003_AdviceReturnReadLines) : nameof(Resources.IOP003_AdviceReadLinesOverload))));
    }

    /// <summary>A call (of a project method) whose result is enumerated once, front to back, by code that parses.</summary>
    private static SinglePassUse? UseOnce(IInvocationOperation call, WellKnownIoTypes types, SinglePassParameters? handedOn, System.Threading.CancellationToken cancellationToken) =>
        !call.Syntax.ContainsDiagnostics &&
        SinglePassEnumeration.TryFind(call, types, handedOn, cancellationToken) is { BuffersWholeSequence: false } use &&
        !use.ConsumingOperation.Syntax.ContainsDiagnostics &&
        !call.IsInsideExpressionTree(types)
            ? use
            : null;

    /// <summary>
    /// Which of the four reads <paramref name="invocation"/> is, the value whose uses decide (the call, or its await), and
    /// for a Split whether File.ReadLines would give the same lines; null when it is none of them.
    /// </summary>
    private static (LinesReadForm Form, IOperation Value, bool? SplitFixable)? ReadOf(IInvocationOperation invocation, WellKnownIoTypes types, bool hasReadLinesAsync)
    {
        var method = invocation.TargetMethod;
        switch (method.Name)
        {
            case "ReadAllLines" when IsFileMethod(method, types):
                return (LinesReadForm.ReadAllLines, invocation, null);

            case "ReadAllLinesAsync" when IsFileMethod(method, types) && hasReadLinesAsync:
                return invocation.GetAwait() is { } awaitOperation ? (LinesReadForm.ReadAllLinesAsync, awaitOperation, null) : null;

            case "Split" when method.ContainingType?.SpecialType == SpecialType.System_String &&
                              invocation.Instance?.WalkDownConversions() is IInvocationOperation { TargetMethod.Name: "ReadAllText" } readAllText &&
                              IsFileMethod(readAllText.TargetMethod, types):
                return TryClassifyLineSplit(invocation, types, out var fixable) ? (LinesReadForm.Split, invocation, fixable) : null;

            case "Split" when method.ContainingType?.SpecialType == SpecialType.System_String &&
                              invocation.Instance?.WalkDownConversions() is IInvocationOperation { TargetMethod: { Name: "ReadToEnd", IsStatic: false } readToEnd } &&
                              WellKnownIoTypes.DerivesFrom(readToEnd.ContainingType, types.TextReader):
                // reader.ReadToEnd().Split(newline): the reader can hand out the lines one at a time (ReadLine); no
                // one-call replacement exists, so it is reported without a fix.
                return TryClassifyLineSplit(invocation, types, out _) ? (LinesReadForm.ReaderSplit, invocation, false) : null;

            default:
                return null;
        }
    }

    private static bool IsFileMethod(IMethodSymbol method, WellKnownIoTypes types) =>
        method.IsStatic && SymbolEqualityComparer.Default.Equals(method.ContainingType, types.File);

    /// <summary>
    /// True when a Split splits only at line ends (constant "\n", "\r\n", "\r", their chars, or Environment.NewLine)
    /// with no count. <paramref name="fixable"/>: File.ReadLines gives exactly the same non-empty lines, which holds when
    /// empty entries are removed and both '\r' and '\n' are separators.
    /// </summary>
    private static bool TryClassifyLineSplit(IInvocationOperation split, WellKnownIoTypes types, out bool fixable)
    {
        fixable = false;
        var separators = new HashSet<string>();
        var options = 0;
        var hasSeparator = false;
        foreach (var argument in split.Arguments)
        {
            var parameter = argument.Parameter;
            if (parameter is null)
            {
                return false;
            }

            if (parameter.Type.SpecialType == SpecialType.System_Int32)
            {
                return false; // A count caps the number of pieces: not a line split.
            }

            if (types.StringSplitOptions is not null && SymbolEqualityComparer.Default.Equals(parameter.Type, types.StringSplitOptions))
            {
                if (argument.Value.ConstantValue is not { HasValue: true, Value: int optionValue })
                {
                    return false;
                }

                options = optionValue;
                continue;
            }

            if (!TryCollectNewLineSeparators(argument.Value, types, separators))
            {
                return false;
            }

            hasSeparator = true;
        }

        if (!hasSeparator || separators.Count == 0)
        {
            return false;
        }

        fixable = (options & RemoveEmptyEntries) != 0 && (options & TrimEntries) == 0 &&
                  separators.Contains("\r") && separators.Contains("\n");
        return true;
    }

    private static bool TryCollectNewLineSeparators(IOperation value, WellKnownIoTypes types, HashSet<string> separators)
    {
        value = value.WalkDownConversions();
        if (value is IArrayCreationOperation { Initializer: { } initializer })
        {
            foreach (var element in initializer.ElementValues)
            {
                if (!TryCollectNewLineSeparators(element, types, separators))
                {
                    return false;
                }
            }

            return true;
        }

        if (value is IPropertyReferenceOperation { Property.Name: "NewLine" } property &&
            SymbolEqualityComparer.Default.Equals(property.Property.ContainingType, types.Environment))
        {
            // Environment.NewLine is one of the two; which one depends on the OS, so the set is never "both".
            separators.Add("NewLine");
            return true;
        }

        var text = value.ConstantValue is { HasValue: true, Value: var constant } ? constant switch
        {
            char c => c.ToString(),
            string s => s,
            _ => null,
        } : null;
        if (text is "\n" or "\r" or "\r\n")
        {
            separators.Add(text);
            return true;
        }

        return false;
    }

    /// <summary>
    /// File.ReadLines keeps the file open until the loop ends: writing, moving, deleting or opening for writing the same
    /// path between the read and the end of its consumer - in the code there, or in the project's methods it calls (a
    /// property setter that saves the file, an event whose handler does) - would fail or see a half-read file.
    /// </summary>
    /// <remarks>
    /// The read's own arguments (its path, computed by the project's methods) run before the file is opened: the range
    /// starts after the read. A null <paramref name="path"/> (computed inside a method that returns the lines) may be
    /// any file.
    /// </remarks>
    private static bool IsSameFileTouchedWhileReading(IOperation? path, IInvocationOperation read, SinglePassUse use, IoModel model)
    {
        var range = TextSpan.FromBounds(read.Syntax.Span.End, System.Math.Max(read.Syntax.Span.End, use.ConsumingOperation.Syntax.Span.End));
        var runWhileRead = read.GetRoot().DescendantsStartingWithin(range);
        if (use.HandedTo is not null)
        {
            // The method the lines are handed to runs while they are read, though its call starts before the read.
            runWhileRead = runWhileRead.Concat(new[] { use.ConsumingOperation });
        }

        return model.Effects.MayChange(runWhileRead, new SameFileChanges(path));
    }
}

/// <summary>The four reads IOP003 reports.</summary>
public enum LinesReadForm
{
    /// <summary><c>File.ReadAllLines(path)</c>.</summary>
    ReadAllLines,

    /// <summary><c>await File.ReadAllLinesAsync(path)</c>.</summary>
    ReadAllLinesAsync,

    /// <summary><c>File.ReadAllText(path).Split(newline)</c>.</summary>
    Split,

    /// <summary><c>reader.ReadToEnd().Split(newline)</c> over any TextReader: reported without a fix.</summary>
    ReaderSplit,
}
