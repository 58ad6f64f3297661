using System.Collections.Immutable;
using BenchmarkDotNet.Attributes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.AnalyzerCost;

/// <summary>
/// Compile (bind + analyze) a 1,000-file corpus with each analyzer set: no analyzer at all, an analyzer that only
/// makes the compiler build operation trees (the baseline), every IOP rule, and the SDK's CA1870 and CA2007 alone.
/// A fresh compilation per iteration keeps the binder's caches from carrying over.
/// </summary>
[MemoryDiagnoser]
public class CompilationCostBenchmarks
{
    private ImmutableArray<SyntaxTree> _trees;
    private Compilation _compilation = null!;
    private ImmutableArray<DiagnosticAnalyzer> _ca1870;
    private ImmutableArray<DiagnosticAnalyzer> _ca2007;

    [GlobalSetup]
    public void Setup()
    {
        var options = new CSharpParseOptions(LanguageVersion.Latest);
        _trees = IoHeavyCorpus.Generate(1_000).Select((text, i) => CSharpSyntaxTree.ParseText(text, options, path: $"File{i}.cs")).ToImmutableArray();
        _ca1870 = SdkAnalyzers.Load("CA1870");
        _ca2007 = SdkAnalyzers.Load("CA2007");
    }

    [IterationSetup]
    public void NewCompilation() =>
        _compilation = SdkAnalyzers.Enable(
            CSharpCompilation.Create("Corpus", _trees, Basic.Reference.Assemblies.Net100.References.All, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)),
            new[] { "CA1870", "CA2007", "IOP001", "IOP002", "IOP003", "IOP004", "IOP005", "IOP006", "IOP007", "IOP008", "IOP009" });

    [Benchmark]
    public int NoAnalyzer() => Run(ImmutableArray.Create<DiagnosticAnalyzer>(new EmptyAnalyzer()));

    /// <summary>
    /// The baseline: an analyzer that asks for every invocation's operation and does nothing. In a real build the SDK's
    /// default CA rules already make the compiler build operation trees, so this is what an operation-based rule adds to.
    /// </summary>
    [Benchmark(Baseline = true)]
    public int EmptyOperationAnalyzer() => Run(ImmutableArray.Create<DiagnosticAnalyzer>(new EmptyAnalyzer(registerOperations: true)));

    [Benchmark]
    public int AllIoPerfRules() => Run(AnalyzerCatalog.Analyzers);

    /// <summary>One rule at a time, to compare each with CA1870 (the bar: no rule slower than CA1870 or CA2007).</summary>
    [Benchmark]
    [Arguments("IOP001")]
    [Arguments("IOP002")]
    [Arguments("IOP003")]
    [Arguments("IOP004")]
    [Arguments("IOP005")]
    [Arguments("IOP006")]
    [Arguments("IOP007")]
    [Arguments("IOP008")]
    [Arguments("IOP009")]
    public int OneIoPerfRule(string ruleId) => Run(AnalyzerCatalog.AnalyzersFor(ruleId).ToImmutableArray());

    [Benchmark]
    public int SdkCA1870() => Run(_ca1870);

    [Benchmark]
    public int SdkCA2007() => Run(_ca2007);

    private int Run(ImmutableArray<DiagnosticAnalyzer> analyzers) =>
        _compilation.WithAnalyzers(analyzers, AnalyzerCatalog.Options()).GetAllDiagnosticsAsync().GetAwaiter().GetResult().Length;

    private sealed class EmptyAnalyzer(bool registerOperations = false) : DiagnosticAnalyzer
    {
        private static readonly DiagnosticDescriptor Unused = new("EMPTY", "Empty", "Empty", "Empty", DiagnosticSeverity.Hidden, isEnabledByDefault: true);

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Unused);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            if (registerOperations)
            {
                context.RegisterOperationAction(_ => { }, OperationKind.Invocation);
            }
        }
    }
}
