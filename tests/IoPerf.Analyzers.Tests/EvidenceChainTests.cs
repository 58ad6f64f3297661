using System.Collections.Immutable;
using System.Text.RegularExpressions;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>
/// "The fix is what was benchmarked": every shipped rule has a benchmark pair in evidence-bench/RulePairs whose
/// IOPnnn_Before method the rule flags (and no other IOP rule), whose IOPnnn_After method nothing flags, and whose
/// After body is exactly what the rule's code fix makes of the Before body. The bench is read as source (it references
/// BenchmarkDotNet, which pins a newer Roslyn): attributes and BenchmarkDotNet usings are dropped before compiling.
/// </summary>
public sealed partial class EvidenceChainTests
{
    private static readonly string PairsFolder = Path.Combine(TestFrameworkReferences.RepoRoot, "evidence-bench", "RulePairs");

    [Fact]
    public void EveryShippedRuleHasAPair_AndEveryPairHasAShippedRule()
    {
        var pairIds = FindPairs().Select(p => p.RuleId).ToHashSet();
        var ruleIds = Rules.All.Select(d => d.Id).ToHashSet();

        Assert.True(ruleIds.Except(pairIds).Count() == 0,
            "Shipped rules without a benchmark pair in evidence-bench/RulePairs: " + string.Join(", ", ruleIds.Except(pairIds).Order()));
        Assert.True(pairIds.Except(ruleIds).Count() == 0,
            "Benchmark pairs for rules that are not shipped: " + string.Join(", ", pairIds.Except(ruleIds).Order()));
    }

    [Theory]
    [MemberData(nameof(ShippedRules.Ids), MemberType = typeof(ShippedRules))]
    public async Task BeforeIsFlaggedByTheRuleOnly_AfterIsClean_AndTheFixTurnsBeforeIntoAfter(string ruleId)
    {
        var pair = FindPairs().SingleOrDefault(p => p.RuleId == ruleId);
        Assert.True(pair is not null, $"{ruleId} has no benchmark pair in evidence-bench/RulePairs");

        var document = CreateDocument(pair.Source);
        var diagnostics = await GetIopDiagnosticsAsync(document);
        var root = (await document.GetSyntaxRootAsync())!;
        var before = FindMethod(root, ruleId + "_Before");
        var after = FindMethod(root, ruleId + "_After");

        var inBefore = diagnostics.Where(d => before.Span.Contains(d.Location.SourceSpan)).ToList();
        Assert.Contains(inBefore, d => d.Id == ruleId);
        Assert.All(inBefore, d => Assert.Equal(ruleId, d.Id));
        Assert.Empty(diagnostics.Where(d => after.Span.Contains(d.Location.SourceSpan)));

        var fixedBody = await ApplyFixesInMethodAsync(document, ruleId, ruleId + "_Before");
        Assert.Equal(Normalize(after.Body ?? (SyntaxNode)after.ExpressionBody!), fixedBody);
    }

    private sealed record Pair(string RuleId, string Path, string Source);

    private static IReadOnlyList<Pair> FindPairs()
    {
        if (!Directory.Exists(PairsFolder))
        {
            return Array.Empty<Pair>();
        }

        var pairs = new List<Pair>();
        foreach (var path in Directory.GetFiles(PairsFolder, "*.cs"))
        {
            var source = File.ReadAllText(path);
            var ids = BeforeMethodName().Matches(source).Select(m => m.Groups["id"].Value).Distinct();
            pairs.AddRange(ids.Select(id => new Pair(id, path, source)));
        }

        return pairs;
    }

    /// <summary>The pair's file as a user's code: no BenchmarkDotNet attributes or usings, .NET 10 implicit usings.</summary>
    private static Document CreateDocument(string source)
    {
        var tree = CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest));
        var root = (CompilationUnitSyntax)tree.GetRoot();
        root = root.RemoveNodes(root.DescendantNodes().OfType<AttributeListSyntax>(), SyntaxRemoveOptions.KeepNoTrivia)!;
        root = root.RemoveNodes(
            root.Usings.Where(u => u.Name?.ToString().StartsWith("BenchmarkDotNet", StringComparison.Ordinal) == true),
            SyntaxRemoveOptions.KeepNoTrivia)!;

        var project = TestWorkspace.CreateProject("EvidenceChain", TestFramework.Net100, allowUnsafe: true);
        project = project.AddDocument("ImplicitUsings.cs", """
            global using System;
            global using System.Collections.Generic;
            global using System.IO;
            global using System.Linq;
            global using System.Net.Http;
            global using System.Threading;
            global using System.Threading.Tasks;
            """).Project;
        return project.AddDocument("Pair.cs", root.ToFullString());
    }

    private static async Task<ImmutableArray<Diagnostic>> GetIopDiagnosticsAsync(Document document)
    {
        var compilation = (await document.Project.GetCompilationAsync())!;
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, "The pair does not compile as plain C#:\n" + string.Join("\n", errors));

        var diagnostics = await compilation.WithAnalyzers(AnalyzerCatalog.Analyzers, AnalyzerCatalog.Options()).GetAnalyzerDiagnosticsAsync();
        return diagnostics.Where(d => d.Id.StartsWith("IOP", StringComparison.Ordinal) && d.Location.SourceTree == compilation.SyntaxTrees.Last()).ToImmutableArray();
    }

    /// <summary>Applies the rule's first code fix until the method has no diagnostic of that rule left.</summary>
    private static async Task<string> ApplyFixesInMethodAsync(Document document, string ruleId, string methodName)
    {
        document = await FixApplier.ApplyUntilDoneAsync(
            document,
            async current =>
            {
                var method = FindMethod((await current.GetSyntaxRootAsync())!, methodName);
                return (await GetIopDiagnosticsAsync(current))
                    .Where(d => d.Id == ruleId && method.Span.Contains(d.Location.SourceSpan))
                    .OrderBy(d => d.Location.SourceSpan.Start)
                    .FirstOrDefault();
            },
            AnalyzerCatalog.FixesFor(ruleId),
            maxRounds: 10);
        var fixedMethod = FindMethod((await document.GetSyntaxRootAsync())!, methodName);
        return Normalize(fixedMethod.Body ?? (SyntaxNode)fixedMethod.ExpressionBody!);
    }

    private static MethodDeclarationSyntax FindMethod(SyntaxNode root, string name)
    {
        var method = root.DescendantNodes().OfType<MethodDeclarationSyntax>().SingleOrDefault(m => m.Identifier.ValueText == name);
        Assert.True(method is not null, $"method {name} not found in the pair");
        return method;
    }

    /// <summary>The body as tokens only: whitespace and comments do not matter, the code does.</summary>
    private static string Normalize(SyntaxNode body) =>
        string.Join(" ", body.DescendantTokens().Select(token => token.Text));

    [GeneratedRegex(@"\b(?<id>IOP[0-9]{3})_Before\s*\(")]
    private static partial Regex BeforeMethodName();
}
