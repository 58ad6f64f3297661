using System.Collections.Immutable;
using System.Diagnostics;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Corpus;

/// <summary>Where a run is: compilation <see cref="Number"/> of <see cref="Count"/>, named after its project folder.</summary>
internal readonly record struct CompilationProgress(int Number, int Count, string Project);

/// <summary>
/// One run over a checkout: every compilation analysed by every IOP analyzer (metered, next to the SDK's CA1870 and
/// CA2007), then each rule's Fix All applied and the result compiled again.
/// </summary>
internal static class CorpusRunner
{
    /// <summary>The SDK's rules measured beside ours (enabled as warnings): the cost bar and the precise CA2007.</summary>
    public static readonly string[] SdkRuleIds = ["CA1870", "CA2007"];

    public static async Task<CorpusReport> RunAsync(IReadOnlyList<SourceGroup> groups, string target, bool applyFixes, IProgress<CompilationProgress>? progress)
    {
        var sdkRuleIds = SdkRuleIds;
        var sdkAnalyzers = SdkAnalyzers.Load(sdkRuleIds);
        // Paths in the report are relative to the checkout folder (the project file's folder when one project was given).
        var report = new CorpusReport { Target = File.Exists(target) ? Path.GetDirectoryName(Path.GetFullPath(target))! : Path.GetFullPath(target) };
        foreach (var rule in IoPerf.Analyzers.Rules.All)
        {
            report.Rules[rule.Id] = new RuleReport();
        }

        // Warm-up, not counted (see WarmUp): only warm callback time is compared.
        await WarmUp.RunAsync(sdkAnalyzers, sdkRuleIds, acrossMethods: groups.Any(group => group.Properties.AcrossMethods));

        // Every analyzer runs wrapped in a meter (thread CPU time and bytes allocated by its callbacks, see AnalyzerMeter).
        // The first analyzer the driver calls for an operation pays for bringing it (and the compilation's first type lookup)
        // into the CPU's caches: measured, IOP001 cost 20 ms on sharpcompress when it ran first and 10 ms when it ran last, and
        // an empty callback 4 ms last and 9-14 ms first. In a real build the SDK's default rules (CA1416, CA2017, ...) see the
        // same operations and whichever analyzer the driver calls first pays; here FirstTouchAnalyzer is always first, and is
        // reported apart. The empty analyzer, last, shows the floor of a callback.
        var firstTouch = new FirstTouchAnalyzer();
        var emptyCallbacks = new EmptyCallbackAnalyzer();
        var metered = ImmutableArray.Create<DiagnosticAnalyzer>(firstTouch).AddRange(AnalyzerCatalog.Analyzers).AddRange(sdkAnalyzers).Add(emptyCallbacks)
            .Select(a => new MeteredAnalyzer(a)).ToImmutableArray();
        report.MeterOverheadNanosecondsPerCall = AnalyzerMeter.OverheadNanosecondsPerCall();
        report.Clock = ThreadCpu.Clock;

        var corpus = CorpusLoader.CreateSolution(groups);
        foreach (var (index, group) in groups.Index())
        {
            progress?.Report(new CompilationProgress(index + 1, groups.Count, group.Name));
            var step = new CompilationStep();
            try
            {
                await AnalyzeAsync(report, corpus, group, metered, sdkRuleIds, applyFixes, step);
            }
            catch (Exception exception)
            {
                // Roslyn's own binder has thrown on code whose packages are missing: one compilation never ends the run.
                report.CompilationFailures.Add(new CompilationFailure(group.Name, step.Name, exception.ToString()));
            }
        }

        RecordCosts(report, metered, firstTouch, emptyCallbacks, sdkRuleIds);
        return report;
    }

    /// <summary>What <see cref="AnalyzeAsync"/> is doing, for the report of a compilation that throws.</summary>
    private sealed class CompilationStep
    {
        public string Name { get; set; } = "loading the project";
    }

    /// <summary>For tests: runs before each step of each compilation (a test makes one throw).</summary>
    internal static Action<string, string>? BeforeStep { get; set; }

    private static async Task AnalyzeAsync(
        CorpusReport report, CorpusSolution corpus, SourceGroup group, ImmutableArray<MeteredAnalyzer> metered, string[] sdkRuleIds, bool applyFixes, CompilationStep step)
    {
        void Enter(string name)
        {
            step.Name = name;
            BeforeStep?.Invoke(group.Name, name);
        }

        Enter("loading the project");
        var project = corpus.ProjectOf(group);
        report.Files += group.Files.Count;
        report.Lines += group.Files.Sum(f => File.ReadLines(f).LongCount());
        report.Compilations++;

        Enter("compiling");
        var compileClock = Stopwatch.StartNew();
        var compileCpu = Process.GetCurrentProcess().TotalProcessorTime;
        var compileBytes = GC.GetTotalAllocatedBytes(precise: true);
        var compilation = (await project.GetCompilationAsync())!;

        // The metered analyzers run on the compilation that was just compiled: a compilation with other options is a new
        // one, and whichever analyzer first asked it for a type would pay for building its symbol tables again.
        var meteredCompilation = SdkAnalyzers.Enable(compilation, sdkRuleIds);
        var errorsBefore = CorpusLoader.Errors(meteredCompilation);
        compileClock.Stop();
        report.CompileMilliseconds += compileClock.Elapsed.TotalMilliseconds;
        report.CompileCpuMilliseconds += (Process.GetCurrentProcess().TotalProcessorTime - compileCpu).TotalMilliseconds;
        report.CompileAllocatedBytes += GC.GetTotalAllocatedBytes(precise: true) - compileBytes;
        var entry = new CompilationEntry(
            group.Name, group.Files.Count, errorsBefore.Length, project.ProjectReferences.Count(), corpus.MissingReferences.GetValueOrDefault(group),
            group.Properties.OutputKind.ToString(),
            group.Properties.GlobalUsings.Count, group.Properties.UseWpf, group.Properties.UseWindowsForms, group.Properties.IsTestProject)
        {
            LoadedBy = group.Properties.LoadedBy,
            References = group.Properties.CommandLine is { } commandLine
                ? $"the build's command line: {commandLine.MetadataReferences.Length} references, {project.AnalyzerReferences.Count} source generator assemblies"
                : TargetFrameworkReferences.For(group.Properties.TargetFramework).Description + (group.Properties.CommandLineWhyNot is { } whyNot && group.Properties.LoadedBy == "MSBuild" ? $" ({whyNot})" : ""),
            Packages = group.Properties.Packages,
            UiFramework = group.Properties.UiFramework,
            CommonErrors = string.Join(", ", errorsBefore.GroupBy(error => error.Id).OrderByDescending(ids => ids.Count()).ThenBy(ids => ids.Key, StringComparer.Ordinal).Take(3).Select(ids => $"{ids.Key} x{ids.Count()}")),
        };
        report.CompilationDetails.Add(entry);

        Enter("running the analyzers");

        var exceptions = new List<string>();
        Action<Exception, DiagnosticAnalyzer, Diagnostic> onException = (exception, analyzer, diagnostic) => { lock (exceptions) { exceptions.Add($"{analyzer.GetType().Name}: {exception.GetType().Name}: {exception.Message} at {diagnostic.Location.GetLineSpan()}"); } };
        var modelNanoseconds = IoPerf.Analyzers.Internal.ModelMeter.Nanoseconds;
        var modelMethods = IoPerf.Analyzers.Internal.ModelMeter.MethodsRead;
        IoPerf.Analyzers.Internal.ModelMeter.Clock = ThreadCpu.Nanoseconds;
        var analysisCpu = Process.GetCurrentProcess().TotalProcessorTime;
        var analysisBytes = GC.GetTotalAllocatedBytes(precise: true);
        ImmutableArray<Diagnostic> meteredDiagnostics;
        try
        {
            meteredDiagnostics = await meteredCompilation
                .WithAnalyzers(metered.CastArray<DiagnosticAnalyzer>(), AnalyzerCatalog.Options(onException, configOptions: group.Properties.AnalyzerBuildProperties))
                .GetAnalyzerDiagnosticsAsync();
        }
        finally
        {
            // Also when the analysis throws: the meter must not go on timing the next compilation's work.
            IoPerf.Analyzers.Internal.ModelMeter.Clock = null;
        }

        report.AnalysisCpuMilliseconds += (Process.GetCurrentProcess().TotalProcessorTime - analysisCpu).TotalMilliseconds;
        report.AnalysisAllocatedBytes += GC.GetTotalAllocatedBytes(precise: true) - analysisBytes;

        report.ModelCpuMilliseconds += (IoPerf.Analyzers.Internal.ModelMeter.Nanoseconds - modelNanoseconds) / 1e6;
        report.ModelMethodsRead += IoPerf.Analyzers.Internal.ModelMeter.MethodsRead - modelMethods;

        // The diagnostics themselves come from the project's own settings: with CA2007 enabled for the metered run above,
        // IOP005 is silent by design (CA2007 already reports every await).
        var diagnostics = (await compilation.WithAnalyzers(
                AnalyzerCatalog.Analyzers,
                AnalyzerCatalog.Options(onException, configOptions: group.Properties.AnalyzerBuildProperties))
            .GetAnalyzerDiagnosticsAsync())
            .AddRange(meteredDiagnostics.Where(d => d.Id == "AD0001"));

        report.AnalyzerExceptions.AddRange(exceptions);
        report.AnalyzerExceptions.AddRange(diagnostics.Where(d => d.Id == "AD0001").Select(d => d.ToString()));
        entry.Kind = IoPerf.Analyzers.Internal.IoModel.For(compilation)
            .Kind(AnalyzerCatalog.Options(configOptions: group.Properties.AnalyzerBuildProperties).Options!).Name;

        foreach (var diagnostic in diagnostics.Where(d => report.Rules.ContainsKey(d.Id)))
        {
            report.Rules[diagnostic.Id].Diagnostics.Add(Entry(report.Target, diagnostic));
        }

        if (!applyFixes)
        {
            return;
        }

        Enter("applying Fix All");
        foreach (var ruleDiagnostics in diagnostics.Where(d => report.Rules.ContainsKey(d.Id)).GroupBy(d => d.Id))
        {
            var (newErrors, remaining, fixErrors) = await FixAllAsync(project, group.Properties, ruleDiagnostics.Key, ruleDiagnostics.ToImmutableArray(), errorsBefore);
            report.Rules[ruleDiagnostics.Key].FixIntroducedErrors.AddRange(newErrors);
            report.Rules[ruleDiagnostics.Key].LeftAfterFix.AddRange(remaining.Select(d => Entry(report.Target, d)));
            report.AnalyzerExceptions.AddRange(fixErrors);
        }
    }

    private static void RecordCosts(CorpusReport report, ImmutableArray<MeteredAnalyzer> metered, FirstTouchAnalyzer firstTouch, EmptyCallbackAnalyzer emptyCallbacks, string[] sdkRuleIds)
    {
        foreach (var meter in metered)
        {
            var cost = new AnalyzerCost(meter.Meter, report.MeterOverheadNanosecondsPerCall);
            if (AnalyzerCatalog.Analyzers.Contains(meter.Inner))
            {
                // Each IOP analyzer class reports one rule.
                report.Rules[meter.Inner.SupportedDiagnostics[0].Id].Cost = cost;
            }
            else if (meter.Inner == emptyCallbacks)
            {
                report.EmptyCallbacks = cost;
            }
            else if (meter.Inner == firstTouch)
            {
                report.FirstTouch = cost;
            }
            else
            {
                report.SdkAnalyzers[string.Join("/", meter.Inner.SupportedDiagnostics.Select(d => d.Id).Where(sdkRuleIds.Contains).Distinct()) + " " + meter.Inner.GetType().Name] = cost;
            }
        }

        // The empty analyzer's callbacks do nothing: what they measured per call is the meter's own clock, read colder than
        // in the calibration (AnalyzerMeter.OverheadNanosecondsPerCall), and every callback of every analyzer holds it.
        report.FloorNanosecondsPerCall = report.EmptyCallbacks is { Calls: > 0 } empty ? empty.CpuMilliseconds * 1e6 / empty.Calls : 0;
        foreach (var cost in report.Rules.Values.Select(r => r.Cost).Concat(report.SdkAnalyzers.Values).Append(report.FirstTouch).Append(report.EmptyCallbacks))
        {
            cost?.SubtractFloor(report.FloorNanosecondsPerCall);
        }
    }

    private static DiagnosticEntry Entry(string target, Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        return new DiagnosticEntry(Path.GetRelativePath(target, span.Path), span.StartLinePosition.Line + 1, diagnostic.GetMessage()) { Severity = diagnostic.Severity.ToString() };
    }

    /// <summary>Applies the rule's Fix All to the whole project, then reports compiler errors the fix introduced and what is left.</summary>
    private static async Task<(List<string> NewErrors, ImmutableArray<Diagnostic> Remaining, List<string> FixExceptions)> FixAllAsync(
        Project project, ProjectProperties properties, string ruleId, ImmutableArray<Diagnostic> diagnostics, ImmutableArray<Diagnostic> errorsBefore)
    {
        var newErrors = new List<string>();
        var fixExceptions = new List<string>();
        var solution = project.Solution;
        var changed = false;
        foreach (var fix in AnalyzerCatalog.FixesFor(ruleId))
        {
            try
            {
                // A rule with two fixes (the one in place and the helper fix across methods): once the first has changed
                // the project, the diagnostics name trees that are gone, so the second is given the rule's diagnostics anew.
                if (changed)
                {
                    diagnostics = await RuleDiagnosticsAsync((await solution.GetProject(project.Id)!.GetCompilationAsync())!, properties, ruleId);
                    changed = false;
                }

                // The equivalence key of the first fixable diagnostic's first action selects the fix to apply everywhere.
                CodeAction? first = null;
                foreach (var diagnostic in diagnostics)
                {
                    var document = solution.GetDocument(diagnostic.Location.SourceTree);
                    if (document is not null && (await AnalyzerCatalog.GetActionsAsync(fix, document, diagnostic)).FirstOrDefault() is { } action)
                    {
                        first = action;
                        break;
                    }
                }

                if (first is null || fix.GetFixAllProvider() is not { } fixAllProvider)
                {
                    continue;
                }

                var context = new FixAllContext(
                    solution.GetProject(project.Id)!, fix, FixAllScope.Project, first.EquivalenceKey, new[] { ruleId },
                    new KnownDiagnostics(diagnostics), CancellationToken.None);
                var fixAll = await fixAllProvider.GetFixAsync(context);
                if (fixAll is null)
                {
                    continue;
                }

                foreach (var operation in await fixAll.GetOperationsAsync(CancellationToken.None))
                {
                    if (operation is ApplyChangesOperation apply)
                    {
                        solution = apply.ChangedSolution;
                        changed = true;
                    }
                }
            }
            catch (Exception exception)
            {
                fixExceptions.Add($"{fix.GetType().Name} Fix All on {ruleId}: {exception}");
            }
        }

        var fixedCompilation = (await solution.GetProject(project.Id)!.GetCompilationAsync())!;
        var before = errorsBefore.GroupBy(Key).ToDictionary(g => g.Key, g => g.Count());
        foreach (var error in CorpusLoader.Errors(fixedCompilation).GroupBy(Key))
        {
            var added = error.Count() - before.GetValueOrDefault(error.Key);
            if (added > 0)
            {
                newErrors.AddRange(error.Take(added).Select(e => e.ToString()));
            }
        }

        var remaining = await RuleDiagnosticsAsync(fixedCompilation, properties, ruleId);
        return (newErrors, remaining, fixExceptions);

        static string Key(Diagnostic error) => error.Id + ": " + error.GetMessage();
    }

    private static async Task<ImmutableArray<Diagnostic>> RuleDiagnosticsAsync(Compilation compilation, ProjectProperties properties, string ruleId) =>
        (await compilation
            .WithAnalyzers(AnalyzerCatalog.AnalyzersFor(ruleId).ToImmutableArray(), AnalyzerCatalog.Options(configOptions: properties.AnalyzerBuildProperties))
            .GetAnalyzerDiagnosticsAsync())
        .Where(d => d.Id == ruleId)
        .ToImmutableArray();
}

/// <summary>Serves Fix All the diagnostics already computed, instead of running the analyzers again per document.</summary>
internal sealed class KnownDiagnostics(ImmutableArray<Diagnostic> diagnostics) : FixAllContext.DiagnosticProvider
{
    public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken) =>
        Task.FromResult(diagnostics.Where(d => d.Location.SourceTree?.FilePath == document.FilePath));

    public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
        Task.FromResult(Enumerable.Empty<Diagnostic>());

    public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
        Task.FromResult<IEnumerable<Diagnostic>>(diagnostics);
}
