using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// What one compilation's code does with files, and how its loops run: the questions several rules share, answered in
/// one place and remembered for the compilation's lifetime, so that no rule keeps a list of its own.
/// <list type="bullet">
/// <item><see cref="Effects"/>: may this code (and the project's methods it calls) create, write, move or delete a file or
/// directory, and on which path?</item>
/// <item><see cref="Pacing"/>: does this loop wait (a delay, a blocking take, a socket, the console's input, a child process)?</item>
/// <item><see cref="LoopLength"/>: does this loop run only a few times (constant bounds, an exception's chain)?</item>
/// <item><see cref="MethodUses"/>: where does the compilation call this method of its own (all its callers, when no other
/// assembly can call it)?</item>
/// <item><see cref="Returns"/>: does this method of the compilation hand back a whole file read at once (its lines, its
/// text, a directory listing)?</item>
/// <item><see cref="Appends"/>: does this method of the compilation open, append to and close one file on every call?</item>
/// <item><see cref="SinglePassParameters"/>: does this method of the compilation enumerate a sequence it is handed once, front to back?</item>
/// <item><see cref="Kind"/>: what kind of project is this (application, library, test project; with a UI framework)?</item>
/// </list>
/// Created on first use for a compilation and shared by every analyzer and fix of the package, as roslyn-analyzers
/// share <c>WellKnownTypeProvider.GetOrCreate(compilation)</c>: the table holds the compilation weakly, so an entry goes
/// when its compilation does. Every part is thread-safe and lazy; each method of the compilation is summarised at most
/// once, each loop judged at most once.
/// </summary>
internal sealed class IoModel
{
    private static readonly ConditionalWeakTable<Compilation, IoModel> ByCompilation = new();
    private static readonly ConditionalWeakTable<Compilation, IoModel>.CreateValueCallback Create = compilation => new IoModel(compilation);

    private readonly Compilation _compilation;

    private IoModel(Compilation compilation)
    {
        _compilation = compilation;
        Types = WellKnownIoTypes.For(compilation);
        Effects = new FileSystemEffects(compilation, Types);
        MethodUses = new MethodUses(compilation);
        Pacing = new Pacing(Types, MethodUses);
        LoopLength = new LoopLength(Types);
        Returns = new ReturnedReads(compilation, Types, MethodUses);
        Appends = new AppendingMethods(compilation, Types, MethodUses);
        SinglePassParameters = new SinglePassParameters(compilation, Types, MethodUses);
    }

    /// <summary>The framework types the rules look at (the same instance <see cref="WellKnownIoTypes.For"/> gives).</summary>
    public WellKnownIoTypes Types { get; }

    public FileSystemEffects Effects { get; }

    public Pacing Pacing { get; }

    public LoopLength LoopLength { get; }

    public MethodUses MethodUses { get; }

    public ReturnedReads Returns { get; }

    public AppendingMethods Appends { get; }

    public SinglePassParameters SinglePassParameters { get; }

    public static IoModel For(Compilation compilation) => ByCompilation.GetValue(compilation, Create);

    private int _isTestProject; // 0: not asked yet, 1: no, 2: yes
    private int _acrossMethods; // 0: not asked yet, 1: no, 2: yes

    /// <summary>Whether the rules follow the project's own methods (<see cref="RuleOptions.ReachesAcrossMethods"/>), asked once.</summary>
    public bool ReachesAcrossMethods(Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions options)
    {
        if (System.Threading.Volatile.Read(ref _acrossMethods) == 0)
        {
            System.Threading.Volatile.Write(ref _acrossMethods, RuleOptions.ReachesAcrossMethods(options) ? 2 : 1);
        }

        return _acrossMethods == 2;
    }
    private ProjectKind? _kind;

    /// <summary>
    /// Whether the compilation is a test project (<see cref="TestCode.IsTestProject"/>), asked once for every rule that
    /// leaves test projects alone: the answer reads every referenced assembly's name.
    /// </summary>
    public bool IsTestProject(Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions options)
    {
        if (System.Threading.Volatile.Read(ref _isTestProject) == 0)
        {
            System.Threading.Volatile.Write(ref _isTestProject, TestCode.IsTestProject(_compilation, options) ? 2 : 1);
        }

        return _isTestProject == 2;
    }

    /// <summary>The kind of project the compilation builds (<see cref="ProjectKind"/>).</summary>
    public ProjectKind Kind(Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions options) =>
        System.Threading.LazyInitializer.EnsureInitialized(ref _kind, () => new ProjectKind(_compilation, options, IsTestProject(options)))!;
}
