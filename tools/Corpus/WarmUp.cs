using System.Collections.Immutable;
using IoPerf.Analyzers.Tests.Infrastructure;
using IoPerf.Tools;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Corpus;

/// <summary>
/// Runs every analyzer once on a small file before anything is measured. The SDK's analyzers ship precompiled
/// (ReadyToRun) while ours are JIT-compiled on first use; a build server (VBCSCompiler) or the IDE keeps both warm
/// across builds, so the report compares warm callback time.
/// </summary>
internal static class WarmUp
{
    public static async Task RunAsync(ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers, string[] sdkRuleIds)
    {
        const string source = """
            using System;
            using System.IO;
            using System.Linq;
            using System.Threading.Tasks;

            class WarmUp
            {
                private static readonly char[] Separators = " ,;:.!?".ToCharArray();

                async Task<int> M(string path, string text)
                {
                    var n = File.ReadAllLines(path).Count() + text.IndexOfAny(Separators, 1) + text.AsSpan().IndexOfAny("abcdefgh");
                    n += (await File.ReadAllTextAsync(path)).Length;
                    return n;
                }
            }
            """;
        using var workspace = new AdhocWorkspace();
        var document = workspace.AddProject("WarmUp", LanguageNames.CSharp)
            .WithMetadataReferences(Basic.Reference.Assemblies.Net100.References.All)
            .WithCompilationOptions(new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary))
            .AddDocument("WarmUp.cs", source);
        var compilation = (await document.Project.GetCompilationAsync())!;
        await SdkAnalyzers.Enable(compilation, sdkRuleIds)
            .WithAnalyzers(AnalyzerCatalog.Analyzers.AddRange(sdkAnalyzers), AnalyzerCatalog.Options(logTime: true))
            .GetAnalyzerDiagnosticsAsync();
    }
}
