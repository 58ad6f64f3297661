using System.Collections.Immutable;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;
using Xunit.Abstractions;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>
/// Each rule's work grows linearly with the size of a method, never with the square of its watched calls: a loop with
/// N appends is judged once, not once per append. Measured by the operations each rule's walks visit
/// (<see cref="OperationWalk"/>), which a shared, noisy machine cannot change - a timed test would flake. The generated
/// file (<see cref="ScalingSource"/>) has every rule's pattern N times per method; 4x the calls must cost at most 5x the
/// operations (a quadratic rule would visit 16x). Runs alone: the count is process-wide.
/// </summary>
[Collection(nameof(Model_LinearCostTests))]
public sealed class Model_LinearCostTests
{
    private const int Small = 50;
    private const int Large = Small * 4;

    private readonly ITestOutputHelper _output;

    public Model_LinearCostTests(ITestOutputHelper output) => _output = output;

    /// <summary>Every rule of the registry: a new rule is held to linear work too (and needs its pattern in <see cref="ScalingSource"/>).</summary>
    public static TheoryData<string> RuleIds => new(Rules.All.Select(rule => rule.Id));

    [Theory]
    [MemberData(nameof(RuleIds))]
    public async Task OperationsVisited_GrowLinearlyWithTheWatchedCalls(string ruleId)
    {
        var analyzer = AnalyzerCatalog.AnalyzersFor(ruleId).Single();
        var (smallVisits, smallDiagnostics) = await VisitsAsync(analyzer, ruleId, Small);
        var (largeVisits, largeDiagnostics) = await VisitsAsync(analyzer, ruleId, Large);
        _output.WriteLine($"{ruleId}: N={Small} {smallVisits} operations, {smallDiagnostics} diagnostics; N={Large} {largeVisits} operations, {largeDiagnostics} diagnostics");

        // The rule must really be at work in the generated code, or the count proves nothing. (IOP004 and IOP009 walk no
        // operation trees - they look at a call's arguments and its statement - so their count is 0 at every size.)
        Assert.True(smallDiagnostics > 0, $"{ruleId} reported nothing on the generated file");
        Assert.True(largeVisits <= smallVisits * 5, $"{ruleId}: {smallVisits} operations at N={Small}, {largeVisits} at N={Large} ({(double)largeVisits / smallVisits:F1}x for 4x the calls)");
    }

    private static async Task<(long Visits, int Diagnostics)> VisitsAsync(DiagnosticAnalyzer analyzer, string ruleId, int n)
    {
        var tree = CSharpSyntaxTree.ParseText(ScalingSource.Generate(n), new CSharpParseOptions(LanguageVersion.Latest), path: "Scaling.cs");
        var compilation = SdkAnalyzers.Enable(
            CSharpCompilation.Create("Scaling", new[] { tree }, TestFrameworkReferences.Get(TestFramework.Net80), new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)),
            new[] { ruleId });
        var withAnalyzers = compilation.WithAnalyzers(
            ImmutableArray.Create(analyzer),
            new CompilationWithAnalyzersOptions(new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), null, concurrentAnalysis: false, logAnalyzerExecutionTime: false));
        var before = OperationWalk.Visited;
        var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync();
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        return (OperationWalk.Visited - before, diagnostics.Count(d => d.Id == ruleId));
    }
}

[CollectionDefinition(nameof(Model_LinearCostTests), DisableParallelization = true)]
public sealed class LinearCostCollection
{
}
