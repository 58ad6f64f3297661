using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// One C# source text compiled against a pinned reference pack (no network): what the tests that ask the model
/// directly, run other analyzers beside ours, or emit a fix's output build. The latest language version, nullable
/// annotations on.
/// </summary>
public static class SourceCompilation
{
    public static CSharpCompilation Of(
        string source,
        string name = "Sample",
        TestFramework framework = TestFramework.Net80,
        OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary) =>
        CSharpCompilation.Create(
            name,
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
            TestFrameworkReferences.Get(framework),
            new CSharpCompilationOptions(outputKind, nullableContextOptions: NullableContextOptions.Enable));
}
