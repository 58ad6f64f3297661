using System;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// Where an <c>await</c> can resume on a captured SynchronizationContext: library code (its callers may have one) and
/// applications that reference a UI framework. Console apps, ASP.NET Core apps and test methods have none. Resolved once
/// per compilation; the per-file parts (options, other analyzers' settings) are read per syntax tree.
/// </summary>
internal sealed class CapturedContext
{
    /// <summary>ASP.NET Core types whose code runs without a SynchronizationContext (or owns its own renderer context).</summary>
    private static readonly string[] ServerTypeNames =
    {
        "Microsoft.AspNetCore.Mvc.ControllerBase",
        "Microsoft.AspNetCore.Mvc.RazorPages.PageModel",
        "Microsoft.AspNetCore.Mvc.RazorPages.PageBase",
        "Microsoft.AspNetCore.Components.ComponentBase",
        "Microsoft.AspNetCore.SignalR.Hub",
    };

    private static readonly string[] OtherConfigureAwaitRules = { "CA2007", "MA0004", "VSTHRD111" };

    private readonly Compilation _compilation;
    private INamedTypeSymbol[]? _serverTypes;

    private CapturedContext(Compilation compilation, AnalyzerOptions options)
    {
        _compilation = compilation;
        Kind = IoModel.For(compilation).Kind(options);
    }

    /// <summary>
    /// The project's kind. A test project builds a library, but its code runs under a test runner, not under a UI or a
    /// library's unknown caller: helpers such as a test fixtures' base class await without a context to hop back to.
    /// </summary>
    public ProjectKind Kind { get; }

    // Looked up only once a loop with an awaited read is found: most compilations never need them, and a lookup of a
    // type that does not exist searches every referenced assembly.
    private INamedTypeSymbol[] ServerTypes =>
        LazyInitializer.EnsureInitialized(ref _serverTypes, () => WellKnownIoTypes.For(_compilation).ResolveAll(ServerTypeNames))!;

    public static CapturedContext Create(Compilation compilation, AnalyzerOptions options) => new(compilation, options);

    /// <summary>
    /// Whether awaits in <paramref name="tree"/> can capture a context under the rule's <c>context</c> option
    /// (<c>auto</c>: libraries and UI apps; <c>always</c>), and no other rule or setting already owns the question.
    /// </summary>
    public bool AppliesTo(SyntaxTree tree, Compilation compilation, AnalyzerOptions options, string ruleId)
    {
        var mode = RuleOptions.GetChoice(options, tree, ruleId, "context", "auto", "auto", "always");
        if (mode == "auto" && ((Kind.IsApplication && !Kind.UsesUiFramework) || Kind.IsTestProject))
        {
            return false;
        }

        // A project that decided against ConfigureAwait, or that already enforces it on every await.
        if (RuleOptions.TryGetAny(options, tree, "roslynator_configure_await", out var roslynator) &&
            string.Equals(roslynator, "false", StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        foreach (var id in OtherConfigureAwaitRules)
        {
            if (IsEnabled(id, tree, compilation, options))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>ASP.NET Core controllers, pages, components and hubs, and test classes: no context to capture.</summary>
    public bool IsExcludedType(INamedTypeSymbol? type)
    {
        return WellKnownIoTypes.DerivesFromAny(type, ServerTypes) || (type is not null && TestCode.IsTestClass(type));
    }

    /// <summary>Whether <paramref name="type"/> is (or derives from) a UI element type.</summary>
    public bool IsUiElement(ITypeSymbol? type) => Kind.IsUiElement(type);

    /// <summary>An explicit severity other than none/silent for <paramref name="id"/>, from .editorconfig or a global config.</summary>
    private static bool IsEnabled(string id, SyntaxTree tree, Compilation compilation, AnalyzerOptions options)
    {
        if (compilation.Options.SyntaxTreeOptionsProvider?.TryGetDiagnosticValue(tree, id, default, out var treeSeverity) == true)
        {
            return treeSeverity is ReportDiagnostic.Warn or ReportDiagnostic.Error or ReportDiagnostic.Info;
        }

        if (compilation.Options.SyntaxTreeOptionsProvider?.TryGetGlobalDiagnosticValue(id, default, out var globalSeverity) == true)
        {
            return globalSeverity is ReportDiagnostic.Warn or ReportDiagnostic.Error or ReportDiagnostic.Info;
        }

        if (compilation.Options.SpecificDiagnosticOptions.TryGetValue(id, out var specific))
        {
            return specific is ReportDiagnostic.Warn or ReportDiagnostic.Error or ReportDiagnostic.Info;
        }

        return RuleOptions.TryGetAny(options, tree, "dotnet_diagnostic." + id + ".severity", out var raw) &&
               raw.ToLowerInvariant() is "warning" or "error" or "suggestion" or "info";
    }
}
