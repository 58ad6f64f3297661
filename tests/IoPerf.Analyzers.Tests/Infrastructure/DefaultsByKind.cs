using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// What the documentation says a rule's default is in each kind of project (ProjectKind.Documented: docs/configuration.md's
/// columns). No rule has figures that set a kind apart yet (docs/quality.md), so each column is the descriptor's default;
/// a rule that comes to differ by kind changes this one place, and the tables with it.
/// </summary>
public static class DefaultsByKind
{
    /// <summary>The rule's default in each documented kind, in the order of docs/configuration.md's columns.</summary>
    public static string[] Each(DiagnosticDescriptor rule, Func<DiagnosticSeverity, string> word) =>
        ProjectKind.Documented.Select(_ => word(rule.DefaultSeverity)).ToArray();
}
