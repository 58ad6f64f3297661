namespace IoPerf.Corpus;

/// <summary>What one run found and what it cost; serialized as the JSON report (--json), whose shape the docs rely on.</summary>
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

    /// <summary>
    /// What the empty analyzer's callbacks measured per call, after <see cref="MeterOverheadNanosecondsPerCall"/>: the
    /// meter's clock read between the compiler's work (its own two reads cost that much more then; the delegate call
    /// and the empty body cost nothing measurable). Every analyzer's figure holds it once per callback;
    /// <see cref="AnalyzerCost.CpuMillisecondsLessFloor"/> takes it out.
    /// </summary>
    public double FloorNanosecondsPerCall { get; set; }

    public SortedDictionary<string, RuleReport> Rules { get; } = new(StringComparer.Ordinal);
    public List<string> AnalyzerExceptions { get; } = new();
    public SortedDictionary<string, AnalyzerCost> SdkAnalyzers { get; } = new(StringComparer.Ordinal);
    public AnalyzerCost? EmptyCallbacks { get; set; }
    public AnalyzerCost? FirstTouch { get; set; }

    /// <summary>
    /// CPU ms the shared model spent reading and following the project's own methods, inside the rules' callbacks (so
    /// already part of the rules' figures: shown apart to say where it went), and the method bodies it read.
    /// </summary>
    public double ModelCpuMilliseconds { get; set; }

    public long ModelMethodsRead { get; set; }

    /// <summary>
    /// The whole metered analysis, every analyzer and the driver's own work (binding each body for the operation
    /// callbacks): the process's CPU ms and the bytes allocated. The callbacks' figures above are what each analyzer's
    /// own code costs; these say what running the analysis at all costs, so a change that moves work from the driver
    /// into a callback (a body bound early for a summary, then reused by the driver) shows as a rise there and not here.
    /// </summary>
    public double AnalysisCpuMilliseconds { get; set; }

    public long AnalysisAllocatedBytes { get; set; }

    /// <summary>Compilations whose analysis threw (in the compiler or the runner): the run goes on with the others.</summary>
    public List<CompilationFailure> CompilationFailures { get; } = new();

    /// <summary>Each compilation with the binding errors left in it (missing packages, project references, generated code), so a finding can be weighed.</summary>
    public List<CompilationEntry> CompilationDetails { get; } = new();
}

/// <summary>
/// One compilation: its source files, the compiler errors before any fix, the project references compiled with it and
/// those that could not be (outside the checkout, or closing a cycle), and what its project files said.
/// </summary>
internal sealed record CompilationEntry(string Name, int Files, int BindingErrors, int ProjectReferences, int MissingProjectReferences, string OutputKind, int GlobalUsings, bool UseWpf, bool UseWindowsForms, bool IsTestProject)
{
    /// <summary>"MSBuild", or "project files" and why MSBuild could not evaluate the project.</summary>
    public string LoadedBy { get; init; } = "";

    /// <summary>The references the project was compiled against: the build's command line, else its newest target framework's reference assemblies (or the nearest served here).</summary>
    public string References { get; init; } = "";

    /// <summary>"restored: N assemblies" or "restored: the build's compiler command line", or why the packages are not referenced.</summary>
    public string Packages { get; init; } = "";

    public string UiFramework { get; init; } = "";

    /// <summary>The kind of project the analyzers see ("UI application", "library", ...), which IOP005's default follows.</summary>
    public string Kind { get; set; } = "";

    /// <summary>The most frequent binding error codes with their counts ("CS0246 x120, CS0103 x31"), to tell a missing package from a runner artefact.</summary>
    public string CommonErrors { get; init; } = "";
}

/// <summary>A compilation whose analysis threw: which one, in which step, and the exception.</summary>
internal sealed record CompilationFailure(string Compilation, string Step, string Exception);

internal sealed class RuleReport
{
    public List<DiagnosticEntry> Diagnostics { get; } = new();
    public AnalyzerCost? Cost { get; set; }
    public List<string> FixIntroducedErrors { get; } = new();
    public int RemainingAfterFix => LeftAfterFix.Count;

    /// <summary>The rule's diagnostics still reported after its Fix All (file:line in the fixed code), so each can be explained.</summary>
    public List<DiagnosticEntry> LeftAfterFix { get; } = new();
}

/// <summary>A diagnostic where it was reported, and the severity it was reported with (a rule's default for the project's kind).</summary>
internal sealed record DiagnosticEntry(string File, int Line, string Message)
{
    public string Severity { get; init; } = "";
}

/// <summary>One analyzer's metered cost over the whole corpus, less the meter's own time per callback.</summary>
internal sealed class AnalyzerCost(AnalyzerMeter meter, double overheadNanosecondsPerCall)
{
    public double CpuMilliseconds { get; } = Math.Max(0, meter.CpuMilliseconds - meter.Calls * overheadNanosecondsPerCall / 1e6);

    /// <summary><see cref="CpuMilliseconds"/> less <see cref="CorpusReport.FloorNanosecondsPerCall"/> for each callback (set when the run ends).</summary>
    public double CpuMillisecondsLessFloor { get; private set; }

    public void SubtractFloor(double floorNanosecondsPerCall) =>
        CpuMillisecondsLessFloor = Math.Max(0, CpuMilliseconds - Calls * floorNanosecondsPerCall / 1e6);

    /// <summary>
    /// Of <see cref="CpuMilliseconds"/>, the shared search of trees' text (<see cref="AnalyzerMeter.TextSearchMilliseconds"/>):
    /// charged to the rule whose gate reached a tree first, so a rule's own work is the figure less this.
    /// </summary>
    public double SharedTextSearchCpuMilliseconds { get; } = meter.TextSearchMilliseconds;

    public long AllocatedBytes { get; } = meter.AllocatedBytes;
    public long Calls { get; } = meter.Calls;
    public int UnmeteredRegistrations { get; } = meter.UnmeteredRegistrations;
    public double StartCpuMilliseconds { get; } = meter.StartActions?.CpuMilliseconds ?? 0;
    public long StartAllocatedBytes { get; } = meter.StartActions?.AllocatedBytes ?? 0;
}
