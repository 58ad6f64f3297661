using System.CommandLine;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench;

/// <summary>
/// The bench's command line: one mode (<c>--quick</c>, <c>--full [class...]</c>, <c>--report</c>, or a single
/// measurement step), or else BenchmarkDotNet's own arguments. Tokens System.CommandLine does not know are passed to
/// BenchmarkDotNet (<c>--quick --artifacts folder</c>, <c>--filter '*E2*' --job short</c>).
/// Exit codes: 0 done, 1 a benchmark or step failed, 2 the command line could not be used.
/// </summary>
internal static class BenchCommand
{
    private const int UsageError = 2;

    public static int Run(string[] args)
    {
        var quick = new Option<bool>("--quick") { Description = "Every benchmark once, in process, on small inputs, then each measurement step (what CI runs); fails on any wrong checksum." };
        var full = new Option<string[]>("--full")
        {
            Description = "The full run into evidence-bench/results/ (its length is in the README); with class names, only those classes, their reports replaced.",
            Arity = ArgumentArity.ZeroOrMore,
            AllowMultipleArgumentsPerToken = true,
            HelpName = "class",
        };
        var report = new Option<bool>("--report") { Description = "Turns evidence-bench/results/ into docs/evidence.md, docs/evidence.json, docs/charts/ and the rule pages' evidence blocks." };
        var retained = new Option<bool>("--retained") { Description = "Only the retained-memory step (C11)." };
        var retainedListing = new Option<bool>("--retained-listing") { Description = "Only the directory-listing retained-memory step (C23)." };
        var wcCheck = new Option<bool>("--wc-check") { Description = "Only the comparison with GNU wc (C9)." };
        var startup = new Option<bool>("--startup") { Description = "Only the start-up step (C14): builds WcTool JIT and native AOT and times them against wc." };
        var peakDocuments = new Option<bool>("--peak-documents") { Description = "Only the peak memory of document parses (C28, C29), each form in a child process." };
        var peakOne = new Option<string[]>("--peak-one") { Arity = new ArgumentArity(2, 2), AllowMultipleArgumentsPerToken = true, Hidden = true, Description = "The child process of --peak-documents: <form> <path>." };

        // Each mode once: its option and what it runs (the tokens System.CommandLine did not know go to BenchmarkDotNet).
        var modes = new (Option Option, Func<ParseResult, int> Run)[]
        {
            (quick, parsed => Runs.Quick(parsed.UnmatchedTokens.ToArray())),
            (full, parsed => Runs.Full(parsed.GetValue(full) ?? [])),
            (report, _ => Report.EvidenceReport.Write(Paths.Results, Paths.Docs)),
            (retained, _ => Measurements.RetainedMemory(Paths.Results, BenchData.Quick)),
            (retainedListing, _ => Measurements.RetainedListing(Paths.Results, BenchData.Quick)),
            (wcCheck, _ => Measurements.WcCheck(Paths.Results, BenchData.Quick)),
            (startup, _ => Measurements.Startup(Paths.Results)),
            (peakDocuments, _ => Measurements.PeakDocumentMemory(Paths.Results, BenchData.Quick)),
            (peakOne, parsed => Measurements.PeakOne(parsed.GetValue(peakOne)![0], parsed.GetValue(peakOne)![1])),
        };
        var command = new RootCommand(
            "The evidence bench: re-runs the seeds' measurements and our own (claims C1-C30) and each rule's before/after pair. " +
            "Any other arguments are BenchmarkDotNet's (for example --filter '*E2*' --job short).");
        foreach (var (option, _) in modes)
        {
            command.Options.Add(option);
        }

        command.TreatUnmatchedTokensAsErrors = false;

        var parse = command.Parse(args);
        var chosen = modes.Where(mode => parse.GetResult(mode.Option) is { Implicit: false }).ToList();
        if (parse.Errors.Count > 0 || chosen.Count > 1)
        {
            foreach (var error in parse.Errors)
            {
                BenchConsole.Error(error.Message);
            }

            if (chosen.Count > 1)
            {
                BenchConsole.Error($"Choose one mode, not {string.Join(" and ", chosen.Select(m => m.Option.Name))}.");
            }

            BenchConsole.Error("Run with --help for the usage.");
            return UsageError;
        }

        if (parse.Action is not null || args.Length == 0)
        {
            // --help or --version (System.CommandLine prints them); no arguments at all shows the help and fails.
            var shown = (args.Length == 0 ? command.Parse("--help") : parse).Invoke();
            return args.Length == 0 ? UsageError : shown;
        }

        if (chosen.Count == 0)
        {
            return Runs.Switcher(args);
        }

        try
        {
            return chosen[0].Run(parse);
        }
        finally
        {
            if (chosen[0].Option == quick || chosen[0].Option == full)
            {
                BenchData.DeleteAll();
            }
        }
    }
}
