using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP003.LinesMaterializedForSinglePass;
using IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassFix>;

namespace IoPerf.Analyzers.Tests.IOP003.LinesMaterializedForSinglePass;

public sealed class LinesMaterializedForSinglePassTests
{
    private static string InClass(string members, string usings = "") => $$"""
        using System;
        using System.IO;
        using System.Linq;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using System.Collections.Generic;
        {{usings}}
        class C
        {
        {{members}}
        }
        """;

    /// <summary>A multi-targeted project one of whose targets (net35) has no File.ReadLines: silent in every target's compilation.</summary>
    [Fact]
    public Task AnotherTargetWithoutReadLines_NoDiagnostic()
    {
        var test = Verify.Create(InClass("""
                void Print(string path)
                {
                    foreach (var line in File.ReadAllLines(path)) Console.WriteLine(line);
                }
            """));
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nbuild_property.ioperftargetframeworks = net8.0,net35\n"));
        return test.RunAsync();
    }

    // ---- Positives and their fixes -------------------------------------------------------------------------

    [Fact]
    public Task ForEachOverTheCall_BecomesReadLines() => Verify.VerifyCodeFixAsync(
        InClass("""
            int Count(string path)
            {
                var n = 0;
                foreach (var line in {|IOP003:File.ReadAllLines(path)|})
                    n += line.Length;
                return n;
            }
        """),
        InClass("""
            int Count(string path)
            {
                var n = 0;
                foreach (var line in File.ReadLines(path))
                    n += line.Length;
                return n;
            }
        """));

    [Fact]
    public Task EncodingArgumentAndNamedArgumentsAreKept() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string p)
            {
                foreach (var line in {|IOP003:File.ReadAllLines(encoding: Encoding.UTF8, path: p)|}) Console.WriteLine(line);
            }
        """),
        InClass("""
            void M(string p)
            {
                foreach (var line in File.ReadLines(encoding: Encoding.UTF8, path: p)) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task LocalUsedOnceInForEach_VarLocal() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string p)
            {
                var lines = {|IOP003:File.ReadAllLines(p)|};
                foreach (var line in lines) Console.WriteLine(line);
            }
        """),
        InClass("""
            void M(string p)
            {
                var lines = File.ReadLines(p);
                foreach (var line in lines) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task LocalWithExplicitArrayType_IsRetyped() => Verify.VerifyCodeFixAsync(
        """
        using System;
        using System.IO;
        class C
        {
            void M(string p)
            {
                string[] lines = {|IOP003:File.ReadAllLines(p)|};
                foreach (var line in lines) Console.WriteLine(line);
            }
        }
        """,
        """
        using System;
        using System.Collections.Generic;
        using System.IO;
        class C
        {
            void M(string p)
            {
                IEnumerable<string> lines = File.ReadLines(p);
                foreach (var line in lines) Console.WriteLine(line);
            }
        }
        """);

    [Fact]
    public Task LinqChainConsumedOnce() => Verify.VerifyCodeFixAsync(
        InClass("""
            int M(string p) => {|IOP003:File.ReadAllLines(p)|}.Where(l => l.Length > 0).Select(l => l.Trim()).Count();
        """),
        InClass("""
            int M(string p) => File.ReadLines(p).Where(l => l.Length > 0).Select(l => l.Trim()).Count();
        """));

    [Theory]
    [InlineData("{|IOP003:File.ReadAllLines(p)|}.Any(l => l.StartsWith(\"#\"))", "File.ReadLines(p).Any(l => l.StartsWith(\"#\"))")]
    [InlineData("{|IOP003:File.ReadAllLines(p)|}.First()", "File.ReadLines(p).First()")]
    [InlineData("{|IOP003:File.ReadAllLines(p)|}.ToList()", "File.ReadLines(p).ToList()")]
    [InlineData("string.Join(\",\", {|IOP003:File.ReadAllLines(p)|})", "string.Join(\",\", File.ReadLines(p))")]
    [InlineData("string.Concat({|IOP003:File.ReadAllLines(p)|})", "string.Concat(File.ReadLines(p))")]
    [InlineData("new HashSet<string>({|IOP003:File.ReadAllLines(p)|})", "new HashSet<string>(File.ReadLines(p))")]
    [InlineData("Enumerable.Count({|IOP003:File.ReadAllLines(p)|})", "Enumerable.Count(File.ReadLines(p))")]
    [InlineData("{|IOP003:File.ReadAllLines(p)|}.Select(l => l.Trim()).OfType<string>().ToList()", "File.ReadLines(p).Select(l => l.Trim()).OfType<string>().ToList()")]
    [InlineData("{|IOP003:File.ReadAllLines(p)|}.Cast<object>().Count()", "File.ReadLines(p).Cast<object>().Count()")]
    public Task SinglePassConsumers(string before, string after) => Verify.VerifyCodeFixAsync(
        InClass($$"""
            object M(string p) => {{before}};
        """),
        InClass($$"""
            object M(string p) => {{after}};
        """));

    [Fact]
    public Task UsingStaticFile() => Verify.VerifyCodeFixAsync(
        """
        using System;
        using static System.IO.File;
        class C
        {
            void M(string p)
            {
                foreach (var line in {|IOP003:ReadAllLines(p)|}) Console.WriteLine(line);
            }
        }
        """,
        """
        using System;
        using static System.IO.File;
        class C
        {
            void M(string p)
            {
                foreach (var line in ReadLines(p)) Console.WriteLine(line);
            }
        }
        """);

    [Fact]
    public Task TopLevelStatements()
    {
        var test = Verify.Create("""
            using System;
            using System.IO;

            foreach (var line in {|IOP003:File.ReadAllLines(args[0])|})
                Console.WriteLine(line);
            """);
        test.FixedCode = """
            using System;
            using System.IO;

            foreach (var line in File.ReadLines(args[0]))
                Console.WriteLine(line);
            """;
        test.TestState.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    [Fact]
    public Task LambdaAndLocalFunctionBodies() => Verify.VerifyCodeFixAsync(
        InClass("""
            Func<string, int> f = p => {|IOP003:File.ReadAllLines(p)|}.Count();
            int M(string p)
            {
                return Local();
                int Local() => {|IOP003:File.ReadAllLines(p)|}.Count(l => l.Length > 1);
            }
        """),
        InClass("""
            Func<string, int> f = p => File.ReadLines(p).Count();
            int M(string p)
            {
                return Local();
                int Local() => File.ReadLines(p).Count(l => l.Length > 1);
            }
        """));

    [Fact]
    public Task PreprocessorDirectivesInsideTheArgumentListAndBody() => Verify.VerifyCodeFixAsync(
        InClass("""
            int M(string p)
            {
                var n = 0;
        #if DEBUG
                n = -1;
        #endif
                foreach (var line in {|IOP003:File.ReadAllLines(p
        #if NET
                    , Encoding.UTF8
        #endif
                    )|})
                    n++;
                return n;
            }
        """),
        InClass("""
            int M(string p)
            {
                var n = 0;
        #if DEBUG
                n = -1;
        #endif
                foreach (var line in File.ReadLines(p
        #if NET
                    , Encoding.UTF8
        #endif
                    ))
                    n++;
                return n;
            }
        """));

    [Fact]
    public Task UsingDeclarationsAroundTheLoopDoNotMatter() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string p, string log)
            {
                using var writer = new StreamWriter(log);
                foreach (var line in {|IOP003:File.ReadAllLines(p)|})
                    writer.WriteLine(line);
            }
        """),
        InClass("""
            void M(string p, string log)
            {
                using var writer = new StreamWriter(log);
                foreach (var line in File.ReadLines(p))
                    writer.WriteLine(line);
            }
        """));

    [Fact]
    public Task WriterOpenedOnTheSamePathAroundTheLoop_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        InClass("""
            void M(string p)
            {
                var lines = File.ReadAllLines(p);
                using var writer = new StreamWriter(p);
                foreach (var line in lines)
                    writer.WriteLine(line.ToUpperInvariant());
            }
        """));

    [Fact]
    public Task FixAllFixesEveryOccurrence() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string a, string b)
            {
                foreach (var line in {|IOP003:File.ReadAllLines(a)|}) Console.WriteLine(line);
                Console.WriteLine({|IOP003:File.ReadAllLines(b)|}.Count());
            }
        """),
        InClass("""
            void M(string a, string b)
            {
                foreach (var line in File.ReadLines(a)) Console.WriteLine(line);
                Console.WriteLine(File.ReadLines(b).Count());
            }
        """));

    // ---- Async code: never a synchronous read, await foreach over ReadLinesAsync ------------------------------

    [Fact]
    public Task AwaitReadAllLinesAsyncInForEach_BecomesAwaitForEach() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task M(string p, CancellationToken ct)
            {
                // the lines
                foreach (var line in await {|IOP003:File.ReadAllLinesAsync(p, Encoding.UTF8, ct)|})
                {
                    Console.WriteLine(line);
                }
            }
        """),
        InClass("""
            async Task M(string p, CancellationToken ct)
            {
                // the lines
                await foreach (var line in File.ReadLinesAsync(p, Encoding.UTF8, ct))
                {
                    Console.WriteLine(line);
                }
            }
        """));

    [Fact]
    public Task AwaitReadAllLinesAsyncThroughLocal_ExplicitType() => Verify.VerifyCodeFixAsync(
        """
        using System;
        using System.IO;
        using System.Threading.Tasks;
        class C
        {
            async Task M(string p)
            {
                string[] lines = await {|IOP003:File.ReadAllLinesAsync(p)|};
                foreach (var line in lines) Console.WriteLine(line);
            }
        }
        """,
        """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Threading.Tasks;
        class C
        {
            async Task M(string p)
            {
                IAsyncEnumerable<string> lines = File.ReadLinesAsync(p);
                await foreach (var line in lines) Console.WriteLine(line);
            }
        }
        """);

    /// <summary>
    /// In an async method the only fix is <c>await foreach</c> over <c>File.ReadLinesAsync</c> (.NET 7 and later). In a
    /// file also compiled for netstandard2.0 it is offered when the loop's header can go under #if NET7_0_OR_GREATER
    /// (the read is the foreach's own) and withheld when the targets cannot be told apart or the lines go through a
    /// local first; the synchronous fix (<c>File.ReadLines</c>, in every target) is offered as usual.
    /// </summary>
    [Theory]
    [InlineData(true, false, new[] { TestFramework.Net80, TestFramework.Net100 }, true, 1)]
    [InlineData(true, false, new[] { TestFramework.Net80, TestFramework.NetStandard20 }, true, 1)]
    [InlineData(true, false, new[] { TestFramework.Net80, TestFramework.NetStandard20 }, false, 0)]
    [InlineData(true, true, new[] { TestFramework.Net80, TestFramework.NetStandard20 }, true, 0)]
    [InlineData(false, false, new[] { TestFramework.Net80, TestFramework.NetStandard20 }, true, 1)]
    public async Task MultiTargeted_AsyncFixWhereTheLoopHeaderCanBeSplit(bool inAsyncMethod, bool throughLocal, TestFramework[] targets, bool targetSymbols, int expectedActions)
    {
        var document = TestWorkspace.CreateLinkedDocuments(MultiTargetSource(inAsyncMethod, throughLocal), targets, targetSymbols);
        var diagnostic = await SingleDiagnosticAsync(document);

        var actions = await AnalyzerCatalog.GetActionsAsync(new LinesMaterializedForSinglePassFix(), document, diagnostic);
        Assert.Equal(expectedActions, actions.Count);
    }

    /// <summary>The split a library author writes by hand: the loop's header twice, the body once; both targets compile.</summary>
    [Fact]
    public async Task MultiTargeted_AwaitForEachHeaderUnderIf_OriginalUnderElse_CompilesForEveryTarget()
    {
        TestFramework[] targets = { TestFramework.Net80, TestFramework.NetStandard20 };
        var document = TestWorkspace.CreateLinkedDocuments(MultiTargetSource(inAsyncMethod: true, throughLocal: false), targets);
        var diagnostic = await SingleDiagnosticAsync(document);
        var action = (await AnalyzerCatalog.GetActionsAsync(new LinesMaterializedForSinglePassFix(), document, diagnostic)).Single();
        var operations = await action.GetOperationsAsync(CancellationToken.None);
        var fixedText = (await operations.OfType<Microsoft.CodeAnalysis.CodeActions.ApplyChangesOperation>().Single()
            .ChangedSolution.GetDocument(document.Id)!.GetTextAsync()).ToString();

        Assert.Equal("""
            using System;
            using System.IO;
            using System.Threading.Tasks;
            class C
            {
                async Task M(string p)
                {
            #if NET7_0_OR_GREATER
                    await foreach (var line in File.ReadLinesAsync(p))
            #else
                    foreach (var line in File.ReadAllLines(p))
            #endif
                    {
                        Console.WriteLine(line);
                    }

                    await Task.Yield();
                }
            }
            """, fixedText);
        foreach (var target in targets)
        {
            var compilation = (await TestWorkspace.CreateLinkedDocuments(fixedText, new[] { target }).Project.GetCompilationAsync())!;
            Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == Microsoft.CodeAnalysis.DiagnosticSeverity.Error));
        }
    }

    /// <summary>Directives need lines of their own: a loop sharing its line with other code gets no split (found in review).</summary>
    [Fact]
    public async Task MultiTargeted_LoopSharingALine_NoFix()
    {
        const string source = """
            using System;
            using System.IO;
            using System.Threading.Tasks;
            class C
            {
                async Task F(string p) { await Task.Yield(); foreach (var line in File.ReadAllLines(p)) Console.WriteLine(line); }
            }
            """;
        var document = TestWorkspace.CreateLinkedDocuments(source, new[] { TestFramework.Net80, TestFramework.NetStandard20 });

        Assert.Empty(await AnalyzerCatalog.GetActionsAsync(new LinesMaterializedForSinglePassFix(), document, await SingleDiagnosticAsync(document)));
    }

    private static string MultiTargetSource(bool inAsyncMethod, bool throughLocal) => $$"""
        using System;
        using System.IO;
        using System.Threading.Tasks;
        class C
        {
            {{(inAsyncMethod ? "async Task" : "void")}} M(string p)
            {{{(throughLocal ? "\n        var lines = File.ReadAllLines(p);" : "")}}
                foreach (var line in {{(throughLocal ? "lines" : "File.ReadAllLines(p)")}})
                {
                    Console.WriteLine(line);
                }

                {{(inAsyncMethod ? "await Task.Yield();" : "")}}
            }
        }
        """;

    private static async Task<Microsoft.CodeAnalysis.Diagnostic> SingleDiagnosticAsync(Microsoft.CodeAnalysis.Document document)
    {
        var compilation = (await document.Project.GetCompilationAsync())!;
        return Assert.Single(await compilation
            .WithAnalyzers(System.Collections.Immutable.ImmutableArray.Create<DiagnosticAnalyzer>(new LinesMaterializedForSinglePassAnalyzer()))
            .GetAnalyzerDiagnosticsAsync());
    }

    [Fact]
    public Task AwaitWithConfigureAwait_KeepsIt() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task M(string p)
            {
                foreach (var line in await {|IOP003:File.ReadAllLinesAsync(p)|}.ConfigureAwait(false)) Console.WriteLine(line);
            }
        """),
        InClass("""
            async Task M(string p)
            {
                await foreach (var line in File.ReadLinesAsync(p).ConfigureAwait(false)) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task SyncReadAllLinesInAsyncMethod_BecomesAwaitForEach() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task M(string p)
            {
                await Task.Yield();
                foreach (var line in {|IOP003:File.ReadAllLines(p)|}) Console.WriteLine(line);
            }
        """),
        InClass("""
            async Task M(string p)
            {
                await Task.Yield();
                await foreach (var line in File.ReadLinesAsync(p)) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task AsyncLambdaIsAsyncContext() => Verify.VerifyCodeFixAsync(
        InClass("""
            Func<string, Task> f = async p =>
            {
                foreach (var line in await {|IOP003:File.ReadAllLinesAsync(p)|}) Console.WriteLine(line);
            };
        """),
        InClass("""
            Func<string, Task> f = async p =>
            {
                await foreach (var line in File.ReadLinesAsync(p)) Console.WriteLine(line);
            };
        """));

    [Theory]
    [InlineData("Console.WriteLine((await File.ReadAllLinesAsync(p)).Count());")]                  // no sync fix in async code
    [InlineData("Console.WriteLine(File.ReadAllLines(p).Count());")]                                // would need IAsyncEnumerable LINQ
    [InlineData("lock (Gate) { foreach (var l in File.ReadAllLines(p)) Console.WriteLine(l); }")]  // no await inside lock
    [InlineData("foreach (var l in File.ReadAllText(p).Split('\\n')) Console.WriteLine(l);")]
    public Task AsyncContext_NoFixableForm_NoDiagnostic(string statement) => Verify.VerifyAnalyzerAsync(
        InClass($$"""
            static readonly object Gate = new object();
            async Task M(string p)
            {
                await Task.Yield();
                {{statement}}
            }
        """));

    [Fact]
    public Task AsyncMethod_WithoutReadLinesAsync_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        """
        using System;
        using System.IO;
        using System.Threading.Tasks;
        class C
        {
            async Task M(string p)
            {
                await Task.Yield();
                foreach (var line in File.ReadAllLines(p)) Console.WriteLine(line);
            }
        }
        """,
        TestFramework.NetStandard20);

    // ---- ReadAllText(...).Split(newline) ----------------------------------------------------------------------

    [Theory]
    [InlineData("File.ReadAllText(p).Split('\\n')")]
    [InlineData("File.ReadAllText(p).Split(\"\\r\\n\")")]
    [InlineData("File.ReadAllText(p).Split(Environment.NewLine)")]
    [InlineData("File.ReadAllText(p).Split(new[] { \"\\r\\n\", \"\\n\" }, StringSplitOptions.None)")]
    [InlineData("File.ReadAllText(p).Split(new[] { '\\n' }, StringSplitOptions.RemoveEmptyEntries)")]
    public Task SplitOnNewLine_IsReported_WithoutFixWhenResultsCouldDiffer(string split) =>
        Verify.VerifyCodeFixAsync(
            InClass($$"""
                void M(string p)
                {
                    foreach (var line in {|IOP003:{{split}}|}) Console.WriteLine(line);
                }
            """),
            InClass($$"""
                void M(string p)
                {
                    foreach (var line in {|IOP003:{{split}}|}) Console.WriteLine(line);
                }
            """));

    [Theory]
    [InlineData("new[] { '\\r', '\\n' }, StringSplitOptions.RemoveEmptyEntries")]
    [InlineData("new[] { \"\\r\\n\", \"\\r\", \"\\n\" }, StringSplitOptions.RemoveEmptyEntries")]
    public Task SplitOnBothLineEndsRemovingEmpty_IsFixedWithFilter(string arguments) => Verify.VerifyCodeFixAsync(
        """
        using System;
        using System.IO;
        class C
        {
            void M(string p)
            {
                foreach (var line in {|IOP003:File.ReadAllText(p).Split(ARGS)|}) Console.WriteLine(line);
            }
        }
        """.Replace("ARGS", arguments),
        """
        using System;
        using System.IO;
        using System.Linq;
        class C
        {
            void M(string p)
            {
                foreach (var line in File.ReadLines(p).Where(line => line.Length != 0)) Console.WriteLine(line);
            }
        }
        """);

    [Theory]
    [InlineData("File.ReadAllText(p).Split(',')")]                       // not a line split
    [InlineData("File.ReadAllText(p).Split('\\n', 3)")]                  // a count caps the pieces
    [InlineData("File.ReadAllText(p).Split()")]                          // whitespace
    [InlineData("p.Split('\\n')")]                                        // not a file
    public Task SplitThatIsNotALineSplitOfAFile_NoDiagnostic(string split) => Verify.VerifyAnalyzerAsync(
        InClass($$"""
            void M(string p)
            {
                foreach (var line in {{split}}) Console.WriteLine(line);
            }
        """));

    // ---- reader.ReadToEnd().Split(newline): reported on any TextReader, without a fix --------------------------

    [Theory]
    [InlineData("new StreamReader(p)", "reader.ReadToEnd().Split('\\n')")]
    [InlineData("new StreamReader(p)", "reader.ReadToEnd().Split(new[] { '\\r', '\\n' }, StringSplitOptions.RemoveEmptyEntries)")]
    [InlineData("File.OpenText(p)", "reader.ReadToEnd().Split(Environment.NewLine).Where(l => l.Length > 0)")]
    [InlineData("new StringReader(p)", "reader.ReadToEnd().Split(\"\\r\\n\")")]
    public Task ReaderReadToEndSplitOnNewLine_IsReported_WithoutFix(string open, string split)
    {
        var source = InClass($$"""
                void M(string p)
                {
                    using TextReader reader = {{open}};
                    foreach (var line in {|IOP003:{{split.Split(".Where")[0]}}|}{{(split.Contains(".Where") ? ".Where" + split.Split(".Where")[1] : "")}}) Console.WriteLine(line);
                }
            """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task ReaderSplit_MessageAdvisesReadLine()
    {
        var test = Verify.Create(InClass("""
            void M(StreamReader reader)
            {
                foreach (var line in {|#0:reader.ReadToEnd().Split('\n')|}) Console.WriteLine(line);
            }
        """));
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.LinesMaterializedForSinglePass).WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithMessage("ReadToEnd().Split holds every line in memory although its result is enumerated only once; read the lines one at a time with ReadLine"));
        return test.RunAsync();
    }

    [Theory]
    [InlineData("var lines = reader.ReadToEnd().Split('\\n'); Console.WriteLine(lines[0] + lines.Length);")] // indexed: needs the array
    [InlineData("foreach (var l in reader.ReadToEnd().Split(',')) Console.WriteLine(l);")]                 // not a line split
    [InlineData("foreach (var l in reader.ReadToEnd().Split('\\n', 2)) Console.WriteLine(l);")]           // a count caps the pieces
    [InlineData("foreach (var l in new Source().ReadToEnd().Split('\\n')) Console.WriteLine(l);")]        // not a TextReader
    public Task ReaderSplitThatIsNotASinglePassLineSplit_NoDiagnostic(string statement) => Verify.VerifyAnalyzerAsync(
        InClass($$"""
            class Source { public string ReadToEnd() => ""; }
            void M(StreamReader reader)
            {
                {{statement}}
            }
        """));

    [Fact]
    public Task ReaderSplitInAsyncMethod_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        InClass("""
            async System.Threading.Tasks.Task M(StreamReader reader)
            {
                await System.Threading.Tasks.Task.Yield();
                foreach (var line in reader.ReadToEnd().Split('\n')) Console.WriteLine(line);
            }
        """));

    // ---- Negatives: the array is needed as an array, or used more than once ----------------------------------

    [Theory]
    [InlineData("var lines = File.ReadAllLines(p); Console.WriteLine(lines[0]);")]
    [InlineData("var lines = File.ReadAllLines(p); Console.WriteLine(lines.Length);")]
    [InlineData("var lines = File.ReadAllLines(p); Array.Sort(lines);")]
    [InlineData("var lines = File.ReadAllLines(p); foreach (var l in lines) { } foreach (var l in lines) { }")]
    [InlineData("var lines = File.ReadAllLines(p); Console.WriteLine(lines.Count() + lines.First().Length);")]
    [InlineData("var lines = File.ReadAllLines(p); Store = lines;")]
    [InlineData("Store = File.ReadAllLines(p);")]
    [InlineData("Consume(File.ReadAllLines(p));")]
    [InlineData("ConsumeSequence(File.ReadAllLines(p));")]
    [InlineData("var lines = File.ReadAllLines(p); ByRef(ref lines);")]
    [InlineData("var lines = File.ReadAllLines(p); lines = new string[0]; foreach (var l in lines) { }")]
    [InlineData("var lines = File.ReadAllLines(p); for (int i = 0; i < 3; i++) foreach (var l in lines) { }")]
    [InlineData("var lines = File.ReadAllLines(p); Action a = () => { foreach (var l in lines) { } };")]
    [InlineData("var lines = File.ReadAllLines(p); var copy = lines; foreach (var l in copy) { }")]
    [InlineData("Console.WriteLine(string.Join(\",\", File.ReadAllLines(p), 1, 2));")]
    [InlineData("var q = File.ReadAllLines(p).Where(l => l.Length > 0); Console.WriteLine(q.Count() + q.Count());")]
    [InlineData("string[] a = File.ReadAllLines(p), b = a; foreach (var l in a) { }")]
    [InlineData("File.ReadAllLines(p);")]
    public Task ArrayUsedAsArrayOrMoreThanOnce_NoDiagnostic(string statements) => Verify.VerifyAnalyzerAsync(
        InClass($$"""
            string[]? Store;
            static void Consume(string[] lines) { }
            static void ConsumeSequence(IEnumerable<string> lines) { }
            static void ByRef(ref string[] lines) { }
            void M(string p)
            {
                {{statements}}
            }
        """));

    [Fact]
    public Task ReturnedArray_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        InClass("""
            string[] M(string p) => File.ReadAllLines(p);
            IEnumerable<string> N(string p) { var lines = File.ReadAllLines(p); return lines; }
            IEnumerable<string> O(string p) => File.ReadAllLines(p).Where(l => l.Length > 0);
        """));

    [Theory]
    [InlineData("File.WriteAllText(p, line);")]
    [InlineData("File.AppendAllText(p, line);")]
    [InlineData("File.Delete(p);")]
    [InlineData("File.Move(p, p + \".bak\");")]
    [InlineData("using (var s = File.OpenWrite(p)) { }")]
    [InlineData("using (var w = new StreamWriter(p)) { }")]
    [InlineData("File.Copy(\"other\", p, true);")]
    [InlineData("if (line.Length > 0) { try { } finally { if (line == \"x\") { File.Delete(p); } } }")]
    [InlineData("Action delete = () => File.Delete(p); delete();")]
    public Task LoopBodyTouchesTheSameFile_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(
        InClass($$"""
            void M(string p)
            {
                foreach (var line in File.ReadAllLines(p))
                {
                    {{body}}
                }
            }
        """));

    /// <summary>
    /// A <c>yield return</c> inside the loop hands control to the iterator's caller while the file would be open, and the
    /// caller's code is not in view (stride's <c>Project.GetDependencies</c>): silent, as IOP007 is. A yield after the loop
    /// runs once the lines are all read.
    /// </summary>
    [Theory]
    [InlineData("foreach (var line in File.ReadAllLines(p)) { if (line.Length > 0) yield return line.Trim(); }")]
    [InlineData("var lines = File.ReadAllLines(p); foreach (var line in lines) yield return line;")]
    [InlineData("var count = 0; foreach (var line in {|IOP003:File.ReadAllLines(p)|}) count += line.Length; yield return count.ToString();")] // after the loop: reported
    public Task YieldReturnWhileTheLinesAreRead_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(
        InClass($$"""
            IEnumerable<string> M(string p)
            {
                {{body}}
            }
        """));

    [Fact]
    public Task TopLevelStatements_OnlyTheReadToLoopRangeIsSearched()
    {
        // A file of top-level statements is one operation tree: the search for writes to the same file must find the
        // nested one in the second loop and must not count the writes before the first read or after both loops.
        const string source = """
            using System;
            using System.IO;

            File.WriteAllText(args[0], "written before the read");
            foreach (var line in {|IOP003:File.ReadAllLines(args[0])|})
            {
                Console.WriteLine(line);
            }

            foreach (var line in File.ReadAllLines(args[1]))
            {
                if (line.Length > 0)
                {
                    Action append = () => File.AppendAllText(args[1], line);
                    append();
                }
            }

            File.Delete(args[0]);
            """;
        var test = Verify.Create(source);
        test.TestState.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        test.FixedCode = source.Replace("{|IOP003:File.ReadAllLines(args[0])|}", "File.ReadLines(args[0])");
        return test.RunAsync();
    }

    // The second use of a local is searched for from its declaration to the end of its block only: these put the
    // second use as far away as the language allows.
    [Fact]
    public Task LocalUsedAgainAtTheEndOfTopLevelStatements_NoDiagnostic()
    {
        var test = Verify.Create("""
            using System;
            using System.IO;

            var lines = File.ReadAllLines(args[0]);
            foreach (var line in lines)
            {
                Console.WriteLine(line);
            }

            Report();
            Console.WriteLine(lines.Length);

            static void Report() => Console.WriteLine("done");
            """);
        test.TestState.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    [Fact]
    public Task LocalAssignedInALaterSwitchSection_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        InClass("""
            void M(string p, int mode)
            {
                switch (mode)
                {
                    case 1:
                        var lines = File.ReadAllLines(p);
                        foreach (var line in lines) Console.WriteLine(line);
                        break;
                    case 2:
                        lines = new[] { "reused in another section" };
                        Console.WriteLine(lines[0]);
                        break;
                }
            }
        """));

    [Fact]
    public Task SameConstantPathWrittenBetweenReadAndLoop_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        InClass("""
            const string Path = "data.txt";
            void M()
            {
                var lines = File.ReadAllLines("data.txt");
                File.WriteAllText(Path, "");
                foreach (var line in lines) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task OtherFileWrittenInLoop_IsReported() => Verify.VerifyAnalyzerAsync(
        InClass("""
            void M(string input, string output)
            {
                foreach (var line in {|IOP003:File.ReadAllLines(input)|})
                    File.AppendAllText(output, line);
                File.WriteAllText(input, "");
            }
        """));

    [Fact]
    public Task ExpressionTree_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        InClass("""
            System.Linq.Expressions.Expression<Func<string, int>> e = p => File.ReadAllLines(p).Count();
        """));

    [Fact]
    public Task GeneratedCode_NoDiagnostic()
    {
        var test = Verify.Create(string.Empty);
        test.TestState.Sources.Clear();
        test.TestState.Sources.Add(("Generated.g.cs", """
            using System.IO;
            using System.Linq;
            class G { int M(string p) => File.ReadAllLines(p).Count(); }
            """));
        test.TestState.Sources.Add(("Attributed.cs", """
            using System.IO;
            using System.Linq;
            [System.CodeDom.Compiler.GeneratedCode("tool", "1.0")]
            class H { int M(string p) => File.ReadAllLines(p).Count(); }
            """));
        return test.RunAsync();
    }

    [Fact]
    public Task UserTypeNamedFile_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        """
        using System.Linq;
        static class File { public static string[] ReadAllLines(string p) => new[] { p }; }
        class C { int M(string p) => File.ReadAllLines(p).Count(); }
        """);

    [Fact]
    public Task NetStandard20_SyncFormIsReported() => Verify.VerifyCodeFixAsync(
        InClass("""
            int M(string p) => {|IOP003:File.ReadAllLines(p)|}.Count();
        """),
        InClass("""
            int M(string p) => File.ReadLines(p).Count();
        """),
        TestFramework.NetStandard20);

    [Fact]
    public Task Net100_Works() => Verify.VerifyCodeFixAsync(
        InClass("""
            int M(string p) => {|IOP003:File.ReadAllLines(p)|}.Count();
        """),
        InClass("""
            int M(string p) => File.ReadLines(p).Count();
        """),
        TestFramework.Net100);

    // ---- Incomplete code, as typed in the IDE: neither the analyzer nor the fix throws -------------------------------------

    [Theory]
    [InlineData("foreach (var line in File.ReadAllLines(")]
    [InlineData("foreach (var line in File.ReadAllLines()) { }")]
    [InlineData("var lines = File.ReadAllLines(p")]
    [InlineData("foreach (var line in File.ReadAllText(p).Split(")]
    [InlineData("foreach (var line in await File.ReadAllLinesAsync(p)")]
    [InlineData("foreach (var line in File.ReadAllLines(p)) {")]
    [InlineData("var lines = File.ReadAllLines(p); foreach (var l in lines")]
    [InlineData("File.ReadAllLines(p).")]
    public Task IncompleteCode_DoesNotThrow(string statement) => Robustness.AssertNoExceptionsAsync(
        new LinesMaterializedForSinglePassAnalyzer(),
        new LinesMaterializedForSinglePassFix(),
        InClass($$"""
            async Task M(string p)
            {
                {{statement}}
            }
        """));
}
