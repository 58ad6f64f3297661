using System.Text;
using System.Text.Json;
using static IoPerf.EvidenceBench.Report.ResultSet;

namespace IoPerf.EvidenceBench.Report;

/// <summary>One claim's row in docs/evidence.md.</summary>
/// <remarks><see cref="Ratio"/> is "how many times the claimed effect" (above 1: the claim's direction); <see cref="SeedRatio"/> is the seed's figure as the same ratio, where the seed gives one.</remarks>
public sealed record ClaimResult(string Id, string Experiment, string Claim, string SeedFigure, string OurFigure, string Verdict, string Rules, double? Ratio, double? SeedRatio)
{
    /// <summary>Whether the claim backs <paramref name="rule"/> (<see cref="Rules"/> lists them, comma-separated, or "-").</summary>
    public bool Backs(string rule) => Rules.Split(", ").Contains(rule);
}

/// <summary>Everything the report step writes: docs/evidence.md, docs/evidence.json, docs/charts/ and each rule page's evidence block.</summary>
public sealed record EvidenceDocs(string Markdown, string Json, IReadOnlyDictionary<string, string> RuleBlocks, IReadOnlyList<EvidenceChart> Charts);

/// <summary>One rule's benchmark pair, as measured.</summary>
public sealed record PairResult(string Rule, string PairClass, double BeforeNs, double AfterNs, double? BeforeBytes, double? AfterBytes)
{
    /// <summary>Before / After: how many times faster the fixed code ran.</summary>
    public double Speedup => BeforeNs / AfterNs;

    public double? AllocationRatio => BeforeBytes is > 0 && AfterBytes is { } after ? after / BeforeBytes : null;
}

/// <summary>
/// Turns the committed results into docs/evidence.md and docs/evidence.json: one row per claim (C1-C22 from the seeds, C23 onwards ours) with the source's
/// figure, ours, and the verdict computed here by the rules in docs/claims.md; and one row per rule's benchmark pair.
/// A test regenerates both from the committed results and fails if the committed docs differ.
/// </summary>
public static class EvidenceReport
{
    public const string BlockEnd = "<!-- /evidence -->";

    public static string BlockStart(string rule) => $"<!-- evidence:{rule} (written by the evidence bench's --report step from evidence-bench/results; do not edit) -->";

    public static int Write(string resultsFolder, string docsFolder)
    {
        var docs = Render(resultsFolder);
        File.WriteAllText(Path.Combine(docsFolder, "evidence.md"), docs.Markdown);
        File.WriteAllText(Path.Combine(docsFolder, "evidence.json"), docs.Json);
        var charts = Directory.CreateDirectory(Path.Combine(docsFolder, EvidenceCharts.Folder));
        foreach (var stale in charts.GetFiles("*.svg").Where(file => docs.Charts.All(chart => chart.FileName != file.Name)))
        {
            stale.Delete();
        }

        foreach (var chart in docs.Charts)
        {
            File.WriteAllText(Path.Combine(charts.FullName, chart.FileName), chart.Svg);
        }

        foreach (var (rule, block) in docs.RuleBlocks)
        {
            var page = Path.Combine(docsFolder, "rules", rule + ".md");
            if (File.Exists(page) && ReplaceBlock(File.ReadAllText(page), rule, block) is { } updated)
            {
                File.WriteAllText(page, updated);
            }
        }

        Console.WriteLine($"wrote {Path.Combine(docsFolder, "evidence.md")}, evidence.json, {docs.Charts.Count} charts in {charts.FullName} and the rule pages' evidence blocks");
        return 0;
    }

    public static EvidenceDocs Render(string resultsFolder)
    {
        var results = ResultSet.Load(resultsFolder);
        var claims = Claims.Evaluate(results);
        var pairs = Pairs(results);
        var rules = claims.SelectMany(c => c.Rules.Split(", ")).Concat(pairs.Select(p => p.Rule))
            .Where(r => r.StartsWith("IOP", StringComparison.Ordinal)).Distinct().Order(StringComparer.Ordinal);
        var charts = EvidenceCharts.Render(results, claims, pairs);
        var blocks = rules.ToDictionary(rule => rule, rule => RuleBlock(rule, claims, pairs.SingleOrDefault(p => p.Rule == rule), results.ShortEnvironment(), charts));
        return new EvidenceDocs(Markdown(results, claims, pairs, charts), Json(results, claims, pairs), blocks, charts);
    }

    /// <summary>The page with its evidence block replaced, or null when the page has no block markers.</summary>
    public static string? ReplaceBlock(string page, string rule, string block)
    {
        var start = page.IndexOf($"<!-- evidence:{rule}", StringComparison.Ordinal);
        var end = start < 0 ? -1 : page.IndexOf(BlockEnd, start, StringComparison.Ordinal);
        return start < 0 || end < 0 ? null : page[..start] + block + page[(end + BlockEnd.Length)..];
    }

    private static string RuleBlock(string rule, IReadOnlyList<ClaimResult> claims, PairResult? pair, string environment, IReadOnlyList<EvidenceChart> charts)
    {
        var text = new StringBuilder();
        text.AppendLine(BlockStart(rule));
        text.AppendLine(pair is null
            ? $"Benchmark pair: none measured yet for {rule}."
            : $"**Measured**: `{rule}_Before` (the flagged code) {EvidenceReport.Time(pair.BeforeNs)}, `{rule}_After` (the fix's output) " +
              $"{EvidenceReport.Time(pair.AfterNs)}: {PairClause(pair, environment)}.");
        text.AppendLine();
        foreach (var chart in charts.Where(c => c.Section == rule))
        {
            text.AppendLine($"![{chart.AltText}](../{EvidenceCharts.Folder}/{chart.FileName})");
            text.AppendLine();
        }

        text.AppendLine("| Claim ([sources](../claims.md)) | Seed figure | Our figure | Verdict |");
        text.AppendLine("|---|---|---|---|");
        foreach (var claim in claims.Where(c => c.Backs(rule)))
        {
            text.AppendLine($"| {claim.Id}: {claim.Claim} | {claim.SeedFigure} | {claim.OurFigure} | **{claim.Verdict}** |");
        }

        text.Append(BlockEnd);
        return text.ToString();
    }

    public static IReadOnlyList<PairResult> Pairs(ResultSet results) =>
        results.Cases
            .Where(c => c.Method.EndsWith("_Before", StringComparison.Ordinal))
            .Select(before => (Before: before, After: results.Cases.SingleOrDefault(c => c.Type == before.Type && c.Method == before.Method.Replace("_Before", "_After"))))
            .Where(pair => pair.After is not null)
            .Select(pair => new PairResult(pair.Before.Method[..^"_Before".Length], pair.Before.Type, pair.Before.MedianNs, pair.After!.MedianNs, pair.Before.AllocatedBytes, pair.After.AllocatedBytes))
            .OrderBy(p => p.Rule, StringComparer.Ordinal)
            .ToList();

    /// <summary>The one-clause statement of a pair's effect that rule pages and descriptions quote.</summary>
    public static string PairClause(PairResult pair, string environment) =>
        $"the fixed code ran {Number(pair.Speedup)}x as fast" +
        (pair.AllocationRatio is { } allocation ? $" and allocated {Number(allocation)}x the memory" : "") +
        $" ({pair.PairClass}, {environment})";

    private static string Markdown(ResultSet results, IReadOnlyList<ClaimResult> claims, IReadOnlyList<PairResult> pairs, IReadOnlyList<EvidenceChart> charts)
    {
        var text = new StringBuilder();
        text.AppendLine("# Evidence: the seed claims re-run, and our own, on today's .NET");
        text.AppendLine();
        text.AppendLine("<!-- Generated by `dotnet run -c Release --project evidence-bench -- --report` from evidence-bench/results/. Do not edit: a test regenerates it. -->");
        text.AppendLine();
        text.AppendLine("Every figure below was measured in one run of the evidence bench (`--full`), each ratio side by side in that run.");
        text.AppendLine("The seeds' figures come from their write-ups, listed with each seed's setup in [claims.md](claims.md); each was measured on other hardware, OS and runtime.");
        text.AppendLine();
        text.AppendLine($"**Environment:** {results.EnvironmentLine()}.");
        if (results.ReadJson("run.json") is { } run)
        {
            text.AppendLine($"**Run:** started {run.GetProperty("StartedUtc").GetString()} UTC, {run.GetProperty("DurationMinutes")} minutes; {run.GetProperty("Notes").GetString()}");
            text.AppendLine($"Jobs: {string.Join("; ", run.GetProperty("Jobs").EnumerateArray().Select(j => j.GetProperty("Class").GetString() + " " + j.GetProperty("Job").GetString()).Distinct())}.");
            if (run.TryGetProperty("Reruns", out var reruns))
            {
                foreach (var rerun in reruns.EnumerateArray())
                {
                    text.AppendLine($"Re-run on its own (its report replaced the full run's): {string.Join(", ", rerun.GetProperty("Jobs").EnumerateArray().Select(j => j.GetProperty("Class").GetString()))}, started {rerun.GetProperty("StartedUtc").GetString()} UTC.");
                }
            }
        }

        text.AppendLine();
        text.AppendLine("Verdicts: **replicated** (same direction, our effect at least half the seed's), **weaker** (same direction, under half the");
        text.AppendLine("effect but still >= 1.1x), **not replicated** (< 1.1x), **reversed** (the opposite holds, <= 1/1.1), **n/a on this platform**");
        text.AppendLine("(Windows-only mechanism; what ran instead is given). Where the seed gives no number, \"replicated\" means the same direction");
        text.AppendLine("at >= 1.1x. For claims that something *does not* matter, \"replicated\" means our ratio is within 1.1x.");
        text.AppendLine();
        text.AppendLine("| Claim | Experiment | Claim (seed) | Seed figure | Our figure | Verdict | Backs |");
        text.AppendLine("|---|---|---|---|---|---|---|");
        foreach (var claim in claims)
        {
            text.AppendLine($"| {claim.Id} | {claim.Experiment} | {claim.Claim} | {claim.SeedFigure} | {claim.OurFigure} | **{claim.Verdict}** | {claim.Rules} |");
        }

        AppendExperimentCharts(text, charts);
        text.AppendLine();
        text.AppendLine("## The rules' benchmark pairs");
        text.AppendLine();
        text.AppendLine("Each rule's `IOPnnn_Before` is code the rule flags and `IOPnnn_After` is what its code fix produces (the evidence-chain test");
        text.AppendLine("keeps them so). Medians from the same run.");
        text.AppendLine();
        text.AppendLine("| Rule | Pair | Before (median) | After (median) | Speed-up (Before / After) | Allocated (After / Before) |");
        text.AppendLine("|---|---|---|---|---|---|");
        foreach (var pair in pairs)
        {
            text.AppendLine($"| {pair.Rule} | `{pair.PairClass}` | {Time(pair.BeforeNs)} | {Time(pair.AfterNs)} | {Number(pair.Speedup)}x | {(pair.AllocationRatio is { } a ? Number(a) + "x" : "n/a")} |");
        }

        return text.ToString();
    }

    /// <summary>The experiments' charts, one section each, in experiment order.</summary>
    private static void AppendExperimentCharts(StringBuilder text, IReadOnlyList<EvidenceChart> charts)
    {
        var experiments = charts.Where(c => c.Section.StartsWith('E')).GroupBy(c => c.Section).ToList();
        if (experiments.Count == 0)
        {
            return;
        }

        text.AppendLine();
        text.AppendLine("## The experiments in charts");
        text.AppendLine();
        text.AppendLine("Drawn by the same report step from the same results. The seed's figures are grey, dashed, with open markers or light bars;");
        text.AppendLine("ours are black, solid or dotted, with filled markers or dark bars. Each legend names the platform its figures come from.");
        text.AppendLine("Ratio charts draw 1x (no difference) as a fine dashed line; log axes say so in their labels. Each rule page has a chart of");
        text.AppendLine("its own: the pair's time and allocation before (mid grey) and after the fix (dark), and its claims, seed beside ours.");
        foreach (var experiment in experiments)
        {
            text.AppendLine();
            text.AppendLine($"### {experiment.Key}: {Seeds.Experiments.GetValueOrDefault(experiment.Key).Name}");
            foreach (var chart in experiment)
            {
                text.AppendLine();
                text.AppendLine($"![{chart.AltText}]({EvidenceCharts.Folder}/{chart.FileName})");
            }
        }
    }

    private static string Json(ResultSet results, IReadOnlyList<ClaimResult> claims, IReadOnlyList<PairResult> pairs) =>
        JsonSerializer.Serialize(new
        {
            Environment = results.ShortEnvironment(),
            Claims = claims.Select(c => new { c.Id, c.Verdict, c.Ratio, c.SeedRatio, c.OurFigure, c.Rules }),
            Pairs = pairs.Select(p => new { p.Rule, p.PairClass, Speedup = Math.Round(p.Speedup, 2), AllocationRatio = p.AllocationRatio is { } a ? Math.Round(a, 2) : (double?)null, Clause = PairClause(p, results.ShortEnvironment()) }),
        }, new JsonSerializerOptions { WriteIndented = true }) + "\n";

    public static string Time(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => Number(nanoseconds / 1e9) + " s",
        >= 1e6 => Number(nanoseconds / 1e6) + " ms",
        >= 1e3 => Number(nanoseconds / 1e3) + " us",
        _ => Number(nanoseconds, "F0") + " ns",
    };
}
