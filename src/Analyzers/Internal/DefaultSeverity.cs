using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// The severity a rule reports with when the user has set none: its descriptor's default, or - for a rule whose measured
/// precision differs by kind of project - a lower one where its figures do not reach the policy bar (docs/quality.md).
/// The descriptor carries the highest default any kind gets, so that command-line builds run the analyzer at all (a
/// compiler skips analyzers whose descriptors are all Hidden); the compiler applies a user's
/// <c>dotnet_diagnostic.IOPxxx.severity</c> (per file, global config, the preset) on top of what is reported here, in
/// both directions. Every decision lives in <see cref="For"/>, so that README and docs/configuration.md have one table to follow.
/// </summary>
internal static class DefaultSeverity
{
    /// <summary>The severity to report <paramref name="rule"/> with in a project of <paramref name="kind"/>.</summary>
    public static DiagnosticSeverity For(DiagnosticDescriptor rule, ProjectKind kind) => rule.Id switch
    {
        // UI applications: their event handlers run on the UI thread, where the hop per read costs; libraries cannot see
        // their callers' context, and tests, console apps and services have none.
        RuleIdentifiers.AwaitedReadInLoopOnCapturedContext => kind.IsUiApplication ? DiagnosticSeverity.Info : DiagnosticSeverity.Hidden,
        _ => rule.DefaultSeverity,
    };

    /// <summary>A diagnostic of <paramref name="rule"/> at the severity its project's kind gives it.</summary>
    public static Diagnostic Create(DiagnosticDescriptor rule, ProjectKind kind, Location location, System.Collections.Immutable.ImmutableDictionary<string, string?>? properties, params object?[] messageArgs) =>
        Diagnostic.Create(rule, location, For(rule, kind), additionalLocations: null, properties, messageArgs);
}
