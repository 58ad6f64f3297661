using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// What the documentation says a rule's default is, computed from the code that decides it (DefaultSeverity for each of
/// ProjectKind.Documented), so that README, the package's readme and docs/configuration.md cannot drift from it.
/// </summary>
public static class DefaultsByKind
{
    /// <summary>The rule's default in each documented kind, in the order of docs/configuration.md's columns.</summary>
    public static string[] Each(DiagnosticDescriptor rule, Func<DiagnosticSeverity, string> word) =>
        ProjectKind.Documented.Select(kind => word(DefaultSeverity.For(rule, kind))).ToArray();

    /// <summary>One word where every kind agrees, else "Info in UI applications, Hidden elsewhere".</summary>
    public static string Summary(DiagnosticDescriptor rule, Func<DiagnosticSeverity, string> word)
    {
        var byKind = ProjectKind.Documented.Select(kind => (Kind: kind.Name, Word: word(DefaultSeverity.For(rule, kind)))).ToList();
        var common = byKind.GroupBy(entry => entry.Word).OrderByDescending(group => group.Count()).First().Key;
        var others = byKind.Where(entry => entry.Word != common).GroupBy(entry => entry.Word).ToList();
        return others.Count == 0
            ? common
            : string.Join(", ", others.Select(group => $"{group.Key} in {string.Join(" and ", group.Select(entry => entry.Kind + "s"))}")) + $", {common} elsewhere";
    }
}
