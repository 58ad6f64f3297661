using System.Globalization;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>
/// What a user meets on the package page - the description, the readme, its links - kept in step with the rule registry:
/// a rule added to <c>Rules.All</c> without its place in both fails here. (The packed .nuspec is checked end to end in
/// <c>PackageEndToEndTests</c>.)
/// </summary>
public sealed partial class PackageMetadataTests
{
    private static readonly string RepoRoot = TestFrameworkReferences.RepoRoot;
    private static readonly string PackageReadme = File.ReadAllText(Path.Combine(RepoRoot, "src", "Package", "README.md"));

    private static XElement PackageProject => XDocument.Load(Path.Combine(RepoRoot, "src", "Package", "IoPerf.Analyzers.Package.csproj")).Root!;

    private static string RepositoryUrl =>
        Regex.Match(File.ReadAllText(Path.Combine(RepoRoot, "Directory.Build.props")), "<IoPerfRepositoryUrl>(.*?)</IoPerfRepositoryUrl>").Groups[1].Value;

    public static string Description => PackageProject.Descendants("Description").Single().Value;

    [Fact]
    public void Description_NamesEveryRule_AndNoOther()
    {
        var named = RuleId().Matches(Description).Select(m => m.Value).ToList();
        Assert.Equal(Rules.All.Select(rule => rule.Id).Order(), named.Order());
    }

    [Fact]
    public void PackageReadme_IsTheOnePacked()
    {
        var packed = PackageProject.Descendants("None").Single(item => (string?)item.Attribute("PackagePath") == "\\" && ((string?)item.Attribute("Include"))!.EndsWith("README.md", StringComparison.Ordinal));
        Assert.Equal("README.md", (string?)packed.Attribute("Include"));
        Assert.Equal("README.md", PackageProject.Descendants("PackageReadmeFile").Single().Value);
    }

    [Fact]
    public void PackageReadme_HasARowPerRule_WithItsTitleDefaultAndMeasuredFigure()
    {
        var rows = ReadmeRow().Matches(PackageReadme).ToDictionary(m => m.Groups["id"].Value);
        Assert.Equal(Rules.All.Select(rule => rule.Id).Order(), rows.Keys.Order());
        foreach (var rule in Rules.All)
        {
            var row = rows[rule.Id];
            Assert.Equal(rule.HelpLinkUri, row.Groups["link"].Value);
            Assert.Equal(rule.Title.ToString(CultureInfo.InvariantCulture), row.Groups["title"].Value.Trim());
            Assert.Equal(DefaultWord(rule.DefaultSeverity), row.Groups["default"].Value.Trim());

            // The figure is the one the rule's description carries, which the evidence tests tie to the committed results.
            var figure = MeasuredSpeedUp().Match(rule.Description.ToString(CultureInfo.InvariantCulture)).Groups["ratio"].Value;
            Assert.False(string.IsNullOrEmpty(figure), rule.Id + "'s description has no measured figure");
            Assert.Contains(figure + "x as fast", row.Groups["measured"].Value);
        }
    }

    /// <summary>A relative link leads nowhere on a package page; every link to the repository names a file that exists in it.</summary>
    [Fact]
    public void PackageReadme_LinksAreAbsolute_AndThoseIntoTheRepositoryExist()
    {
        var links = MarkdownLink().Matches(PackageReadme).Select(m => m.Groups["target"].Value).ToList();
        Assert.NotEmpty(links);
        foreach (var link in links)
        {
            Assert.True(link.StartsWith("https://", StringComparison.Ordinal), $"relative link in the package readme: {link}");
            if (!link.StartsWith(RepositoryUrl + "/blob/main/", StringComparison.Ordinal))
            {
                Assert.Equal(RepositoryUrl, link);
                continue;
            }

            var file = link[(RepositoryUrl + "/blob/main/").Length..].Split('#')[0];
            Assert.True(File.Exists(Path.Combine(RepoRoot, file)), $"{link} names {file}, which is not in the repository");
        }
    }

    /// <summary>The package readme must not be the repository README, whose links are relative.</summary>
    [Fact]
    public void PackageReadme_IsNotTheRepositoryReadme() =>
        Assert.NotEqual(File.ReadAllText(Path.Combine(RepoRoot, "README.md")), PackageReadme);

    internal static string DefaultWord(DiagnosticSeverity severity) => severity switch
    {
        DiagnosticSeverity.Hidden => "silent",
        DiagnosticSeverity.Info => "suggestion",
        DiagnosticSeverity.Warning => "warning",
        _ => "error",
    };

    [GeneratedRegex(@"\bIOP\d{3}\b")]
    private static partial Regex RuleId();

    [GeneratedRegex(@"^\| \[(?<id>IOP\d{3})\]\((?<link>[^)]*)\) \|(?<title>[^|]*)\|(?<default>[^|]*)\|(?<fix>[^|]*)\|(?<measured>[^|]*)\|$", RegexOptions.Multiline)]
    private static partial Regex ReadmeRow();

    [GeneratedRegex(@"ran (?<ratio>[0-9.]+)x as fast")]
    private static partial Regex MeasuredSpeedUp();

    [GeneratedRegex(@"\]\((?<target>[^)\s]+)\)")]
    private static partial Regex MarkdownLink();
}
