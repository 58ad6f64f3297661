using IoPerf.Corpus;
using IoPerf.Tools;

// dotnet run -c Release --project tools/Corpus -- <checkout folder or .csproj> [--json report.json] [--no-fix]; --help for more.
return await CorpusCommand.RunAsync(args, MarkdownTables.StandardOutput(), Console.Error);
