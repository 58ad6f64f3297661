using IoPerf.Corpus;
using Spectre.Console;

// dotnet run -c Release --project tools/Corpus -- <checkout folder or .csproj> [--json report.json] [--no-fix]; --help for more.
var console = AnsiConsole.Console;
if (Console.IsOutputRedirected)
{
    // A log file has no width: Spectre would wrap every line at 80 columns.
    console.Profile.Width = ReportPrinter.UnwrappedWidth;
}

return await CorpusCommand.RunAsync(args, console, Console.Error);
