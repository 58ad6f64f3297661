using System.Diagnostics;
using System.Text.Json;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using IoPerf.EvidenceBench.Data;
using IoPerf.EvidenceBench.Experiments;

namespace IoPerf.EvidenceBench;

/// <summary>The bench's run modes. Jobs are chosen per experiment so the full run fits in the time the README states.</summary>
internal static class Runs
{
    /// <summary>
    /// Short jobs warm up only a few operations: a method whose loop is still running tier-0 code (with on-stack
    /// replacement) then measures the JIT, not the I/O - a 128 MiB sync read measured 1.5-2x slow that way here.
    /// Methods with loops are therefore compiled fully optimised from the start in every job.
    /// </summary>
    private static Job Configure(Job job, string id) =>
        job.WithEnvironmentVariables(new BenchmarkDotNet.Jobs.EnvironmentVariable("DOTNET_TC_QuickJitForLoops", "0")).WithId(id);

    /// <summary>The full run's job per benchmark class (the E1 matrix has 140 cases, so it gets the shortest job).</summary>
    private static readonly (Type Type, Job Job)[] FullPlan =
    {
        (typeof(E1SequentialReads), Configure(Job.ShortRun.WithWarmupCount(3).WithIterationCount(3), "E1-short")),
        (typeof(E2WordCount), Configure(Job.ShortRun.WithIterationCount(5), "E2-short")),
        (typeof(E2ReadBufferSize), Configure(Job.ShortRun.WithIterationCount(8), "E2-short")),
        (typeof(E2IndexOfAnyThreshold), Configure(Job.ShortRun.WithIterationCount(8), "E2-short")),
        (typeof(E3LibcWrites), Configure(Job.ShortRun.WithIterationCount(5), "E3-short")),
        (typeof(E3FileStreamWriteByte), Configure(Job.ShortRun.WithIterationCount(5), "E3-short")),
        (typeof(E3TextWriters), Configure(Job.ShortRun.WithIterationCount(5), "E3-short")),
        (typeof(E3ConsoleBreakEven), Configure(Job.ShortRun.WithIterationCount(8), "E3-short")),
        (typeof(E4AwaitsInLoop), Configure(Job.ShortRun.WithIterationCount(5), "E4-short")),
        (typeof(E5FullPass), Configure(Job.ShortRun.WithIterationCount(8), "E5-short")),
        (typeof(E5ExistenceCheck), Configure(Job.ShortRun.WithIterationCount(8), "E5-short")),
        (typeof(E5FirstMatch), Configure(Job.ShortRun.WithIterationCount(8), "E5-short")),
        (typeof(E5FileLengths), Configure(Job.ShortRun.WithIterationCount(8), "E5-short")),
        (typeof(E6AppendPerLine), Configure(Job.ShortRun.WithIterationCount(8), "E6-short")),
        (typeof(E6AppendLineLength), Configure(Job.ShortRun.WithIterationCount(8), "E6-short")),
        (typeof(E7JsonFromFile), Configure(Job.ShortRun.WithIterationCount(8), "E7-short")),
        (typeof(E7XmlFromFile), Configure(Job.ShortRun.WithIterationCount(8), "E7-short")),
    };

    private static IEnumerable<Type> RulePairs => typeof(Runs).Assembly.GetTypes()
        .Where(t => t.Namespace == "IoPerf.EvidenceBench.RulePairs" && t.IsPublic && !t.IsAbstract)
        .OrderBy(t => t.Name, StringComparer.Ordinal);

    public static int Quick(string[] extraArguments)
    {
        Environment.SetEnvironmentVariable("IOPERF_BENCH_QUICK", "1");
        var config = DefaultConfig.Instance
            .AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).AsDefault())
            .WithOptions(ConfigOptions.DisableLogFile);
        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Runs).Assembly)
            .Run(new[] { "--filter", "*" }.Concat(extraArguments).ToArray(), config)
            .ToList();
        var failures = Check(summaries);
        BenchConsole.Table("quick mode: benchmark classes", new[] { "Class", "Cases", "Failed" },
            summaries.Select(s => (IReadOnlyList<string>)new[] { s.BenchmarksCases.FirstOrDefault()?.Descriptor.Type.Name ?? s.Title, s.Reports.Length.ToString(), s.Reports.Count(r => !r.Success).ToString() }));

        // The non-BenchmarkDotNet steps too, on small inputs, into a scratch folder.
        var scratch = Directory.CreateTempSubdirectory("ioperf-quick-").FullName;
        failures += Measurements.RetainedMemory(scratch, quick: true);
        failures += Measurements.WcCheck(scratch, quick: true);
        failures += Measurements.RetainedListing(scratch, quick: true);
        failures += Measurements.PeakDocumentMemory(scratch, quick: true);
        Directory.Delete(scratch, recursive: true);

        Console.WriteLine(failures == 0
            ? $"evidence bench quick mode: {summaries.Sum(s => s.Reports.Length)} benchmarks and the measurement steps ran"
            : $"evidence bench quick mode: {failures} failure(s)");
        return failures == 0 ? 0 : 1;
    }

    /// <summary>
    /// The full run; with class names (e.g. <c>--full E2WordCount</c>) only those classes are re-run and their reports
    /// replaced, which run.json records - every ratio is still taken within one class's run.
    /// </summary>
    public static int Full(string[] classNames)
    {
        var clock = Stopwatch.StartNew();
        var started = DateTime.UtcNow;
        var artifacts = Directory.CreateTempSubdirectory("ioperf-full-").FullName;
        var plan = FullPlan.Concat(RulePairs.Select(t => (t, Configure(Job.MediumRun, "Pair-medium"))))
            .Where(p => classNames.Length == 0 || classNames.Contains(p.Item1.Name))
            .ToList();
        if (plan.Count == 0)
        {
            BenchConsole.Error($"no benchmark class named {string.Join(", ", classNames)}");
            return 2;
        }

        var failures = 0;
        var done = new List<IReadOnlyList<string>>();
        foreach (var (index, (type, job)) in plan.Index())
        {
            BenchConsole.Step(type.Name, index + 1, plan.Count, clock.Elapsed);
            var config = DefaultConfig.Instance
                .AddJob(job)
                .AddExporter(JsonExporter.Full, MarkdownExporter.GitHub)
                .WithArtifactsPath(artifacts);
            var classStarted = clock.Elapsed;
            var summary = BenchmarkRunner.Run(type, config);
            var classFailures = Check(new[] { summary });
            failures += classFailures;
            done.Add(new[] { type.Name, job.Id, summary.Reports.Length.ToString(), classFailures.ToString(), (clock.Elapsed - classStarted).TotalMinutes.ToString("F1") });
        }

        BenchConsole.Table("benchmark classes run", new[] { "Class", "Job", "Cases", "Failures", "Minutes" }, done);

        Directory.CreateDirectory(Paths.Results);
        foreach (var file in Directory.GetFiles(Path.Combine(artifacts, "results")).Where(f => f.EndsWith("-report-full.json") || f.EndsWith("-report-github.md")))
        {
            File.Copy(file, Path.Combine(Paths.Results, Path.GetFileName(file)), overwrite: true);
        }

        if (classNames.Length == 0 || classNames.Contains(nameof(E5FullPass)))
        {
            // C23's memory held at the midpoint of a pass goes with E5FullPass's time figures.
            failures += Measurements.RetainedListing(Paths.Results, quick: false);
        }

        if (classNames.Length == 0 || classNames.Contains(nameof(E7JsonFromFile)))
        {
            // C28/C29's peak memory goes with E7's time and allocation figures.
            failures += Measurements.PeakDocumentMemory(Paths.Results, quick: false);
        }

        if (classNames.Length == 0)
        {
            failures += Measurements.RetainedMemory(Paths.Results, quick: false);
            failures += Measurements.WcCheck(Paths.Results, quick: false);
            failures += Measurements.Startup(Paths.Results);
        }

        var runFile = Path.Combine(Paths.Results, "run.json");
        var run = new
        {
            StartedUtc = started,
            DurationMinutes = Math.Round(clock.Elapsed.TotalMinutes, 1),
            Jobs = plan.Select(p => new { Class = p.Item1.Name, Job = p.Item2.DisplayInfo }),
            Notes = "Shared 2-core machine; files read warm from the page cache; DOTNET_TC_QuickJitForLoops=0 in every job; ratios are taken within one class's run.",
        };
        if (classNames.Length == 0)
        {
            File.WriteAllText(runFile, JsonSerializer.Serialize(run, new JsonSerializerOptions { WriteIndented = true }));
        }
        else
        {
            // A partial re-run is appended to the full run's record.
            var record = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(runFile))!.AsObject();
            var reruns = record["Reruns"]?.AsArray() ?? new System.Text.Json.Nodes.JsonArray();
            reruns.Add(System.Text.Json.Nodes.JsonNode.Parse(JsonSerializer.Serialize(run)));
            record["Reruns"] = reruns;
            File.WriteAllText(runFile, record.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
        }
        Directory.Delete(artifacts, recursive: true);
        Console.WriteLine($"evidence bench full run: {clock.Elapsed.TotalMinutes:F1} minutes, {failures} failure(s)");
        return failures == 0 ? 0 : 1;
    }

    public static int Switcher(string[] args) =>
        Check(BenchmarkSwitcher.FromAssembly(typeof(Runs).Assembly).Run(args).ToList()) == 0 ? 0 : 1;

    /// <summary>BenchmarkDotNet exits 0 when a benchmark throws (a wrong checksum throws): count failures from the summaries.</summary>
    private static int Check(IReadOnlyCollection<Summary> summaries)
    {
        var failed = summaries.SelectMany(s => s.Reports).Where(r => !r.Success).Select(r => r.BenchmarkCase.DisplayInfo).ToList();
        var invalid = summaries.Count(s => s.HasCriticalValidationErrors);
        foreach (var name in failed)
        {
            BenchConsole.Error($"FAILED: {name}");
        }

        return failed.Count + invalid + (summaries.Count == 0 ? 1 : 0);
    }
}

/// <summary>Where results and docs live, found from the repository root.</summary>
internal static class Paths
{
    public static string Root { get; } = FindRoot();

    public static string Results => Path.Combine(Root, "evidence-bench", "results");

    public static string Docs => Path.Combine(Root, "docs");

    private static string FindRoot()
    {
        foreach (var start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "Analyzers.sln")))
                {
                    return directory.FullName;
                }
            }
        }

        throw new InvalidOperationException("Run from inside the repository (Analyzers.sln not found).");
    }
}
