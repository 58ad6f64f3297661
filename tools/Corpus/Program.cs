using System.Collections.Immutable;
using System.Diagnostics;
using System.Text.Json;
using IoPerf.Corpus;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

// Usage: dotnet run -c Release --project tools/Corpus -- <folder or .csproj> [--json <file>] [--no-fix]
if (args.Length == 0 || args[0] is "-h" or "--help")
{
    Console.WriteLine("usage: IoPerf.Corpus <folder-or-csproj> [--json <report.json>] [--no-fix]");
    return 2;
}

var target = args[0];
var jsonPath = args.SkipWhile(a => a != "--json").Skip(1).FirstOrDefault();
var applyFixes = !args.Contains("--no-fix");

var groups = CorpusLoader.FindGroups(target);
string[] sdkRuleIds = ["CA1870", "CA2007"];
var sdkAnalyzers = SdkAnalyzers.Load(sdkRuleIds);
var report = new CorpusReport { Target = Path.GetFullPath(target) };
foreach (var rule in IoPerf.Analyzers.Rules.All)
{
    report.Rules[rule.Id] = new RuleReport();
}

// Warm-up, not counted (see WarmUp): only warm callback time is compared.
await WarmUp.RunAsync(sdkAnalyzers, sdkRuleIds);

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

foreach (var group in groups)
{
    var project = CorpusLoader.CreateProject(group);
    report.Files += group.Files.Count;
    report.Lines += group.Files.Sum(f => File.ReadLines(f).LongCount());
    report.Compilations++;

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

    var exceptions = new List<string>();
    Action<Exception, DiagnosticAnalyzer, Diagnostic> onException = (exception, analyzer, diagnostic) => { lock (exceptions) { exceptions.Add($"{analyzer.GetType().Name}: {exception.GetType().Name}: {exception.Message} at {diagnostic.Location.GetLineSpan()}"); } };
    var meteredDiagnostics = await meteredCompilation
        .WithAnalyzers(metered.CastArray<DiagnosticAnalyzer>(), AnalyzerCatalog.Options(onException))
        .GetAnalyzerDiagnosticsAsync();

    // The diagnostics themselves come from the project's own settings: with CA2007 enabled for the metered run above,
    // IOP005 is silent by design (CA2007 already reports every await).
    var diagnostics = (await compilation.WithAnalyzers(
            AnalyzerCatalog.Analyzers,
            AnalyzerCatalog.Options(onException))
        .GetAnalyzerDiagnosticsAsync())
        .AddRange(meteredDiagnostics.Where(d => d.Id == "AD0001"));

    report.AnalyzerExceptions.AddRange(exceptions);
    report.AnalyzerExceptions.AddRange(diagnostics.Where(d => d.Id == "AD0001").Select(d => d.ToString()));

    foreach (var diagnostic in diagnostics.Where(d => report.Rules.ContainsKey(d.Id)))
    {
        var span = diagnostic.Location.GetLineSpan();
        report.Rules[diagnostic.Id].Diagnostics.Add(new DiagnosticEntry(
            Path.GetRelativePath(report.Target, span.Path), span.StartLinePosition.Line + 1, diagnostic.GetMessage()));
    }

    if (!applyFixes)
    {
        continue;
    }

    foreach (var ruleDiagnostics in diagnostics.Where(d => report.Rules.ContainsKey(d.Id)).GroupBy(d => d.Id))
    {
        var (newErrors, remaining, fixErrors) = await FixAllAsync(project, ruleDiagnostics.Key, ruleDiagnostics.ToImmutableArray(), errorsBefore);
        report.Rules[ruleDiagnostics.Key].FixIntroducedErrors.AddRange(newErrors);
        report.Rules[ruleDiagnostics.Key].RemainingAfterFix += remaining;
        report.AnalyzerExceptions.AddRange(fixErrors);
    }
}

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

Print(report);
if (jsonPath is not null)
{
    File.WriteAllText(jsonPath, JsonSerializer.Serialize(report, new JsonSerializerOptions { WriteIndented = true }));
    Console.WriteLine($"JSON report: {Path.GetFullPath(jsonPath)}");
}

return report.AnalyzerExceptions.Count == 0 && report.Rules.Values.All(r => r.FixIntroducedErrors.Count == 0) ? 0 : 1;

// Applies the rule's Fix All to the whole project, then reports compiler errors the fix introduced and what is left.
static async Task<(List<string> NewErrors, int Remaining, List<string> FixExceptions)> FixAllAsync(
    Project project, string ruleId, ImmutableArray<Diagnostic> diagnostics, ImmutableArray<Diagnostic> errorsBefore)
{
    var newErrors = new List<string>();
    var fixExceptions = new List<string>();
    var solution = project.Solution;
    foreach (var fix in AnalyzerCatalog.FixesFor(ruleId))
    {
        try
        {
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

    var remaining = (await fixedCompilation
            .WithAnalyzers(AnalyzerCatalog.AnalyzersFor(ruleId).ToImmutableArray(), AnalyzerCatalog.Options())
            .GetAnalyzerDiagnosticsAsync())
        .Count(d => d.Id == ruleId);
    return (newErrors, remaining, fixExceptions);

    static string Key(Diagnostic error) => error.Id + ": " + error.GetMessage();
}

static void Print(CorpusReport report)
{
    var ours = report.Rules.Values.Where(r => r.Cost is not null).Select(r => r.Cost!).ToList();
    var cpu = ours.Sum(c => c.CpuMilliseconds);
    var bytes = ours.Sum(c => c.AllocatedBytes);
    Console.WriteLine($"Corpus: {report.Target}");
    Console.WriteLine($"  {report.Files} files, {report.Lines} lines, {report.Compilations} compilations");
    Console.WriteLine($"  compilation (parse + bind): {report.CompileMilliseconds:F0} ms elapsed, {report.CompileCpuMilliseconds:F0} ms CPU, {report.CompileAllocatedBytes / 1e6:F0} MB allocated");
    Console.WriteLine($"  IOP analyzers' callbacks: {cpu:F1} ms CPU ({100 * cpu / report.CompileCpuMilliseconds:F2}% of the compilation's), {bytes / 1e6:F1} MB allocated ({100.0 * bytes / report.CompileAllocatedBytes:F2}%)");
    Console.WriteLine($"  (callback time is {report.Clock}, less the meter's own {report.MeterOverheadNanosecondsPerCall:F0} ns per call)");
    Console.WriteLine();
    Console.WriteLine("| rule | diagnostics | callback CPU ms (of which compilation start) | allocated MB (of which compilation start) | callbacks | Fix All new errors | left after Fix All |");
    Console.WriteLine("|---|---|---|---|---|---|---|");
    foreach (var (id, rule) in report.Rules)
    {
        Console.WriteLine($"| {id} | {rule.Diagnostics.Count} | {rule.Cost?.CpuMilliseconds:F1} ({rule.Cost?.StartCpuMilliseconds:F1}) | {rule.Cost?.AllocatedBytes / 1e6:F2} ({rule.Cost?.StartAllocatedBytes / 1e6:F2}) | {rule.Cost?.Calls} | {rule.FixIntroducedErrors.Count} | {rule.RemainingAfterFix} |");
    }

    Console.WriteLine();
    Console.WriteLine("Same compilations, the SDK's analyzers for comparison (rules enabled as warnings):");
    foreach (var (name, cost) in report.SdkAnalyzers)
    {
        Console.WriteLine($"  {name}: {cost.CpuMilliseconds:F1} ms CPU ({cost.StartCpuMilliseconds:F1} in compilation start), {cost.AllocatedBytes / 1e6:F2} MB ({cost.StartAllocatedBytes / 1e6:F2}), {cost.Calls} callbacks{(cost.UnmeteredRegistrations > 0 ? $" ({cost.UnmeteredRegistrations} registrations not metered)" : "")}");
    }

    if (report.FirstTouch is { } touch)
    {
        Console.WriteLine($"  the first callback on each operation (reads its method or type name; looks up one type no rule uses): {touch.CpuMilliseconds:F1} ms CPU ({touch.StartCpuMilliseconds:F1} in compilation start), {touch.Calls} callbacks");
    }

    if (report.EmptyCallbacks is { } empty)
    {
        Console.WriteLine($"  an analyzer with empty invocation and object-creation callbacks: {empty.CpuMilliseconds:F1} ms CPU, {empty.AllocatedBytes / 1e6:F2} MB, {empty.Calls} callbacks");
    }

    Console.WriteLine();
    Console.WriteLine($"analyzer exceptions: {report.AnalyzerExceptions.Count}");
    foreach (var exception in report.AnalyzerExceptions)
    {
        Console.WriteLine("  " + exception);
    }

    foreach (var (id, rule) in report.Rules.Where(r => r.Value.Diagnostics.Count > 0))
    {
        Console.WriteLine();
        Console.WriteLine($"{id}:");
        foreach (var entry in rule.Diagnostics)
        {
            Console.WriteLine($"  {entry.File}:{entry.Line}: {entry.Message}");
        }

        foreach (var error in rule.FixIntroducedErrors)
        {
            Console.WriteLine($"  fix introduced: {error}");
        }
    }
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

internal sealed class CorpusReport
{
    public string Target { get; set; } = "";
    public int Files { get; set; }
    public long Lines { get; set; }
    public int Compilations { get; set; }
    public double CompileMilliseconds { get; set; }
    public double CompileCpuMilliseconds { get; set; }
    public long CompileAllocatedBytes { get; set; }
    public string Clock { get; set; } = "";
    public double MeterOverheadNanosecondsPerCall { get; set; }
    public SortedDictionary<string, RuleReport> Rules { get; } = new(StringComparer.Ordinal);
    public List<string> AnalyzerExceptions { get; } = new();
    public SortedDictionary<string, AnalyzerCost> SdkAnalyzers { get; } = new(StringComparer.Ordinal);
    public AnalyzerCost? EmptyCallbacks { get; set; }
    public AnalyzerCost? FirstTouch { get; set; }
}

internal sealed class RuleReport
{
    public List<DiagnosticEntry> Diagnostics { get; } = new();
    public AnalyzerCost? Cost { get; set; }
    public List<string> FixIntroducedErrors { get; } = new();
    public int RemainingAfterFix { get; set; }
}

internal sealed record DiagnosticEntry(string File, int Line, string Message);

/// <summary>One analyzer's metered cost over the whole corpus, less the meter's own time per callback.</summary>
internal sealed class AnalyzerCost(AnalyzerMeter meter, double overheadNanosecondsPerCall)
{
    public double CpuMilliseconds { get; } = Math.Max(0, meter.CpuMilliseconds - meter.Calls * overheadNanosecondsPerCall / 1e6);
    public long AllocatedBytes { get; } = meter.AllocatedBytes;
    public long Calls { get; } = meter.Calls;
    public int UnmeteredRegistrations { get; } = meter.UnmeteredRegistrations;
    public double StartCpuMilliseconds { get; } = meter.StartActions?.CpuMilliseconds ?? 0;
    public long StartAllocatedBytes { get; } = meter.StartActions?.AllocatedBytes ?? 0;
}
