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
    public static readonly ProjectProperties Default = new(null, OutputKind.DynamicallyLinkedLibrary, false, Array.Empty<string>(), false, false, Array.Empty<string>());

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

        var texts = Imports(projectDirectory, root, "Directory.Build.props").Select(text => (Text: text, Stage: ImportStage.Props))
            .Concat(projects.Select(project => (Text: ReadText(project), Stage: ImportStage.Project)))
            .Concat(Imports(projectDirectory, root, "Directory.Build.targets").Select(text => (Text: text, Stage: ImportStage.Targets)));
        var properties = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var usingItems = new List<XElement>();
        var projectReferences = new List<string>();
        var referencesTestSdk = false;
        var isTestProject = new Dictionary<ImportStage, bool>();
        foreach (var (text, stage) in texts)
        {
            if (Parse(text) is not { Root: { } project })
            {
                continue;
            }

            foreach (var element in project.Descendants())
            {
                if (element.Parent?.Name.LocalName == "PropertyGroup")
                {
                    properties[element.Name.LocalName] = element.Value.Trim();
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
                    projectReferences.AddRange(ReferencedProjects((string?)element.Attribute("Include"), projectDirectory));
                }
                else if ((element.Name.LocalName == "PackageReference" &&
                          string.Equals(((string?)element.Attribute("Include"))?.Trim(), TestSdkPackage, StringComparison.OrdinalIgnoreCase)) ||
                         (element.Name.LocalName == "Reference" &&
                          ((string?)element.Attribute("Include"))?.Trim().StartsWith(MSTestV1Assembly, StringComparison.OrdinalIgnoreCase) == true))
                {
                    referencesTestSdk = true;
                }
            }
        }

        // MSBuild evaluates every property before any item: the SDK's implicit Using items come first, and a project's
        // Using Remove can take one of them out again.
        var implicitUsings = properties.GetValueOrDefault("ImplicitUsings") is { } value && (value.Equals("enable", StringComparison.OrdinalIgnoreCase) || value.Equals("true", StringComparison.OrdinalIgnoreCase));
        var usings = implicitUsings ? SdkImplicitUsings.Select(n => (Include: n, Alias: (string?)null, Static: false)).ToList() : new List<(string Include, string? Alias, bool Static)>();
        foreach (var item in usingItems)
        {
            ApplyUsing(item, usings);
        }

        var all = usings
            .Select(u => u.Alias is { } alias ? $"global using {alias} = global::{u.Include};" : u.Static ? $"global using static global::{u.Include};" : $"global using global::{u.Include};")
            .Distinct(StringComparer.Ordinal)
            .ToList();
        // The assembly name matters to InternalsVisibleTo between projects compiled together; MSBuild defaults it to the project file's name.
        var assemblyName = properties.GetValueOrDefault("AssemblyName") is { Length: > 0 } named && !named.Contains("$(", StringComparison.Ordinal)
            ? named
            : Path.GetFileNameWithoutExtension(projects[0]);
        return new ProjectProperties(
            assemblyName,
            OutputKindOf(properties.GetValueOrDefault("OutputType")),
            implicitUsings,
            all,
            IsTrue(properties.GetValueOrDefault("UseWPF")),
            IsTrue(properties.GetValueOrDefault("UseWindowsForms")),
            projectReferences.Distinct(StringComparer.Ordinal).ToList(),
            IsTestProjectInImportOrder(isTestProject, referencesTestSdk));
    }

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
    /// own folder (also when the item comes from an imported file); Windows separators are normalised, and the one
    /// property repositories use in these paths, $(MSBuildThisFileDirectory), is read as the project's folder (what it is in
    /// the project file itself). Paths with other properties are skipped.
    /// </summary>
    private static IEnumerable<string> ReferencedProjects(string? include, string projectDirectory)
    {
        foreach (var part in (include ?? "").Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var path = part.Replace("$(MSBuildThisFileDirectory)", "", StringComparison.OrdinalIgnoreCase).Replace('\\', Path.DirectorySeparatorChar);
            if (!path.Contains("$(", StringComparison.Ordinal))
            {
                yield return Path.GetFullPath(Path.Combine(projectDirectory, path));
            }
        }
    }

    /// <summary>
    /// The texts of the Directory.Build.* files MSBuild imports: the nearest one at or above the project, then - when that
    /// one imports the next one up with GetPathOfFileAbove, as multi-level repositories do - the ones above it, outermost first.
    /// </summary>
    private static IEnumerable<string> Imports(string projectDirectory, string root, string fileName)
    {
        var chain = new List<string>();
        var stop = Path.GetDirectoryName(Path.GetFullPath(root)) ?? root;
        for (var directory = Path.GetFullPath(projectDirectory); directory is not null && directory.Length > stop.Length; directory = Path.GetDirectoryName(directory))
        {
            var candidate = Path.Combine(directory, fileName);
            if (!File.Exists(candidate))
            {
                continue;
            }

            var text = ReadText(candidate);
            chain.Add(text);
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

    private static OutputKind OutputKindOf(string? outputType) => outputType?.ToLowerInvariant() switch
    {
        "exe" => OutputKind.ConsoleApplication,
        "winexe" => OutputKind.WindowsApplication,
        _ => OutputKind.DynamicallyLinkedLibrary,
    };

    private static bool IsTrue(string? value) => string.Equals(value?.Trim(), "true", StringComparison.OrdinalIgnoreCase);

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
