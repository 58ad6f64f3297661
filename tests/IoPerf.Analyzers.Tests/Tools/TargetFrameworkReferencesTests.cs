using IoPerf.Corpus;
using Xunit;

namespace IoPerf.Analyzers.Tests.Tools;

/// <summary>The runner compiles each project against its own target framework's reference assemblies and symbols.</summary>
public sealed class TargetFrameworkReferencesTests
{
    [Theory]
    [InlineData("net48", "net48 reference assemblies", "NETFRAMEWORK", "NET472_OR_GREATER", "NET481_OR_GREATER")]
    [InlineData("net472", "net472: the .NET Framework 4.8 reference assemblies", "NET472", "NET472_OR_GREATER", "NET48_OR_GREATER")]
    [InlineData("netstandard2.0", "netstandard2.0 reference assemblies", "NETSTANDARD2_0_OR_GREATER", "NETSTANDARD2_0", "NETSTANDARD2_1_OR_GREATER")]
    [InlineData("netstandard2.1", "netstandard2.1 reference assemblies", "NETSTANDARD2_1_OR_GREATER", "NETSTANDARD", "NET5_0_OR_GREATER")]
    [InlineData("net8.0", "net8.0 reference assemblies", "NET8_0_OR_GREATER", "NETCOREAPP2_1_OR_GREATER", "NET9_0_OR_GREATER")]
    [InlineData("net10.0", "net10.0 reference assemblies", "NETCOREAPP3_1_OR_GREATER", "NET10_0", "NETSTANDARD2_1_OR_GREATER")]
    [InlineData("net6.0-windows", "net6.0-windows: the .NET 8 reference assemblies (the nearest served here); the windows platform's own assemblies are not referenced", "WINDOWS", "NET6_0_OR_GREATER", "NET7_0_OR_GREATER")]
    [InlineData("net10.0", "net10.0 reference assemblies", "NET10_0_OR_GREATER", "NET", "NETFRAMEWORK")]
    public void EachFramework_HasItsReferencesAndSymbols(string moniker, string description, string symbol, string anotherSymbol, string absentSymbol)
    {
        var framework = TargetFrameworkReferences.For(moniker);

        Assert.Equal(description, framework.Description);
        Assert.Contains(symbol, framework.PreprocessorSymbols);
        Assert.Contains(anotherSymbol, framework.PreprocessorSymbols);
        Assert.DoesNotContain(absentSymbol, framework.PreprocessorSymbols);
        Assert.NotEmpty(framework.References);
    }

    /// <summary>The API a rule depends on is there or not, as in the project's build: SearchValues exists from .NET 8 only.</summary>
    [Theory]
    [InlineData("net48", false)]
    [InlineData("netstandard2.0", false)]
    [InlineData("netstandard2.1", false)]
    [InlineData("net8.0", true)]
    [InlineData("net10.0", true)]
    public void SearchValues_ExistsWhereTheFrameworkHasIt(string moniker, bool exists)
    {
        var compilation = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create("Probe", references: TargetFrameworkReferences.For(moniker).References);

        Assert.Equal(exists, compilation.GetTypeByMetadataName("System.Buffers.SearchValues") is not null);
        Assert.NotNull(compilation.GetTypeByMetadataName("System.IO.File"));
    }

    [Fact]
    public void NoFramework_IsDotNet10_AsBefore() =>
        Assert.StartsWith("no target framework", TargetFrameworkReferences.For(null).Description);

    [Theory]
    [InlineData("net8.0", null, "net8.0")]
    [InlineData("", "net48;net8.0", "net8.0")]
    [InlineData(null, " netstandard2.0 ; net472 ", "netstandard2.0")]
    [InlineData(null, "net48;netstandard2.0;netstandard2.1;net6.0;net8.0;net10.0", "net10.0")]
    [InlineData(null, "net9.0;net10.0-windows;netcoreapp3.1", "net10.0-windows")]
    [InlineData(null, "net462;net48;net35", "net48")]
    [InlineData(null, "net8.0-android;net8.0;net8.0-ios", "net8.0")]
    [InlineData("$(Framework)", null, null)]
    public void Choose_IsTheTargetFrameworkOrTheNewestOfTheList(string? targetFramework, string? targetFrameworks, string? expected) =>
        Assert.Equal(expected, TargetFrameworkReferences.Choose(targetFramework, targetFrameworks));

    [Theory]
    [InlineData(".NETFramework", "v4.7.2", "net472")]
    [InlineData(null, "v4.0", "net40")]
    [InlineData(".NETFramework", "v4.8.1", "net481")]
    [InlineData(".NETCoreApp", "v8.0", null)]
    [InlineData(".NETFramework", "$(Version)", null)]
    [InlineData(".NETFramework", "", null)]
    public void OldStyleProject_FrameworkVersionIsAMoniker(string? identifier, string? version, string? expected) =>
        Assert.Equal(expected, TargetFrameworkReferences.FromFrameworkVersion(identifier, version));
}
