using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006: many small writes that each pay a lock or a flush (claims C16, C17, C18 and E3's .NET rows): console output
/// in a loop, a writer with <c>AutoFlush = true</c> written in a loop, <c>TextWriter.Synchronized</c> used from one
/// thread, and <c>ReadByte</c>/<c>WriteByte</c> loops on a FileStream whose buffer is turned off.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed partial class TinyIoPayingLockOrFlushAnalyzer : DiagnosticAnalyzer
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

    /// <summary>For the fix: which of the four shapes was found.</summary>
    internal static readonly DiagnosticProperty<TinyIoKind?> Kind = DiagnosticProperty.Choice<TinyIoKind>("Kind");

    /// <summary>For the fix: it can be applied without changing what the code writes.</summary>
    internal static readonly DiagnosticProperty<bool> Fixable = DiagnosticProperty.Flag("Fixable");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.TinyIoPayingLockOrFlush);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var model = IoModel.For(start.Compilation);
            var types = model.Types;
            // Console output of a test project is a log for the person reading a test run, and its loops are test data:
            // the console shape is not reported there (the writer shapes are). Asked at the first console write in a loop,
            // not at every compilation start nor at a stream's Write: both questions read the compilation's references.
            var options = start.Options;
            var console = new Lazy<bool>(() => types.Console is not null && !model.IsTestProject(options), System.Threading.LazyThreadSafetyMode.PublicationOnly);
            var streams = types.File is not null && types.Stream is not null;

            var consoleLoops = new ConsoleLoopVerdicts(start.Compilation, model, options);

            // The project's own printing methods, when reaching across methods is on (asked once per compilation).
            var printers = model.ReachesAcrossMethods(options) ? new ConsoleWritingMethods(start.Compilation, model) : null;

            // One invocation callback for both shapes that start at a call: a callback costs even when it returns at once.
            start.RegisterOperationAction(
                c =>
                {
                    var invocation = (IInvocationOperation)c.Operation;
                    var name = invocation.TargetMethod.Name;
                    if (name is "Write" or "WriteLine")
                    {
                        AnalyzeConsoleWrite(c, model, console, consoleLoops, printers);
                    }
                    else if (IsPrinterCall(invocation, printers))
                    {
                        AnalyzePrinterCall(c, model, console, consoleLoops, printers!);
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
                if (CompilationText.MayTrigger(start.Compilation, WatchedWords.AutoFlushes, start.Options, followingMethods: false, start.CancellationToken))
                {
                    start.RegisterOperationAction(c => AnalyzeAutoFlushStatement(c, types), OperationKind.SimpleAssignment);
                }
            }
        });
    }

    /// <summary>
    /// True when every write runs a number of times the code states with constants, and together they make fewer than
    /// <c>min_writes</c> writes: creating a buffered writer would cost more than it saves.
    /// </summary>
    private static bool AreFewWrites(OperationAnalysisContext context, IEnumerable<IOperation> writes)
    {
        var loopLength = IoModel.For(context.Compilation).LoopLength;
        long total = 0;
        IOperation? any = null;
        foreach (var write in writes)
        {
            any = write;
            if (write.GetOutermostLoop() is not { } outermost || loopLength.ConstantRepetitions(write, outermost) is not { } repetitions)
            {
                return false;
            }

            total += repetitions;
        }

        return any is not null &&
               total < RuleOptions.GetInt32(context.Options, any.Syntax.SyntaxTree, RuleIdentifiers.TinyIoPayingLockOrFlush, MinWritesOption, DefaultMinWrites, min: 0);
    }

    // newSize: for unbuffered FileStreams, the buffer size the fix gives them (IOP002's minimum).
    private static void Report(OperationAnalysisContext context, SyntaxNode at, TinyIoKind kind, bool fixable, IEnumerable<Location> additionalLocations, int count, long? newSize = null)
    {
        var properties = Fixable.With(Kind.With(ImmutableDictionary<string, string?>.Empty, kind), fixable);
        if (newSize is not null)
        {
            properties = MinimumBufferSize.NewSize.With(properties, newSize);
        }

        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.TinyIoPayingLockOrFlush,
            at.GetLocation(),
            additionalLocations,
            properties,
            Message(kind, count)));
    }

    private static string Message(TinyIoKind kind, int count) => kind switch
    {
        TinyIoKind.ConsoleInLoop => Rules.Plural(count, nameof(Resources.IOP006_ConsoleInLoopOne), nameof(Resources.IOP006_ConsoleInLoopMany)),
        TinyIoKind.AutoFlush => Rules.Plural(count, nameof(Resources.IOP006_AutoFlushOne), nameof(Resources.IOP006_AutoFlushMany)),
        TinyIoKind.Synchronized => Rules.Plural(count, nameof(Resources.IOP006_SynchronizedOne), nameof(Resources.IOP006_SynchronizedMany)),
        _ => Rules.Plural(count, nameof(Resources.IOP006_UnbufferedBytesOne), nameof(Resources.IOP006_UnbufferedBytesMany)),
    };
}
