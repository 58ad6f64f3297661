using System.Text.RegularExpressions;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>The registry, the docs, the README and the release tracking files never drift apart.</summary>
public sealed partial class RulesRegistryTests
{
    private static readonly string RepoRoot = TestFrameworkReferences.RepoRoot;

    [Theory]
    [MemberData(nameof(ShippedRules.Ids), MemberType = typeof(ShippedRules))]
    public void Descriptor_IsUniform_AndItsHelpLinkNamesADocsPageThatExists(string id)
    {
        var descriptor = Rules.All.Single(d => d.Id == id);

        Assert.Matches("^IOP[0-9]{3}$", descriptor.Id);
        Assert.Equal("Performance", descriptor.Category);
        Assert.False(string.IsNullOrWhiteSpace(descriptor.Title.ToString()), "title");
        Assert.False(string.IsNullOrWhiteSpace(descriptor.MessageFormat.ToString()), "message");
        Assert.False(string.IsNullOrWhiteSpace(descriptor.Description.ToString()), "description");
        Assert.Equal(RuleIdentifiers.HelpLinkBase + id + ".md", descriptor.HelpLinkUri);

        var page = Path.Combine(RepoRoot, "docs", "rules", id + ".md");
        Assert.True(File.Exists(page), $"{descriptor.HelpLinkUri} names docs/rules/{id}.md, which does not exist");
        Assert.StartsWith($"# {id}: ", File.ReadLines(page).First());
    }

    [Fact]
    public void RuleIds_AreUnique() =>
        Assert.Equal(Rules.All.Length, Rules.All.Select(d => d.Id).Distinct().Count());

    [Fact]
    public void HelpLinkBase_IsTheRepositoryUrlOfThePackage()
    {
        var props = File.ReadAllText(Path.Combine(RepoRoot, "Directory.Build.props"));
        var url = Regex.Match(props, "<IoPerfRepositoryUrl>(.*?)</IoPerfRepositoryUrl>").Groups[1].Value;
        Assert.Equal(RuleIdentifiers.HelpLinkBase, url + "/blob/main/docs/rules/");
    }

    [Fact]
    public void ReadmeRuleTable_ListsExactlyTheShippedRules_WithTheirDefaultSeverity()
    {
        var rows = ReadmeRuleRow().Matches(File.ReadAllText(Path.Combine(RepoRoot, "README.md")))
            .ToDictionary(m => m.Groups["id"].Value, m => m.Groups["severity"].Value.Trim());

        Assert.Equal(Rules.All.Select(d => d.Id).Order(), rows.Keys.Order());
        foreach (var descriptor in Rules.All)
        {
            Assert.Equal(SeverityWord(descriptor.DefaultSeverity), rows[descriptor.Id]);
        }
    }

    [Fact]
    public void UnshippedReleaseFile_ListsExactlyTheShippedRules()
    {
        var lines = File.ReadAllLines(Path.Combine(RepoRoot, "src", "Analyzers", "AnalyzerReleases.Unshipped.md"))
            .Where(line => line.StartsWith("IOP", StringComparison.Ordinal))
            .Select(line => line.Split('|').Select(cell => cell.Trim()).ToArray())
            .ToDictionary(cells => cells[0], cells => cells[2]);

        Assert.Equal(Rules.All.Select(d => d.Id).Order(), lines.Keys.Order());
        foreach (var descriptor in Rules.All)
        {
            Assert.Equal(descriptor.IsEnabledByDefault ? descriptor.DefaultSeverity.ToString() : "Disabled", lines[descriptor.Id]);
        }
    }

    [Fact]
    public void EveryAnalyzerReportsOnlyRegisteredRules_AndEveryFixHasAnAnalyzer()
    {
        var reported = AnalyzerCatalog.Analyzers.SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).ToHashSet();
        Assert.Equal(Rules.All.Select(d => d.Id).Order(), reported.Order());

        foreach (var fix in AnalyzerCatalog.Fixes)
        {
            Assert.All(fix.FixableDiagnosticIds, id => Assert.Contains(id, reported));
            Assert.NotNull(fix.GetFixAllProvider());
            Assert.NotNull(fix.GetType().GetCustomAttributes(typeof(ExportCodeFixProviderAttribute), false).SingleOrDefault());
        }
    }

    [Fact]
    public void ConfigurationPage_ListsEveryRule() =>
        Assert.All(Rules.All, descriptor => Assert.Contains(
            "## " + descriptor.Id, File.ReadAllText(Path.Combine(RepoRoot, "docs", "configuration.md"))));

    [Fact]
    public void AllWarningsPreset_RaisesEveryRule()
    {
        var preset = File.ReadAllText(Path.Combine(RepoRoot, "src", "Package", "build", "IoPerf.Analyzers.AllWarnings.globalconfig"));
        Assert.All(Rules.All, descriptor => Assert.Contains($"dotnet_diagnostic.{descriptor.Id}.severity = warning", preset));
    }

    /// <summary>docs/configuration.md's table: each rule's default in each kind of project.</summary>
    [Fact]
    public void ConfigurationPage_DefaultsByKind_AreTheAnalyzersOwn()
    {
        var rows = ConfigurationRow().Matches(File.ReadAllText(Path.Combine(RepoRoot, "docs", "configuration.md")))
            .ToDictionary(m => m.Groups["id"].Value, m => m.Groups["cells"].Value.Split('|', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));

        Assert.Equal(Rules.All.Select(d => d.Id).Order(), rows.Keys.Order());
        foreach (var descriptor in Rules.All)
        {
            // No rule's default differs by kind (docs/quality.md): every column is the descriptor's default.
            Assert.Equal(Enumerable.Repeat(PackageMetadataTests.DefaultWord(descriptor.DefaultSeverity), 5), rows[descriptor.Id]);
        }
    }

    private static string SeverityWord(DiagnosticSeverity severity) =>
        severity switch
        {
            DiagnosticSeverity.Error => "Error",
            DiagnosticSeverity.Warning => "Warning",
            DiagnosticSeverity.Info => "Info",
            _ => "Hidden",
        };

    [GeneratedRegex(@"^\| (?<id>IOP[0-9]{3}) \|(?<cells>(?: [a-z]+ \|){5})$", RegexOptions.Multiline)]
    private static partial Regex ConfigurationRow();

    [GeneratedRegex(@"^\| \[(?<id>IOP[0-9]{3})\]\(docs/rules/\k<id>\.md\) \|[^|]*\|(?<severity>[^|]*)\|", RegexOptions.Multiline)]
    private static partial Regex ReadmeRuleRow();
}
