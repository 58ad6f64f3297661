using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassFix>;

namespace IoPerf.Analyzers.Tests.IOP003.LinesMaterializedForSinglePass;

/// <summary>
/// IOP003 across methods: a method of the compilation that returns <c>File.ReadAllLines</c>'s array (the commonest
/// cross-method occurrence on a fresh unseen set: a path type's <c>ReadAllLines()</c> extension called 22 times) is
/// summarised once by the shared model; a caller that enumerates the result once is reported at the call. No fix at the
/// call: the streaming form belongs in the method, whose other callers may need the array (the method's own fix:
/// HelperReturnsStreamingFormFixTests).
/// </summary>
public sealed class IOP003_AcrossMethodsTests
{
    private const string OwnedAdvice = "let it return File.ReadLines, an IEnumerable<string>";

    private static string Code(string members) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;

        class C
        {
        {{members}}
        }
        """;

    private static Task ExpectOne(string source, string method, string advice = OwnedAdvice) => Verify.VerifyAcrossMethodsReportAsync(
        source,
        Rules.LinesMaterializedForSinglePass,
        $"'{method}', which returns File.ReadAllLines, holds every line in memory although its result is enumerated only once; {advice}");

    [Theory]
    [InlineData("private static string[] Load(string path) => File.ReadAllLines(path);")]
    [InlineData("private static string[] Load(string path) { return File.ReadAllLines(path); }")]
    [InlineData("private static string[] Load(string path) { var lines = File.ReadAllLines(path); return lines; }")]
    [InlineData("private static string[] Load(string path) { if (!File.Exists(path)) return Array.Empty<string>(); return File.ReadAllLines(path); }")]
    [InlineData("private static string[] Load(string path) { if (!File.Exists(path)) return []; return File.ReadAllLines(path); }")]
    [InlineData("private static IEnumerable<string> Load(string path) => File.Exists(path) ? File.ReadAllLines(path) : [];")]
    [InlineData("private static string[]? Load(string path) => File.Exists(path) ? File.ReadAllLines(path) : null;")]
    [InlineData("private static IEnumerable<string> Load(string path) => File.ReadAllLines(path);")]
    [InlineData("private static string[] Load(string path) => Inner(path); private static string[] Inner(string p) => File.ReadAllLines(p);")]
    [InlineData("private static IEnumerable<string> Load(string path) { if (path.Length == 0) return Enumerable.Empty<string>(); return File.ReadAllLines(path).Select(l => l.Trim()).Where(l => l.Length > 0); }")]
    public Task HelperReturnsTheLines_CallerEnumeratesOnce(string helper) => ExpectOne(Code($$"""
            {{helper}}

            void Print(string path)
            {
                foreach (var line in {|#0:Load(path)|}!) Console.WriteLine(line);
            }
        """), "Load");

    [Theory]
    [InlineData("var lines = {|#0:Load(path)|}; foreach (var line in lines) Console.WriteLine(line);")]
    [InlineData("var count = {|#0:Load(path)|}.Count(l => l.StartsWith(\"#\")); Console.WriteLine(count);")]
    [InlineData("Console.WriteLine(string.Join(\",\", {|#0:Load(path)|}.Where(l => l.Length > 0)));")]
    public Task CallerUsesTheResultOnceInOtherWays(string statements) => ExpectOne(Code($$"""
            private static string[] Load(string path) => File.ReadAllLines(path);

            void Print(string path)
            {
                {{statements}}
            }
        """), "Load");

    [Fact]
    public Task OffByDefault_NoDiagnosticAtTheCall() => Verify.VerifyAnalyzerAsync(Code("""
            private static string[] Load(string path) => File.ReadAllLines(path);

            void Print(string path)
            {
                foreach (var line in Load(path)) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task PathTypeExtension_InAnotherFile()
    {
        var test = Verify.CreateAcrossMethods("""
            using System;

            class Report
            {
                void Print(FilePath log)
                {
                    foreach (var line in {|#0:log.ReadAllLines()|}) Console.WriteLine(line);
                }
            }
            """);
        test.TestState.Sources.Add("""
            using System.IO;

            sealed record FilePath(string Value);

            static class FilePathExtensions
            {
                public static string[] ReadAllLines(this FilePath path) => File.ReadAllLines(path.Value);
            }
            """);
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.LinesMaterializedForSinglePass).WithLocation(0)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithMessage($"'ReadAllLines', which returns File.ReadAllLines, holds every line in memory although its result is enumerated only once; {OwnedAdvice}"));
        return test.RunAsync();
    }

    /// <summary>
    /// A wrapper of a wrapper whose reader is in another file's part of the same partial type: the first gate finds
    /// callers by name, and the wrapper's name is not in the file that names the read.
    /// </summary>
    [Fact]
    public Task WrapperInAnotherPartOfAPartialType()
    {
        var test = Verify.CreateAcrossMethods("""
            using System;

            partial class Store
            {
                private string[] Load(string path) => Inner(path);

                void Print(string path)
                {
                    foreach (var line in {|#0:Load(path)|}) Console.WriteLine(line);
                }
            }
            """);
        test.TestState.Sources.Add("""
            using System.IO;

            partial class Store
            {
                private string[] Inner(string path) => File.ReadAllLines(path);
            }
            """);
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.LinesMaterializedForSinglePass).WithLocation(0)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithMessage($"'Load', which returns File.ReadAllLines, holds every line in memory although its result is enumerated only once; {OwnedAdvice}"));
        return test.RunAsync();
    }

    /// <summary>
    /// A wrapper of another type's reader is not followed (the rule page says so), also when its own type has a field of
    /// the reader's name: the call skips the field and binds to the containing type's method.
    /// </summary>
    [Fact]
    public Task WrapperOfAContainingTypesReader_BehindAFieldOfItsName_NotFollowed() => Verify.VerifyAcrossMethodsAsync("""
        using System;
        using System.IO;

        class Outer
        {
            private static string[] Lines(string path) => File.ReadAllLines(path);

            class Inner
            {
                private static readonly string Lines = nameof(File.ReadAllLines);

                private static string[] Load(string path) => Lines(path);

                void Print(string path)
                {
                    foreach (var line in Load(path)) Console.WriteLine(line + Lines);
                }
            }
        }
        """);

    [Fact]
    public Task PublicMethodOfAPublicType_AdvisesAnOverload() => ExpectOne("""
        using System;
        using System.IO;

        public class Store
        {
            public string[] Load(string path) => File.ReadAllLines(path);

            public void Print(string path)
            {
                foreach (var line in {|#0:Load(path)|}) Console.WriteLine(line);
            }
        }
        """, "Load", "give it an overload that returns File.ReadLines, for callers that read the lines once");

    [Fact]
    public Task LoopWritesAnotherFileThanTheOneThePathArgumentNames_Diagnostic() => ExpectOne(Code("""
            private static string[] Load(string path) => File.ReadAllLines(path);

            void Copy(string path, string other)
            {
                foreach (var line in {|#0:Load(path)|}) File.AppendAllText(other, line);
            }
        """), "Load");

    [Theory]
    [InlineData("foreach (var line in Wrapped(\"name\", path)) File.AppendAllText(path, line);")] // the same file, passed through a wrapper's second parameter
    [InlineData("foreach (var line in Rooted(path)) File.AppendAllText(\"other\", line);")]      // a parameter rewritten inside: the path is not the argument
    [InlineData("foreach (var line in Load(path)) File.AppendAllText(path, line);")]           // the same file, passed in
    [InlineData("foreach (var line in LoadConfig()) File.AppendAllText(path, line);")]         // a path computed inside: may be this one
    public Task LoopMayWriteTheFileRead_NoDiagnostic(string statement) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            private readonly string _config = Path.GetTempFileName();
            private static string[] Load(string path) => File.ReadAllLines(path);
            private static string[] Wrapped(string name, string path) => Load(path);
            private static string[] Rooted(string path) { path = Path.Combine("root", path); return File.ReadAllLines(path); }
            private string[] LoadConfig() => File.ReadAllLines(_config);

            void Copy(string path)
            {
                {{statement}}
            }
        """));

    [Theory]
    [InlineData("var lines = Load(path); Console.WriteLine(lines[0]);")]                                           // indexed
    [InlineData("var lines = Load(path); Console.WriteLine(lines.Length); foreach (var l in lines) Console.WriteLine(l);")] // used twice
    [InlineData("return Load(path);")]                                                                              // handed on
    public Task CallerNeedsTheArray_NoDiagnostic(string statements) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            private static string[] Load(string path) => File.ReadAllLines(path);

            string[]? Use(string path)
            {
                {{statements}}
                return null;
            }
        """.Replace("return null;", statements.StartsWith("return", StringComparison.Ordinal) ? string.Empty : "return null;")));

    [Theory]
    [InlineData("private static string[] Load(string path) { var lines = File.ReadAllLines(path); lines[0] = \"\"; return lines; }")] // changed before it is returned
    [InlineData("private static string[] Load(string path) { try { return File.ReadAllLines(path); } catch (IOException) { return Array.Empty<string>(); } }")] // errors handled inside
    [InlineData("private static string[] Load(string path) => File.Exists(path) ? File.ReadAllLines(path) : new[] { \"default\" };")] // not always the file
    [InlineData("private static string[] Load(string path) => File.Exists(path) ? File.ReadAllLines(path) : [\"default\"];")]           // a collection expression with an element
    [InlineData("private static string[] Load(string path) => File.Exists(path) ? [.. File.ReadAllLines(path)] : [];")]                // spread into a new array: not the read's array
    [InlineData("private static readonly string[] Defaults = { \"#\" }; private static string[] Load(string path) => File.Exists(path) ? File.ReadAllLines(path) : [.. Defaults];")] // a spread of other lines: not nothing
    [InlineData("private static string[] Load(string path) { var lines = File.ReadAllLines(path); File.Delete(path); return lines; }")] // the file is gone before the lines would be read
    [InlineData("private static string[] Load(string path) { lock (typeof(C)) { return File.ReadAllLines(path); } }")]                  // read under a lock
    [InlineData("private static string[] Load(string path) { using var gate = new System.Threading.SemaphoreSlim(1); return File.ReadAllLines(path); }")] // disposed before streamed lines would be read
    [InlineData("private static string[] Load(string path) { using var gate = new System.Threading.SemaphoreSlim(1); var lines = File.ReadAllLines(path); return lines; }")]
    [InlineData("private static string[] Load(string path) { try { return File.ReadAllLines(path); } finally { File.Delete(path); } }")] // a finally runs before the lines are read
    [InlineData("private static Func<string[]>? Get; private static string[] Load(string path) { var lines = File.ReadAllLines(path); Get = () => lines; return lines; }")] // kept by a lambda
    [InlineData("private static string[] Load(string path) => Directory.GetFiles(path);")]                 // a listing: IOP007's
    [InlineData("private static IEnumerable<string> Load(string path) => File.ReadAllLines(path).OrderBy(l => l);")] // sorted: every line is needed first
    [InlineData("private static string[] Load(string path) => path.Split('\\n');")]                         // no file
    [InlineData("private static IEnumerable<string> Load(string path) { foreach (var l in File.ReadAllLines(path)) yield return l; }")] // an iterator: its caller's code runs while the lines are read
    public Task HelperIsNotAPlainReturnOfTheLines_NoDiagnosticAtTheCall(string helper) => Verify.CreateAcrossMethods(Code($$"""
                {{helper}}

                void Print(string path)
                {
                    foreach (var line in Load(path)) Console.WriteLine(line);
                }
            """)).RunAsync();

    [Theory]
    [InlineData("internal interface IFiles { string[] Load(string path); }", "internal sealed class Files : IFiles { public string[] Load(string path) => File.ReadAllLines(path); }")]
    [InlineData("internal abstract class FilesBase { public abstract string[] Load(string path); }", "internal class Files : FilesBase { public override string[] Load(string path) => File.ReadAllLines(path); }")]
    [InlineData("internal class FilesBase { public virtual string[] Load(string path) => File.ReadAllLines(path); }", "internal class Files : FilesBase { }")]
    public Task CalledThroughAnInterfaceOrBaseWithOneBody_Diagnostic(string contract, string implementation) => ExpectOne($$"""
        using System;
        using System.IO;

        {{contract}}
        {{implementation}}

        class Report
        {
            private readonly {{(contract.Contains("interface", StringComparison.Ordinal) ? "IFiles" : "FilesBase")}} _files;

            public Report({{(contract.Contains("interface", StringComparison.Ordinal) ? "IFiles" : "FilesBase")}} files) => _files = files;

            void Print(string path)
            {
                foreach (var line in {|#0:_files.Load(path)|}) Console.WriteLine(line);
            }
        }
        """, "Load");

    [Theory]
    [InlineData("public interface IFiles { string[] Load(string path); }", "internal sealed class Files : IFiles { public string[] Load(string path) => File.ReadAllLines(path); }")]                    // other assemblies may implement it
    [InlineData("internal interface IFiles { string[] Load(string path); }", "internal sealed class Files : IFiles { public string[] Load(string path) => File.ReadAllLines(path); } internal sealed class Cached : IFiles { public string[] Load(string path) => new[] { path }; }")] // two bodies
    [InlineData("public class IFiles { public virtual string[] Load(string path) => File.ReadAllLines(path); }", "")]                                                                                       // public and virtual
    [InlineData("internal class IFiles { public virtual string[] Load(string path) => File.ReadAllLines(path); }", "internal class Cached : IFiles { public override string[] Load(string path) => new[] { path }; }")] // overridden
    [InlineData("internal interface IFiles { string[] Load(string path); }", "internal sealed class Files : IFiles { public string[] Load(string path) => File.ReadAllLines(path); } internal sealed class Cached : IFiles { string[] IFiles.Load(string path) => new[] { path }; }")] // another body, explicit
    [InlineData("internal interface IFiles { string[] Load(string path); }", "internal sealed class Files : IFiles { public string[] Load(string path) => File.ReadAllLines(path); } internal class Memory { public string[] Load(string path) => new[] { path }; } internal sealed class Cached : Memory, IFiles { }")] // another body, inherited
    public Task CalledThroughAContractWithOtherBodies_NoDiagnostic(string contract, string implementation) => Verify.VerifyAcrossMethodsAsync($$"""
        using System;
        using System.IO;

        {{contract}}
        {{implementation}}

        class Report
        {
            void Print(IFiles files, string path)
            {
                foreach (var line in files.Load(path)) Console.WriteLine(line);
            }
        }
        """);

    [Fact]
    public Task AsyncHelperOrLambda_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static Func<string, string[]> Load = p => File.ReadAllLines(p);

            void Print(string path)
            {
                foreach (var line in Load(path)) Console.WriteLine(line);
            }
        """));

    // An async method's task of the lines is no sequence its caller enumerates: async helpers are read for IOP009's text only.
    [Fact]
    public Task AsyncHelperReturningTheLines_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static async System.Threading.Tasks.Task<string[]> LoadAsync(string path)
            {
                await System.Threading.Tasks.Task.Yield();
                return File.ReadAllLines(path);
            }

            async System.Threading.Tasks.Task Print(string path)
            {
                foreach (var line in await LoadAsync(path)) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task RecursiveHelpers_NoDiagnosticAndNoHang() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static string[] A(string p, int n) => n > 0 ? B(p, n - 1) : Array.Empty<string>();
            private static string[] B(string p, int n) => A(p, n);

            void Print(string path)
            {
                foreach (var line in A(path, 3)) Console.WriteLine(line);
            }
        """));

    [Fact]
    public Task HalfTypedCaller_NoDiagnosticNoCrash() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static string[] Load(string path) => File.ReadAllLines(path);

            void Print(string path)
            {
                foreach (var line in Load(path)) Console.WriteLine(line{|CS1026:|}{|CS1002:|}
            }
        """));
}
