using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.TestKit;

/// <summary>
/// Every analyzer and code fix the package ships, found by reflection, and the ways the tests and tools run them.
/// Shared by the tests and the tools (corpus runner, cost benchmark).
/// </summary>
public static class AnalyzerCatalog
{
    public static ImmutableArray<DiagnosticAnalyzer> Analyzers { get; } = typeof(Rules).Assembly.GetTypes()
        .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t))
        .OrderBy(t => t.Name, StringComparer.Ordinal)
        .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
        .ToImmutableArray();

    public static ImmutableArray<CodeFixProvider> Fixes { get; } = typeof(CodeFixes.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassFix).Assembly.GetTypes()
        .Where(t => !t.IsAbstract && typeof(CodeFixProvider).IsAssignableFrom(t))
        .OrderBy(t => t.Name, StringComparer.Ordinal)
        .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!)
        .ToImmutableArray();

    public static IEnumerable<CodeFixProvider> FixesFor(string diagnosticId) =>
        Fixes.Where(fix => fix.FixableDiagnosticIds.Contains(diagnosticId));

    public static IEnumerable<DiagnosticAnalyzer> AnalyzersFor(string diagnosticId) =>
        Analyzers.Where(analyzer => analyzer.SupportedDiagnostics.Any(d => d.Id == diagnosticId));

    /// <summary>Analyzer options carrying the given .editorconfig-style key/values (build properties included) for every tree; none by default.</summary>
    public static CompilationWithAnalyzersOptions Options(
        Action<Exception, DiagnosticAnalyzer, Diagnostic>? onException = null, bool logTime = false, IReadOnlyDictionary<string, string>? configOptions = null) =>
        new(
            configOptions is null
                ? new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty)
                : new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new FixedAnalyzerConfigOptionsProvider(configOptions)),
            onException,
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: logTime);

    /// <summary>The code actions <paramref name="fix"/> registers for <paramref name="diagnostic"/>.</summary>
    public static async Task<IReadOnlyList<CodeAction>> GetActionsAsync(
        CodeFixProvider fix, Document document, Diagnostic diagnostic, CancellationToken cancellationToken = default)
    {
        var actions = new List<CodeAction>();
        await fix.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), cancellationToken));
        return actions;
    }
}
