using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Analyzers.TestKit;

/// <summary>
/// The one way the tests and tools make a C# project outside the testing library: latest language version, nullable
/// on, and the reference assemblies of a <see cref="TestFramework"/> (or the caller's). The workspace holds nothing that
/// needs releasing (no files are watched), so it lives as long as the solutions made from it.
/// </summary>
public static class TestWorkspace
{
    public static Project CreateProject(
        string name,
        IEnumerable<MetadataReference> references,
        OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary,
        bool allowUnsafe = false,
        IEnumerable<string>? preprocessorSymbols = null)
    {
        return new AdhocWorkspace().AddProject(CreateProjectInfo(name, references, outputKind, allowUnsafe, preprocessorSymbols));
    }

    /// <summary>The project <see cref="CreateProject(string, IEnumerable{MetadataReference}, OutputKind, bool, IEnumerable{string}?)"/> makes, for a caller that puts several in one solution.</summary>
    public static ProjectInfo CreateProjectInfo(
        string name,
        IEnumerable<MetadataReference> references,
        OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary,
        bool allowUnsafe = false,
        IEnumerable<string>? preprocessorSymbols = null) =>
        ProjectInfo.Create(
            ProjectId.CreateNewId(),
            VersionStamp.Create(),
            name,
            name.Replace(Path.DirectorySeparatorChar, '.'),
            LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(outputKind, allowUnsafe: allowUnsafe, nullableContextOptions: NullableContextOptions.Enable),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: preprocessorSymbols),
            metadataReferences: references);

    public static Project CreateProject(
        string name,
        TestFramework framework,
        OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary,
        bool allowUnsafe = false) =>
        CreateProject(name, TestFrameworkReferences.Get(framework), outputKind, allowUnsafe);

    /// <summary>A project named after <paramref name="fileName"/>'s test, holding that one file.</summary>
    public static Document CreateDocument(
        string source,
        TestFramework framework = TestFramework.Net80,
        OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary,
        bool allowUnsafe = false,
        string fileName = "Test.cs") =>
        CreateProject(Path.GetFileNameWithoutExtension(fileName), framework, outputKind, allowUnsafe).AddDocument(fileName, source);

    /// <summary>
    /// The same file in one project per target framework, as a multi-targeted project appears in the IDE and to
    /// <c>dotnet format</c> (linked documents). With <paramref name="targetSymbols"/> each project defines its
    /// framework's preprocessor symbols, as the SDK does. Returns the first target's document.
    /// </summary>
    public static Document CreateLinkedDocuments(string source, IReadOnlyList<TestFramework> targets, bool targetSymbols = true)
    {
        var solution = new AdhocWorkspace().CurrentSolution;
        DocumentId? first = null;
        foreach (var target in targets)
        {
            var projectId = ProjectId.CreateNewId();
            solution = solution.AddProject(ProjectInfo.Create(projectId, VersionStamp.Create(), "Lib(" + target + ")", "Lib", LanguageNames.CSharp,
                compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable),
                parseOptions: new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: targetSymbols ? TestFrameworkReferences.PreprocessorSymbols(target) : null),
                metadataReferences: TestFrameworkReferences.Get(target)));
            var documentId = DocumentId.CreateNewId(projectId);
            solution = solution.AddDocument(documentId, "Lib.cs", source, filePath: "/src/Lib.cs");
            first ??= documentId;
        }

        return solution.GetDocument(first!)!;
    }
}
