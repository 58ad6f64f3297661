namespace IoPerf.EvidenceBench.Data;

/// <summary>GNU wc's output layout for `wc -lwc file...`: numbers right-aligned to the width of the total byte count.</summary>
public static class WcFormat
{
    public static string Format(IReadOnlyList<string> paths, IReadOnlyList<Counts> counts)
    {
        var total = new Counts(counts.Sum(c => c.Lines), counts.Sum(c => c.Words), counts.Sum(c => c.CharsOrBytes));
        var width = Math.Max(1, total.CharsOrBytes.ToString(System.Globalization.CultureInfo.InvariantCulture).Length);
        var output = new System.Text.StringBuilder();
        for (var i = 0; i < paths.Count; i++)
        {
            Append(output, counts[i], width, paths[i]);
        }

        if (paths.Count > 1)
        {
            Append(output, total, width, "total");
        }

        return output.ToString();
    }

    private static void Append(System.Text.StringBuilder output, Counts counts, int width, string name) =>
        output.Append(counts.Lines.ToString().PadLeft(width)).Append(' ')
            .Append(counts.Words.ToString().PadLeft(width)).Append(' ')
            .Append(counts.CharsOrBytes.ToString().PadLeft(width)).Append(' ')
            .Append(name).Append('\n');
}
