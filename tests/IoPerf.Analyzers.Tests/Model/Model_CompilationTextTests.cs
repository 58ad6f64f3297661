using System.Collections.Immutable;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.TestKit;
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
        CompileFiles(sources.Select((source, i) => ($"File{i}.cs", source)).ToArray());

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

    /// <summary>
    /// A word only in a generated file triggers nothing: the driver makes no callback there. With reach across methods
    /// on, a method declared there may be followed, so the file counts again; so does one the .editorconfig says is not
    /// generated.
    /// </summary>
    [Theory]
    [MemberData(nameof(GatedRules))]
    public async Task TheRulesCallOnlyInAGeneratedFile_GetsNoCallbackOfIt(string rule, string reported)
    {
        var userCode = Job("foreach (var item in items) Console.WriteLine(item.Length);");
        var generated = Long(Job(reported).Replace("class Job", "class GeneratedJob", StringComparison.Ordinal));

        var inDesignerFile = await RunAsync(rule, CompileFiles(("Job.cs", userCode), ("Job.Designer.cs", generated)));
        Assert.Equal(0, inDesignerFile.Actions);

        var headed = await RunAsync(rule, CompileFiles(("Job.cs", userCode), ("Job.Part.cs", "// <auto-generated/>\n" + generated)));
        Assert.Equal(0, headed.Actions);

        var configuredAsUserCode = await RunAsync(rule, CompileFiles(("Job.cs", userCode), ("Job.Designer.cs", generated)), ("generated_code", "false"));
        Assert.True(configuredAsUserCode.Actions > 0, $"{rule} skipped a file the .editorconfig says is not generated");
        Assert.Equal(1, configuredAsUserCode.Diagnostics);

        // With reach across methods on, every rule that follows methods searches generated files again; IOP004 follows none.
        var reaching = await RunAsync(rule, CompileFiles(("Job.cs", userCode), ("Job.Designer.cs", generated)), ("ioperf_across_methods", "true"));
        Assert.True(rule == "IOP004" ? reaching.Actions == 0 : reaching.Actions > 0, $"{rule} with reach across methods on: {reaching.Actions} operation actions");
    }

    /// <summary>IOP006 registers its assignment callback only where hand-written code names <c>AutoFlush</c>.</summary>
    [Fact]
    public async Task IOP006_AutoFlushOnlyInAGeneratedFile_RegistersNoAssignmentCallback()
    {
        var userCode = Job("foreach (var item in items) Console.WriteLine(item.Length);");
        const string flushing = "class W { System.IO.StreamWriter w = new(\"f\"); void M() { w.AutoFlush = true; } }";

        var generated = await RunAsync("IOP006", CompileFiles(("Job.cs", userCode), ("W.g.cs", Long(flushing))));
        var handWritten = await RunAsync("IOP006", CompileFiles(("Job.cs", userCode), ("W.cs", flushing)));

        Assert.Equal(handWritten.Actions - 1, generated.Actions);
    }

    /// <summary>
    /// IOP007 and IOP009 need a call of System.IO's method, which names it after a dot unless a <c>using static</c> of the
    /// type lets it be called bare: a project that only declares a method of the same name (an archive library's own
    /// <c>GetFiles</c>) gets no callback of the rule, with reach across methods off or on.
    /// </summary>
    [Theory]
    [InlineData("IOP007", "IEnumerable<string> GetFiles(string root) => new[] { root };", "foreach (var file in GetFiles(path)) Console.WriteLine(file);")]
    [InlineData("IOP009", "string ReadAllText(string p) => p;", "Console.WriteLine(ReadAllText(path));")]
    public async Task AMethodOfTheSameNameDeclaredAndCalledBare_GetsNoCallbackOfIt(string rule, string declaration, string call)
    {
        var compilation = Compile(Job(call).Replace("class Job\n{", "class Job\n{\n    " + declaration, StringComparison.Ordinal));
        Assert.Contains(declaration, compilation.SyntaxTrees[0].ToString(), StringComparison.Ordinal);

        Assert.Equal(0, (await RunAsync(rule, compilation)).Actions);
        Assert.Equal(0, (await RunAsync(rule, compilation, ("ioperf_across_methods", "true"))).Actions);

        // Another type's members imported (static): still not System.IO's method.
        Assert.Equal(0, (await RunAsync(rule, Compile("using static System.Math;\n" + compilation.SyntaxTrees[0].ToString()))).Actions);
    }

    /// <summary>Called bare under <c>using static</c> (in the file, in a namespace, or global in another file), or with a line break after the dot: reported.</summary>
    [Theory]
    [InlineData("IOP007", "using static System.IO.Directory;\n", "foreach (var file in GetFiles(path)) Console.WriteLine(file);")]
    [InlineData("IOP007", "", "foreach (var file in Directory.\n            GetFiles(path)) Console.WriteLine(file);")]
    [InlineData("IOP009", "using static System.IO.File;\n", "using var doc = System.Text.Json.JsonDocument.Parse(ReadAllText(path)); Console.WriteLine(doc.RootElement);")]
    [InlineData("IOP009", "", "using var doc = System.Text.Json.JsonDocument.Parse(File .\n ReadAllText(path)); Console.WriteLine(doc.RootElement);")]
    public async Task TheMethodCalledBareUnderUsingStatic_OrAfterALineBreak_IsReported(string rule, string directive, string call)
    {
        Assert.Equal(1, (await RunAsync(rule, Compile(directive + Job(call)))).Diagnostics);
        if (directive.Length == 0)
        {
            return;
        }

        var inANamespace = Compile("namespace App\n{\n" + directive + Job(call) + "\n}");
        Assert.Equal(1, (await RunAsync(rule, inANamespace)).Diagnostics);
        Assert.Equal(1, (await RunAsync(rule, inANamespace, ("ioperf_across_methods", "true"))).Diagnostics);

        var inAFileScopedNamespace = Compile("namespace App;\n" + directive + Job(call));
        Assert.Equal(1, (await RunAsync(rule, inAFileScopedNamespace)).Diagnostics);

        var global = Compile("global " + directive.Replace("System.IO.", "global::System.IO.", StringComparison.Ordinal), Job(call));
        Assert.Equal(1, (await RunAsync(rule, global)).Diagnostics);
    }

    [Fact]
    public void MayTrigger_LeavesGeneratedFilesOut_UnlessFollowingMethods()
    {
        var compilation = CompileFiles(("A.cs", "class A { }"), ("B.g.cs", Long("class B { string[] M() => System.IO.Directory.GetFiles(\"d\"); }")));
        var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty);

        Assert.False(CompilationText.MayTrigger(compilation, WatchedWords.Listings, options, followingMethods: false, CancellationToken.None));
        Assert.True(CompilationText.MayTrigger(compilation, WatchedWords.Listings, options, followingMethods: true, CancellationToken.None));
        Assert.True(CompilationText.Mentions(compilation, WatchedWords.Listings, CancellationToken.None));
    }

    /// <summary>
    /// With reach across methods on, a helper declared in a generated file is followed as before: the gate reads that file.
    /// </summary>
    [Fact]
    public async Task AHelperInAGeneratedFile_IsFollowedWithReachAcrossMethodsOn()
    {
        var helper = """
            // <auto-generated/>
            partial class Job
            {
                private static string[] Names(string path) => System.IO.Directory.GetFiles(path);
            }
            """;
        var caller = Job("foreach (var file in Names(path)) Console.WriteLine(file);").Replace("class Job", "partial class Job", StringComparison.Ordinal);
        var compilation = CompileFiles(("Job.cs", caller), ("Job.Names.g.cs", Long(helper)));

        Assert.Equal(0, (await RunAsync("IOP007", compilation)).Diagnostics);
        Assert.Equal(1, (await RunAsync("IOP007", compilation, ("ioperf_across_methods", "true"))).Diagnostics);
    }

    /// <summary>Long enough for the gates to ask whether the file is generated (a short one is searched).</summary>
    private static string Long(string source) => source + "\n// " + new string('x', 20_000) + "\n";

    private static CSharpCompilation CompileFiles(params (string Path, string Source)[] files) =>
        CSharpCompilation.Create(
            "Gate",
            files.Select(file => CSharpSyntaxTree.ParseText(file.Source, new CSharpParseOptions(LanguageVersion.Latest), path: file.Path)),
            TestFrameworkReferences.Get(TestFramework.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

    private static async Task<(int Actions, int Diagnostics)> RunAsync(string rule, CSharpCompilation compilation, params (string Key, string Value)[] options)
    {
        var analyzer = AnalyzerCatalog.AnalyzersFor(rule).Single();
        var analyzerOptions = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new FixedAnalyzerConfigOptionsProvider(options.ToDictionary(o => o.Key, o => o.Value)));
        var withAnalyzers = SdkAnalyzers.Enable(compilation, new[] { rule }).WithAnalyzers(
            ImmutableArray.Create(analyzer),
            new CompilationWithAnalyzersOptions(analyzerOptions, null, concurrentAnalysis: false, logAnalyzerExecutionTime: false));
        var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync();
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        var telemetry = await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None);
        return (telemetry.OperationActionsCount, diagnostics.Count(d => d.Id == rule));
    }
}
