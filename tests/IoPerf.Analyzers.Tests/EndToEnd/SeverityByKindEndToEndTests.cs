using System.Text.Json;
using Xunit;

namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>
/// IOP005 in a real build with the packed package: silent with no configuration in an Avalonia application and in a
/// class library of the same code (docs/quality.md measured it apart in UI applications: 2 of 5 right); the user turns it
/// on where they know it is right - <c>suggestion</c> in the app gives a SARIF <c>note</c> (plain build output never
/// lists suggestions), <c>warning</c> or a category-wide setting raises the library.
/// </summary>
[Collection(nameof(PackageEndToEndTests))]
public sealed class SeverityByKindEndToEndTests
{
    /// <summary>Served by this machine's feed with every package it needs (11.3.20 pulls a protocol package that is not).</summary>
    private const string AvaloniaVersion = "11.3.21";

    private const string Loader = """
        using System.IO;
        using System.Threading.Tasks;
        using Avalonia.Controls;

        public class MainWindow : Window
        {
            public async Task<long> LoadAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    total += (await reader.ReadToEndAsync()).Length;
                }

                return total;
            }
        }
        """;

    private readonly PackageEndToEndTests.PackedPackage _package;

    public SeverityByKindEndToEndTests(PackageEndToEndTests.PackedPackage package) => _package = package;

    [Fact]
    public void AvaloniaApplication_SilentByDefault_SuggestionShowsIt()
    {
        var app = Create("AvaloniaApp", "WinExe", ("EntryPoint.cs", "static class EntryPoint { static void Main() { } }\n"));

        Assert.Empty(Build(app));

        File.WriteAllText(Path.Combine(app, ".editorconfig"), "root = true\n\n[*.cs]\ndotnet_diagnostic.IOP005.severity = suggestion\n");
        Assert.Equal(new[] { "note" }, Build(app, "--no-restore"));
    }

    [Fact]
    public void AvaloniaClassLibrary_NothingByDefault_WarningRaisesIt()
    {
        var library = Create("AvaloniaLibrary", "Library");

        Assert.Empty(Build(library));

        File.WriteAllText(Path.Combine(library, ".editorconfig"), "root = true\n\n[*.cs]\ndotnet_diagnostic.IOP005.severity = warning\n");
        Assert.Equal(new[] { "warning" }, Build(library, "--no-restore"));

        File.WriteAllText(Path.Combine(library, ".editorconfig"), "root = true\n\n[*.cs]\ndotnet_analyzer_diagnostic.category-Performance.severity = warning\n");
        Assert.Equal(new[] { "warning" }, Build(library, "--no-restore"));
    }

    private string Create(string name, string outputType, params (string Name, string Text)[] more) =>
        _package.CreateProject(
            name,
            $"<OutputType>{outputType}</OutputType><TargetFramework>net8.0</TargetFramework><Nullable>enable</Nullable>",
            $"""<PackageReference Include="Avalonia" Version="{AvaloniaVersion}" />""",
            more.Prepend(("Loader.cs", Loader)).ToArray());

    /// <summary>Builds <paramref name="project"/> and returns the SARIF level of each IOP005 result.</summary>
    private static string[] Build(string project, params string[] arguments)
    {
        var build = DotNetCli.Run(project, new[] { "build", "-nologo", "--no-incremental" }.Concat(arguments).ToArray());
        Assert.True(build.ExitCode == 0, build.ToString());

        using var log = JsonDocument.Parse(File.ReadAllText(Path.Combine(project, "build.sarif")));
        return log.RootElement.GetProperty("runs")[0].GetProperty("results").EnumerateArray()
            .Where(result => result.GetProperty("ruleId").GetString() == "IOP005")
            .Select(result => result.GetProperty("level").GetString()!)
            .ToArray();
    }
}
