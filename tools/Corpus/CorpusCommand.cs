using System.CommandLine;
using System.Text.Json;
using Spectre.Console;

namespace IoPerf.Corpus;

/// <summary>
/// The runner's command line: <c>IoPerf.Corpus &lt;checkout&gt; [--json report.json] [--no-fix] [--loader msbuild|files] [--no-restore] [--across-methods]</c>,
/// or <c>IoPerf.Corpus --meter-check</c> (<see cref="MeterCheck"/>).
/// Exit codes: 0 no analyzer or fix exception, no compilation that threw and no error introduced by a fix; 1 some; 2 the command line or the
/// checkout could not be used.
/// </summary>
internal static class CorpusCommand
{
    public const int Clean = 0;
    public const int Findings = 1;
    public const int UsageError = 2;

    public static async Task<int> RunAsync(string[] args, IAnsiConsole console, TextWriter error)
    {
        var checkout = new Argument<string?>("checkout")
        {
            Description = "The folder of a C# checkout, or a .csproj in it: every .csproj folder below it becomes one compilation.",
            Arity = ArgumentArity.ZeroOrOne, // not needed with --meter-check; checked below otherwise
        };
        checkout.Validators.Add(result =>
        {
            var path = result.GetValueOrDefault<string?>();
            if (path is null)
            {
                return;
            }

            if (File.Exists(path) && !path.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
            {
                result.AddError($"'{path}' is a file, but not a .csproj: give a checkout folder or a .csproj.");
            }
            else if (!File.Exists(path) && !Directory.Exists(path))
            {
                result.AddError($"No folder or .csproj at '{path}'.");
            }
        });
        var json = new Option<FileInfo?>("--json")
        {
            Description = "Also write the whole report as JSON to this file (its folder must exist).",
            HelpName = "report.json",
        };
        json.Validators.Add(result =>
        {
            if (result.GetValueOrDefault<FileInfo?>() is { Directory: { Exists: false } folder })
            {
                result.AddError($"The folder for the JSON report does not exist: '{folder.FullName}'.");
            }
        });
        var noFix = new Option<bool>("--no-fix")
        {
            Description = "Only analyse: do not apply each rule's Fix All nor compile the result (faster; the cost figures are the same).",
        };

        var loader = new Option<string>("--loader")
        {
            Description = "How projects are read: 'msbuild' (MSBuild's own evaluation, falling back to the project files for a project it cannot evaluate) or 'files' (the project files and Directory.Build.* read as XML, no condition evaluated).",
            DefaultValueFactory = _ => "msbuild",
        };
        loader.AcceptOnlyFromAmong("msbuild", "files");
        var noRestore = new Option<bool>("--no-restore")
        {
            Description = "Do not run dotnet restore: projects are compiled without their packages' assemblies (MSBuild still evaluates them).",
        };

        var acrossMethods = new Option<bool>("--across-methods")
        {
            Description = "Turn on the rules' reach across methods (a preview, off by default) in every project, as <IoPerfAcrossMethods>true</IoPerfAcrossMethods> would.",
        };

        var meterCheck = new Option<bool>("--meter-check")
        {
            Description = "Only time the meter's clock reads, back to back and with memory read between calls, and print them (no checkout needed).",
        };

        var command = new RootCommand(
            "Runs every IoPerf analyzer, and each rule's Fix All, over a checkout of real C# code, and reports per rule the " +
            "diagnostics, the errors Fix All introduced, analyzer exceptions and the callbacks' CPU time next to CA1870 and CA2007.")
        {
            checkout, json, noFix, loader, noRestore, acrossMethods, meterCheck,
        };

        var parse = command.Parse(args);
        if (parse.Errors.Count > 0)
        {
            foreach (var parseError in parse.Errors)
            {
                await error.WriteLineAsync(parseError.Message);
            }

            await error.WriteLineAsync("Run with --help for the usage.");
            return UsageError;
        }

        if (parse.Action is not null)
        {
            // The root command has no action of its own: this is --help or --version, which System.CommandLine prints.
            return await parse.InvokeAsync(new InvocationConfiguration { Output = console.Profile.Out.Writer, Error = error });
        }

        if (parse.GetValue(meterCheck))
        {
            PrintMeterCheck(console);
            return Clean;
        }

        if (parse.GetValue(checkout) is null)
        {
            await error.WriteLineAsync("Required argument missing: 'checkout'.");
            await error.WriteLineAsync("Run with --help for the usage.");
            return UsageError;
        }

        var loading = new LoadOptions(UseMSBuild: parse.GetValue(loader) == "msbuild", Restore: !parse.GetValue(noRestore), AcrossMethods: parse.GetValue(acrossMethods));
        return await RunAsync(parse.GetValue(checkout)!, parse.GetValue(json), !parse.GetValue(noFix), loading, console, error);
    }

    private static void PrintMeterCheck(IAnsiConsole console)
    {
        console.WriteLine($"The meter's clock ({ThreadCpu.Clock}), ns per call: the wrapper around an empty callback, and the same two clock reads alone.");
        var table = IoPerf.Tools.MarkdownTables.New("read between calls", "wrapper around an empty callback", "the two clock reads alone");
        foreach (var (bytes, wrapped, alone) in MeterCheck.Run())
        {
            IoPerf.Tools.MarkdownTables.AddRow(table, bytes == 0 ? "nothing" : $"{bytes >> 20} MB", $"{wrapped:F0}", $"{alone:F0}");
        }

        IoPerf.Tools.MarkdownTables.Write(console, table);
    }

    private static async Task<int> RunAsync(string target, FileInfo? jsonFile, bool applyFixes, LoadOptions loading, IAnsiConsole console, TextWriter error)
    {
        IReadOnlyList<SourceGroup> groups;
        try
        {
            groups = CorpusLoader.FindGroups(target, loading);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            await error.WriteLineAsync($"Cannot read the checkout at '{target}': {exception.Message}");
            return UsageError;
        }

        if (groups.Count == 0)
        {
            await error.WriteLineAsync($"No .cs files under '{target}'.");
            return UsageError;
        }

        var report = await RunWithProgressAsync(groups, target, applyFixes, console);
        ReportPrinter.Print(report, console);
        if (jsonFile is not null)
        {
            await File.WriteAllTextAsync(jsonFile.FullName, JsonSerializer.Serialize(report, new JsonSerializerOptions { WriteIndented = true }));
            console.WriteLine($"JSON report: {jsonFile.FullName}");
        }

        return report.AnalyzerExceptions.Count == 0 && report.CompilationFailures.Count == 0 && report.Rules.Values.All(r => r.FixIntroducedErrors.Count == 0) ? Clean : Findings;
    }

    /// <summary>A live display (compilation N of M, its project, elapsed time) on a terminal; nothing when the output is redirected to a file or a pipe.</summary>
    private static async Task<CorpusReport> RunWithProgressAsync(IReadOnlyList<SourceGroup> groups, string target, bool applyFixes, IAnsiConsole console)
    {
        if (!console.Profile.Capabilities.Interactive)
        {
            return await CorpusRunner.RunAsync(groups, target, applyFixes, progress: null);
        }

        return await console.Progress()
            .AutoClear(true)
            .Columns(new TaskDescriptionColumn { Alignment = Justify.Left }, new ProgressBarColumn(), new ElapsedTimeColumn(), new SpinnerColumn())
            .StartAsync(async context =>
            {
                var task = context.AddTask("warming up the analyzers", maxValue: groups.Count);
                var progress = new SynchronousProgress(step =>
                {
                    task.Description = Markup.Escape($"compilation {step.Number} of {step.Count}: {step.Project}");
                    task.Value = step.Number - 1;
                });
                var report = await CorpusRunner.RunAsync(groups, target, applyFixes, progress);
                task.Value = groups.Count;
                return report;
            });
    }

    /// <summary>Reports on the caller's thread, in order (<see cref="Progress{T}"/> would post to the thread pool).</summary>
    private sealed class SynchronousProgress(Action<CompilationProgress> report) : IProgress<CompilationProgress>
    {
        public void Report(CompilationProgress value) => report(value);
    }
}
