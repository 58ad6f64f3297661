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
        using var workspace = new AdhocWorkspace();
        var document = workspace.AddProject("Robustness", LanguageNames.CSharp)
            .WithMetadataReferences(TestFrameworkReferences.Get(framework))
            .WithCompilationOptions(new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable))
            .WithParseOptions(new CSharpParseOptions(LanguageVersion.Latest))
            .AddDocument("Test.cs", source);

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
        using var workspace = new AdhocWorkspace();
        var document = workspace.AddProject("Titles", LanguageNames.CSharp)
            .WithMetadataReferences(TestFrameworkReferences.Get(framework))
            .WithCompilationOptions(new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable))
            .WithParseOptions(new CSharpParseOptions(LanguageVersion.Latest))
            .AddDocument("Test.cs", source);
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
        using var workspace = new AdhocWorkspace();
        var document = workspace.AddProject("Fixed", LanguageNames.CSharp)
            .WithMetadataReferences(TestFrameworkReferences.Get(TestFramework.Net100))
            .WithCompilationOptions(new CSharpCompilationOptions(outputKind, nullableContextOptions: NullableContextOptions.Enable))
            .WithParseOptions(new CSharpParseOptions(LanguageVersion.Latest))
            .AddDocument("Source.cs", source);
        for (var round = 0; round < 20; round++)
        {
            var compilation = (await document.Project.GetCompilationAsync())!;
            var diagnostic = (await compilation.WithAnalyzers(ImmutableArray.Create(analyzer)).GetAnalyzerDiagnosticsAsync()).FirstOrDefault();
            if (diagnostic is null)
            {
                break;
            }

            var actions = await AnalyzerCatalog.GetActionsAsync(fix, document, diagnostic);
            Assert.True(actions.Count > actionIndex, $"no code action {actionIndex} for {diagnostic}");
            var operations = await actions[actionIndex].GetOperationsAsync(CancellationToken.None);
            document = operations.OfType<Microsoft.CodeAnalysis.CodeActions.ApplyChangesOperation>().Single().ChangedSolution.GetDocument(document.Id)!;
        }

        return (await document.GetTextAsync()).ToString();
    }
}
