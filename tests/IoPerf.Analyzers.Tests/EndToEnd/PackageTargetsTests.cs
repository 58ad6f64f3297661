using Xunit;

namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>
/// The package's build targets, run by MSBuild on a project that imports them: the UI framework packages a project
/// references become the <c>IoPerfUiFrameworkPackage</c> property the compiler passes to IOP005 (CapturedContext), and
/// a project without one leaves it empty. No restore is needed: the target reads the <c>PackageReference</c> items.
/// </summary>
public sealed class PackageTargetsTests : IDisposable
{
    private readonly string _project = Path.Combine(Path.GetTempPath(), "ioperf-targets-" + Guid.NewGuid().ToString("N"));

    [Theory]
    [InlineData("<PackageReference Include=\"Avalonia\" Version=\"11.3.20\" /><PackageReference Include=\"Serilog\" Version=\"4.0.0\" />", "Avalonia")]
    [InlineData("<PackageReference Include=\"microsoft.windowsappsdk\" Version=\"1.7.0\" />", "microsoft.windowsappsdk")]
    [InlineData("<PackageReference Include=\"Microsoft.Maui.Controls\" Version=\"9.0.0\" /><PackageReference Include=\"Uno.WinUI\" Version=\"5.0.0\" />", "Microsoft.Maui.Controls;Uno.WinUI")]
    [InlineData("<PackageReference Include=\"Avalonia.Themes.Fluent\" Version=\"11.3.20\" />", "")]
    [InlineData("", "")]
    public void UiFrameworkPackages_BecomeTheVisibleProperty(string packageReferences, string expected)
    {
        Directory.CreateDirectory(_project);
        var targets = Path.Combine(TestFrameworkReferences.RepoRoot, "src", "Package", "build", "IoPerf.Analyzers.targets");
        File.WriteAllText(Path.Combine(_project, "App.proj"), $"""
            <Project>
              <ItemGroup>{packageReferences}</ItemGroup>
              <Import Project="{targets}" />
              <Target Name="GenerateMSBuildEditorConfigFileCore" />
            </Project>
            """);

        var run = DotNetCli.Run(_project, "msbuild", "App.proj", "-nologo", "-t:GenerateMSBuildEditorConfigFileCore", "-getProperty:IoPerfUiFrameworkPackage");

        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.Equal(expected, run.Output.Trim());
    }

    /// <summary>The corpus runner treats the same packages as UI frameworks as the package's targets do: its figures are the package's.</summary>
    [Fact]
    public void TheCorpusRunner_NamesTheSameUiFrameworkPackages()
    {
        var targets = File.ReadAllText(Path.Combine(TestFrameworkReferences.RepoRoot, "src", "Package", "build", "IoPerf.Analyzers.targets"));

        var named = System.Text.RegularExpressions.Regex.Matches(targets, @"'%\(Identity\)' == '(?<name>[^']+)'").Select(m => m.Groups["name"].Value);

        Assert.Equal(IoPerf.Corpus.ProjectProperties.UiFrameworkPackageNames.Order(StringComparer.Ordinal), named.Order(StringComparer.Ordinal));
    }

    public void Dispose()
    {
        if (Directory.Exists(_project))
        {
            Directory.Delete(_project, recursive: true);
        }
    }
}
