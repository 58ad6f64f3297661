using System.Collections.Immutable;
using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext;
using IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextFix>;

namespace IoPerf.Analyzers.Tests.IOP005.AwaitedReadInLoopOnCapturedContext;

public sealed class AwaitedReadInLoopOnCapturedContextTests
{
    private static string InClass(string members, string declaration = "public class Reader", string extra = "") => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Threading.Tasks;

        {{declaration}}
        {
        {{members}}
        }
        {{extra}}
        """;

    private const string LoopOverFiles = """
            public async Task<long> TotalAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    total += (await reader.ReadToEndAsync()).Length;
                }

                return total;
            }
        """;

    private static readonly string LoopOverFilesFlagged = LoopOverFiles.Replace("await reader.ReadToEndAsync()", "{|IOP005:await reader.ReadToEndAsync()|}");

    private static readonly string LoopOverFilesConfigured = LoopOverFiles.Replace("await reader.ReadToEndAsync()", "await reader.ReadToEndAsync().ConfigureAwait(false)");

    private const string WinForms = """
        namespace System.Windows.Forms
        {
            public class Control { public string Text { get; set; } = ""; }
            public class Form : Control { }
            public class Label : Control { }
        }
        """;

    private static Verify.Test App(string source, string fixedSource = "")
    {
        var test = Verify.Create(source);
        test.TestState.OutputKind = OutputKind.ConsoleApplication;
        if (fixedSource.Length > 0)
        {
            test.FixedCode = fixedSource;
        }

        return test;
    }

    private static string WithMain(string source) => source + "\nstatic class EntryPoint { static void Main() { } }\n";

    // ---- Libraries: the caller's context is captured --------------------------------------------------------------

    [Fact]
    public Task Library_ReadToEndAsyncInForEach_GetsConfigureAwait() => Verify.VerifyCodeFixAsync(
        InClass(LoopOverFilesFlagged),
        InClass(LoopOverFilesConfigured));

    [Fact]
    public Task Library_SecondFix_MovesTheLoopToTheThreadPool()
    {
        var test = Verify.Create(InClass(LoopOverFilesFlagged));
        test.CodeActionIndex = 1;
        test.CodeActionEquivalenceKey = nameof(Resources.IOP005_ThreadPoolCodeFixTitle);
        test.FixedCode = InClass("""
            public async Task<long> TotalAsync(string[] paths)
            {
                long total = 0;
                await Task.Run(async () =>
                {
                    foreach (var path in paths)
                    {
                        using var reader = new StreamReader(path);
                        total += (await reader.ReadToEndAsync()).Length;
                    }
                });

                return total;
            }
        """);
        return test.RunAsync();
    }

    [Fact]
    public Task ManyAwaitsInOneLoop_OneDiagnosticCountingThem_AllConfigured()
    {
        var test = Verify.Create(InClass("""
            public async Task CopyAsync(Stream source, Stream target, byte[] buffer)
            {
                int read;
                while ((read = {|#0:await source.ReadAsync(buffer.AsMemory())|}) > 0)
                {
                    await source.ReadExactlyAsync(buffer.AsMemory(0, 1));
                    await File.ReadAllBytesAsync("x");
                    await target.WriteAsync(buffer.AsMemory(0, read));
                }
            }
        """));
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.AwaitedReadInLoopOnCapturedContext).WithLocation(0).WithSeverity(DiagnosticSeverity.Hidden).WithMessage("3 awaited reads in this loop resume on the captured SynchronizationContext each time they wait for data; add ConfigureAwait(false) or run the loop on the thread pool"));
        test.FixedCode = InClass("""
            public async Task CopyAsync(Stream source, Stream target, byte[] buffer)
            {
                int read;
                while ((read = await source.ReadAsync(buffer.AsMemory()).ConfigureAwait(false)) > 0)
                {
                    await source.ReadExactlyAsync(buffer.AsMemory(0, 1)).ConfigureAwait(false);
                    await File.ReadAllBytesAsync("x").ConfigureAwait(false);
                    await target.WriteAsync(buffer.AsMemory(0, read));
                }
            }
        """);
        return test.RunAsync();
    }

    [Fact]
    public Task NestedLoops_OneDiagnosticOnTheOutermost() => Verify.VerifyCodeFixAsync(
        InClass("""
            public async Task<int> CountAsync(string[][] groups)
            {
                var n = 0;
                foreach (var group in groups)
                {
                    for (var i = 0; i < group.Length; i++)
                    {
                        n += (await File.ReadAllTextAsync(group[i])).Length;
                    }

                    using var reader = File.OpenText(group[0]);
                    while (await reader.ReadLineAsync() is { } line)
                    {
                        n += line.Length;
                    }
                }

                return n;
            }
        """.Replace("(await File.ReadAllTextAsync(group[i]))", "({|IOP005:await File.ReadAllTextAsync(group[i])|})")),
        InClass("""
            public async Task<int> CountAsync(string[][] groups)
            {
                var n = 0;
                foreach (var group in groups)
                {
                    for (var i = 0; i < group.Length; i++)
                    {
                        n += (await File.ReadAllTextAsync(group[i]).ConfigureAwait(false)).Length;
                    }

                    using var reader = File.OpenText(group[0]);
                    while (await reader.ReadLineAsync().ConfigureAwait(false) is { } line)
                    {
                        n += line.Length;
                    }
                }

                return n;
            }
        """));

    [Fact]
    public Task AwaitForEachOverReadLinesAsync_GetsTheConfiguredForm() => Verify.VerifyCodeFixAsync(
        """
        using System.IO;

        public class Reader
        {
            public async System.Threading.Tasks.Task<int> CountAsync(string path)
            {
                var n = 0;
                await foreach (var line in {|IOP005:File.ReadLinesAsync(path)|})
                {
                    n += line.Length;
                }

                return n;
            }
        }
        """,
        """
        using System.IO;
        using System.Threading.Tasks;

        public class Reader
        {
            public async System.Threading.Tasks.Task<int> CountAsync(string path)
            {
                var n = 0;
                await foreach (var line in File.ReadLinesAsync(path).ConfigureAwait(false))
                {
                    n += line.Length;
                }

                return n;
            }
        }
        """);

    [Fact]
    public Task AwaitUsingInTheLoop_IsKept_AndItsReadsConfigured() => Verify.VerifyCodeFixAsync(
        InClass("""
            public async Task<long> SumAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    await using var stream = File.OpenRead(path);
                    var buffer = new byte[16];
                    total += {|IOP005:await stream.ReadAsync(buffer)|};
                }

                return total;
            }
        """),
        InClass("""
            public async Task<long> SumAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    await using var stream = File.OpenRead(path);
                    var buffer = new byte[16];
                    total += await stream.ReadAsync(buffer).ConfigureAwait(false);
                }

                return total;
            }
        """));

    [Fact]
    public Task NetStandard20_StreamReaderReads() => Verify.VerifyCodeFixAsync(
        InClass("""
            public async Task<int> LinesAsync(StreamReader reader)
            {
                var n = 0;
                while ({|IOP005:await reader.ReadLineAsync()|} != null) n++;
                return n;
            }
        """),
        InClass("""
            public async Task<int> LinesAsync(StreamReader reader)
            {
                var n = 0;
                while (await reader.ReadLineAsync().ConfigureAwait(false) != null) n++;
                return n;
            }
        """),
        TestFramework.NetStandard20);

    /// <summary>
    /// Crash fuzzer, seed 20261124, variant 16998: a broken foreach after the loop made Roslyn's formatter fail an
    /// internal assertion on the fix's output. The diagnostic stays; the fix waits until the member parses.
    /// </summary>
    [Fact]
    public Task MemberThatDoesNotParse_NoFixOffered()
    {
        const string source = """
            using System;
            using System.IO;
            using System.Threading.Tasks;
            class C
            {
                public async Task<long> M(string[] paths, string text)
                {
                    long total = 0;
                    foreach (var p in paths) { using var r = new StreamReader(p); total += ({|IOP005:await r.ReadToEndAsync()|}).Length; }
                    foreach [(var c in text) Console.Write(c);
                    return total;
                }
            }
            """;
        var test = Verify.Create(source).WithEditorConfig("dotnet_diagnostic.IOP005.context = always");
        test.CompilerDiagnostics = Microsoft.CodeAnalysis.Testing.CompilerDiagnostics.None;
        test.FixedCode = source;
        return test.RunAsync();
    }

    // ---- Applications --------------------------------------------------------------------------------------------

    [Fact]
    public Task ConsoleApp_NoContext_NoDiagnostic() => App(WithMain(InClass(LoopOverFiles))).RunAsync();

    [Fact]
    public Task ConsoleApp_WithContextAlways_IsReported() =>
        App(WithMain(InClass(LoopOverFilesFlagged)), WithMain(InClass(LoopOverFilesConfigured)))
            .WithEditorConfig("dotnet_diagnostic.IOP005.context = always")
            .RunAsync();

    /// <summary>
    /// An app whose project says UseWPF/UseWindowsForms/UseMaui/UseWinUI, or references a UI framework package (the
    /// package makes them visible to analyzers), has a UI thread's context even where the UI assemblies did not resolve;
    /// "false", other values and an empty package list do not count.
    /// </summary>
    [Theory]
    [InlineData("build_property.usewpf = true")]
    [InlineData("build_property.usewindowsforms = True")]
    [InlineData("build_property.usemaui = true")]
    [InlineData("build_property.usewinui = true")]
    [InlineData("build_property.ioperfuiframeworkpackage = Avalonia")]
    [InlineData("build_property.IoPerfUiFrameworkPackage = Microsoft.WindowsAppSDK;Microsoft.Maui.Controls")]
    public Task AppDeclaringAUiFramework_IsReported(string buildProperty)
    {
        var test = App(WithMain(InClass(LoopOverFilesFlagged)), WithMain(InClass(LoopOverFilesConfigured)));
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\n" + buildProperty + "\n"));
        return test.RunAsync();
    }

    [Theory]
    [InlineData("build_property.usewpf = false")]
    [InlineData("build_property.usewindowsforms = ")]
    [InlineData("build_property.usemaui = false")]
    [InlineData("build_property.ioperfuiframeworkpackage = ")]
    [InlineData("build_property.ioperfuiframeworkpackage = false")]
    public Task AppNotDeclaringAUiFramework_NoDiagnostic(string buildProperty)
    {
        var test = App(WithMain(InClass(LoopOverFiles)));
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\n" + buildProperty + "\n"));
        return test.RunAsync();
    }

    [Fact]
    public Task WinFormsApp_CodeAfterTheLoopTouchesTheForm_OnlyTheThreadPoolFix() => App(
        WithMain(InClass("""
            public async Task LoadAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    total += (await reader.ReadToEndAsync()).Length;
                }

                Text = $"{total} characters";
            }
        """.Replace("await reader.ReadToEndAsync()", "{|IOP005:await reader.ReadToEndAsync()|}"), "public class MainForm : System.Windows.Forms.Form", WinForms)),
        WithMain(InClass("""
            public async Task LoadAsync(string[] paths)
            {
                long total = 0;
                await Task.Run(async () =>
                {
                    foreach (var path in paths)
                    {
                        using var reader = new StreamReader(path);
                        total += (await reader.ReadToEndAsync()).Length;
                    }
                });

                Text = $"{total} characters";
            }
        """, "public class MainForm : System.Windows.Forms.Form", WinForms))).RunAsync();

    [Fact]
    public Task WinFormsApp_LoopBodyUpdatesALabel_ReportedWithoutFix()
    {
        var source = WithMain(InClass("""
            private readonly System.Windows.Forms.Label _status = new();

            public async Task LoadAsync(string[] paths)
            {
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    _status.Text = (await reader.ReadToEndAsync()).Length.ToString();
                }
            }
        """.Replace("await reader.ReadToEndAsync()", "{|IOP005:await reader.ReadToEndAsync()|}"), "public class Loader", WinForms));
        return App(source, source).RunAsync();
    }

    // Found in the corpus run (ShareX.HelpersLib FileDownloader): a download loop raises a progress event after each
    // read; its handlers update the UI, so neither ConfigureAwait(false) nor the thread pool keeps the behaviour.
    [Fact]
    public Task EventRaisedInTheLoop_ReportedWithoutFix()
    {
        var source = InClass("""
            public event Action? ProgressChanged;

            public async Task DownloadAsync(Stream source, Stream target, byte[] buffer)
            {
                int read;
                while ((read = {|IOP005:await source.ReadAsync(buffer, 0, buffer.Length)|}) > 0)
                {
                    await target.WriteAsync(buffer, 0, read);
                    ProgressChanged?.Invoke();
                }
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public async Task CallbackInvokedAfterTheLoop_OnlyTheThreadPoolFix()
    {
        var titles = await FixTitlesAsync(InClass("""
            public async Task<long> TotalAsync(string[] paths, Action<long> done)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    total += (await File.ReadAllTextAsync(path)).Length;
                }

                done(total);
                return total;
            }
        """));
        Assert.Equal(new[] { "Run the loop on the thread pool" }, titles);
    }

    [Fact]
    public Task WinFormsApp_NothingTouchesUi_BothFixes_FirstIsConfigureAwait() => App(
        WithMain(InClass(LoopOverFilesFlagged, "public class Loader", WinForms)),
        WithMain(InClass(LoopOverFilesConfigured, "public class Loader", WinForms))).RunAsync();

    [Fact]
    public async Task LoopWithReturn_OnlyConfigureAwaitIsOffered()
    {
        var titles = await FixTitlesAsync(InClass("""
            public async Task<string?> FindAsync(string[] paths, string needle)
            {
                foreach (var path in paths)
                {
                    var text = await File.ReadAllTextAsync(path);
                    if (text.Contains(needle)) return path;
                }

                return null;
            }
        """));
        Assert.Equal(new[] { "Add ConfigureAwait(false) to the reads in the loop" }, titles);
    }

    [Fact]
    public async Task StructInstanceMember_ThisCannotBeCaptured_OnlyConfigureAwaitIsOffered()
    {
        var titles = await FixTitlesAsync(InClass("""
            private int _bias;

            public async Task<int> M(string[] paths)
            {
                var n = 0;
                foreach (var path in paths)
                {
                    n += (await File.ReadAllTextAsync(path)).Length + _bias;
                }

                return n;
            }
        """, "public struct Counter"));
        Assert.Equal(new[] { "Add ConfigureAwait(false) to the reads in the loop" }, titles);
    }

    [Fact]
    public async Task ArrayParameterWrittenInTheLoop_CapturedByTheLambda_BothFixesOffered()
    {
        var titles = await FixTitlesAsync(InClass("""
            public static async Task<int> M(string[] paths, int[] counts)
            {
                var n = 0;
                foreach (var path in paths)
                {
                    n += (await File.ReadAllTextAsync(path)).Length;
                    counts[0]++;
                }

                return n;
            }
        """));
        Assert.Equal(new[] { "Add ConfigureAwait(false) to the reads in the loop", "Run the loop on the thread pool" }, titles);
    }

    // ---- Where the rule is silent ------------------------------------------------------------------------------

    [Fact]
    public Task AspNetCoreController_InALibrary_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass(
        LoopOverFiles,
        "public class FilesController : Microsoft.AspNetCore.Mvc.ControllerBase",
        "namespace Microsoft.AspNetCore.Mvc { public abstract class ControllerBase { } }"));

    [Fact]
    public Task TestMethod_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass(
        LoopOverFiles.Replace("public async Task<long> TotalAsync", "[Xunit.Fact] public async Task<long> TotalAsync"),
        extra: "namespace Xunit { public sealed class FactAttribute : System.Attribute { } }"));

    // Regression (corpus run, SharpZipLib test/.../ZipTests.cs:439): a helper on the base class of NUnit fixtures
    // awaited ReadAsync in a loop. A test project builds a library, but its code runs under the test runner, with no
    // UI context and no unknown caller: not reported, whichever way the project shows it is a test project.
    [Theory]
    [InlineData("nunit.framework", "Contoso.Zip.Tests")]
    [InlineData("xunit.core", "Contoso.Zip.Tests")]
    [InlineData("Microsoft.VisualStudio.TestPlatform.TestFramework", "Contoso.Zip.Tests")]
    [InlineData(null, "Contoso.Zip.Tests")]
    [InlineData(null, "Contoso.Zip.UnitTests")]
    [InlineData("nunit.framework", "TestProject")]
    [InlineData("Microsoft.VisualStudio.QualityTools.UnitTestFramework", "ZlibTest")] // MSTest v1 in an old-style project
    public Task TestProjectHelper_NoDiagnostic(string? testFrameworkAssembly, string assemblyName) =>
        InTestProject(Verify.Create(InClass(LoopOverFiles)), testFrameworkAssembly, assemblyName).RunAsync();

    [Fact]
    public Task TestProjectHelper_WithContextAlways_IsReported()
    {
        var test = InTestProject(Verify.Create(InClass(LoopOverFilesFlagged)), "nunit.framework", "Contoso.Zip.Tests")
            .WithEditorConfig("dotnet_diagnostic.IOP005.context = always");
        test.FixedCode = InClass(LoopOverFilesConfigured);
        return test.RunAsync();
    }

    [Theory]
    [InlineData("Contoso.Testing")] // a library of test helpers for others: its callers may have a context
    [InlineData("Contoso.Tests.Abstractions")]
    public Task LibraryNamedLikeTests_IsReported(string assemblyName)
    {
        var test = InTestProject(Verify.Create(InClass(LoopOverFilesFlagged)), testFrameworkAssembly: null, assemblyName);
        test.FixedCode = InClass(LoopOverFilesConfigured);
        return test.RunAsync();
    }

    /// <summary>Names the project's assembly and, when given, references an assembly named like a test framework's.</summary>
    private static Verify.Test InTestProject(Verify.Test test, string? testFrameworkAssembly, string assemblyName)
    {
        test.SolutionTransforms.Add((solution, projectId) =>
        {
            solution = solution.WithProjectAssemblyName(projectId, assemblyName);
            if (testFrameworkAssembly is null)
            {
                return solution;
            }

            var framework = CSharpCompilation.Create(
                testFrameworkAssembly,
                new[] { CSharpSyntaxTree.ParseText("namespace TestFramework { public sealed class TestAttribute : System.Attribute { } }") },
                Basic.Reference.Assemblies.Net80.References.All,
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
            using var image = new System.IO.MemoryStream();
            Assert.True(framework.Emit(image).Success);
            return solution.AddMetadataReference(projectId, MetadataReference.CreateFromImage(image.ToArray()));
        });
        return test;
    }

    [Theory]
    [InlineData("dotnet_diagnostic.CA2007.severity = warning")]
    [InlineData("dotnet_diagnostic.MA0004.severity = error")]
    [InlineData("dotnet_diagnostic.VSTHRD111.severity = suggestion")]
    [InlineData("roslynator_configure_await = false")]
    [InlineData("dotnet_diagnostic.IOP005.severity = none")]
    public Task CoveredByAnotherRuleOrSetting_NoDiagnostic(string line) =>
        Verify.Create(InClass(LoopOverFiles)).WithEditorConfig(line).RunAsync();

    [Theory]
    [InlineData("dotnet_diagnostic.CA2007.severity = none")]
    [InlineData("roslynator_configure_await = true")]
    [InlineData("dotnet_diagnostic.IOP005.context = nonsense")]
    public Task OtherSettings_StillReported(string line)
    {
        var test = Verify.Create(InClass(LoopOverFilesFlagged)).WithEditorConfig(line);
        test.FixedCode = InClass(LoopOverFilesConfigured);
        return test.RunAsync();
    }

    [Theory]
    [InlineData("total += (await reader.ReadToEndAsync().ConfigureAwait(false)).Length;")]
    [InlineData("total += (await reader.ReadToEndAsync().ConfigureAwait(true)).Length;")]
    [InlineData("total += (await Task.Run(() => reader.ReadToEnd())).Length;")]
    [InlineData("total += (await Task.Delay(1).ContinueWith(_ => 1));")]
    [InlineData("Func<Task<string>> read = async () => await reader.ReadToEndAsync(); total += read.Method.Name.Length;")]
    [InlineData("total += reader.ReadToEndAsync().Result.Length;")]
    [InlineData("var task = reader.ReadToEndAsync(); total += task.IsCompleted ? 1 : 0;")]
    public Task NotAContextHopPerIteration_NoDiagnostic(string statement) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public async Task<long> TotalAsync(string[] paths)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    {{statement}}
                }

                await Task.Yield();
                return total;
            }
        """));

    [Fact]
    public Task LoopAlreadyOnTheThreadPool_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            public Task<long> TotalAsync(string[] paths) => Task.Run(async () =>
            {
                long total = 0;
                foreach (var path in paths)
                {
                    total += (await File.ReadAllTextAsync(path)).Length;
                }

                return total;
            });

            public Task<long> OtherAsync(string[] paths) => Task.Factory.StartNew(async () =>
            {
                long total = 0;
                foreach (var path in paths)
                {
                    total += (await File.ReadAllTextAsync(path)).Length;
                }

                return total;
            }).Unwrap();
        """));

    [Fact]
    public Task AwaitOnlyInTheForEachCollection_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            public async Task<int> M(string path)
            {
                var n = 0;
                foreach (var line in await File.ReadAllLinesAsync(path))
                {
                    n += line.Length;
                }

                return n;
            }
        """));

    [Fact]
    public Task AwaitOutsideAnyLoop_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            public async Task<int> M(string path) => (await File.ReadAllTextAsync(path)).Length;
        """));

    [Fact]
    public Task LocalFunctionInALoop_IsItsOwnFunction_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            public async Task<int> M(string[] paths)
            {
                var n = 0;
                foreach (var path in paths)
                {
                    n += await Read(path);
                }

                return n;

                static async Task<int> Read(string p) => (await File.ReadAllTextAsync(p)).Length;
            }
        """));

    [Fact]
    public Task GeneratedCode_NoDiagnostic()
    {
        var test = Verify.Create(string.Empty);
        test.TestState.Sources.Clear();
        test.TestState.Sources.Add(("Generated.g.cs", InClass(LoopOverFiles)));
        return test.RunAsync();
    }

    // ---- Incomplete code, as typed in the IDE ----------------------------------------------------------------------

    [Theory]
    [InlineData("foreach (var p in paths) { await File.ReadAllTextAsync(")]
    [InlineData("while (await reader.ReadLineAsync() is { } line")]
    [InlineData("for (;;) await reader.ReadLineAsync()")]
    [InlineData("await foreach (var l in File.ReadLinesAsync(")]
    [InlineData("do { await reader.ReadToEndAsync(); } while (")]
    [InlineData("foreach (var p in paths) { await Missing.ReadAsync(p); }")]
    public Task IncompleteCode_DoesNotThrow(string statement) => Robustness.AssertNoExceptionsAsync(
        new AwaitedReadInLoopOnCapturedContextAnalyzer(),
        new AwaitedReadInLoopOnCapturedContextFix(),
        InClass($$"""
            public async Task M(string[] paths, StreamReader reader)
            {
                {{statement}}
            }
        """));

    private static Task<string[]> FixTitlesAsync(string source) =>
        Robustness.FixTitlesAsync(new AwaitedReadInLoopOnCapturedContextAnalyzer(), new AwaitedReadInLoopOnCapturedContextFix(), source);
}
