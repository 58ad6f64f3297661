using IoPerf.Tools;
using Spectre.Console;

namespace IoPerf.Corpus;

/// <summary>
/// Prints a run's report. The tables use Markdown borders so that a run's output can be pasted into docs/quality.md
/// and docs/performance.md as it is, and searched line by line (<c>grep '^| IOP003'</c>).
/// </summary>
internal static class ReportPrinter
{
    public static void Print(CorpusReport report, IAnsiConsole console)
    {
        var ours = report.Rules.Values.Where(r => r.Cost is not null).Select(r => r.Cost!).ToList();
        var cpu = ours.Sum(c => c.CpuMilliseconds);
        var bytes = ours.Sum(c => c.AllocatedBytes);
        console.WriteLine($"Corpus: {report.Target}");
        console.WriteLine($"  {report.Files} files, {report.Lines} lines, {report.Compilations} compilations");
        console.WriteLine($"  compilation (parse + bind): {report.CompileMilliseconds:F0} ms elapsed, {report.CompileCpuMilliseconds:F0} ms CPU, {report.CompileAllocatedBytes / 1e6:F0} MB allocated");
        console.WriteLine($"  IOP analyzers' callbacks: {cpu:F1} ms CPU ({100 * cpu / report.CompileCpuMilliseconds:F2}% of the compilation's), {bytes / 1e6:F1} MB allocated ({100.0 * bytes / report.CompileAllocatedBytes:F2}%)");
        console.WriteLine($"  (callback time is {report.Clock}, less the meter's own {report.MeterOverheadNanosecondsPerCall:F0} ns per call; --meter-check shows why that is not all of it)");
        var lessFloor = ours.Sum(c => c.CpuMillisecondsLessFloor);
        console.WriteLine($"  less the floor, {report.FloorNanosecondsPerCall:F0} ns per callback (the empty analyzer's: the meter's clock read between the compiler's work): {lessFloor:F1} ms CPU ({100 * lessFloor / report.CompileCpuMilliseconds:F2}% of the compilation's)");
        console.WriteLine();

        var rules = MarkdownTables.New("rule", "diagnostics", "callback CPU ms (of which compilation start)", "less the floor", "of which the shared text search", "allocated MB (of which compilation start)", "callbacks", "Fix All new errors", "left after Fix All");
        foreach (var (id, rule) in report.Rules)
        {
            MarkdownTables.AddRow(rules,
                id,
                rule.Diagnostics.Count.ToString(),
                $"{rule.Cost?.CpuMilliseconds:F1} ({rule.Cost?.StartCpuMilliseconds:F1})",
                $"{rule.Cost?.CpuMillisecondsLessFloor:F1}",
                $"{rule.Cost?.SharedTextSearchCpuMilliseconds:F1}",
                $"{rule.Cost?.AllocatedBytes / 1e6:F2} ({rule.Cost?.StartAllocatedBytes / 1e6:F2})",
                $"{rule.Cost?.Calls}",
                rule.FixIntroducedErrors.Count.ToString(),
                rule.RemainingAfterFix.ToString());
        }

        MarkdownTables.Write(console, rules);
        console.WriteLine($"Of which the one search of each tree's text that the rules' gates share (charged above to the rule whose gate reached the tree first; a rule's own work is its figure less this; with reach across methods on, the model's line below may hold some of it too): {ours.Sum(c => c.SharedTextSearchCpuMilliseconds):F1} ms CPU.");
        console.WriteLine($"Of which the shared model's work across methods (charged above to the rule that asked first): {report.ModelCpuMilliseconds:F1} ms CPU, {report.ModelMethodsRead} method bodies read.");
        console.WriteLine($"The whole analysis (every analyzer in the tables above and below, and the driver's binding of each body for them): {report.AnalysisCpuMilliseconds:F0} ms of the process's CPU, {report.AnalysisAllocatedBytes / 1e6:F1} MB allocated.");
        console.WriteLine();

        console.WriteLine("Same compilations, the SDK's analyzers and two reference callbacks for comparison (SDK rules enabled as warnings):");
        var others = MarkdownTables.New("analyzer", "callback CPU ms (of which compilation start)", "less the floor", "allocated MB (of which compilation start)", "callbacks");
        foreach (var (name, cost) in report.SdkAnalyzers)
        {
            AddCostRow(others, name + (cost.UnmeteredRegistrations > 0 ? $" ({cost.UnmeteredRegistrations} registrations not metered)" : ""), cost);
        }

        if (report.FirstTouch is { } touch)
        {
            AddCostRow(others, "the first callback on each operation (reads its method or type name; looks up one type no rule uses)", touch);
        }

        if (report.EmptyCallbacks is { } empty)
        {
            AddCostRow(others, "an analyzer with empty invocation and object-creation callbacks", empty);
        }

        MarkdownTables.Write(console, others);
        console.WriteLine();

        console.WriteLine("Compilations (binding errors: compiler errors before any fix; a finding in a compilation with many is weaker evidence):");
        var compilations = MarkdownTables.New("compilation", "files", "binding errors", "project references (missing)", "output", "global usings", "UI framework", "test project", "kind (analyzers)", "loaded by", "references", "packages");
        foreach (var entry in report.CompilationDetails)
        {
            MarkdownTables.AddRow(compilations, entry.Name, entry.Files.ToString(), entry.BindingErrors.ToString(),
                entry.MissingProjectReferences > 0 ? $"{entry.ProjectReferences} ({entry.MissingProjectReferences})" : entry.ProjectReferences.ToString(), entry.OutputKind, entry.GlobalUsings.ToString(),
                entry.UiFramework, entry.IsTestProject ? "yes" : "", entry.Kind, entry.LoadedBy, entry.References, entry.Packages);
        }

        MarkdownTables.Write(console, compilations);
        console.WriteLine();

        console.WriteLine($"compilations that threw: {report.CompilationFailures.Count}");
        foreach (var failure in report.CompilationFailures)
        {
            console.WriteLine($"  {failure.Compilation}, while {failure.Step}: {failure.Exception}");
        }

        console.WriteLine();

        console.WriteLine($"analyzer exceptions: {report.AnalyzerExceptions.Count}");
        foreach (var exception in report.AnalyzerExceptions)
        {
            console.WriteLine("  " + exception);
        }

        foreach (var (id, rule) in report.Rules.Where(r => r.Value.Diagnostics.Count > 0))
        {
            console.WriteLine();
            console.WriteLine($"{id}:");
            foreach (var entry in rule.Diagnostics)
            {
                console.WriteLine($"  {entry.File}:{entry.Line}: {entry.Message}");
            }

            foreach (var error in rule.FixIntroducedErrors)
            {
                console.WriteLine($"  fix introduced: {error}");
            }

            foreach (var left in rule.LeftAfterFix)
            {
                console.WriteLine($"  left after Fix All: {left.File}:{left.Line}: {left.Message}");
            }
        }
    }

    private static void AddCostRow(Table table, string name, AnalyzerCost cost) => MarkdownTables.AddRow(table,
        name,
        $"{cost.CpuMilliseconds:F1} ({cost.StartCpuMilliseconds:F1})",
        $"{cost.CpuMillisecondsLessFloor:F1}",
        $"{cost.AllocatedBytes / 1e6:F2} ({cost.StartAllocatedBytes / 1e6:F2})",
        cost.Calls.ToString());
}
