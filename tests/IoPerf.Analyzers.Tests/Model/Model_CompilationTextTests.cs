using System.Collections.Immutable;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>
/// The gate before a rule registers anything (<see cref="CompilationText"/>): a compilation whose text never names a
/// rule's framework methods gets no callback of that rule; one that names them anywhere - in another file, in a comment -
/// gets the rule as before.
/// </summary>
public sealed class Model_CompilationTextTests
{
    private static CSharpCompilation Compile(params string[] sources) =>
        CSharpCompilation.Create(
            "Gate",
            sources.Select((source, i) => CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest), path: $"File{i}.cs")),
            TestFrameworkReferences.Get(TestFramework.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

    [Fact]
    public void Mentions_AWordInAnyTree_AndNoneWhereNoTreeHoldsOne()
    {
        var padding = new string('x', 5000); // the word past the first chunk of the searched text
        var compilation = Compile("class A { }", $"class B {{ /*{padding}*/ }}", $"class C {{ /*{padding}*/ string[] M() => System.IO.Directory.GetFiles(\"d\"); }}");

        Assert.True(CompilationText.Mentions(compilation, new WordList("GetFiles"), CancellationToken.None));
        Assert.True(CompilationText.Mentions(compilation, new WordList("AppendAll", "GetDirectories", "GetFiles"), CancellationToken.None));
        Assert.False(CompilationText.Mentions(compilation, new WordList("AppendAll"), CancellationToken.None));
        Assert.False(CompilationText.Mentions(Compile(), new WordList("GetFiles"), CancellationToken.None));
    }

    [Fact]
    public void AWordInACommentOrAString_Counts()
    {
        Assert.True(CompilationText.Mentions(Compile("class A { } // File.AppendAllText"), new WordList("AppendAll"), CancellationToken.None));
        Assert.True(CompilationText.Mentions(Compile("class A { string s = \"ReadAllText\"; }"), new WordList("ReadAllText"), CancellationToken.None));
    }

    [Fact]
    public void AnEditedTree_IsSearchedAgain_InTheNextCompilation()
    {
        var words = new WordList("ReadToEnd");
        var first = Compile("class A { }", "class B { string M(System.IO.TextReader r) => r.ReadToEnd(); }");
        Assert.True(CompilationText.Mentions(first, words, CancellationToken.None));

        // The IDE's next compilation: one tree edited, the other shared.
        var edited = first.ReplaceSyntaxTree(first.SyntaxTrees[1], CSharpSyntaxTree.ParseText("class B { }", new CSharpParseOptions(LanguageVersion.Latest), path: "File1.cs"));
        Assert.False(CompilationText.Mentions(edited, words, CancellationToken.None));
    }

    /// <summary>Each gated rule and a call it reports.</summary>
    public static TheoryData<string, string> GatedRules => new()
    {
        { "IOP003", "foreach (var line in File.ReadAllLines(path)) Console.WriteLine(line);" },
        { "IOP004", "Console.WriteLine(path.IndexOfAny(\",; \\t|:\".ToCharArray(), 1));" },
        { "IOP007", "foreach (var file in Directory.GetFiles(path)) Console.WriteLine(file);" },
        { "IOP008", "foreach (var item in items) File.AppendAllText(\"app.log\", item);" },
        { "IOP009", "using var doc = System.Text.Json.JsonDocument.Parse(File.ReadAllText(path)); Console.WriteLine(doc.RootElement);" },
    };

    private static string Job(string statements) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;

        class Job
        {
            void Run(string path, List<string> items)
            {
                {{statements}}
            }
        }
        """;

    [Theory]
    [MemberData(nameof(GatedRules))]
    public async Task ACompilationThatNeverNamesTheRulesMethods_GetsNoCallbackOfIt(string rule, string reported)
    {
        var silent = await RunAsync(rule, Compile(Job("foreach (var item in items) Console.WriteLine(item.Length);")));
        Assert.Equal(0, silent.Actions);
        Assert.Equal(0, silent.Diagnostics);

        var named = await RunAsync(rule, Compile(Job(reported)));
        Assert.True(named.Actions > 0, $"{rule} registered no operation action where its method is called");
        Assert.Equal(1, named.Diagnostics);
    }

    private static async Task<(int Actions, int Diagnostics)> RunAsync(string rule, CSharpCompilation compilation)
    {
        var analyzer = AnalyzerCatalog.AnalyzersFor(rule).Single();
        var withAnalyzers = SdkAnalyzers.Enable(compilation, new[] { rule }).WithAnalyzers(
            ImmutableArray.Create(analyzer),
            new CompilationWithAnalyzersOptions(new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), null, concurrentAnalysis: false, logAnalyzerExecutionTime: false));
        var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync();
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        var telemetry = await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None);
        return (telemetry.OperationActionsCount, diagnostics.Count(d => d.Id == rule));
    }
}
