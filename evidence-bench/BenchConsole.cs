using System.Text.Json;
using IoPerf.Tools;
using Spectre.Console;

namespace IoPerf.EvidenceBench;

/// <summary>
/// What the bench prints outside BenchmarkDotNet's own log: a heading per step (with its place in the run and the time
/// so far) and each measurement step's rows as a table. Through Spectre.Console, which leaves colour and escape codes
/// out when the output goes to a file or CI log.
/// </summary>
internal static class BenchConsole
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    private static IAnsiConsole Out { get; } = MarkdownTables.StandardOutput();

    /// <summary>A heading between BenchmarkDotNet's logs: "E2WordCount (3 of 26, 12.4 min elapsed)".</summary>
    public static void Step(string name, int index, int count, TimeSpan elapsed) =>
        Out.Write(new Rule($"[bold]{Markup.Escape(name)}[/] ({index} of {count}, {elapsed.TotalMinutes:F1} min elapsed)").LeftJustified());

    public static void Table(string title, IReadOnlyList<string> headers, IEnumerable<IReadOnlyList<string>> rows)
    {
        var table = MarkdownTables.New(headers.ToArray());
        foreach (var row in rows)
        {
            MarkdownTables.AddRow(table, row.ToArray());
        }

        Out.WriteLine(title + ":");
        MarkdownTables.Write(Out, table);
        Out.WriteLine();
    }

    /// <summary>
    /// Writes a measurement step's results file (evidence-bench/results/*.json) and prints its rows: the objects of the
    /// first array in <paramref name="payload"/>, one column per property.
    /// </summary>
    public static void SaveMeasurements(string folder, string fileName, object payload)
    {
        var json = JsonSerializer.SerializeToElement(payload, Indented);
        File.WriteAllText(Path.Combine(folder, fileName), JsonSerializer.Serialize(json, Indented));
        var rows = json.EnumerateObject().Select(p => p.Value).FirstOrDefault(v => v.ValueKind == JsonValueKind.Array);
        if (rows.ValueKind != JsonValueKind.Array || rows.GetArrayLength() == 0)
        {
            Out.WriteLine($"{fileName}: no rows");
            return;
        }

        var headers = rows[0].EnumerateObject().Select(p => p.Name).ToList();
        Table(fileName, headers, rows.EnumerateArray().Select(row => headers.Select(h => row.TryGetProperty(h, out var v) ? v.ToString() : "").ToList()));
    }

    public static void Error(string message) => Console.Error.WriteLine(message);
}
