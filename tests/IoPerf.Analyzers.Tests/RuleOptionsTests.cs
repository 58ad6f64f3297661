using System.Collections.Immutable;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.TestKit;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>The .editorconfig option reader every rule uses: invalid values fall back to the default, never throw.</summary>
public sealed class RuleOptionsTests
{
    private static readonly SyntaxTree Tree = CSharpSyntaxTree.ParseText("class C { }");

    private static AnalyzerOptions With(params (string Key, string Value)[] entries) =>
        new(ImmutableArray<AdditionalText>.Empty, new FixedAnalyzerConfigOptionsProvider(entries.ToDictionary(e => e.Key, e => e.Value)));

    [Theory]
    [InlineData("65536", 65536)]
    [InlineData(" 4096 ", 4096)]
    [InlineData("0", 8192)]          // below the allowed minimum
    [InlineData("lots", 8192)]
    [InlineData("", 8192)]
    [InlineData("99999999999", 8192)]
    public void Int32_InvalidOrOutOfRangeFallsBackToTheDefault(string value, int expected) =>
        Assert.Equal(expected, RuleOptions.GetInt32(With(("dotnet_diagnostic.IOP002.min_buffer_size", value)), Tree, "IOP002", "min_buffer_size", 8192, min: 1));

    [Fact]
    public void MissingOptionGivesTheDefault()
    {
        Assert.Equal(7, RuleOptions.GetInt32(With(), Tree, "IOP004", "min_values", 7));
        Assert.Equal("auto", RuleOptions.GetChoice(With(), Tree, "IOP005", "context", "auto", "auto", "always"));
    }

    [Theory]
    [InlineData("ALWAYS", "always")]
    [InlineData("auto", "auto")]
    [InlineData("sometimes", "auto")]
    public void Choice_IsCaseInsensitive_AndReturnedAsListed(string value, string expected) =>
        Assert.Equal(expected, RuleOptions.GetChoice(With(("dotnet_diagnostic.IOP005.context", value)), Tree, "IOP005", "context", "auto", "auto", "always"));

    [Fact]
    public void AnyKey_ReadsOtherPackagesOptions()
    {
        Assert.True(RuleOptions.TryGetAny(With(("roslynator_configure_await", " false ")), Tree, "roslynator_configure_await", out var value));
        Assert.Equal("false", value);
        Assert.False(RuleOptions.TryGetAny(With(), Tree, "roslynator_configure_await", out _));
    }

    /// <summary>A target before .NET Framework 4.0 among the project's TargetFrameworks; modern monikers, odd text and none are not.</summary>
    [Theory]
    [InlineData("net35", true)]
    [InlineData("netstandard2.0,net20", true)]
    [InlineData("net10.0;net8.0;net462;net35;netstandard2.0", true)]
    [InlineData(" NET35-client ; net8.0", true)]
    [InlineData("net11", true)]
    [InlineData("net40;net8.0", false)]
    [InlineData("net10.0;net9.0", false)]
    [InlineData("net8.0-windows;netcoreapp3.1;netstandard2.1", false)]
    [InlineData("net472", false)]
    [InlineData("", false)]
    [InlineData("ne-t;-;net;net3;net3x5;;", false)]
    public void TargetFrameworks_WithoutStreamingFileApis(string targetFrameworks, bool expected) =>
        Assert.Equal(expected, RuleOptions.AlsoTargetsAFrameworkWithoutStreamingFileApis(With(("build_property.ioperftargetframeworks", targetFrameworks))));

    [Theory]
    [InlineData("net8.0;net48", true)]
    [InlineData("netstandard2.0,net8.0", true)]
    [InlineData(" NET472 ", true)]
    [InlineData("net35-client", true)]
    [InlineData("net8.0-windows;netcoreapp3.1;net10.0", false)]
    [InlineData("", false)]
    public void TargetFrameworks_NetFrameworkOrNetStandard(string targetFrameworks, bool expected) =>
        Assert.Equal(expected, RuleOptions.AlsoTargetsNetFrameworkOrNetStandard(With(("build_property.ioperftargetframeworks", targetFrameworks))));
}
