using System.Text.Json;
using Microsoft.CodeAnalysis;

namespace IoPerf.Corpus;

/// <summary>
/// A project as MSBuild's own evaluation sees it (<c>dotnet msbuild -getProperty -getItem</c>, the installed SDK):
/// conditions, imports, Directory.Build.* files and SDK props applied as in a build, for the newest target framework of a
/// multi-targeted project (TargetFrameworkReferences.Choose). <see cref="Restore"/> runs first, so that the props
/// packages add count; the packages' assemblies come from the assets file it writes (<see cref="PackageAssemblies"/>).
/// </summary>
internal static class MSBuildEvaluation
{
    private static readonly string[] PropertyNames =
    {
        "AssemblyName", "OutputType", "IsTestProject", "UseWPF", "UseWindowsForms", "UseMaui", "UseWinUI", "ImplicitUsings",
        "TargetFramework", "TargetFrameworks", "TargetFrameworkIdentifier", "TargetFrameworkVersion", "DefineConstants", "ProjectAssetsFile",
    };

    private static readonly string[] ItemNames = { "Using", "ProjectReference", "PackageReference", "Reference", "Compile" };

    /// <summary>What an evaluation asks MSBuild for.</summary>
    private static readonly string[] Evaluation = PropertyNames.Select(name => "-getProperty:" + name).Concat(ItemNames.Select(name => "-getItem:" + name)).ToArray();

    /// <summary>
    /// A design-time build: the Compile target with the compiler's execution skipped, its command line handed back, and
    /// the references it resolved (to tell the project references' outputs apart).
    /// </summary>
    private static readonly string[] DesignTimeBuild =
    {
        "-t:Compile", "-p:DesignTimeBuild=true", "-p:SkipCompilerExecution=true", "-p:ProvideCommandLineArgs=true", "-p:BuildProjectReferences=false",
        "-getItem:CscCommandLineArgs", "-getItem:ReferencePathWithRefAssemblies",
    };

    /// <summary>The assemblies one of which defines System.Object for a project's framework.</summary>
    private static readonly HashSet<string> CoreLibraries = new(StringComparer.OrdinalIgnoreCase) { "mscorlib.dll", "System.Runtime.dll", "netstandard.dll", "System.Private.CoreLib.dll" };

    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(3);

    /// <summary>The project's properties as its build evaluates them, or why MSBuild could not evaluate it.</summary>
    public static (ProjectProperties? Properties, string? WhyNot) Evaluate(string projectFile)
    {
        var (outer, error) = EvaluationOf(projectFile, targetFramework: null);
        if (outer is null)
        {
            return (null, error);
        }

        var targetFramework = TargetFrameworkReferences.Choose(
            Property(outer.Value, "TargetFramework"), Property(outer.Value, "TargetFrameworks"), Property(outer.Value, "TargetFrameworkIdentifier"), Property(outer.Value, "TargetFrameworkVersion"));
        var evaluation = outer.Value;
        string? innerBuild = null;
        if (string.IsNullOrEmpty(Property(outer.Value, "TargetFramework")) && Property(outer.Value, "TargetFrameworks").Length > 0 && targetFramework is not null)
        {
            // A multi-targeted project's items and properties per framework come from its inner build's evaluation.
            var (inner, innerError) = EvaluationOf(projectFile, targetFramework);
            if (inner is null)
            {
                return (null, innerError);
            }

            evaluation = inner.Value;
            innerBuild = targetFramework;
        }

        return (ToProperties(projectFile, evaluation, targetFramework) with { InnerBuildTargetFramework = innerBuild }, null);
    }

    /// <summary>
    /// The compiler's command line for a restored project, from a design-time build: the Compile target with the
    /// compiler's execution skipped, as Roslyn's MSBuildWorkspace and the IDE run it. Its arguments are what the build's
    /// Csc task receives - sources (generated ones in obj/ included), resolved references, symbols, language version,
    /// source generators - so the runner compiles what the build compiles. The project's own project references are left
    /// out (<see cref="ProjectReferenceOutputs"/>): the runner compiles them from source, in the same solution. Null and
    /// why when the design-time build fails (a target that needs Windows, a package missing).
    /// </summary>
    public static (Microsoft.CodeAnalysis.CSharp.CSharpCommandLineArguments? CommandLine, string? WhyNot) CompilerCommandLine(string projectFile, string? innerBuildTargetFramework)
    {
        var (output, error) = Run(projectFile, innerBuildTargetFramework, DesignTimeBuild, "design-time build failed", "design-time build printed no evaluation");
        if (output is not { } evaluation)
        {
            return (null, error);
        }

        var projectOutputs = ProjectReferenceOutputs(evaluation);
        var commandLine = Items(evaluation, "CscCommandLineArgs").Select(item => Metadata(item, "Identity"))
            .Where(argument => argument.Length > 0 && !IsReferenceTo(argument, projectOutputs))
            .ToList();
        if (commandLine.Count == 0)
        {
            return (null, "design-time build printed no compiler command line");
        }

        var parsed = Microsoft.CodeAnalysis.CSharp.CSharpCommandLineParser.Default.Parse(commandLine, Path.GetDirectoryName(projectFile)!, sdkDirectory: null);
        // An old-style .NET Framework project resolves its framework from reference assemblies this machine lacks: its
        // build would fail, and its command line has no core library to compile against.
        // (It names one anyway, /mscorlib.dll, under a reference assembly folder that resolved to nothing.)
        return parsed.MetadataReferences.Any(reference => CoreLibraries.Contains(Path.GetFileName(reference.Reference)) &&
                                                          File.Exists(Path.GetFullPath(reference.Reference, parsed.BaseDirectory!)))
            ? (parsed, null)
            : (null, "the build's references hold no core library (the framework's reference assemblies are not installed)");
    }

    /// <summary>The references that are the outputs of the project's project references (ReferenceSourceTarget = ProjectReference).</summary>
    private static HashSet<string> ProjectReferenceOutputs(JsonElement evaluation) =>
        Items(evaluation, "ReferencePathWithRefAssemblies")
            .Where(item => Metadata(item, "ReferenceSourceTarget") == "ProjectReference")
            .SelectMany(item => new[] { Metadata(item, "Identity"), Metadata(item, "FullPath") })
            .Where(path => path.Length > 0)
            .ToHashSet(StringComparer.Ordinal);

    /// <summary>Whether a compiler argument is <c>/reference:[alias=]path</c> to one of <paramref name="paths"/>.</summary>
    private static bool IsReferenceTo(string argument, HashSet<string> paths)
    {
        if (!argument.StartsWith("/reference:", StringComparison.Ordinal))
        {
            return false;
        }

        var value = argument["/reference:".Length..].Trim('"');
        var equals = value.IndexOf('=', StringComparison.Ordinal);
        return paths.Contains(value) || (equals > 0 && paths.Contains(value[(equals + 1)..].Trim('"')));
    }

    /// <summary>
    /// <c>dotnet restore</c> of the project (and the projects it references), before it is evaluated: packages add
    /// props (Using items, IsTestProject, DefineConstants) through the files restore writes into obj/. Null when it
    /// succeeded, else the first error.
    /// </summary>
    public static string? Restore(string projectFile)
    {
        var restore = DotNet("restore", projectFile, "-nologo", "-p:Configuration=Release");
        return restore.ExitCode == 0 ? null : "restore failed: " + FirstError(restore.Output);
    }

    /// <summary>The compile-time assemblies of a restored project's packages for <paramref name="targetFramework"/>, from its assets file; or why not.</summary>
    public static (IReadOnlyList<string>? Assemblies, string? WhyNot) PackageAssemblies(string? assetsFile, string? targetFramework)
    {
        if (assetsFile is null || !File.Exists(assetsFile))
        {
            return (null, "restore wrote no assets file");
        }

        try
        {
            return (ReadPackageAssemblies(assetsFile, targetFramework), null);
        }
        catch (Exception exception) when (exception is JsonException or IOException or KeyNotFoundException or InvalidOperationException or UnauthorizedAccessException)
        {
            return (null, $"unreadable assets file: {exception.Message}");
        }
    }

    private static ProjectProperties ToProperties(string projectFile, JsonElement evaluation, string? targetFramework)
    {
        var usings = Items(evaluation, "Using")
            .Select(item => (Include: Metadata(item, "Identity"), Alias: Metadata(item, "Alias"), Static: ProjectProperties.IsTrue(Metadata(item, "Static"))))
            .Where(u => u.Include.Length > 0)
            .Select(u => ProjectProperties.GlobalUsing(u.Include, u.Alias, u.Static))
            .Distinct(StringComparer.Ordinal)
            .ToList();
        var packages = Items(evaluation, "PackageReference").Select(item => Metadata(item, "Identity")).ToList();
        var references = Items(evaluation, "Reference").Select(item => Metadata(item, "Identity")).ToList();
        var isTestProject = Property(evaluation, "IsTestProject") is { Length: > 0 } declared
            ? ProjectProperties.IsTrue(declared)
            : ProjectProperties.ReferencesATestFramework(packages, references);
        var assemblyName = Property(evaluation, "AssemblyName");
        return new ProjectProperties(
            assemblyName.Length > 0 ? assemblyName : Path.GetFileNameWithoutExtension(projectFile),
            ProjectProperties.OutputKindOf(Property(evaluation, "OutputType")),
            ProjectProperties.IsEnabled(Property(evaluation, "ImplicitUsings")),
            usings,
            ProjectProperties.IsTrue(Property(evaluation, "UseWPF")),
            ProjectProperties.IsTrue(Property(evaluation, "UseWindowsForms")),
            Items(evaluation, "ProjectReference").Select(item => Metadata(item, "FullPath")).Where(path => path.Length > 0).Distinct(StringComparer.Ordinal).ToList(),
            isTestProject)
        {
            UseMaui = ProjectProperties.IsTrue(Property(evaluation, "UseMaui")),
            UseWinUI = ProjectProperties.IsTrue(Property(evaluation, "UseWinUI")),
            UiFrameworkPackages = ProjectProperties.UiFrameworkPackagesOf(packages),
            TargetFramework = targetFramework,
            TargetFrameworks = Property(evaluation, "TargetFrameworks"),
            DefineConstants = Property(evaluation, "DefineConstants").Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries),
            CompileItems = Items(evaluation, "Compile").Select(item => Metadata(item, "FullPath")).Where(path => path.Length > 0).Distinct(StringComparer.Ordinal).ToList(),
            AssetsFile = Property(evaluation, "ProjectAssetsFile") is { Length: > 0 } assets ? assets : null,
            LoadedBy = "MSBuild",
        };
    }

    /// <summary>The packages' compile-time assemblies for the framework (its own section of the assets file, not a runtime-specific one).</summary>
    private static List<string> ReadPackageAssemblies(string assetsFile, string? targetFramework)
    {
        using var assets = JsonDocument.Parse(File.ReadAllText(assetsFile));
        var root = assets.RootElement;
        // The global packages folder first, then any fallback folder restore resolved a package from.
        var packageFolders = root.GetProperty("packageFolders").EnumerateObject().Select(folder => folder.Name).ToList();
        var targets = root.GetProperty("targets").EnumerateObject().Where(t => !t.Name.Contains('/', StringComparison.Ordinal)).ToList();
        var target = targets.FirstOrDefault(t => string.Equals(t.Name, targetFramework, StringComparison.OrdinalIgnoreCase));
        if (target.Value.ValueKind == JsonValueKind.Undefined)
        {
            target = targets.First();
        }

        var libraries = root.GetProperty("libraries");
        var assemblies = new List<string>();
        foreach (var library in target.Value.EnumerateObject())
        {
            if (library.Value.GetProperty("type").GetString() != "package" || !library.Value.TryGetProperty("compile", out var compile))
            {
                continue;
            }

            var path = libraries.GetProperty(library.Name).GetProperty("path").GetString()!;
            var folder = packageFolders.Select(packageRoot => Path.Combine(packageRoot, path)).FirstOrDefault(Directory.Exists) ?? Path.Combine(packageFolders[0], path);
            assemblies.AddRange(compile.EnumerateObject()
                .Where(asset => asset.Name.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
                .Select(asset => Path.Combine(folder, asset.Name.Replace('/', Path.DirectorySeparatorChar)))
                .Where(File.Exists));
        }

        return assemblies;
    }

    private static (JsonElement? Output, string? Error) EvaluationOf(string projectFile, string? targetFramework) =>
        Run(projectFile, targetFramework, Evaluation, "MSBuild could not evaluate it", "MSBuild printed no evaluation");

    /// <summary>
    /// One <c>dotnet msbuild</c> query of the project (<paramref name="request"/>: the properties, items and targets asked
    /// for), for <paramref name="targetFramework"/> when given; its JSON output, or why there is none.
    /// </summary>
    private static (JsonElement? Output, string? Error) Run(string projectFile, string? targetFramework, IEnumerable<string> request, string failed, string silent)
    {
        var arguments = new List<string> { "msbuild", projectFile, "-nologo", "-p:Configuration=Release" };
        if (targetFramework is not null)
        {
            arguments.Add("-p:TargetFramework=" + targetFramework);
        }

        arguments.AddRange(request);
        var run = DotNet(arguments.ToArray());
        if (run.ExitCode != 0)
        {
            return (null, failed + ": " + FirstError(run.Output));
        }

        try
        {
            using var document = JsonDocument.Parse(run.StandardOutput);
            return (document.RootElement.Clone(), null);
        }
        catch (JsonException)
        {
            return (null, silent + ": " + FirstError(run.Output));
        }
    }

    private static string Property(JsonElement evaluation, string name) =>
        evaluation.TryGetProperty("Properties", out var properties) && properties.TryGetProperty(name, out var value) ? value.GetString() ?? "" : "";

    private static IEnumerable<JsonElement> Items(JsonElement evaluation, string name) =>
        evaluation.TryGetProperty("Items", out var items) && items.TryGetProperty(name, out var list) && list.ValueKind == JsonValueKind.Array
            ? list.EnumerateArray()
            : Enumerable.Empty<JsonElement>();

    private static string Metadata(JsonElement item, string name) =>
        item.TryGetProperty(name, out var value) ? value.GetString()?.Trim() ?? "" : "";

    private static string FirstError(string output)
    {
        var line = output.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Contains("error", StringComparison.OrdinalIgnoreCase))
            ?? output.Split('\n').Select(l => l.Trim()).LastOrDefault(l => l.Length > 0) ?? "no output";
        return line.Length > 240 ? line[..240] + "..." : line;
    }

    /// <summary>
    /// Runs from a folder outside the checkout: the dotnet host picks its SDK from the working folder's global.json, and a
    /// checkout that pins an SDK this machine lacks (sharpcompress pins 10.0.302, rollForward disabled) would stop every
    /// command. The project is evaluated with the installed SDK instead.
    /// </summary>
    private static DotNetResult DotNet(params string[] arguments) =>
        DotNetProcess.Run(Path.GetTempPath(), Patience, arguments);
}
