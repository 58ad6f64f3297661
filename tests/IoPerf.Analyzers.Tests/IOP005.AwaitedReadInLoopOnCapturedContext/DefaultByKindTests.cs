using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextFix>;

namespace IoPerf.Analyzers.Tests.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// IOP005 is silent (Hidden: a lightbulb, nothing listed) in every kind of project - UI applications, libraries, UI
/// libraries, console apps asked with <c>context = always</c>, test projects - as measured (docs/quality.md: 2 of 5 right
/// in UI applications). A severity the user sets wins in every kind and both directions - per file and in a global
/// config (the preset is one). The markup form ignores severity, so every expectation here is explicit.
/// </summary>
public sealed class DefaultByKindTests
{
    private const string Loader = """
        using System.IO;
        using System.Threading.Tasks;

        public class Loader
        {
            public async Task<long> TotalAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    total += ({|#0:await reader.ReadToEndAsync()|}).Length;
                }

                return total;
            }
        }
        """;

    private const string OneRead = "The awaited read in this loop resumes on the captured SynchronizationContext each time it waits for data; add ConfigureAwait(false) or run the loop on the thread pool";

    private const string EntryPoint = "\nstatic class EntryPoint { static void Main() { } }\n";

    /// <summary>Avalonia's base type, as the UI framework's reference assembly would bring it.</summary>
    private const string AvaloniaTypes = "\nnamespace Avalonia { public class AvaloniaObject { } }\n";

    private static Verify.Test Project(OutputKind outputKind, string? severity, string globalConfig = "", string editorConfig = "", string extra = "")
    {
        var test = Verify.Create(Loader + (outputKind == OutputKind.DynamicallyLinkedLibrary ? "" : EntryPoint) + extra);
        test.TestState.OutputKind = outputKind;
        if (globalConfig.Length > 0)
        {
            test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\n" + globalConfig + "\n"));
        }

        if (editorConfig.Length > 0)
        {
            test.WithEditorConfig(editorConfig);
        }

        if (severity is not null)
        {
            test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.AwaitedReadInLoopOnCapturedContext).WithLocation(0).WithSeverity(Parse(severity)).WithMessage(OneRead));
        }

        // Each case checks what is reported; the fix's output is covered by the rule's other tests.
        test.TestBehaviors |= TestBehaviors.SkipSuppressionCheck;
        test.CodeActionValidationMode = CodeActionValidationMode.None;
        return test;
    }

    private static DiagnosticSeverity Parse(string severity) => Enum.Parse<DiagnosticSeverity>(severity);

    // ---- The defaults, one per kind ---------------------------------------------------------------------------------

    [Theory]
    [InlineData("build_property.usewpf = true")]
    [InlineData("build_property.usewindowsforms = true")]
    [InlineData("build_property.usewinui = true")]
    [InlineData("build_property.usemaui = true")]
    [InlineData("build_property.ioperfuiframeworkpackage = Avalonia")]
    public Task UiApplication_Hidden(string uiFramework) =>
        Project(OutputKind.WindowsApplication, "Hidden", uiFramework).RunAsync();

    [Fact]
    public Task UiApplication_KnownByItsReferencedUiTypes_Hidden() =>
        Project(OutputKind.WindowsApplication, "Hidden", extra: AvaloniaTypes).RunAsync();

    [Fact]
    public Task UiConsoleApplication_Hidden() =>
        Project(OutputKind.ConsoleApplication, "Hidden", "build_property.usewpf = true").RunAsync();

    [Fact]
    public Task Library_Hidden() => Project(OutputKind.DynamicallyLinkedLibrary, "Hidden").RunAsync();

    /// <summary>A class library of views or view models: it cannot see who calls it either, so it keeps a library's default.</summary>
    [Fact]
    public Task UiLibrary_Hidden() =>
        Project(OutputKind.DynamicallyLinkedLibrary, "Hidden", "build_property.usewpf = true", extra: AvaloniaTypes).RunAsync();

    [Fact]
    public Task ConsoleApplication_AskedToLookEverywhere_Hidden() =>
        Project(OutputKind.ConsoleApplication, "Hidden", editorConfig: "dotnet_diagnostic.IOP005.context = always").RunAsync();

    [Fact]
    public Task UiTestProject_AskedToLookEverywhere_Hidden() =>
        Project(OutputKind.ConsoleApplication, "Hidden", "build_property.usewpf = true\nbuild_property.istestproject = true", "dotnet_diagnostic.IOP005.context = always").RunAsync();

    // ---- The user's setting wins both ways ----------------------------------------------------------------------------

    [Theory]
    [InlineData("warning", "Warning")]
    [InlineData("suggestion", "Info")]
    [InlineData("silent", "Hidden")]
    public Task UiApplication_EditorConfigSeverityWins(string configured, string reported) =>
        Project(OutputKind.WindowsApplication, reported, "build_property.usewpf = true", $"dotnet_diagnostic.IOP005.severity = {configured}").RunAsync();

    [Fact]
    public Task UiApplication_SetToNone_NothingReported() =>
        Project(OutputKind.WindowsApplication, null, "build_property.usewpf = true", "dotnet_diagnostic.IOP005.severity = none").RunAsync();

    [Theory]
    [InlineData("warning", "Warning")]
    [InlineData("suggestion", "Info")]
    [InlineData("error", "Error")]
    public Task Library_EditorConfigSeverityWins(string configured, string reported) =>
        Project(OutputKind.DynamicallyLinkedLibrary, reported, editorConfig: $"dotnet_diagnostic.IOP005.severity = {configured}").RunAsync();

    /// <summary>The package's preset is a global config that sets every rule to warning.</summary>
    [Fact]
    public Task Library_GlobalConfigWarning_AsThePresetSetsIt() =>
        Project(OutputKind.DynamicallyLinkedLibrary, "Warning", "dotnet_diagnostic.IOP005.severity = warning").RunAsync();

    [Fact]
    public Task UiApplication_GlobalConfigSuggestion_ASuggestion() =>
        Project(OutputKind.WindowsApplication, "Info", "build_property.usewpf = true\ndotnet_diagnostic.IOP005.severity = suggestion").RunAsync();

    [Fact]
    public Task UiApplication_GlobalConfigNone_NothingReported() =>
        Project(OutputKind.WindowsApplication, null, "build_property.usewpf = true\ndotnet_diagnostic.IOP005.severity = none").RunAsync();
}
