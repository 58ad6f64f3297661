using System;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// What kind of project a compilation builds, from what the analyzer knows for certain: the output kind, whether the
/// build says it is a test project, and whether it uses a desktop UI framework (build properties, UI framework packages,
/// UI types among its references): where a SynchronizationContext can be captured (IOP005), and what the corpus runner
/// reports per compilation (docs/configuration.md's kinds). One per compilation
/// (<see cref="IoModel.Kind"/>); the UI question is answered on first use, as it looks types up.
/// </summary>
internal sealed class ProjectKind
{
    /// <summary>Base types of UI elements: code touching them must stay on the UI thread.</summary>
    private static readonly string[] UiElementTypeNames =
    {
        "System.Windows.Forms.Control",             // WinForms
        "System.Windows.Threading.DispatcherObject", // WPF
        "Microsoft.Maui.Controls.BindableObject",   // .NET MAUI
        "Avalonia.AvaloniaObject",                   // Avalonia
        "Microsoft.UI.Xaml.DependencyObject",       // WinUI 3
        "Windows.UI.Xaml.DependencyObject",         // UWP
    };

    /// <summary>
    /// MSBuild properties that say the project uses a UI framework (WPF, Windows Forms, .NET MAUI, WinUI), made visible
    /// to analyzers by the package's targets (CompilerVisibleProperty). A build references the UI assemblies anyway; this
    /// also holds where they are not resolved (design-time builds that failed a restore, code compiled outside its build).
    /// </summary>
    private static readonly string[] UiFrameworkBuildProperties = { "UseWPF", "UseWindowsForms", "UseMaui", "UseWinUI" };

    /// <summary>
    /// Set by the package's targets to the UI framework packages the project references (Avalonia, the Windows App SDK,
    /// .NET MAUI, Uno): those frameworks come only as packages, so a failed restore leaves no UI type to find.
    /// </summary>
    internal const string UiFrameworkPackageProperty = "IoPerfUiFrameworkPackage";

    private readonly Compilation _compilation;
    private readonly AnalyzerOptions _options;
    private INamedTypeSymbol[]? _uiElementTypes;
    private int _usesUiFramework; // 0: not asked yet, 1: no, 2: yes

    public ProjectKind(Compilation compilation, AnalyzerOptions options, bool isTestProject)
    {
        _compilation = compilation;
        _options = options;
        IsTestProject = isTestProject;
        IsApplication = compilation.Options.OutputKind is OutputKind.ConsoleApplication or OutputKind.WindowsApplication or OutputKind.WindowsRuntimeApplication;
    }

    /// <summary>An executable (console, Windows or Windows Runtime application), not a library or module.</summary>
    public bool IsApplication { get; }

    /// <summary>Built as a test project (<see cref="TestCode.IsTestProject"/>): a test runner calls its code.</summary>
    public bool IsTestProject { get; }

    /// <summary>The project declares or references a desktop or mobile UI framework.</summary>
    public bool UsesUiFramework
    {
        get
        {
            if (Volatile.Read(ref _usesUiFramework) == 0)
            {
                Volatile.Write(ref _usesUiFramework, DeclaresUiFramework(_options) || UiElementTypes.Length > 0 ? 2 : 1);
            }

            return _usesUiFramework == 2;
        }
    }

    /// <summary>The kinds docs/configuration.md names (a test project first, whatever else it is), for reports.</summary>
    public string Name =>
        IsTestProject ? "test project" :
        IsApplication ? (UsesUiFramework ? "UI application" : "application") :
        UsesUiFramework ? "UI library" : "library";

    /// <summary>Whether <paramref name="type"/> is (or derives from) a UI element type of a referenced UI framework.</summary>
    public bool IsUiElement(ITypeSymbol? type) => WellKnownIoTypes.DerivesFromAny(type, UiElementTypes);

    // Looked up only when a rule asks: a lookup of a type that does not exist searches every referenced assembly.
    private INamedTypeSymbol[] UiElementTypes =>
        LazyInitializer.EnsureInitialized(ref _uiElementTypes, () => WellKnownIoTypes.For(_compilation).ResolveAll(UiElementTypeNames))!;

    private static bool DeclaresUiFramework(AnalyzerOptions options)
    {
        foreach (var property in UiFrameworkBuildProperties)
        {
            if (RuleOptions.IsBuildPropertyTrue(options, property))
            {
                return true;
            }
        }

        return RuleOptions.GetBuildProperty(options, UiFrameworkPackageProperty) is { Length: > 0 } packages &&
               !string.Equals(packages, "false", StringComparison.OrdinalIgnoreCase);
    }
}
