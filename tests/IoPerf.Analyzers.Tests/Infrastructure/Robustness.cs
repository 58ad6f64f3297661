using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// Runs analyzers (and their fixes on whatever they report) over code that need not compile - half-typed code,
/// fuzzed code - and fails on any exception. An analyzer exception would reach users as AD0001.
/// </summary>
public static class Robustness
{
    public static async Task<ImmutableArray<Diagnostic>> AssertNoExceptionsAsync(
        ImmutableArray<DiagnosticAnalyzer> analyzers,
        ImmutableArray<CodeFixProvider> fixes,
        string source,
        TestFramework framework = TestFramework.Net80,
        CancellationToken cancellationToken = default)
    {
        var document = TestWorkspace.CreateDocument(source, framework);

        var compilation = (await document.Project.GetCompilationAsync(cancellationToken))!;
        var exceptions = new List<string>();
        var options = AnalyzerCatalog.Options((exception, analyzer, _) => { lock (exceptions) { exceptions.Add($"{analyzer.GetType().Name}: {exception}"); } });
        var diagnostics = await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync(cancellationToken);

        Assert.True(exceptions.Count == 0, $"Analyzer threw on:\n{source}\n\n{string.Join("\n", exceptions)}");
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");

        foreach (var diagnostic in diagnostics)
        {
            foreach (var fix in fixes.Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
            {
                try
                {
                    foreach (var action in await AnalyzerCatalog.GetActionsAsync(fix, document, diagnostic, cancellationToken))
                    {
                        await action.GetOperationsAsync(cancellationToken);
                    }
                }
                catch (Exception exception) when (exception is not OperationCanceledException)
                {
                    Assert.Fail($"{fix.GetType().Name} threw on {diagnostic} in:\n{source}\n\n{exception}");
                }
            }
        }

        return diagnostics;
    }

    public static Task<ImmutableArray<Diagnostic>> AssertNoExceptionsAsync(
        DiagnosticAnalyzer analyzer, CodeFixProvider fix, string source, TestFramework framework = TestFramework.Net80) =>
        AssertNoExceptionsAsync(ImmutableArray.Create(analyzer), ImmutableArray.Create(fix), source, framework);

    /// <summary>The distinct titles of the code actions <paramref name="fix"/> offers for what <paramref name="analyzer"/> reports in <paramref name="source"/>.</summary>
    public static async Task<string[]> FixTitlesAsync(DiagnosticAnalyzer analyzer, CodeFixProvider fix, string source, TestFramework framework = TestFramework.Net80)
    {
        var document = TestWorkspace.CreateDocument(source, framework);
        var compilation = (await document.Project.GetCompilationAsync())!;
        var diagnostics = await compilation.WithAnalyzers(ImmutableArray.Create(analyzer)).GetAnalyzerDiagnosticsAsync();
        var titles = new List<string>();
        foreach (var diagnostic in diagnostics)
        {
            foreach (var action in await AnalyzerCatalog.GetActionsAsync(fix, document, diagnostic))
            {
                titles.Add(action.Title);
            }
        }

        return titles.Distinct().ToArray();
    }

    /// <summary>
    /// Applies code action <paramref name="actionIndex"/> of <paramref name="fix"/> to the first diagnostic of
    /// <paramref name="analyzer"/>, again and again until none is left, and returns the resulting source.
    /// </summary>
    public static async Task<string> ApplyFixesAsync(DiagnosticAnalyzer analyzer, CodeFixProvider fix, string source, int actionIndex = 0, OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary)
    {
        var document = TestWorkspace.CreateDocument(source, TestFramework.Net100, outputKind, fileName: "Source.cs");
        document = await FixApplier.ApplyUntilDoneAsync(
            document,
            async current => (await (await current.Project.GetCompilationAsync())!.WithAnalyzers(ImmutableArray.Create(analyzer)).GetAnalyzerDiagnosticsAsync()).FirstOrDefault(),
            new[] { fix },
            actionIndex);
        return (await document.GetTextAsync()).ToString();
    }
}
