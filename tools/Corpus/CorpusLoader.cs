using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Corpus;

/// <summary>One compilation's worth of sources: the .cs files under one project folder.</summary>
internal sealed record SourceGroup(string Name, string Directory, IReadOnlyList<string> Files, bool ImplicitUsings, OutputKind OutputKind);

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

    private const string ImplicitUsingsSource = """
        global using global::System;
        global using global::System.Collections.Generic;
        global using global::System.IO;
        global using global::System.Linq;
        global using global::System.Net.Http;
        global using global::System.Threading;
        global using global::System.Threading.Tasks;
        """;

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
                UsesImplicitUsings(pair.Key),
                GetOutputKind(pair.Key)))
            .ToList();
    }

    public static Project CreateProject(SourceGroup group)
    {
        var project = TestWorkspace.CreateProject(
            group.Name, TestFrameworkReferences.Get(TestFramework.Net100), group.OutputKind, allowUnsafe: true, PreprocessorSymbols);
        var solution = project.Solution;
        foreach (var file in group.Files)
        {
            var id = DocumentId.CreateNewId(project.Id);
            solution = solution.AddDocument(id, Path.GetFileName(file), Microsoft.CodeAnalysis.Text.SourceText.From(File.ReadAllText(file)), filePath: file);
        }

        if (group.ImplicitUsings)
        {
            solution = solution.AddDocument(DocumentId.CreateNewId(project.Id), "ImplicitUsings.g.cs", ImplicitUsingsSource, filePath: Path.Combine(group.Directory, "obj", "ImplicitUsings.g.cs"));
        }

        return solution.GetProject(project.Id)!;
    }

    private static bool IsBuildOutput(string path) =>
        path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ||
        path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ||
        path.Contains($"{Path.DirectorySeparatorChar}.git{Path.DirectorySeparatorChar}", StringComparison.Ordinal);

    private static bool UsesImplicitUsings(string directory) =>
        System.IO.Directory.EnumerateFiles(directory, "*.csproj")
            .Any(p => File.ReadAllText(p).Contains("<ImplicitUsings>enable</ImplicitUsings>", StringComparison.OrdinalIgnoreCase));

    /// <summary>The project's <c>OutputType</c> (rules such as IOP005 depend on it): Exe and WinExe are applications.</summary>
    private static OutputKind GetOutputKind(string directory)
    {
        foreach (var project in System.IO.Directory.EnumerateFiles(directory, "*.csproj"))
        {
            var match = System.Text.RegularExpressions.Regex.Match(File.ReadAllText(project), @"<OutputType>\s*(\w+)\s*</OutputType>", System.Text.RegularExpressions.RegexOptions.IgnoreCase);
            switch (match.Success ? match.Groups[1].Value.ToLowerInvariant() : "")
            {
                case "exe":
                    return OutputKind.ConsoleApplication;
                case "winexe":
                    return OutputKind.WindowsApplication;
            }
        }

        return OutputKind.DynamicallyLinkedLibrary;
    }

    public static ImmutableArray<Diagnostic> Errors(Compilation compilation) =>
        compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToImmutableArray();
}
