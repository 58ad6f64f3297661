using System.Globalization;
using ScottPlot;
using static IoPerf.EvidenceBench.Report.ChartStyle;

namespace IoPerf.EvidenceBench.Report;

/// <summary>One chart the report step writes to docs/charts/.</summary>
/// <param name="Section">The experiment ("E1") whose section in docs/evidence.md embeds it, or the rule ("IOP002") whose page does.</param>
public sealed record EvidenceChart(string FileName, string Section, string AltText, string Svg);

/// <summary>
/// The evidence drawn: one or two charts per experiment (the seed's figures beside ours where the seed gives numbers)
/// and one per rule (its benchmark pair, and the claims behind it, seed against ours). Each chart is built from the
/// committed results only, so the drift test can regenerate every file. A chart whose cases are missing is left out.
/// </summary>
public static class EvidenceCharts
{
    /// <summary>docs/charts/, relative to docs/.</summary>
    public const string Folder = "charts";

    private static readonly string E1Seed = $"seed: {Seeds.Experiments["E1"].Platform}, .NET Core 3.0";
    private const string E4Seed = "seed: Lumia 920, Windows Phone 8";

    public static IReadOnlyList<EvidenceChart> Render(ResultSet results, IReadOnlyList<ClaimResult> claims, IReadOnlyList<PairResult> pairs)
    {
        var ours = "ours: " + results.ShortEnvironment();
        var charts = new[]
        {
            E1BufferSweep(results, ours), E1AsyncReads(results, ours), E2Counting(results, ours), E3TinyWrites(results, ours),
            E4Hops(results, ours), E5Listings(results, ours), E6Appends(results, ours), E7Documents(results, ours),
        }.Concat(pairs.Select(pair => RuleChart(pair, claims, ours)));
        return charts.OfType<EvidenceChart>().ToList();
    }

    private static EvidenceChart? E1BufferSweep(ResultSet r, string ours)
    {
        var times = Claims.Buffers.Select(b => Claims.E1Read(r, "FileStreamRead", Claims.Large, b, async: false)?.MedianNs).ToList();
        if (times.Any(t => t is null))
        {
            return null;
        }

        var plot = Create("E1 (C4): FileStream.Read of a 128 MiB file, by read size", "bytes per Read call (log scale)", "time (log scale)");
        ReadSizeTicks(plot);
        var seed = Seeds.E1SyncReadMs.Select(ms => ms * 1e6).ToList();
        Line(plot, ReadSizes, seed.Select(Math.Log10).ToArray(), E1Seed, Series.Seed);
        Line(plot, ReadSizes, times.Select(t => Math.Log10(t!.Value)).ToArray(), ours, Series.Ours);
        LogAxis(plot.Axes.Left, Math.Min(seed.Min(), times.Min()!.Value), Math.Max(seed.Max(), times.Max()!.Value), TickTime);
        Legend(plot, Alignment.UpperRight);
        return new EvidenceChart("e1-buffer-sweep.svg", "E1", "E1: time to read 128 MiB by read size, the seed's curve beside ours", Svg(plot, 800, 450));
    }

    private static EvidenceChart? E1AsyncReads(ResultSet r, string ours)
    {
        double? Ratio(string method, bool asyncFile, string buffer) =>
            Claims.E1Read(r, method, Claims.Large, buffer, asyncFile) is { } slow && Claims.E1Read(r, "FileStreamRead", Claims.Large, buffer, async: false) is { } sync
                ? slow.MedianNs / sync.MedianNs
                : null;
        var readAsync = Claims.Buffers.Select(b => Ratio("FileStreamReadAsync", false, b)).ToList();
        var asyncFlag = Claims.Buffers.Select(b => Ratio("FileStreamRead", true, b)).ToList();
        if (readAsync.Concat(asyncFlag).Any(v => v is null))
        {
            return null;
        }

        var plot = RatioCurves("E1 (C2, C5): async reads, time / sync FileStream.Read's, 128 MiB", "bytes per Read call (log scale)", "time / sync Read's (log scale)", new Curve[]
        {
            new(E1Seed + ", ReadAsync (2 and 256 KiB only)", new[] { ReadSizes[0], ReadSizes[^1] }, new[] { Seeds.E1ReadAsyncAt2K, Seeds.E1ReadAsyncAt256K }, Series.Seed, Connect: false),
            new(E1Seed + ", Read on an Asynchronous file (2 KiB only)", new[] { ReadSizes[0] }, new[] { Seeds.E1AsynchronousFileAt2K }, Series.SeedSecond, Connect: false),
            new(ours + ", ReadAsync", ReadSizes, readAsync.Select(v => v!.Value).ToArray(), Series.Ours),
            new(ours + ", Read on an Asynchronous file", ReadSizes, asyncFlag.Select(v => v!.Value).ToArray(), Series.OursSecond),
        }, "1x = as fast as sync Read");
        ReadSizeTicks(plot);
        return new EvidenceChart("e1-async-reads.svg", "E1", "E1: ReadAsync and reads on an Asynchronous FileStream against sync Read, by read size, seed beside ours", Svg(plot, 800, 580));
    }

    private static readonly (string Method, string Label)[] CountingMethods =
    {
        ("FileReadAllLines", "File.ReadAllLines"), ("FileReadLines", "File.ReadLines"), ("OpenTextReadLine", "StreamReader.ReadLine"),
        ("Runes", "Rune loop"), ("OpenTextIsWhiteSpace", "char.IsWhiteSpace loop"), ("OpenTextIndexOfAny25", "IndexOfAny, 25 chars"),
        ("OpenTextSearchValues", "SearchValues<char>"), ("OpenHandleDecoderSearchValues", "handle + decoder + SearchValues"),
        ("AsciiTwoValueIndexOfAny", "IndexOfAny(' ', '\\n') on ASCII bytes"),
    };

    private static EvidenceChart? E2Counting(ResultSet r, string ours)
    {
        var rows = CountingMethods.Select(m => (m.Label, Case: r.Find(Claims.E2, m.Method, ("Corpus", "600KB")))).ToList();
        if (rows.Any(row => row.Case is null))
        {
            return null;
        }

        rows = rows.OrderByDescending(row => row.Case!.MedianNs).ToList();
        var plot = Create("E2 (C10, C12, C15): counting lines and words of a 600 KB text", "time (median)", "");
        Bars(plot, rows.Select((row, i) => Bar(i, row.Case!.MedianNs, Series.Ours, EvidenceReport.Time(row.Case.MedianNs))), horizontal: true);
        Categories(plot.Axes.Left, rows.Select(row => row.Label).ToList());
        LinearAxis(plot.Axes.Bottom, rows.Max(row => row.Case!.MedianNs), TickTime);
        BarLegend(plot, ours + " (the seed gives no per-method figures)", Series.Ours);
        LegendBelow(plot);
        return new EvidenceChart("e2-counting.svg", "E2", "E2: time to count a 600 KB text, per counting method", Svg(plot, 800, 480));
    }

    private static readonly (string Method, string Label)[] TextWriters =
    {
        ("StreamWriterAutoFlush", "StreamWriter, AutoFlush"), ("ConsoleOutEquivalent", "Console.Out's kind of writer"),
        ("StreamWriterSynchronized", "TextWriter.Synchronized"), ("StreamWriterBuffered", "StreamWriter, buffered"),
        ("ConsoleBufferedWriter", "buffered writer over stdout"),
    };

    private static EvidenceChart? E3TinyWrites(ResultSet r, string ours)
    {
        var locked = r.Find(Claims.E3Libc, "Fwrite", ("StdioBuffer", "65536"));
        var unlocked = r.Find(Claims.E3Libc, "FwriteUnlocked", ("StdioBuffer", "65536"));
        var writers = TextWriters.Select(w => (w.Label, Case: r.Find(Claims.E3Text, w.Method))).ToList();
        if (locked is null || unlocked is null || writers.Any(w => w.Case is null))
        {
            return null;
        }

        var lockPlot = Create("C16: fwrite / fwrite_unlocked, 1-byte writes", "", "time (fwrite_unlocked = 1x)");
        var lockRatios = new (string Label, double Ratio, Series Series)[]
        {
            ("seed:\nWindows 10", Seeds.E3WindowsLockedRatio, Series.Seed), ("seed:\nOpenSUSE 15", Seeds.E3LinuxLockedRatio, Series.Seed),
            (ours.Replace(": ", ":\n", StringComparison.Ordinal), locked.MedianNs / unlocked.MedianNs, Series.Ours),
        };
        Bars(lockPlot, lockRatios.Select((x, i) => Bar(i, x.Ratio, x.Series, TickRatio(Math.Round(x.Ratio, 2)))));
        Categories(lockPlot.Axes.Bottom, lockRatios.Select(x => x.Label).ToList());
        LinearAxis(lockPlot.Axes.Left, lockRatios.Max(x => x.Ratio), TickRatio);

        var writerPlot = Create("C16: .NET text writers, one char per Write (ours)", "time (median, log scale)", "");
        var low = LogAxis(writerPlot.Axes.Bottom, writers.Min(w => w.Case!.MedianNs), writers.Max(w => w.Case!.MedianNs), TickTime, margin: 3);
        Bars(writerPlot, writers.Select((w, i) => Bar(i, Math.Log10(w.Case!.MedianNs), Series.Ours, EvidenceReport.Time(w.Case.MedianNs), low)), horizontal: true);
        Categories(writerPlot.Axes.Left, writers.Select(w => w.Label).ToList());

        return new EvidenceChart("e3-tiny-writes.svg", "E3", "E3: locked against unlocked 1-byte writes (seed on Windows and Linux beside ours) and .NET's text writers", Svg(420, (lockPlot, 440), (writerPlot, 620)));
    }

    private static EvidenceChart? E4Hops(ResultSet r, string ours)
    {
        BenchCase? Case(string method, string context) => r.Find(Claims.E4, method, ("FileSet", "200x1KB"), ("Context", context));
        var forms = new (string Label, double SeedMs, BenchCase? Ours)[]
        {
            ("each await resumes\non the UI context", Seeds.E4OnUiContextMs, Case("AwaitReadToEndAsync", "UI")),
            ("no context\nto resume on", Seeds.E4NoContextMs, Case("AwaitReadToEndAsync", "None")),
            ("ConfigureAwait(false)\non the UI thread", Seeds.E4ConfigureAwaitMs, Case("AwaitReadToEndAsyncConfigureAwaitFalse", "UI")),
        };
        if (forms.Any(f => f.Ours is null))
        {
            return null;
        }

        var plot = Create("E4 (C19, C20): reading 200 files of 1 KB, await per file", "", "time (log scale)");
        var values = forms.SelectMany(f => new[] { f.SeedMs * 1e6, f.Ours!.MedianNs }).ToList();
        var low = LogAxis(plot.Axes.Left, values.Min(), values.Max(), TickTime);
        Bars(plot, forms.SelectMany((f, i) => new[]
        {
            Bar(i * 3 - 0.45, Math.Log10(f.SeedMs * 1e6), Series.Seed, EvidenceReport.Time(f.SeedMs * 1e6), low),
            Bar(i * 3 + 0.45, Math.Log10(f.Ours!.MedianNs), Series.Ours, EvidenceReport.Time(f.Ours.MedianNs), low),
        }));
        Categories(plot.Axes.Bottom, forms.Select(f => f.Label).ToList(), spacing: 3);
        BarLegend(plot, E4Seed, Series.Seed);
        BarLegend(plot, ours + ", a message-loop context", Series.Ours);
        Legend(plot, Alignment.UpperRight);
        return new EvidenceChart("e4-hops.svg", "E4", "E4: 200 x 1 KB read with an await per file, on a UI context, with none and with ConfigureAwait(false), seed beside ours", Svg(plot, 800, 450));
    }

    private static EvidenceChart? E5Listings(ResultSet r, string ours)
    {
        string[] shapes = { "flat-100", "flat-10000", "flat-100000" };
        var fullPass = shapes.Select(s => MedianRatio(r, Claims.E5FullPass, "GetFilesForeach", "EnumerateFilesForeach", ("Shape", s))).ToList();
        var any = shapes.Select(s => MedianRatio(r, Claims.E5Exists, "GetFilesLengthPositive", "EnumerateFilesAny", ("Shape", s))).ToList();
        if (fullPass.Concat(any).Any(v => v is null))
        {
            return null;
        }

        double[] xs = { 2, 4, 5 };
        var plot = RatioCurves("E5 (C23, C24): Directory.GetFiles / EnumerateFiles, time", "files in the directory (log scale)", "time, GetFiles / EnumerateFiles (log scale)", new Curve[]
        {
            new(ours + ", foreach over every path", xs, fullPass.Select(v => v!.Value).ToArray(), Series.Ours),
            new(ours + ", \"is there any file?\"", xs, any.Select(v => v!.Value).ToArray(), Series.OursSecond),
        }, "1x = no difference");
        XTicks(plot, xs, new[] { "100", "10,000", "100,000" }, padding: 0.3);
        return new EvidenceChart("e5-listings.svg", "E5", "E5: GetFiles against EnumerateFiles by directory size, for a full pass and for an existence check (ours; the source gives no figure)", Svg(plot, 800, 520));
    }

    private static EvidenceChart? E6Appends(ResultSet r, string ours)
    {
        string[] counts = { "100", "1000", "10000" };
        var perLine = counts.Select(c => MedianRatio(r, Claims.E6PerLine, "AppendAllTextPerLine", "OneStreamWriter", ("LineCount", c))).ToList();
        var builder = counts.Select(c => MedianRatio(r, Claims.E6PerLine, "StringBuilderThenOneAppend", "OneStreamWriter", ("LineCount", c))).ToList();
        if (perLine.Concat(builder).Any(v => v is null))
        {
            return null;
        }

        double[] xs = { 2, 3, 4 };
        var plot = RatioCurves("E6 (C26): appending ~60-byte lines, time / one StreamWriter's", "lines appended (log scale)", "time / one StreamWriter's (log scale)", new Curve[]
        {
            new(ours + ", File.AppendAllText per line", xs, perLine.Select(v => v!.Value).ToArray(), Series.Ours),
            new(ours + ", StringBuilder + one AppendAllText", xs, builder.Select(v => v!.Value).ToArray(), Series.OursSecond),
        }, "1x = as fast as one writer");
        XTicks(plot, xs, new[] { "100", "1,000", "10,000" }, padding: 0.2);
        return new EvidenceChart("e6-appends.svg", "E6", "E6: one File.AppendAllText per line against one StreamWriter, by number of lines (ours; the source gives no figure)", Svg(plot, 800, 520));
    }

    private static EvidenceChart? E7Documents(ResultSet r, string ours)
    {
        var json = Claims.E7Sizes.Select(s => MedianRatio(r, Claims.E7Json, "DeserializeReadAllText", "DeserializeFileStream", ("FileBytes", s))).ToList();
        var xml = Claims.E7Sizes.Select(s => MedianRatio(r, Claims.E7Xml, "XDocumentParseReadAllText", "XDocumentLoadOpenText", ("FileBytes", s))).ToList();
        if (json.Concat(xml).Any(v => v is null))
        {
            return null;
        }

        var xs = Claims.E7Sizes.Select(s => Math.Log10(double.Parse(s, CultureInfo.InvariantCulture))).ToArray();
        var plot = RatioCurves("E7 (C28-C30): parsing File.ReadAllText's string / reading the file, time", "document size (log scale)", "time, string / file (log scale)", new Curve[]
        {
            new("seed (C28): System.Text.Json, 9 MB, blog post (OS not given)", new[] { Math.Log10(9.0 * 1024 * 1024) }, new[] { Seeds.E7Json9MbTimeRatio }, Series.Seed),
            new(ours + ", JsonSerializer.Deserialize", xs, json.Select(v => v!.Value).ToArray(), Series.Ours),
            new(ours + ", XDocument", xs, xml.Select(v => v!.Value).ToArray(), Series.OursSecond),
        }, "1x = as fast as reading the file");
        XTicks(plot, xs, Claims.E7Sizes.Select(s => TickBytes(double.Parse(s, CultureInfo.InvariantCulture))).ToArray(), padding: 0.3);
        return new EvidenceChart("e7-documents.svg", "E7", "E7: JSON and XML parsed from File.ReadAllText's string against from the file, by document size, with the seed's one figure", Svg(plot, 800, 520));
    }

    /// <summary>A ratio against a reference form, at the given x positions (already log), for <see cref="RatioCurves"/>.</summary>
    private sealed record Curve(string Legend, double[] Xs, double[] Ratios, Series Series, bool Connect = true);

    /// <summary>Ratio curves on a log y axis with the 1x line and the legend under the chart.</summary>
    private static Plot RatioCurves(string title, string xLabel, string yLabel, IReadOnlyList<Curve> curves, string sameLegend)
    {
        var plot = Create(title, xLabel, yLabel);
        foreach (var curve in curves)
        {
            Line(plot, curve.Xs, curve.Ratios.Select(Math.Log10).ToArray(), curve.Legend, curve.Series, curve.Connect);
        }

        var all = curves.SelectMany(c => c.Ratios).ToList();
        LogAxis(plot.Axes.Left, Math.Min(1, all.Min()), all.Max(), TickRatio);
        SameAsLine(plot, sameLegend);
        LegendBelow(plot);
        return plot;
    }

    /// <summary>The median time of <paramref name="slow"/> over <paramref name="fast"/>'s for one parameter value, or null when either is missing.</summary>
    private static double? MedianRatio(ResultSet r, string type, string slow, string fast, (string Name, string Value) parameter) =>
        r.Find(type, slow, parameter) is { } s && r.Find(type, fast, parameter) is { } f ? s.MedianNs / f.MedianNs : null;

    private static void XTicks(Plot plot, double[] xs, string[] labels, double padding)
    {
        plot.Axes.Bottom.SetTicks(xs, labels);
        plot.Axes.Bottom.Min = xs[0] - padding;
        plot.Axes.Bottom.Max = xs[^1] + padding;
    }

    /// <summary>
    /// A rule's page: its pair's time and allocation, before (the flagged code) and after (the fix's output), and the
    /// claims behind the rule as effect ratios, the seed's beside ours.
    /// </summary>
    private static EvidenceChart RuleChart(PairResult pair, IReadOnlyList<ClaimResult> claims, string ours)
    {
        string[] beforeAfter = { "before\n(flagged)", "after\n(the fix)" };
        var panels = new List<(Plot, int)>();

        var time = Create($"{pair.Rule} pair: time per call", "", "time (median)");
        Bars(time, new[] { Bar(0, pair.BeforeNs, Series.OursSecond, EvidenceReport.Time(pair.BeforeNs)), Bar(1, pair.AfterNs, Series.Ours, EvidenceReport.Time(pair.AfterNs)) });
        Categories(time.Axes.Bottom, beforeAfter);
        LinearAxis(time.Axes.Left, Math.Max(pair.BeforeNs, pair.AfterNs), TickTime);
        panels.Add((time, 300));

        if (pair.BeforeBytes is { } before && pair.AfterBytes is { } after)
        {
            var memory = Create($"{pair.Rule} pair: allocated per call", "", "bytes allocated");
            Bars(memory, new[] { Bar(0, before, Series.OursSecond, Claims.Bytes(before)), Bar(1, after, Series.Ours, Claims.Bytes(after)) });
            Categories(memory.Axes.Bottom, beforeAfter);
            LinearAxis(memory.Axes.Left, Math.Max(before, after), TickBytes, ByteUnit(Math.Max(before, after)));
            panels.Add((memory, 300));
        }

        var backing = claims.Where(c => c.Backs(pair.Rule) && c.Ratio is not null && c.Verdict != "n/a on this platform").ToList();
        if (backing.Count > 0)
        {
            panels.Add((ClaimEffects(pair.Rule, backing, ours), 560));
        }

        var alt = $"{pair.Rule}: the benchmark pair's time and allocation before and after the fix, and the claims behind the rule, seed beside ours";
        return new EvidenceChart(pair.Rule + ".svg", pair.Rule, alt, Svg(440, panels.ToArray()));
    }

    /// <summary>Each claim's effect as a ratio (1x = no effect), the seed's bar above ours where the seed gives a figure.</summary>
    private static Plot ClaimEffects(string rule, IReadOnlyList<ClaimResult> backing, string ours)
    {
        var plot = Create($"claims behind {rule}: effect", "effect, times (log scale)", "");
        var ratios = backing.Select(c => c.Ratio!.Value).Concat(backing.Select(c => c.SeedRatio).OfType<double>()).ToList();
        LogAxis(plot.Axes.Bottom, Math.Min(1, ratios.Min()), ratios.Max(), TickRatio, margin: 3);
        var bars = new List<Bar>();
        var labels = new List<string>();
        foreach (var (claim, i) in backing.Reverse().Select((c, i) => (c, i)))
        {
            var seed = claim.SeedRatio;
            bars.Add(Bar(i * 3 - (seed is null ? 0 : 0.45), Math.Log10(claim.Ratio!.Value), Series.Ours, TickRatio(Math.Round(claim.Ratio.Value, 2))));
            if (seed is { } s)
            {
                bars.Add(Bar(i * 3 + 0.45, Math.Log10(s), Series.Seed, TickRatio(Math.Round(s, 2))));
            }

            labels.Add($"{claim.Id}: {claim.Verdict}\n" + (seed is null ? "no seed figure" : "seed: " + (Seeds.Experiments.GetValueOrDefault(claim.Experiment).Platform ?? "?")));
        }

        Bars(plot, bars, horizontal: true);
        Categories(plot.Axes.Left, labels, spacing: 3);
        SameAsLine(plot, "1x = no effect", vertical: true);
        BarLegend(plot, "seed", Series.Seed);
        BarLegend(plot, ours, Series.Ours);
        LegendBelow(plot);
        return plot;
    }

    /// <summary>E1's read sizes, 2-256 KiB, as log2 KiB positions.</summary>
    private static readonly double[] ReadSizes = Claims.Buffers.Select(b => Math.Log2(double.Parse(b, CultureInfo.InvariantCulture) / 1024)).ToArray();

    private static void ReadSizeTicks(Plot plot) =>
        XTicks(plot, ReadSizes, Claims.Buffers.Select(b => (int.Parse(b, CultureInfo.InvariantCulture) / 1024).ToString(CultureInfo.InvariantCulture) + " KiB").ToArray(), padding: 0.4);
}
