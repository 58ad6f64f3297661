using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Corpus;

/// <summary>One compilation's worth of sources: a project's Compile items (read as XML: the .cs files under its folder), and what its project files say about it.</summary>
internal sealed record SourceGroup(string Name, string Directory, IReadOnlyList<string> Files, ProjectProperties Properties);

/// <summary>
/// How the runner reads projects: MSBuild's evaluation (else the project files as XML), whether it restores packages
/// first, and whether every project is seen as setting <c>IoPerfAcrossMethods</c> (the preview's switch) to true.
/// </summary>
internal sealed record LoadOptions(bool UseMSBuild, bool Restore, bool AcrossMethods = false)
{
    /// <summary>The project files read as XML, nothing restored: what the runner did before it used MSBuild.</summary>
    public static readonly LoadOptions ProjectFiles = new(UseMSBuild: false, Restore: false);
}

/// <summary>The checkout's compilations in one solution: each group's project, and how many of its project references could not be added.</summary>
internal sealed record CorpusSolution(
    Solution Solution, IReadOnlyDictionary<SourceGroup, ProjectId> ProjectIds, IReadOnlyDictionary<SourceGroup, int> MissingReferences, IReadOnlyDictionary<SourceGroup, string> LoadFailures)
{
    /// <summary>The group's project; a group that could not be made into one (<see cref="LoadFailures"/>) throws, and the runner reports it.</summary>
    public Project ProjectOf(SourceGroup group) =>
        LoadFailures.TryGetValue(group, out var failure) ? throw new InvalidOperationException("the project could not be created: " + failure) : Solution.GetProject(ProjectIds[group])!;
}

/// <summary>
/// Turns a checkout into compilations: every .csproj folder becomes one compilation of its Compile items as MSBuild
/// evaluates them (read as XML: the .cs files below its folder, nested projects taking their own), compiled against the reference assemblies of its newest target framework,
/// the packages a restore brings (when it succeeds) and the projects it references, transitively, as in a build. A
/// project MSBuild cannot evaluate, or whose restore fails, is still compiled - from its project files read as XML, or
/// without its packages - and its report entry says so: code that needs what is missing compiles with errors, and the
/// analyzers must still run and not throw.
/// </summary>
internal static class CorpusLoader
{
    public static IReadOnlyList<SourceGroup> FindGroups(string path) => FindGroups(path, LoadOptions.ProjectFiles);

    public static IReadOnlyList<SourceGroup> FindGroups(string path, LoadOptions options)
    {
        var root = File.Exists(path) ? Path.GetDirectoryName(Path.GetFullPath(path))! : Path.GetFullPath(path);
        var projectDirectories = System.IO.Directory.EnumerateFiles(root, "*.csproj", SearchOption.AllDirectories)
            .Where(p => !IsBuildOutput(p))
            .Select(p => Path.GetDirectoryName(p)!)
            .Distinct()
            .ToHashSet(StringComparer.Ordinal);

        var files = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var file in System.IO.Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories))
        {
            if (IsBuildOutput(file) || !IsReadable(file))
            {
                continue;
            }

            var owner = Path.GetDirectoryName(file)!;
            while (!projectDirectories.Contains(owner) && owner.Length > root.Length)
            {
                owner = Path.GetDirectoryName(owner)!;
            }

            if (!files.TryGetValue(owner, out var list))
            {
                files[owner] = list = new List<string>();
            }

            list.Add(file);
        }

        // MSBuild knows a project's sources (Compile Remove, files linked from other folders), so every project folder is a
        // candidate; read as XML, a project is the .cs files below its folder.
        var directories = options.UseMSBuild ? files.Keys.Union(projectDirectories) : files.Keys;
        var properties = directories.Order(StringComparer.Ordinal).ToDictionary(directory => directory, directory => Properties(directory, root, options));
        // A file a project links in from a folder of no project is that project's, not a loose file's.
        var linked = properties.Values.SelectMany(p => p.CompileItems ?? Array.Empty<string>()).ToHashSet(StringComparer.Ordinal);
        var groups = new List<SourceGroup>();
        foreach (var (directory, project) in properties)
        {
            var sources = project.CompileItems is { } compileItems
                ? compileItems.Select(AsOnDisk).Where(file => (project.CommandLine is not null || !IsBuildOutput(file)) && IsReadable(file)).Order(StringComparer.Ordinal).ToList()
                : files.GetValueOrDefault(directory)?.Where(file => projectDirectories.Contains(directory) || !linked.Contains(file)).Order(StringComparer.Ordinal).ToList();
            if (sources is { Count: > 0 })
            {
                var name = Path.GetRelativePath(root, directory) is "." ? Path.GetFileName(root) : Path.GetRelativePath(root, directory);
                groups.Add(new SourceGroup(name, directory, sources, project));
            }
        }

        return groups;
    }

    private static ProjectProperties Properties(string projectDirectory, string root, LoadOptions options)
    {
        var properties = PropertiesAsLoaded(projectDirectory, root, options);
        return options.AcrossMethods ? properties with { AcrossMethods = true } : properties;
    }

    /// <summary>The project's properties from MSBuild's evaluation when asked and possible, else from its project files; then its packages.</summary>
    private static ProjectProperties PropertiesAsLoaded(string projectDirectory, string root, LoadOptions options)
    {
        var projectFile = System.IO.Directory.EnumerateFiles(projectDirectory, "*.csproj").Order(StringComparer.Ordinal).FirstOrDefault();
        if (projectFile is null || !options.UseMSBuild)
        {
            return ProjectProperties.Read(projectDirectory, root);
        }

        var restoreFailure = options.Restore ? MSBuildEvaluation.Restore(projectFile) : "not restored (--no-restore)";
        var (evaluated, whyNot) = MSBuildEvaluation.Evaluate(projectFile);
        if (evaluated is null)
        {
            return ProjectProperties.Read(projectDirectory, root) with { LoadedBy = "project files: " + whyNot, Packages = "not referenced: not evaluated by MSBuild" };
        }

        if (restoreFailure is not null)
        {
            return evaluated with { Packages = restoreFailure };
        }

        var (commandLine, noCommandLine) = MSBuildEvaluation.CompilerCommandLine(projectFile, evaluated.InnerBuildTargetFramework);
        if (commandLine is not null)
        {
            return evaluated with
            {
                CommandLine = commandLine,
                CompileItems = commandLine.SourceFiles.Select(source => Path.GetFullPath(source.Path)).ToList(),
                Packages = "restored: the build's compiler command line",
            };
        }

        evaluated = evaluated with { CommandLineWhyNot = noCommandLine };

        var (assemblies, unreadable) = MSBuildEvaluation.PackageAssemblies(evaluated.AssetsFile, evaluated.TargetFramework);
        return assemblies is null
            ? evaluated with { Packages = unreadable! }
            : evaluated with { PackageAssemblies = assemblies, Packages = $"restored: {assemblies.Count} assemblies" };
    }

    /// <summary>
    /// All groups as one solution: one project per group, with the project references their project files declare
    /// between them, so a project binds against the source of the projects it references, as in a build. A reference to
    /// a project outside the checkout, or one that would close a cycle, is left out and counted in
    /// <see cref="CorpusSolution.MissingReferences"/>.
    /// </summary>
    public static CorpusSolution CreateSolution(IReadOnlyList<SourceGroup> groups)
    {
        var solution = new AdhocWorkspace().CurrentSolution;
        var projectIds = new Dictionary<SourceGroup, ProjectId>();
        var groupByDirectory = groups.ToDictionary(g => g.Directory, StringComparer.Ordinal);
        var failures = new Dictionary<SourceGroup, string>();
        foreach (var group in groups)
        {
            try
            {
                solution = AddProject(solution, group, out var id);
                projectIds[group] = id;
            }
            catch (Exception exception)
            {
                // A package assembly that is not a readable assembly, a source file gone since it was listed, reference
                // assemblies missing: this project cannot be compiled; the others can.
                failures[group] = exception.ToString();
            }
        }

        var missing = new Dictionary<SourceGroup, int>();
        foreach (var group in groups.Where(projectIds.ContainsKey))
        {
            foreach (var referencedProject in TransitiveReferences(group, groupByDirectory))
            {
                var referenced = File.Exists(referencedProject) ? groupByDirectory.GetValueOrDefault(Path.GetDirectoryName(referencedProject)!) : null;
                if (referenced is null || referenced == group || !projectIds.ContainsKey(referenced) || CreatesCycle(solution, projectIds[group], projectIds[referenced]))
                {
                    missing[group] = missing.GetValueOrDefault(group) + 1;
                    continue;
                }

                if (!solution.GetProject(projectIds[group])!.ProjectReferences.Any(r => r.ProjectId == projectIds[referenced]))
                {
                    solution = solution.AddProjectReference(projectIds[group], new ProjectReference(projectIds[referenced]));
                }
            }
        }

        return new CorpusSolution(solution, projectIds, missing, failures);
    }

    private static Solution AddProject(Solution solution, SourceGroup group, out ProjectId id)
    {
        var info = group.Properties.CommandLine is { } commandLine ? FromCommandLine(group, commandLine) : Composed(group);
        solution = solution.AddProject(info);
        id = info.Id;
        foreach (var file in group.Files)
        {
            solution = solution.AddDocument(DocumentId.CreateNewId(info.Id), Path.GetFileName(file), SourceText.From(File.ReadAllText(file)), filePath: file);
        }

        if (group.Properties.CommandLine is null && group.Properties.GlobalUsingsSource is { } globalUsings)
        {
            // What the SDK generates into obj/ from ImplicitUsings and the Using items (a command line names the file itself).
            solution = solution.AddDocument(DocumentId.CreateNewId(info.Id), "GlobalUsings.g.cs", globalUsings, filePath: Path.Combine(group.Directory, "obj", "GlobalUsings.g.cs"));
        }

        return solution;
    }

    /// <summary>The project as the runner composes it: its framework's reference assemblies, its packages, its symbols.</summary>
    private static ProjectInfo Composed(SourceGroup group)
    {
        var framework = TargetFrameworkReferences.For(group.Properties.TargetFramework);
        var references = framework.References.AddRange(group.Properties.PackageAssemblies.Select(file => (MetadataReference)MetadataReference.CreateFromFile(file)));
        var symbols = framework.PreprocessorSymbols.Concat(group.Properties.DefineConstants).Distinct(StringComparer.Ordinal);
        var info = TestWorkspace.CreateProjectInfo(group.Name, references, group.Properties.OutputKind, allowUnsafe: true, symbols);
        return group.Properties.AssemblyName is { } assemblyName ? info.WithAssemblyName(assemblyName) : info;
    }

    /// <summary>
    /// The project as its build's compiler command line describes it: the same references (project references excepted:
    /// they are projects of this solution), options, symbols and source generators. Warnings the project makes errors stay
    /// warnings: the report counts binding errors, and a nullable warning is not one.
    /// </summary>
    private static ProjectInfo FromCommandLine(SourceGroup group, CSharpCommandLineArguments commandLine)
    {
        var references = commandLine.MetadataReferences
            .Select(reference => (Path: Path.GetFullPath(reference.Reference, commandLine.BaseDirectory!), reference.Properties))
            .Where(reference => File.Exists(reference.Path))
            .Select(reference => (MetadataReference)MetadataReference.CreateFromFile(reference.Path, reference.Properties));
        var generators = commandLine.AnalyzerReferences
            .Select(analyzer => Path.GetFullPath(analyzer.FilePath, commandLine.BaseDirectory!))
            .Where(File.Exists)
            .Select(path => new AnalyzerFileReference(path, AnalyzerLoader.Instance))
            .Where(reference => reference.GetGenerators(LanguageNames.CSharp).Any());
        var options = commandLine.CompilationOptions
            .WithGeneralDiagnosticOption(ReportDiagnostic.Default)
            .WithSpecificDiagnosticOptions(ImmutableDictionary<string, ReportDiagnostic>.Empty);
        if (options.CryptoKeyFile is { } keyFile)
        {
            // The key file is relative to the project, where the build's compiler runs; the runner runs elsewhere.
            var fullPath = Path.GetFullPath(keyFile, commandLine.BaseDirectory!);
            options = options.WithCryptoKeyFile(File.Exists(fullPath) ? fullPath : null).WithStrongNameProvider(new DesktopStrongNameProvider());
        }

        // "latest" (or a number the runner's compiler does not know) from SDK 10 means C# 14, newer than the runner's
        // Roslyn: the newest it knows (Preview) is the closest, so that the build's C# 14 code parses as far as it can.
        var parseOptions = commandLine.Errors.Any(error => error.Id == "CS1617") ||
                           commandLine.ParseOptions.SpecifiedLanguageVersion is LanguageVersion.Latest or LanguageVersion.LatestMajor or LanguageVersion.Default
            ? commandLine.ParseOptions.WithLanguageVersion(LanguageVersion.Preview)
            : commandLine.ParseOptions;
        return ProjectInfo.Create(
            ProjectId.CreateNewId(),
            VersionStamp.Create(),
            group.Name,
            group.Properties.AssemblyName ?? commandLine.CompilationName ?? group.Name,
            LanguageNames.CSharp,
            compilationOptions: options,
            parseOptions: parseOptions,
            metadataReferences: references,
            analyzerReferences: generators);
    }

    /// <summary>Loads a project's source generators into the runner, as the compiler server loads them into itself.</summary>
    private sealed class AnalyzerLoader : IAnalyzerAssemblyLoader
    {
        public static readonly AnalyzerLoader Instance = new();

        public void AddDependencyLocation(string fullPath)
        {
        }

        public System.Reflection.Assembly LoadFromPath(string fullPath) => System.Reflection.Assembly.LoadFrom(fullPath);
    }

    /// <summary>
    /// The project files <paramref name="group"/> references, directly or through the projects it references: a build
    /// compiles a project against all of them (a type of a project two references away binds too).
    /// </summary>
    private static List<string> TransitiveReferences(SourceGroup group, Dictionary<string, SourceGroup> groupByDirectory)
    {
        var seen = new List<string>();
        var pending = new Queue<string>(group.Properties.ProjectReferences);
        while (pending.Count > 0)
        {
            var project = pending.Dequeue();
            if (seen.Contains(project, StringComparer.Ordinal))
            {
                continue;
            }

            seen.Add(project);
            if (File.Exists(project) && groupByDirectory.GetValueOrDefault(Path.GetDirectoryName(project)!) is { } referenced && referenced != group)
            {
                foreach (var next in referenced.Properties.ProjectReferences)
                {
                    pending.Enqueue(next);
                }
            }
        }

        return seen;
    }

    /// <summary>Whether <paramref name="from"/> referencing <paramref name="to"/> closes a cycle: <paramref name="to"/> already reaches <paramref name="from"/>.</summary>
    private static bool CreatesCycle(Solution solution, ProjectId from, ProjectId to) =>
        to == from || solution.GetProjectDependencyGraph().GetProjectsThatThisProjectTransitivelyDependsOn(to).Contains(from);

    /// <summary>
    /// The file as it is spelled on disk: a project written on Windows may list <c>frmAbout.designer.cs</c> for
    /// <c>frmAbout.Designer.cs</c>, which its Windows build finds and a case-sensitive file system does not (ImageGlass
    /// lost a form's designer half, and a diagnostic, that way). Taken only when one file of the folder matches.
    /// </summary>
    private static string AsOnDisk(string file)
    {
        if (File.Exists(file) || Path.GetDirectoryName(file) is not { } folder || !System.IO.Directory.Exists(folder))
        {
            return file;
        }

        var name = Path.GetFileName(file);
        var matches = System.IO.Directory.EnumerateFiles(folder).Where(candidate => string.Equals(Path.GetFileName(candidate), name, StringComparison.OrdinalIgnoreCase)).Take(2).ToList();
        return matches.Count == 1 ? matches[0] : file;
    }

    /// <summary>
    /// A source file the runner can read: a checkout can hold a symbolic link to a file that is not there (a submodule
    /// not fetched, a path on the author's machine) or a file without read permission, which a build would not see either.
    /// </summary>
    private static bool IsReadable(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    private static bool IsBuildOutput(string path) =>
        path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ||
        path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ||
        path.Contains($"{Path.DirectorySeparatorChar}.git{Path.DirectorySeparatorChar}", StringComparison.Ordinal);

    /// <summary>
    /// The compilation's errors, less CS1705 (a referenced assembly built against a newer framework): the runner compiles
    /// each project once, for its newest target, where a build compiles for each referencing project the target nearest
    /// to its own. Types still bind; the error is the runner's, not the code's.
    /// </summary>
    public static ImmutableArray<Diagnostic> Errors(Compilation compilation) =>
        compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error && d.Id != "CS1705").ToImmutableArray();
}
