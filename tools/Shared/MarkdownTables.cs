using Spectre.Console;

namespace IoPerf.Tools;

/// <summary>
/// The tables the tools print (the corpus runner's report, the evidence bench's steps): Markdown, so that a run's
/// output can be pasted into the docs as it is and searched line by line, never wrapped to a terminal's width.
/// Compiled into each tool (linked source), so that neither depends on the other.
/// </summary>
internal static class MarkdownTables
{
    /// <summary>Wider than any line the tools print: text written for a file or a pipe is never wrapped.</summary>
    public const int UnwrappedWidth = 1000;

    /// <summary>The console for standard output: unwrapped when the output goes to a file or a pipe.</summary>
    public static IAnsiConsole StandardOutput()
    {
        var console = AnsiConsole.Console;
        if (Console.IsOutputRedirected)
        {
            console.Profile.Width = UnwrappedWidth; // a log file has no width: Spectre would wrap every line at 80 columns
        }

        return console;
    }

    public static Table New(params string[] headers)
    {
        var table = new Table().Border(TableBorder.Markdown);
        foreach (var header in headers)
        {
            table.AddColumn(new TableColumn(new Text(header)));
        }

        return table;
    }

    /// <summary>Text cells, not markup: file paths and messages may hold '[' and ']'.</summary>
    public static void AddRow(Table table, params string[] cells) => table.AddRow(cells.Select(c => new Text(c)).ToArray());

    /// <summary>Writes the table without the blank rows Spectre's Markdown border draws above and below it.</summary>
    public static void Write(IAnsiConsole console, Table table)
    {
        using var text = new StringWriter();
        PlainTextConsole(text).Write(table);
        foreach (var line in text.ToString().Split('\n'))
        {
            if (line.Trim().Length > 0)
            {
                console.WriteLine(line.TrimEnd());
            }
        }
    }

    /// <summary>A console that writes plain text (no colours, no escape codes, no live displays, no wrapping) to <paramref name="writer"/>.</summary>
    public static IAnsiConsole PlainTextConsole(TextWriter writer)
    {
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Ansi = AnsiSupport.No,
            ColorSystem = ColorSystemSupport.NoColors,
            Interactive = InteractionSupport.No,
            Out = new AnsiConsoleOutput(writer),
        });
        console.Profile.Width = UnwrappedWidth;
        return console;
    }
}
