using IoPerf.Corpus;
using Microsoft.CodeAnalysis;
using Xunit;

namespace IoPerf.Analyzers.Tests.Tools;

/// <summary>The corpus runner reads what a build would see of a project's properties, including the Directory.Build.* imports.</summary>
public sealed class ProjectPropertiesTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("iop-props-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public void ProjectWithoutImports_ReadsItsOwnProperties()
    {
        var project = Project("App", "<PropertyGroup><OutputType>WinExe</OutputType><UseWindowsForms>true</UseWindowsForms></PropertyGroup>");

        var properties = ProjectProperties.Read(project, _root);

        Assert.Equal(OutputKind.WindowsApplication, properties.OutputKind);
        Assert.True(properties.UseWindowsForms);
        Assert.False(properties.UseWpf);
        Assert.False(properties.ImplicitUsings);
        Assert.Null(properties.GlobalUsingsSource);
    }

    /// <summary>Microsoft.NET.Test.Sdk's props set IsTestProject; a project's own value wins over the package's.</summary>
    [Theory]
    [InlineData("<ItemGroup><PackageReference Include=\"Microsoft.NET.Test.Sdk\" Version=\"17.0.0\" /></ItemGroup>", true)]
    [InlineData("<PropertyGroup><IsTestProject>true</IsTestProject></PropertyGroup>", true)]
    [InlineData("<PropertyGroup><IsTestProject>false</IsTestProject></PropertyGroup><ItemGroup><PackageReference Include=\"Microsoft.NET.Test.Sdk\" /></ItemGroup>", false)]
    [InlineData("<ItemGroup><PackageReference Include=\"xunit.assert\" Version=\"2.9.0\" /></ItemGroup>", false)]
    [InlineData("<ItemGroup><Reference Include=\"Microsoft.VisualStudio.QualityTools.UnitTestFramework, Version=10.0.0.0\" /></ItemGroup>", true)]
    public void TestProject_FromTheTestSdkReferenceOrTheProperty(string body, bool expected)
    {
        var properties = ProjectProperties.Read(Project("Checks", body), _root);

        Assert.Equal(expected, properties.IsTestProject);
        Assert.Equal(expected ? "true" : "", properties.AnalyzerBuildProperties["build_property.IsTestProject"]);
    }

    /// <summary>
    /// In MSBuild's order the test SDK's props come after Directory.Build.props: a default of false there does not turn
    /// test projects off; a value computed from other properties is not read as false.
    /// </summary>
    [Theory]
    [InlineData("<IsTestProject>false</IsTestProject>", true)]
    [InlineData("<IsTestProject>$(MSBuildProjectName.EndsWith('Tests'))</IsTestProject>", true)]
    public void TestSdkPropsComeAfterDirectoryBuildProps(string propsValue, bool expected)
    {
        Write("Directory.Build.props", $"<Project><PropertyGroup>{propsValue}</PropertyGroup></Project>");
        var project = Project("Checks", "<ItemGroup><PackageReference Include=\"Microsoft.NET.Test.Sdk\" /></ItemGroup>");

        Assert.Equal(expected, ProjectProperties.Read(project, _root).IsTestProject);
    }

    [Fact]
    public void ProjectFileOverridesDirectoryBuildProps_AndTargetsOverrideBoth()
    {
        Write("Directory.Build.props", "<Project><PropertyGroup><OutputType>Exe</OutputType><UseWPF>true</UseWPF></PropertyGroup></Project>");
        Write("Directory.Build.targets", "<Project><PropertyGroup><UseWPF>false</UseWPF></PropertyGroup></Project>");
        var library = Project("Lib", "<PropertyGroup><OutputType>Library</OutputType></PropertyGroup>");
        var tool = Project("Tool", "");

        Assert.Equal(OutputKind.DynamicallyLinkedLibrary, ProjectProperties.Read(library, _root).OutputKind);
        Assert.Equal(OutputKind.ConsoleApplication, ProjectProperties.Read(tool, _root).OutputKind);
        Assert.False(ProjectProperties.Read(tool, _root).UseWpf);
    }

    [Fact]
    public void UsingItems_IncludeRemoveAliasAndStatic_AfterTheSdksImplicitOnes()
    {
        Write("Directory.Build.props", """
            <Project>
              <PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup>
              <ItemGroup>
                <Using Include="System.Text;System.Diagnostics" />
                <Using Remove="System.Net.Http" />
                <Using Include="System.Math" Static="true" />
                <Using Include="System.Collections.Immutable.ImmutableArray" Alias="Arrays" />
              </ItemGroup>
            </Project>
            """);
        var project = Project("App", "<ItemGroup><Using Remove=\"System.Text\" /></ItemGroup>");

        var usings = ProjectProperties.Read(project, _root).GlobalUsings;

        Assert.Equal(
            new[]
            {
                "global using global::System;", "global using global::System.Collections.Generic;", "global using global::System.IO;",
                "global using global::System.Linq;", "global using global::System.Threading;", "global using global::System.Threading.Tasks;",
                "global using global::System.Diagnostics;", "global using static global::System.Math;",
                "global using Arrays = global::System.Collections.Immutable.ImmutableArray;",
            },
            usings);
    }

    [Fact]
    public void ImplicitUsingsSetInTheProjectAfterThePropsFile_StillPutTheSdkUsingsFirst()
    {
        Write("Directory.Build.props", "<Project><ItemGroup><Using Include=\"System.Text\" /></ItemGroup></Project>");
        var project = Project("App", "<PropertyGroup><ImplicitUsings>true</ImplicitUsings></PropertyGroup>");

        var usings = ProjectProperties.Read(project, _root).GlobalUsings;

        Assert.Equal("global using global::System;", usings[0]);
        Assert.Equal("global using global::System.Text;", usings[^1]);
    }

    [Fact]
    public void OnlyTheNearestPropsFileCounts_UnlessItImportsTheOneAbove()
    {
        Write("Directory.Build.props", "<Project><PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>");
        Write("src/Directory.Build.props", "<Project><PropertyGroup><OutputType>Exe</OutputType></PropertyGroup></Project>");
        var isolated = Project("src/App", "");
        Assert.False(ProjectProperties.Read(isolated, _root).ImplicitUsings);
        Assert.Equal(OutputKind.ConsoleApplication, ProjectProperties.Read(isolated, _root).OutputKind);

        Write("src/Directory.Build.props", """
            <Project>
              <Import Project="$([MSBuild]::GetPathOfFileAbove('Directory.Build.props', '$(MSBuildThisFileDirectory)../'))" />
              <PropertyGroup><OutputType>Exe</OutputType></PropertyGroup>
            </Project>
            """);
        Assert.True(ProjectProperties.Read(isolated, _root).ImplicitUsings);
    }

    [Fact]
    public void MalformedFilesAndMissingProjects_GiveTheDefaults()
    {
        Write("Directory.Build.props", "<Project><PropertyGroup><ImplicitUsings>enable</Implicit");
        var project = Project("App", "<PropertyGroup><OutputType>Exe</OutputType></PropertyGroup>");
        var empty = Directory.CreateDirectory(Path.Combine(_root, "NoProject")).FullName;

        Assert.Equal(OutputKind.ConsoleApplication, ProjectProperties.Read(project, _root).OutputKind);
        Assert.False(ProjectProperties.Read(project, _root).ImplicitUsings);
        Assert.Equal(ProjectProperties.Default, ProjectProperties.Read(empty, _root));
    }

    [Fact]
    public void ProjectReferences_ResolveAgainstTheProjectFolder_WithWindowsSeparators()
    {
        Write("Directory.Build.props", "<Project><ItemGroup><ProjectReference Include=\"..\\Shared\\Shared.csproj\" /></ItemGroup></Project>");
        var project = Project("App", """
            <PropertyGroup><AssemblyName>MyCompany.App</AssemblyName></PropertyGroup>
            <ItemGroup>
              <ProjectReference Include="..\Core\Core.csproj;$(MSBuildThisFileDirectory)../Data/Data.csproj" />
              <ProjectReference Include="$(RepoRoot)/Other/Other.csproj" />
            </ItemGroup>
            """);

        var properties = ProjectProperties.Read(project, _root);

        Assert.Equal(
            new[] { Path.Combine(_root, "Shared", "Shared.csproj"), Path.Combine(_root, "Core", "Core.csproj"), Path.Combine(_root, "Data", "Data.csproj"), Path.Combine(_root, "Other", "Other.csproj") },
            properties.ProjectReferences);
        Assert.Equal("MyCompany.App", properties.AssemblyName);
        Assert.Equal("Lib", ProjectProperties.Read(Project("Lib", ""), _root).AssemblyName);
    }

    /// <summary>
    /// Properties in a ProjectReference's path are expanded with their last values (MSBuild evaluates properties before
    /// items); a computed $(RepoRoot) and an unset $(SolutionDir) are the checkout's root; an unknown property or a
    /// property function is skipped.
    /// </summary>
    [Fact]
    public void ProjectReferences_ExpandPropertiesTheProjectFilesSet()
    {
        Write("Directory.Build.props", """
            <Project><PropertyGroup>
              <RepoRoot Condition=" '$(RepoRoot)' == '' ">$([MSBuild]::NormalizeDirectory('$([MSBuild]::GetDirectoryNameOfFileAbove($(MSBuildProjectDirectory), 'LICENSE'))'))</RepoRoot>
              <SourceDir>$(RepoRoot)src\</SourceDir>
              <LibDir>..\Early\</LibDir>
            </PropertyGroup></Project>
            """);
        var project = Project("Tests", """
            <ItemGroup>
              <ProjectReference Include="$(RepoRoot)test\Utilities\Utilities.csproj" />
              <ProjectReference Include="$(SourceDir)Core/Core.csproj" />
              <ProjectReference Include="$(LibDir)Lib.csproj" />
              <ProjectReference Include="$(SolutionDir)\Core\Core.csproj" />
              <ProjectReference Include="$(Unknown)Gone.csproj;$([System.IO.Path]::Combine('a', 'b.csproj'))" />
            </ItemGroup>
            <PropertyGroup><LibDir>..\Late\</LibDir></PropertyGroup>
            """);

        var properties = ProjectProperties.Read(project, _root);

        Assert.Equal(
            new[] { Path.Combine(_root, "test", "Utilities", "Utilities.csproj"), Path.Combine(_root, "src", "Core", "Core.csproj"), Path.Combine(_root, "Late", "Lib.csproj"), Path.Combine(_root, "Core", "Core.csproj") },
            properties.ProjectReferences);
    }

    /// <summary>$(MSBuildThisFileDirectory) is the folder of the file it is written in: the root, in the root's Directory.Build.props.</summary>
    [Fact]
    public void ProjectReferences_ThisFileDirectoryIsTheImportedFilesFolder()
    {
        Write("Directory.Build.props", """
            <Project>
              <PropertyGroup><RepoRoot>$(MSBuildThisFileDirectory)</RepoRoot></PropertyGroup>
              <ItemGroup><ProjectReference Include="$(MSBuildThisFileDirectory)build/Analyzers.csproj" /></ItemGroup>
            </Project>
            """);
        var project = Project(Path.Combine("test", "Foo"), """<ItemGroup><ProjectReference Include="$(RepoRoot)src\Core\Core.csproj" /></ItemGroup>""");

        var properties = ProjectProperties.Read(project, _root);

        Assert.Equal(
            new[] { Path.Combine(_root, "build", "Analyzers.csproj"), Path.Combine(_root, "src", "Core", "Core.csproj") },
            properties.ProjectReferences);
    }

    /// <summary>Avalonia, WinUI and Uno come only as packages: the package names make the project a UI app for IOP005, restored or not.</summary>
    [Theory]
    [InlineData("<ItemGroup><PackageReference Include=\"Avalonia\" Version=\"11.3.20\" /><PackageReference Include=\"Serilog\" /></ItemGroup>", "Avalonia", "Avalonia")]
    [InlineData("<ItemGroup><PackageReference Include=\"Microsoft.WindowsAppSDK\" /><PackageReference Include=\"Uno.WinUI\" /></ItemGroup><PropertyGroup><UseWinUI>true</UseWinUI></PropertyGroup>", "WinUI, Microsoft.WindowsAppSDK, Uno.WinUI", "Microsoft.WindowsAppSDK;Uno.WinUI")]
    [InlineData("<PropertyGroup><UseMaui>true</UseMaui></PropertyGroup>", "MAUI", "")]
    [InlineData("<ItemGroup><PackageReference Include=\"Avalonia.Themes.Fluent\" /></ItemGroup>", "", "")]
    public void UiFrameworkPackagesAndProperties_MakeAUiApp(string body, string expected, string packageProperty)
    {
        var properties = ProjectProperties.Read(Project("Viewer", body), _root);

        Assert.Equal(expected, properties.UiFramework);
        Assert.Equal(packageProperty, properties.AnalyzerBuildProperties["build_property.IoPerfUiFrameworkPackage"]);
    }

    [Theory]
    [InlineData("<PropertyGroup><TargetFramework>net48</TargetFramework></PropertyGroup>", "net48")]
    [InlineData("<PropertyGroup><TargetFrameworks>netstandard2.0;net8.0</TargetFrameworks></PropertyGroup>", "net8.0")]
    [InlineData("<PropertyGroup><TargetFrameworks>$(Frameworks);net8.0</TargetFrameworks></PropertyGroup>", "net8.0")]
    [InlineData("<PropertyGroup><MonoTarget>net35</MonoTarget><DotNetTarget>net6</DotNetTarget><TargetFrameworks>$(MonoTarget);$(DotNetTarget)</TargetFrameworks></PropertyGroup>", "net6")]
    [InlineData("<PropertyGroup><DotNetTarget>net472</DotNetTarget><TargetFramework>$(DotNetTarget)</TargetFramework></PropertyGroup>", "net472")]
    [InlineData("<PropertyGroup><TargetFrameworks>net35</TargetFrameworks><TargetFrameworks>$(TargetFrameworks);netstandard2.0</TargetFrameworks></PropertyGroup>", "netstandard2.0")]
    [InlineData("<PropertyGroup><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>", "net472")]
    [InlineData("", null)]
    public void TargetFramework_IsTheNewestOne(string body, string? expected) =>
        Assert.Equal(expected, ProjectProperties.Read(Project("Lib", body), _root).TargetFramework);

    /// <summary>The frameworks a shared props file names reach the analyzers as a build passes them: net35 keeps IOP003 and IOP007 off.</summary>
    [Fact]
    public void TargetFrameworksFromProperties_ArePassedExpanded()
    {
        Write("Directory.Build.props", "<Project><PropertyGroup><MonoTarget>net35</MonoTarget><DotNetTarget>net6</DotNetTarget></PropertyGroup></Project>");

        var properties = ProjectProperties.Read(Project("Loader", "<PropertyGroup><TargetFrameworks>$(MonoTarget);$(DotNetTarget)</TargetFrameworks></PropertyGroup>"), _root);

        Assert.Equal("net35,net6", properties.AnalyzerBuildProperties["build_property.IoPerfTargetFrameworks"]);
        Assert.Equal("net6", properties.TargetFramework);

        // A project that appends to the frameworks the props file set keeps them.
        var project = Project("Appends", "<PropertyGroup><TargetFrameworks>$(TargetFrameworks);net8.0</TargetFrameworks></PropertyGroup>");
        Write(Path.Combine("Appends", "Directory.Build.props"), "<Project><PropertyGroup><TargetFrameworks>net35</TargetFrameworks></PropertyGroup></Project>");
        var appending = ProjectProperties.Read(project, _root);
        Assert.Equal("net35,net8.0", appending.AnalyzerBuildProperties["build_property.IoPerfTargetFrameworks"]);
    }

    private string Project(string relativeFolder, string body)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, relativeFolder)).FullName;
        File.WriteAllText(Path.Combine(folder, Path.GetFileName(folder) + ".csproj"), $"<Project Sdk=\"Microsoft.NET.Sdk\">{body}</Project>");
        return folder;
    }

    private void Write(string relativePath, string text)
    {
        var path = Path.Combine(_root, relativePath);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
    }
}
