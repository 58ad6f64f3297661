using System.Collections.Immutable;
using System.Runtime.InteropServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Corpus;

// A measuring wrapper, never shipped: the analyzer-authoring rules (RS1001, RS1012, RS1025, RS1026, RS2008) are about real
// analyzers, and the obsolete constructor is the only way to hand the wrapped analyzer a context of ours.
#pragma warning disable RS1001, RS1012, RS1025, RS1026, RS2008, CS0618

/// <summary>
/// What one analyzer's callbacks cost: CPU time of the thread running them and the bytes they allocated.
/// Roslyn's own telemetry (<c>logAnalyzerExecutionTime</c>) is wall-clock time, so it also counts every garbage
/// collection that happens to start inside a callback - on a compiler heap of hundreds of MB that is tens of ms at a
/// time, and a profile of the corpus runs showed two thirds of our "analyzer time" was such pauses. With server GC
/// (see the project file) collections run on their own threads, so a callback's thread CPU time is its own work, and
/// its allocations - what makes collections happen - are counted separately.
/// </summary>
internal sealed class AnalyzerMeter
{
    private long _cpuNanoseconds;
    private long _textSearchNanoseconds;
    private long _bytes;
    private long _calls;

    public double CpuMilliseconds => Interlocked.Read(ref _cpuNanoseconds) / 1e6;

    /// <summary>
    /// Of <see cref="CpuMilliseconds"/>, the one search of each tree's text that every rule's gate shares, made inside
    /// whichever rule's callback asked first (the analyzers' <c>ModelMeter</c> measures it on each thread).
    /// </summary>
    public double TextSearchMilliseconds => Interlocked.Read(ref _textSearchNanoseconds) / 1e6;

    public long AllocatedBytes => Interlocked.Read(ref _bytes);

    public long Calls => Interlocked.Read(ref _calls);

    /// <summary>The part spent in compilation-start actions: set-up once per compilation, such as type lookups.</summary>
    public AnalyzerMeter? StartActions { get; }

    public AnalyzerMeter(bool withStartActions = false) => StartActions = withStartActions ? new AnalyzerMeter() : null;

    /// <summary>Registrations the wrapper cannot see into (their nested callbacks run unmetered).</summary>
    public int UnmeteredRegistrations;

    public Action<T> Wrap<T>(Action<T> action) => argument =>
    {
        var bytes = GC.GetAllocatedBytesForCurrentThread();
        var searched = IoPerf.Analyzers.Internal.ModelMeter.TextSearchNanosecondsOnThisThread;
        var cpu = ThreadCpu.Nanoseconds();
        try
        {
            action(argument);
        }
        finally
        {
            Interlocked.Add(ref _cpuNanoseconds, ThreadCpu.Nanoseconds() - cpu);
            Interlocked.Add(ref _textSearchNanoseconds, IoPerf.Analyzers.Internal.ModelMeter.TextSearchNanosecondsOnThisThread - searched);
            Interlocked.Add(ref _bytes, GC.GetAllocatedBytesForCurrentThread() - bytes);
            Interlocked.Increment(ref _calls);
        }
    };

    /// <summary>A start action whose nested registrations this wrapper cannot see into: they run unmetered, and are counted.</summary>
    public Action<T> WrapOpaqueStart<T>(Action<T> action)
    {
        Interlocked.Increment(ref UnmeteredRegistrations);
        return Wrap(action);
    }

    /// <summary>An operation-block start action, handed a context that meters what it registers.</summary>
    public Action<OperationBlockStartAnalysisContext> WrapOperationBlockStart(Action<OperationBlockStartAnalysisContext> action) =>
        Wrap<OperationBlockStartAnalysisContext>(start => action(new MeteredOperationBlockStartContext(start, this)));

    /// <summary>
    /// What wrapping an empty callback costs, per call, called back to back: subtracted from every analyzer's CPU time.
    /// Read between other work the same clock reads cost more; the empty analyzer measures that remainder in place
    /// (<see cref="CorpusReport.FloorNanosecondsPerCall"/>), and <see cref="MeterCheck"/> shows where it comes from.
    /// </summary>
    public static double OverheadNanosecondsPerCall()
    {
        const int calls = 200_000;
        var meter = new AnalyzerMeter();
        var empty = meter.Wrap<int>(static _ => { });
        for (var i = 0; i < calls; i++)
        {
            empty(i);
        }

        return meter.CpuMilliseconds * 1e6 / calls;
    }
}

/// <summary>CPU time consumed by the calling thread (Linux: CLOCK_THREAD_CPUTIME_ID; elsewhere wall time).</summary>
internal static class ThreadCpu
{
    private const int ClockThreadCpuTimeId = 3;

    private static readonly bool Supported = OperatingSystem.IsLinux();

    public static string Clock => Supported ? "thread CPU time" : "wall-clock time (thread CPU time is read on Linux only)";

    public static long Nanoseconds()
    {
        if (Supported && clock_gettime(ClockThreadCpuTimeId, out var time) == 0)
        {
            return time.Seconds * 1_000_000_000 + time.Nanoseconds;
        }

        return (long)(System.Diagnostics.Stopwatch.GetTimestamp() * (1e9 / System.Diagnostics.Stopwatch.Frequency));
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [DllImport("libc")]
    private static extern int clock_gettime(int clockId, out TimeSpec time);
}

/// <summary>Runs <paramref name="inner"/> with every callback it registers wrapped by <see cref="Meter"/>.</summary>
internal sealed class MeteredAnalyzer(DiagnosticAnalyzer inner) : DiagnosticAnalyzer
{
    public DiagnosticAnalyzer Inner { get; } = inner;

    public AnalyzerMeter Meter { get; } = new(withStartActions: true);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => Inner.SupportedDiagnostics;

    public override void Initialize(AnalysisContext context) => Inner.Initialize(new MeteredAnalysisContext(context, Meter));
}

internal sealed class MeteredAnalysisContext(AnalysisContext inner, AnalyzerMeter meter) : AnalysisContext
{
    public override void EnableConcurrentExecution() => inner.EnableConcurrentExecution();

    public override void ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags analysisMode) => inner.ConfigureGeneratedCodeAnalysis(analysisMode);

    public override void RegisterCompilationStartAction(Action<CompilationStartAnalysisContext> action) =>
        inner.RegisterCompilationStartAction(meter.Wrap<CompilationStartAnalysisContext>(
            (meter.StartActions ?? meter).Wrap<CompilationStartAnalysisContext>(start => action(new MeteredCompilationStartContext(start, meter)))));

    public override void RegisterCompilationAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationAction(meter.Wrap(action));

    public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(meter.Wrap(action));

    public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) =>
        inner.RegisterSymbolAction(meter.Wrap(action), symbolKinds);

    public override void RegisterSymbolStartAction(Action<SymbolStartAnalysisContext> action, SymbolKind symbolKind) =>
        inner.RegisterSymbolStartAction(meter.WrapOpaqueStart(action), symbolKind);

    public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
        inner.RegisterCodeBlockStartAction(meter.WrapOpaqueStart(action));

    public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(meter.Wrap(action));

    public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(meter.Wrap(action));

    public override void RegisterAdditionalFileAction(Action<AdditionalFileAnalysisContext> action) => inner.RegisterAdditionalFileAction(meter.Wrap(action));

    public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
        inner.RegisterSyntaxNodeAction(meter.Wrap(action), syntaxKinds);

    public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) =>
        inner.RegisterOperationBlockStartAction(meter.WrapOperationBlockStart(action));

    public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(meter.Wrap(action));

    public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
        inner.RegisterOperationAction(meter.Wrap(action), operationKinds);
}

// The contexts' TryGetValue members are not virtual: an analyzer calling them on these wrappers would reach the base
// classes, which hold no value providers. Neither our rules nor CA1870/CA2007 call them.
internal sealed class MeteredCompilationStartContext(CompilationStartAnalysisContext inner, AnalyzerMeter meter)
    : CompilationStartAnalysisContext(inner.Compilation, inner.Options, inner.CancellationToken)
{
    public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationEndAction(meter.Wrap(action));

    public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(meter.Wrap(action));

    public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) =>
        inner.RegisterSymbolAction(meter.Wrap(action), symbolKinds);

    public override void RegisterSymbolStartAction(Action<SymbolStartAnalysisContext> action, SymbolKind symbolKind) =>
        inner.RegisterSymbolStartAction(meter.WrapOpaqueStart(action), symbolKind);

    public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
        inner.RegisterCodeBlockStartAction(meter.WrapOpaqueStart(action));

    public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(meter.Wrap(action));

    public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(meter.Wrap(action));

    public override void RegisterAdditionalFileAction(Action<AdditionalFileAnalysisContext> action) => inner.RegisterAdditionalFileAction(meter.Wrap(action));

    public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
        inner.RegisterSyntaxNodeAction(meter.Wrap(action), syntaxKinds);

    public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) =>
        inner.RegisterOperationBlockStartAction(meter.WrapOperationBlockStart(action));

    public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(meter.Wrap(action));

    public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
        inner.RegisterOperationAction(meter.Wrap(action), operationKinds);
}

internal sealed class MeteredOperationBlockStartContext(OperationBlockStartAnalysisContext inner, AnalyzerMeter meter)
    : OperationBlockStartAnalysisContext(inner.OperationBlocks, inner.OwningSymbol, inner.Compilation, inner.Options, inner.CancellationToken)
{
    public override void RegisterOperationBlockEndAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockEndAction(meter.Wrap(action));

    public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
        inner.RegisterOperationAction(meter.Wrap(action), operationKinds);
}

/// <summary>Callbacks that return at once, on the operation kinds most rules subscribe to: the floor of the measurement.</summary>
internal sealed class EmptyCallbackAnalyzer : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Descriptor = new("EMPTY01", "Empty", "Empty", "Measurement", DiagnosticSeverity.Hidden, isEnabledByDefault: true);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptor);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterOperationAction(static _ => { }, OperationKind.Invocation);
        context.RegisterOperationAction(static _ => { }, OperationKind.ObjectCreation);
    }
}

/// <summary>
/// Runs before every measured analyzer and does what any of them does first: reads the name of each invoked method
/// or created type, touches the other operation kinds the rules subscribe to, and makes the compilation's first type
/// lookup (of a type no rule uses). Whatever the driver's first callback on an operation pays lands here.
/// </summary>
internal sealed class FirstTouchAnalyzer : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Descriptor = new("TOUCH01", "First touch", "First touch", "Measurement", DiagnosticSeverity.Hidden, isEnabledByDefault: true);

    public static int Sink;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptor);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationStartAction(start =>
        {
            Sink += start.Compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.IsExternalInit") is null ? 0 : 1;
            start.RegisterOperationAction(c => Sink += ((IInvocationOperation)c.Operation).TargetMethod.Name.Length, OperationKind.Invocation);
            start.RegisterOperationAction(c => Sink += ((IObjectCreationOperation)c.Operation).Type?.Name.Length ?? 0, OperationKind.ObjectCreation);
            start.RegisterOperationAction(c => Sink += (int)c.Operation.Kind, OperationKind.SimpleAssignment, OperationKind.Loop, OperationKind.Await);
        });
    }
}
