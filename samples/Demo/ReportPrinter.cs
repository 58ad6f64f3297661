namespace Demo;

/// <summary>IOP006: output written one small piece at a time through writers that flush on every call.</summary>
public static class ReportPrinter
{
    /// <summary>A table printed cell by cell: each Console.Write takes the console's lock and flushes.</summary>
    public static void PrintTable(IReadOnlyList<(string Name, int Lines)> rows)
    {
        foreach (var (name, lines) in rows)
        {
            Console.Write(name.PadRight(24));
            Console.Write(lines.ToString().PadLeft(8));
            Console.WriteLine();
        }
    }

    /// <summary>A log that flushes after every line, written in a loop.</summary>
    public static void WriteLog(string path, IEnumerable<string> events)
    {
        using var log = new StreamWriter(path) { AutoFlush = true };
        foreach (var entry in events)
        {
            log.WriteLine(entry);
        }
    }
}
