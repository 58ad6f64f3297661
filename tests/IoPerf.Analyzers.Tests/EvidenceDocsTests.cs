using System.Diagnostics;
using System.Text.Json;
using IoPerf.Analyzers.Tests.Infrastructure;
using IoPerf.EvidenceBench.Data;
using IoPerf.EvidenceBench.Report;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>
/// docs/evidence.md, docs/evidence.json, each rule page's evidence block and each rule's description are what the
/// committed results say: regenerated here from evidence-bench/results and compared.
/// </summary>
public sealed class EvidenceDocsTests
{
    private static readonly string Root = TestFrameworkReferences.RepoRoot;
    private static readonly string Results = Path.Combine(Root, "evidence-bench", "results");
    private static readonly Lazy<EvidenceDocs> Docs = new(() => EvidenceReport.Render(Results));

    [Fact]
    public void EvidenceMarkdownAndJson_AreGeneratedFromTheCommittedResults()
    {
        const string regenerate = "regenerate with: dotnet run -c Release --project evidence-bench -- --report";
        Assert.True(Docs.Value.Markdown == File.ReadAllText(Path.Combine(Root, "docs", "evidence.md")), "docs/evidence.md differs from the committed results; " + regenerate);
        Assert.True(Docs.Value.Json == File.ReadAllText(Path.Combine(Root, "docs", "evidence.json")), "docs/evidence.json differs from the committed results; " + regenerate);
    }

    [Fact]
    public void EvidenceCharts_AreGeneratedFromTheCommittedResults()
    {
        var folder = Path.Combine(Root, "docs", EvidenceCharts.Folder);
        var committed = Directory.GetFiles(folder, "*.svg").Select(Path.GetFileName).Order(StringComparer.Ordinal);
        Assert.Equal(Docs.Value.Charts.Select(c => c.FileName).Order(StringComparer.Ordinal), committed);
        foreach (var chart in Docs.Value.Charts)
        {
            Assert.True(chart.Svg == File.ReadAllText(Path.Combine(folder, chart.FileName)),
                $"docs/charts/{chart.FileName} differs from the committed results; regenerate with: dotnet run -c Release --project evidence-bench -- --report");
        }
    }

    /// <summary>Skia numbers SVG clip paths with a process-wide counter: a second rendering in the same process must still be byte-identical.</summary>
    [Fact]
    public void EvidenceCharts_AreTheSameWhenDrawnAgain()
    {
        var again = EvidenceReport.Render(Results).Charts;
        Assert.Equal(Docs.Value.Charts.Select(c => (c.FileName, c.Svg)), again.Select(c => (c.FileName, c.Svg)));
    }

    [Fact]
    public void EveryExperimentAndEveryRuleHasAChart_NamingThePlatformOfItsFigures()
    {
        var sections = Docs.Value.Charts.Select(c => c.Section).ToHashSet();
        Assert.All(Enumerable.Range(1, 7).Select(i => "E" + i).Concat(Rules.All.Select(rule => rule.Id)), section => Assert.Contains(section, sections));
        using var json = JsonDocument.Parse(Docs.Value.Json);
        var ours = "ours: " + json.RootElement.GetProperty("Environment").GetString();
        Assert.All(Docs.Value.Charts.Where(c => c.Section != "E3"), chart => Assert.Contains(ours, chart.Svg, StringComparison.Ordinal));
        string[] withSeedFigures = ["e1-buffer-sweep.svg", "e1-async-reads.svg", "e3-tiny-writes.svg", "e4-hops.svg", "e7-documents.svg", "IOP002.svg"];
        Assert.All(Docs.Value.Charts.Where(c => withSeedFigures.Contains(c.FileName)), chart => Assert.Contains("seed", chart.Svg, StringComparison.Ordinal));
    }

    /// <summary>The README says how long the full run takes: the last full run's length, to the nearest 5 minutes.</summary>
    [Fact]
    public void ReadmeStatesTheLengthOfTheLastFullRun()
    {
        using var run = System.Text.Json.JsonDocument.Parse(File.ReadAllText(Path.Combine(Results, "run.json")));
        var minutes = run.RootElement.GetProperty("DurationMinutes").GetDouble();
        var stated = (int)(Math.Round(minutes / 5) * 5);
        var readme = File.ReadAllText(Path.Combine(Root, "README.md"));
        Assert.Contains($"--full      # the full run, ~{stated} minutes on 2 cores", readme);
    }

    /// <summary>The docs stand on their own: no page links outside the repository's files, or to the design notes it came from.</summary>
    [Fact]
    public void NoDocumentLinksOutsideTheRepository()
    {
        var documents = Directory.EnumerateFiles(Path.Combine(Root, "docs"), "*.md", SearchOption.AllDirectories)
            .Concat(new[] { "README.md", "CONTRIBUTING.md" }.Select(name => Path.Combine(Root, name)));
        foreach (var document in documents)
        {
            var text = File.ReadAllText(document);
            Assert.False(text.Contains("../shared", StringComparison.Ordinal) || text.Contains("EVIDENCE.md", StringComparison.Ordinal) || text.Contains("design/", StringComparison.Ordinal),
                $"{Path.GetRelativePath(Root, document)} points outside the repository");
        }
    }

    [Fact]
    public void EveryClaimHasAVerdict()
    {
        using var json = JsonDocument.Parse(Docs.Value.Json);
        var claims = json.RootElement.GetProperty("Claims").EnumerateArray().ToList();
        Assert.Equal(Enumerable.Range(1, 30).Select(i => "C" + i), claims.Select(c => c.GetProperty("Id").GetString()));
        string[] verdicts = ["replicated", "weaker", "not replicated", "reversed", "n/a on this platform"];
        Assert.All(claims, c => Assert.Contains(c.GetProperty("Verdict").GetString(), verdicts));
    }

    [Theory]
    [MemberData(nameof(ShippedRules.Ids), MemberType = typeof(ShippedRules))]
    public void RulePage_CarriesItsGeneratedEvidenceBlock(string ruleId)
    {
        var page = File.ReadAllText(Path.Combine(Root, "docs", "rules", ruleId + ".md"));
        Assert.True(Docs.Value.RuleBlocks.TryGetValue(ruleId, out var block), $"the evidence report has no block for {ruleId}");
        Assert.True(page.Contains(block, StringComparison.Ordinal),
            $"docs/rules/{ruleId}.md does not carry its current evidence block; regenerate with the evidence bench's --report step. Expected:\n{block}");
    }

    [Theory]
    [MemberData(nameof(ShippedRules.Ids), MemberType = typeof(ShippedRules))]
    public void RuleDescription_StatesTheMeasuredEffectOfItsPair(string ruleId)
    {
        using var json = JsonDocument.Parse(Docs.Value.Json);
        var pair = json.RootElement.GetProperty("Pairs").EnumerateArray().SingleOrDefault(p => p.GetProperty("Rule").GetString() == ruleId);
        Assert.True(pair.ValueKind == JsonValueKind.Object, $"no measured benchmark pair for {ruleId} in the committed results");
        var description = Rules.All.Single(d => d.Id == ruleId).Description.ToString();
        var expected = "Measured: " + pair.GetProperty("Clause").GetString() + ".";
        Assert.True(description.EndsWith(expected, StringComparison.Ordinal),
            $"The {ruleId} description (Resources.resx) must end with the measured clause from the committed results:\n{expected}\nbut is:\n{description}");
    }

    /// <summary>C9: the bench's best counting implementation prints exactly what GNU wc prints.</summary>
    [Theory]
    [InlineData(1_044L, false)]
    [InlineData(610_515L, false)]
    [InlineData(610_515L, true)]
    public void WcTool_PrintsExactlyWhatGnuWcPrints(long bytes, bool byteOrderMark)
    {
        var path = BenchData.TextFile(bytes, byteOrderMark);
        var start = new ProcessStartInfo("wc") { RedirectStandardOutput = true, UseShellExecute = false, ArgumentList = { "-lwc", path } };
        using var wc = Process.Start(start)!;
        var expected = wc.StandardOutput.ReadToEnd();
        wc.WaitForExit();

        Assert.Equal(0, wc.ExitCode);
        Assert.Equal(expected, WcFormat.Format(new[] { path }, new[] { WordCount.OpenHandleDecoderSearchValues(path) }));
    }

    [Fact]
    public void AllCountingVariants_AgreeOnLinesAndWords()
    {
        var path = BenchData.TextFile(610_515, byteOrderMark: true);
        var reference = WordCount.OpenTextIsWhiteSpace(path);
        var variants = new Func<string, Counts>[]
        {
            WordCount.ReadAllLines, WordCount.ReadLines, WordCount.OpenTextReadLine, WordCount.OpenTextIndexOfAny25,
            WordCount.OpenTextSearchValues, p => WordCount.OpenHandleDecoderSearchValues(p), WordCount.Runes, p => WordCount.AsciiTwoValue(p),
        };
        Assert.All(variants, variant =>
        {
            var counts = variant(path);
            Assert.Equal((reference.Lines, reference.Words), (counts.Lines, counts.Words));
        });
    }
}
