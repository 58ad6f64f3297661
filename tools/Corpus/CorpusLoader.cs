using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Corpus;

/// <summary>One compilation's worth of sources: the .cs files under one project folder, and what its project files say about it.</summary>
internal sealed record SourceGroup(string Name, string Directory, IReadOnlyList<string> Files, ProjectProperties Properties);

/// <summary>
/// Turns a checkout into compilations: every .csproj folder becomes one compilation of the .cs files below it
/// (nested projects take their own files), compiled against the .NET 10 reference assemblies. Package references
/// are not restored, so code that needs them compiles with errors - the analyzers must still run and not throw.
/// </summary>
internal static class CorpusLoader
{
    private static readonly string[] PreprocessorSymbols =
    {
        "NET", "NETCOREAPP", "NET10_0", "NET10_0_OR_GREATER", "NET9_0_OR_GREATER", "NET8_0_OR_GREATER", "NET7_0_OR_GREATER",
        "NET6_0_OR_GREATER", "NET5_0_OR_GREATER", "NETCOREAPP3_1_OR_GREATER", "NETCOREAPP3_0_OR_GREATER",
        "NETCOREAPP2_0_OR_GREATER", "NETSTANDARD2_1_OR_GREATER", "RELEASE", "TRACE",
    };

    public static IReadOnlyList<SourceGroup> FindGroups(string path)
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
            if (IsBuildOutput(file))
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

        return files
            .OrderBy(pair => pair.Key, StringComparer.Ordinal)
            .Select(pair => new SourceGroup(
                Path.GetRelativePath(root, pair.Key) is "." ? Path.GetFileName(root) : Path.GetRelativePath(root, pair.Key),
                pair.Key,
                pair.Value.OrderBy(f => f, StringComparer.Ordinal).ToList(),
                ProjectProperties.Read(pair.Key, root)))
            .ToList();
    }

    public static Project CreateProject(SourceGroup group)
    {
        var project = TestWorkspace.CreateProject(
            group.Name, TestFrameworkReferences.Get(TestFramework.Net100), group.Properties.OutputKind, allowUnsafe: true, PreprocessorSymbols);
        var solution = project.Solution;
        foreach (var file in group.Files)
        {
            var id = DocumentId.CreateNewId(project.Id);
            solution = solution.AddDocument(id, Path.GetFileName(file), Microsoft.CodeAnalysis.Text.SourceText.From(File.ReadAllText(file)), filePath: file);
        }

        if (group.Properties.GlobalUsingsSource is { } globalUsings)
        {
            // What the SDK generates into obj/ from ImplicitUsings and the Using items.
            solution = solution.AddDocument(DocumentId.CreateNewId(project.Id), "GlobalUsings.g.cs", globalUsings, filePath: Path.Combine(group.Directory, "obj", "GlobalUsings.g.cs"));
        }

        return solution.GetProject(project.Id)!;
    }

    private static bool IsBuildOutput(string path) =>
        path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ||
        path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ||
        path.Contains($"{Path.DirectorySeparatorChar}.git{Path.DirectorySeparatorChar}", StringComparison.Ordinal);

    public static ImmutableArray<Diagnostic> Errors(Compilation compilation) =>
        compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToImmutableArray();
}
