using System.Text.RegularExpressions;
using ScottPlot;
using SkiaSharp;
using static IoPerf.EvidenceBench.Report.ResultSet;

namespace IoPerf.EvidenceBench.Report;

/// <summary>How a series is drawn: the seed's figures and ours must be told apart in grey print, not only by colour.</summary>
public enum Series
{
    /// <summary>A seed's figure: dashed grey line, open squares; light bars with an outline.</summary>
    Seed,

    /// <summary>A second seed figure in the same chart: dotted grey line, open triangles.</summary>
    SeedSecond,

    /// <summary>Our measurement: solid black line, filled circles; dark bars.</summary>
    Ours,

    /// <summary>A second measurement of ours in the same chart: dotted black line, filled triangles; mid-grey bars.</summary>
    OursSecond,
}

/// <summary>
/// The look every evidence chart shares, and the SVG output the drift test can compare byte for byte: one font named
/// explicitly (text is measured with it, so a different font moves every label), ticks placed by hand with invariant
/// number formats, and the clip-path ids Skia numbers process-wide renumbered per file.
/// </summary>
public static class ChartStyle
{
    /// <summary>Installed on Linux with fonts-dejavu-core; Skia would fall back silently to whatever font it finds.</summary>
    public const string FontFamily = "DejaVu Sans";

    private static readonly Color Black = Color.FromHex("#000000");
    private static readonly Color SeedGrey = Color.FromHex("#808080");
    private static readonly Color LightFill = Color.FromHex("#d9d9d9");
    private static readonly Color MidFill = Color.FromHex("#8c8c8c");
    private static readonly Color DarkFill = Color.FromHex("#262626");

    private static readonly double[] NiceSteps = { 1, 2, 5 };
    private static readonly double[] FineSteps = { 1, 1.5, 2, 3, 5, 7 };

    /// <summary>Looked up once per process: every chart would otherwise ask the font manager again.</summary>
    private static readonly Lazy<bool> FontInstalled = new(() =>
    {
        using var typeface = SKTypeface.FromFamilyName(FontFamily);
        return string.Equals(typeface?.FamilyName, FontFamily, StringComparison.Ordinal);
    });

    public static Plot Create(string title, string xLabel, string yLabel)
    {
        if (!FontInstalled.Value)
        {
            throw new InvalidOperationException(
                $"The evidence charts are drawn with the {FontFamily} font so that they come out the same on every machine, and it is not installed here " +
                "(Debian/Ubuntu: apt-get install fonts-dejavu-core).");
        }

        var plot = new Plot();
        plot.Font.Set(FontFamily);
        plot.Title(title, size: 14);
        plot.XLabel(xLabel, size: 12);
        plot.YLabel(yLabel, size: 12);
        plot.Legend.FontName = FontFamily;
        return plot;
    }

    /// <summary>
    /// A line through (x, y) points, in data coordinates (log positions already applied by the caller); markers alone
    /// when <paramref name="connect"/> is false, for a source that gives a few points and nothing between them.
    /// </summary>
    public static void Line(Plot plot, double[] xs, double[] ys, string legend, Series series, bool connect = true)
    {
        var line = plot.Add.Scatter(xs, ys);
        line.LegendText = legend;
        line.LineWidth = connect ? 2 : 0;
        line.MarkerSize = 9;
        (line.Color, line.LinePattern, line.MarkerShape) = series switch
        {
            Series.Seed => (SeedGrey, LinePattern.Dashed, MarkerShape.OpenSquare),
            Series.SeedSecond => (SeedGrey, LinePattern.Dotted, MarkerShape.OpenTriangleUp),
            Series.OursSecond => (Black, LinePattern.Dotted, MarkerShape.FilledTriangleUp),
            _ => (Black, LinePattern.Solid, MarkerShape.FilledCircle),
        };
    }

    /// <summary>One bar; its value label is written above it (or beside it, for horizontal bars).</summary>
    public static Bar Bar(double position, double value, Series series, string label, double valueBase = 0) => new()
    {
        Position = position,
        Value = value,
        ValueBase = valueBase,
        Size = 0.8,
        FillColor = Fill(series),
        LineColor = Black,
        LineWidth = 1,
        Label = label,
    };

    public static void Bars(Plot plot, IEnumerable<Bar> bars, bool horizontal = false)
    {
        var plottable = plot.Add.Bars(bars.ToList());
        plottable.Horizontal = horizontal;
        plottable.ValueLabelStyle.FontName = FontFamily;
        plottable.ValueLabelStyle.FontSize = 11;
    }

    /// <summary>A legend entry for bars, since bars carry no legend text of their own.</summary>
    public static void BarLegend(Plot plot, string text, Series series) =>
        plot.Legend.ManualItems.Add(new LegendItem { LabelText = text, FillColor = Fill(series), OutlineColor = Black, OutlineWidth = 1 });

    public static void Legend(Plot plot, Alignment where) => plot.ShowLegend(where);

    /// <summary>The legend under the chart, where it cannot hide a point.</summary>
    public static void LegendBelow(Plot plot) => plot.ShowLegend(Edge.Bottom);

    /// <summary>
    /// A log-scale axis over [min, max] (the caller plots log10 values): ticks at 1-2-5 steps, labelled by
    /// <paramref name="label"/>. ScottPlot has no log axis; placing the ticks here keeps them identical on every run.
    /// Returns the axis' lower limit (log10), the base for bars drawn on it.
    /// </summary>
    public static double LogAxis(IAxis axis, double min, double max, Func<double, string> label, double margin = 1.6)
    {
        var low = min / margin;
        var high = max * margin;
        var decades = Math.Log10(high / low);
        var steps = decades > 3 ? new double[] { 1 } : decades > 1.2 ? NiceSteps : FineSteps; // about 4-10 ticks at any range
        var ticks = new List<double>();
        for (var decade = Math.Pow(10, Math.Floor(Math.Log10(low))); decade <= high; decade *= 10)
        {
            ticks.AddRange(steps.Select(step => step * decade).Where(tick => tick >= low && tick <= high));
        }

        if (ticks.Count < 2)
        {
            ticks = new List<double> { min, max }; // a range inside one 1-2-5 step still gets two labelled ticks
        }

        axis.SetTicks(ticks.Select(Math.Log10).ToArray(), ticks.Select(label).ToArray());
        axis.Min = Math.Log10(low);
        axis.Max = Math.Log10(high);
        return axis.Min;
    }

    /// <summary>
    /// A linear axis from 0 to a little above <paramref name="max"/>, with about five ticks at 1-2-5 steps of
    /// <paramref name="unit"/> (1024 for bytes, so that ticks fall on whole KB).
    /// </summary>
    public static void LinearAxis(IAxis axis, double max, Func<double, string> label, double unit = 1)
    {
        var rough = max / unit / 5;
        var decade = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        var step = NiceSteps.Append(10).Select(s => s * decade).First(s => s >= rough) * unit;
        var ticks = Enumerable.Range(0, (int)Math.Floor(max * 1.2 / step) + 1).Select(i => i * step).ToArray();
        axis.SetTicks(ticks, ticks.Select(ZeroPlain(label)).ToArray());
        axis.Min = 0;
        axis.Max = max * 1.2;
    }

    /// <summary>The 1x line of a ratio chart drawn on a log axis (log10 1 = 0); vertical when the ratios run along x.</summary>
    public static void SameAsLine(Plot plot, string legend, bool vertical = false)
    {
        ScottPlot.Plottables.AxisLine line = vertical ? plot.Add.VerticalLine(0) : plot.Add.HorizontalLine(0);
        line.Color = Black;
        line.LineWidth = 1;
        line.LinePattern = LinePattern.DenselyDashed;
        line.LegendText = legend;
    }

    /// <summary>Category labels at 0, 1, 2, ... on a bar chart's category axis.</summary>
    public static void Categories(IAxis axis, IReadOnlyList<string> labels, double spacing = 1)
    {
        axis.SetTicks(labels.Select((_, i) => i * spacing).ToArray(), labels.ToArray());
        axis.MajorTickStyle.Length = 0;
    }

    /// <summary>Times as the docs print them ("24.91 ms"), with one significant step less for axis ticks.</summary>
    public static string TickTime(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => Trim(nanoseconds / 1e9) + " s",
        >= 1e6 => Trim(nanoseconds / 1e6) + " ms",
        >= 1e3 => Trim(nanoseconds / 1e3) + " us",
        _ => Trim(nanoseconds) + " ns",
    };

    public static string TickRatio(double ratio) => Trim(ratio) + "x";

    /// <summary>Bytes in binary units for an axis ("64 KB"), and the unit its ticks should step in.</summary>
    public static string TickBytes(double bytes) => bytes switch
    {
        >= 1024 * 1024 => Trim(bytes / (1024 * 1024)) + " MB",
        >= 1024 => Trim(bytes / 1024) + " KB",
        _ => Trim(bytes) + " B",
    };

    public static double ByteUnit(double max) => max >= 1024 * 1024 ? 1024 * 1024 : max >= 1024 ? 1024 : 1;

    private static string Trim(double value) => Number(value, value >= 10 ? "F0" : "0.##");

    /// <summary>An axis' zero needs no unit.</summary>
    private static Func<double, string> ZeroPlain(Func<double, string> label) => value => value == 0 ? "0" : label(value);

    public static string Svg(Plot plot, int width, int height) => Svg(height, (plot, width));

    /// <summary>Panels side by side, each as wide as given, in one SVG.</summary>
    public static string Svg(int height, params (Plot Plot, int Width)[] panels)
    {
        var figure = new Multiplot(panels[0].Plot) { Layout = new FixedColumns(panels.Select(p => p.Width).ToArray()) };
        foreach (var (plot, _) in panels.Skip(1))
        {
            figure.AddPlot(plot);
        }

        var width = panels.Sum(p => p.Width);
        using var stream = new MemoryStream();
        using (var canvas = SKSvgCanvas.Create(new SKRect(0, 0, width, height), stream))
        {
            figure.Render(canvas, new PixelRect(0, width, height, 0));
        }

        return Deterministic(System.Text.Encoding.UTF8.GetString(stream.ToArray()));
    }

    /// <summary>Columns of given pixel widths (ScottPlot's own column layout makes them equal).</summary>
    private sealed class FixedColumns(int[] widths) : IMultiplotLayout
    {
        public PixelRect[] GetSubplotRectangles(SubplotCollection subplots, PixelRect figureRect)
        {
            var left = figureRect.Left;
            return widths.Select(width => new PixelRect(left, left += width, figureRect.Bottom, figureRect.Top)).ToArray();
        }
    }

    /// <summary>Skia numbers clip paths with a counter shared by the whole process; number them per file instead.</summary>
    private static string Deterministic(string svg)
    {
        var ids = new Dictionary<string, string>(StringComparer.Ordinal);
        var renumbered = Regex.Replace(svg, @"\bcl_[0-9a-f]+\b", match =>
        {
            if (!ids.TryGetValue(match.Value, out var id))
            {
                ids[match.Value] = id = "clip" + ids.Count.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            return id;
        });
        return renumbered.ReplaceLineEndings("\n");
    }

    private static Color Fill(Series series) => series switch
    {
        Series.Seed or Series.SeedSecond => LightFill,
        Series.OursSecond => MidFill,
        _ => DarkFill,
    };
}
