using System.Xml;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;

namespace IoPerf.Corpus;

/// <summary>
/// What a project's build would see of the properties the rules and the compilation depend on, read from the
/// project file and the Directory.Build.props / Directory.Build.targets MSBuild imports around it: OutputType,
/// ImplicitUsings, the <c>Using</c> items (global usings, with Alias and Static), the UI frameworks, whether it is a test
/// project and the <c>ProjectReference</c> items (full paths of the referenced project files).
/// Not evaluated like MSBuild: conditions are ignored and the last value wins, in import order.
/// </summary>
internal sealed record ProjectProperties(
    string? AssemblyName, OutputKind OutputKind, bool ImplicitUsings, IReadOnlyList<string> GlobalUsings, bool UseWpf, bool UseWindowsForms,
    IReadOnlyList<string> ProjectReferences, bool IsTestProject = false)
{
    public static readonly ProjectProperties Default = new(null, OutputKind.DynamicallyLinkedLibrary, false, Array.Empty<string>(), false, false, Array.Empty<string>()) { LoadedBy = "no project file" };

    /// <summary>UI frameworks that come only as packages (no UseWPF-like property): referencing one makes the project a UI app.</summary>
    internal static readonly string[] UiFrameworkPackageNames = { "Avalonia", "Microsoft.WindowsAppSDK", "Microsoft.Maui.Controls", "Uno.WinUI" };

    public bool UseMaui { get; init; }

    public bool UseWinUI { get; init; }

    /// <summary>The UI framework packages the project references (<see cref="UiFrameworkPackageNames"/>), as the package's targets pass them to IOP005.</summary>
    public IReadOnlyList<string> UiFrameworkPackages { get; init; } = Array.Empty<string>();

    /// <summary>The project's target framework, the newest of them if it has several (TargetFrameworkReferences.Choose); null when its project files name none.</summary>
    public string? TargetFramework { get; init; }

    /// <summary>The project's TargetFrameworks as written (empty for a single target), passed to the analyzers as the package's targets do.</summary>
    public string TargetFrameworks { get; init; } = "";

    /// <summary>DefineConstants as MSBuild evaluates it (the target framework's own symbols come from <see cref="TargetFrameworkReferences"/>).</summary>
    public IReadOnlyList<string> DefineConstants { get; init; } = Array.Empty<string>();

    /// <summary>Where restore writes the project's assets file (from MSBuild's evaluation).</summary>
    public string? AssetsFile { get; init; }

    /// <summary>The preview's switch, <c>IoPerfAcrossMethods</c>: the runner's <c>--across-methods</c> sets it for every project.</summary>
    public bool AcrossMethods { get; init; }

    /// <summary>How the project was read: "MSBuild", or "project files" and why MSBuild could not evaluate it.</summary>
    public string LoadedBy { get; init; } = "project files";

    /// <summary>The packages' compile-time assemblies after a successful restore (empty otherwise).</summary>
    public IReadOnlyList<string> PackageAssemblies { get; init; } = Array.Empty<string>();

    /// <summary>
    /// The compiler's own command line for the project (MSBuild's design-time build), parsed: its sources, references,
    /// symbols, language version and source generators, exactly as the build passes them; null when the project did not
    /// restore or the design-time build failed (<see cref="CommandLineWhyNot"/>), and the runner composes them itself.
    /// </summary>
    public Microsoft.CodeAnalysis.CSharp.CSharpCommandLineArguments? CommandLine { get; init; }

    /// <summary>Why the project has no <see cref="CommandLine"/>.</summary>
    public string? CommandLineWhyNot { get; init; }

    /// <summary>The TargetFramework the project's inner build was evaluated for (multi-targeted projects), else null.</summary>
    public string? InnerBuildTargetFramework { get; init; }

    /// <summary>
    /// The project's Compile items as MSBuild evaluates them (default globs, <c>Compile Remove</c>, linked files from
    /// other folders), full paths; null when MSBuild did not evaluate the project and the folder's files stand in.
    /// </summary>
    public IReadOnlyList<string>? CompileItems { get; init; }

    /// <summary>"restored", or why the packages are not referenced (no restore asked, restore failed, ...).</summary>
    public string Packages { get; init; } = "not restored";

    /// <summary>The UI frameworks the project declares or references, for the report.</summary>
    public string UiFramework => string.Join(", ", new[] { UseWpf ? "WPF" : null, UseWindowsForms ? "Windows Forms" : null, UseMaui ? "MAUI" : null, UseWinUI ? "WinUI" : null }
        .OfType<string>().Concat(UiFrameworkPackages));

    /// <summary>The test SDK package's props set IsTestProject to true; the runner restores no packages, so it reads the reference.</summary>
    private const string TestSdkPackage = "Microsoft.NET.Test.Sdk";

    /// <summary>
    /// An old-style project's <c>Reference</c> to MSTest v1, resolved by a build from the Visual Studio install: the
    /// analyzers see a test project through that reference, which the runner cannot resolve, so it passes IsTestProject.
    /// </summary>
    private const string MSTestV1Assembly = "Microsoft.VisualStudio.QualityTools.UnitTestFramework";

    /// <summary>The namespaces the SDK adds for ImplicitUsings (Microsoft.NET.Sdk).</summary>
    private static readonly string[] SdkImplicitUsings =
    {
        "System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks",
    };

    /// <summary>The build properties the package makes visible to the analyzers (its targets' CompilerVisibleProperty items), as MSBuild passes them.</summary>
    public IReadOnlyDictionary<string, string> AnalyzerBuildProperties => new Dictionary<string, string>
    {
        ["build_property.UseWPF"] = UseWpf ? "true" : "",
        ["build_property.UseWindowsForms"] = UseWindowsForms ? "true" : "",
        ["build_property.IsTestProject"] = IsTestProject ? "true" : "",
        ["build_property.UseMaui"] = UseMaui ? "true" : "",
        ["build_property.UseWinUI"] = UseWinUI ? "true" : "",
        ["build_property.IoPerfUiFrameworkPackage"] = string.Join(";", UiFrameworkPackages),
        ["build_property.IoPerfAcrossMethods"] = AcrossMethods ? "true" : "",
        ["build_property.IoPerfTargetFrameworks"] = TargetFrameworks.Replace(';', ','),
    };

    /// <summary>The global usings as C# source (one <c>global using</c> per line), or null when there are none.</summary>
    public string? GlobalUsingsSource => GlobalUsings.Count == 0 ? null : string.Join("\n", GlobalUsings) + "\n";

    /// <summary>
    /// Reads the project files in <paramref name="projectDirectory"/> with the imports MSBuild makes around them; a file
    /// that is not well-formed XML is skipped (the build would fail on it; the runner still compiles the sources).
    /// </summary>
    public static ProjectProperties Read(string projectDirectory, string root)
    {
        var projects = Directory.EnumerateFiles(projectDirectory, "*.csproj").Order(StringComparer.Ordinal).ToList();
        if (projects.Count == 0)
        {
            return Default;
        }

        var texts = Imports(projectDirectory, root, "Directory.Build.props").Select(file => (file.Text, file.Directory, Stage: ImportStage.Props))
            .Concat(projects.Select(project => (Text: ReadText(project), Directory: projectDirectory, Stage: ImportStage.Project)))
            .Concat(Imports(projectDirectory, root, "Directory.Build.targets").Select(file => (file.Text, file.Directory, Stage: ImportStage.Targets)));
        var properties = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var usingItems = new List<XElement>();
        var projectReferenceIncludes = new List<string>();
        var packages = new List<string>();
        var assemblyReferences = new List<string>();
        var isTestProject = new Dictionary<ImportStage, bool>();
        foreach (var (text, directory, stage) in texts)
        {
            if (Parse(text) is not { Root: { } project })
            {
                continue;
            }

            foreach (var element in project.Descendants())
            {
                if (element.Parent?.Name.LocalName == "PropertyGroup")
                {
                    // <TargetFrameworks>$(TargetFrameworks);net8.0</TargetFrameworks> appends to the value set so far
                    // (MSBuild evaluates properties in order; an unset one is empty).
                    var name = element.Name.LocalName;
                    properties[name] = InThisFile(element.Value.Trim(), directory)
                        .Replace("$(" + name + ")", properties.GetValueOrDefault(name) ?? "", StringComparison.OrdinalIgnoreCase);
                    if (element.Name.LocalName == "IsTestProject" && !element.Value.Contains("$(", StringComparison.Ordinal))
                    {
                        isTestProject[stage] = IsTrue(element.Value); // a value computed from other properties stays unknown
                    }
                }
                else if (element.Name.LocalName == "Using" && element.Parent?.Name.LocalName == "ItemGroup")
                {
                    usingItems.Add(element);
                }
                else if (element.Name.LocalName == "ProjectReference" && element.Parent?.Name.LocalName == "ItemGroup")
                {
                    projectReferenceIncludes.Add(InThisFile((string?)element.Attribute("Include") ?? "", directory));
                }
                else if (element.Name.LocalName == "PackageReference" && (string?)element.Attribute("Include") is { } package)
                {
                    packages.Add(package.Trim());
                }
                else if (element.Name.LocalName == "Reference" && (string?)element.Attribute("Include") is { } assembly)
                {
                    assemblyReferences.Add(assembly.Trim());
                }
            }
        }

        // MSBuild evaluates every property before any item: a ProjectReference's path sees the properties' last values;
        // the SDK's implicit Using items come first, and a project's Using Remove can take one of them out again.
        var projectReferences = projectReferenceIncludes.SelectMany(include => ReferencedProjects(include, projectDirectory, properties, root)).ToList();
        var implicitUsings = IsEnabled(properties.GetValueOrDefault("ImplicitUsings"));
        var usings = implicitUsings ? SdkImplicitUsings.Select(n => (Include: n, Alias: (string?)null, Static: false)).ToList() : new List<(string Include, string? Alias, bool Static)>();
        foreach (var item in usingItems)
        {
            ApplyUsing(item, usings);
        }

        var all = usings
            .Select(u => GlobalUsing(u.Include, u.Alias, u.Static))
            .Distinct(StringComparer.Ordinal)
            .ToList();
        // The assembly name matters to InternalsVisibleTo between projects compiled together; MSBuild defaults it to the project file's name.
        var assemblyName = properties.GetValueOrDefault("AssemblyName") is { Length: > 0 } named && !named.Contains("$(", StringComparison.Ordinal)
            ? named
            : Path.GetFileNameWithoutExtension(projects[0]);
        // <TargetFrameworks>$(MonoTarget);$(DotNetTarget)</TargetFrameworks>: the frameworks a shared props file names.
        string? Expanded(string name) => properties.GetValueOrDefault(name) is { } value ? ExpandProperties(value, properties, root) ?? value : null;

        return new ProjectProperties(
            assemblyName,
            OutputKindOf(properties.GetValueOrDefault("OutputType")),
            implicitUsings,
            all,
            IsTrue(properties.GetValueOrDefault("UseWPF")),
            IsTrue(properties.GetValueOrDefault("UseWindowsForms")),
            projectReferences.Distinct(StringComparer.Ordinal).ToList(),
            IsTestProjectInImportOrder(isTestProject, ReferencesATestFramework(packages, assemblyReferences)))
        {
            UseMaui = IsTrue(properties.GetValueOrDefault("UseMaui")),
            UseWinUI = IsTrue(properties.GetValueOrDefault("UseWinUI")),
            UiFrameworkPackages = UiFrameworkPackagesOf(packages),
            TargetFramework = TargetFrameworkReferences.Choose(
                Expanded("TargetFramework"), Expanded("TargetFrameworks"), Expanded("TargetFrameworkIdentifier"), Expanded("TargetFrameworkVersion")),
            TargetFrameworks = Expanded("TargetFrameworks") ?? "",
        };
    }

    /// <summary>
    /// The test SDK package (whose props set IsTestProject when restored) or MSTest v1's assembly reference (resolved by a
    /// build from the Visual Studio install): what makes a project a test project when nothing sets IsTestProject.
    /// </summary>
    public static bool ReferencesATestFramework(IEnumerable<string> packages, IEnumerable<string> assemblyReferences) =>
        packages.Any(p => string.Equals(p, TestSdkPackage, StringComparison.OrdinalIgnoreCase)) ||
        assemblyReferences.Any(r => r.StartsWith(MSTestV1Assembly, StringComparison.OrdinalIgnoreCase));

    public static IReadOnlyList<string> UiFrameworkPackagesOf(IEnumerable<string> packages) =>
        packages.Where(p => UiFrameworkPackageNames.Contains(p, StringComparer.OrdinalIgnoreCase)).Distinct(StringComparer.OrdinalIgnoreCase).ToList();

    public static bool IsEnabled(string? value) =>
        value is not null && (value.Trim().Equals("enable", StringComparison.OrdinalIgnoreCase) || value.Trim().Equals("true", StringComparison.OrdinalIgnoreCase));

    /// <summary>What the SDK writes into GlobalUsings.g.cs for one <c>Using</c> item (Include, with its Alias or Static metadata).</summary>
    public static string GlobalUsing(string include, string? alias, bool isStatic) =>
        !string.IsNullOrEmpty(alias) ? $"global using {alias} = global::{include};"
        : isStatic ? $"global using static global::{include};"
        : $"global using global::{include};";

    /// <summary>Where a property was set, in MSBuild's import order; the test SDK package's props come after Directory.Build.props.</summary>
    private enum ImportStage
    {
        Props,
        Project,
        Targets,
    }

    /// <summary>
    /// IsTestProject as MSBuild ends up with it: Directory.Build.props, then the test SDK package's props (true), then the
    /// project file, then Directory.Build.targets - the last one that sets it wins.
    /// </summary>
    private static bool IsTestProjectInImportOrder(Dictionary<ImportStage, bool> set, bool referencesTestSdk) =>
        set.TryGetValue(ImportStage.Targets, out var targets) ? targets
        : set.TryGetValue(ImportStage.Project, out var project) ? project
        : referencesTestSdk || (set.TryGetValue(ImportStage.Props, out var props) && props);

    /// <summary>
    /// The project files a ProjectReference's Include names, as full paths. MSBuild resolves them against the project's
    /// own folder (also when the item comes from an imported file); Windows separators are normalised and properties
    /// are expanded (<see cref="ExpandProperties"/>). A path whose properties cannot be expanded is skipped.
    /// </summary>
    private static IEnumerable<string> ReferencedProjects(string include, string projectDirectory, IReadOnlyDictionary<string, string> properties, string root)
    {
        foreach (var part in include.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            if (ExpandProperties(part, properties, root) is { } path)
            {
                yield return Path.GetFullPath(Path.Combine(projectDirectory, path.Replace('\\', Path.DirectorySeparatorChar)));
            }
        }
    }

    /// <summary>
    /// <paramref name="value"/> as written in a file of <paramref name="directory"/>: $(MSBuildThisFileDirectory) is that
    /// folder, with its trailing separator, where the value is written (a property set to it in the root
    /// Directory.Build.props is the root, not the folder of the project that imports it).
    /// </summary>
    private static string InThisFile(string value, string directory) =>
        value.Replace("$(MSBuildThisFileDirectory)", Path.TrimEndingDirectorySeparator(directory) + Path.DirectorySeparatorChar, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// <paramref name="text"/> with each <c>$(Name)</c> replaced as MSBuild would for the paths repositories write:
    /// a property the project files set to text (itself expanded, a few levels deep; $(MSBuildThisFileDirectory) is
    /// replaced where it is read, <see cref="InThisFile"/>); and $(RepoRoot) and $(SolutionDir), when no such value is
    /// found, as the checkout's root (what the .NET Arcade SDK and repositories that compute RepoRoot with
    /// <c>GetDirectoryNameOfFileAbove</c> make it, and what a build of a solution at the root sets SolutionDir to).
    /// Property functions (<c>$([MSBuild]::...)</c>) are not evaluated: null when a property is unknown or computed.
    /// </summary>
    internal static string? ExpandProperties(string text, IReadOnlyDictionary<string, string> properties, string root, int depth = 0)
    {
        if (!text.Contains("$(", StringComparison.Ordinal))
        {
            return text;
        }

        if (depth > 8)
        {
            return null; // properties defined through each other
        }

        var expanded = new System.Text.StringBuilder();
        var from = 0;
        for (var start = text.IndexOf("$(", StringComparison.Ordinal); start >= 0; start = text.IndexOf("$(", from, StringComparison.Ordinal))
        {
            var end = text.IndexOf(')', start);
            var name = end < 0 ? "" : text.Substring(start + 2, end - start - 2);
            if (name.Length == 0 || !name.All(c => char.IsLetterOrDigit(c) || c is '_' or '-' or '.'))
            {
                return null;
            }

            var value = properties.TryGetValue(name, out var defined) ? ExpandProperties(defined, properties, root, depth + 1) : null;
            if (value is null && (name.Equals("RepoRoot", StringComparison.OrdinalIgnoreCase) || name.Equals("SolutionDir", StringComparison.OrdinalIgnoreCase)))
            {
                value = Path.GetFullPath(root) + Path.DirectorySeparatorChar;
            }

            if (value is null)
            {
                return null;
            }

            expanded.Append(text, from, start - from).Append(value);
            from = end + 1;
        }

        return expanded.Append(text, from, text.Length - from).ToString();
    }

    /// <summary>
    /// The texts of the Directory.Build.* files MSBuild imports: the nearest one at or above the project, then - when that
    /// one imports the next one up with GetPathOfFileAbove, as multi-level repositories do - the ones above it, outermost first.
    /// </summary>
    private static IEnumerable<(string Text, string Directory)> Imports(string projectDirectory, string root, string fileName)
    {
        var chain = new List<(string Text, string Directory)>();
        var stop = Path.GetDirectoryName(Path.GetFullPath(root)) ?? root;
        for (var directory = Path.GetFullPath(projectDirectory); directory is not null && directory.Length > stop.Length; directory = Path.GetDirectoryName(directory))
        {
            var candidate = Path.Combine(directory, fileName);
            if (!File.Exists(candidate))
            {
                continue;
            }

            var text = ReadText(candidate);
            chain.Add((text, directory));
            if (!text.Contains("GetPathOfFileAbove", StringComparison.Ordinal))
            {
                break;
            }
        }

        chain.Reverse();
        return chain;
    }

    private static void ApplyUsing(XElement element, List<(string Include, string? Alias, bool Static)> usings)
    {
        var alias = (string?)element.Attribute("Alias");
        var isStatic = IsTrue((string?)element.Attribute("Static"));
        if ((string?)element.Attribute("Remove") is { Length: > 0 } removed)
        {
            usings.RemoveAll(u => u.Include == removed.Trim());
        }

        foreach (var include in ((string?)element.Attribute("Include") ?? "").Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            if (!include.Contains("$(", StringComparison.Ordinal))
            {
                usings.Add((include, alias, isStatic));
            }
        }
    }

    public static OutputKind OutputKindOf(string? outputType) => outputType?.ToLowerInvariant() switch
    {
        "exe" => OutputKind.ConsoleApplication,
        "winexe" => OutputKind.WindowsApplication,
        _ => OutputKind.DynamicallyLinkedLibrary,
    };

    public static bool IsTrue(string? value) => string.Equals(value?.Trim(), "true", StringComparison.OrdinalIgnoreCase);

    private static XDocument? Parse(string text)
    {
        try
        {
            return XDocument.Parse(text);
        }
        catch (XmlException)
        {
            return null;
        }
    }

    private static string ReadText(string file)
    {
        try
        {
            return File.ReadAllText(file);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            return "";
        }
    }
}
