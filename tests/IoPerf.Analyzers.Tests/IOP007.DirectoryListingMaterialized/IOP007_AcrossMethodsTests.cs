using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedFix>;

namespace IoPerf.Analyzers.Tests.IOP007.DirectoryListingMaterialized;

/// <summary>
/// IOP007 across methods: a method of the compilation that returns a listing's array (a file-system wrapper's
/// <c>GetFiles(folder)</c>) is summarised once by the shared model; a caller that enumerates the result once, asks
/// whether it has an entry or takes its first one is reported at the call, without a fix.
/// </summary>
public sealed class IOP007_AcrossMethodsTests
{
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

    private static Task ExpectOne(string source, string message) =>
        Verify.VerifyAcrossMethodsReportAsync(source, Rules.DirectoryListingMaterialized, message);

    [Theory]
    [InlineData("private static string[] Logs(string folder) => Directory.GetFiles(folder, \"*.log\");")]
    [InlineData("private static string[] Logs(string folder) { if (!Directory.Exists(folder)) return new string[0]; var found = Directory.GetFiles(folder, \"*.log\"); return found; }")]
    [InlineData("private static string[] Logs(string folder) => GetFiles(folder, \"*.log\"); private static string[] GetFiles(string d, string p) => Directory.GetFiles(d, p);")]
    [InlineData("private static IEnumerable<string> Logs(string folder) => Directory.GetFiles(folder, \"*.log\").Where(f => !f.EndsWith(\".tmp\"));")]
    public Task WrapperReturnsTheListing_CallerEnumeratesOnce(string wrapper) => ExpectOne(
        Code($$"""
            {{wrapper}}

            void Print(string folder)
            {
                foreach (var file in {|#0:Logs(folder)|}) Console.WriteLine(file);
            }
        """),
        "'Logs', which returns Directory.GetFiles, builds an array of every entry although it is enumerated only once; Directory.EnumerateFiles, returned from it instead, yields the entries as they are read");

    /// <summary>
    /// A listing of one folder throws for that folder at the call in either form: a <c>try</c> around it in the method,
    /// or around the caller's loop only, moves no error (a recursive one would: the negatives below).
    /// </summary>
    [Theory]
    [InlineData("private static string[] Logs(string folder) { try { return Directory.GetFiles(folder, \"*.log\"); } catch (UnauthorizedAccessException) { return Array.Empty<string>(); } }", "foreach (var file in {|#0:Logs(folder)|}) Console.WriteLine(file);")]
    [InlineData("private static string[] Logs(string folder) { try { var found = Directory.GetFiles(folder, \"*.log\"); return found; } catch (IOException) { return null; } }", "foreach (var file in {|#0:Logs(folder)|}) Console.WriteLine(file);")]
    [InlineData("private static IEnumerable<string> Logs(string folder) { try { return Directory.GetFiles(folder, \"*.log\"); } catch (IOException) { return new HashSet<string>(); } catch (UnauthorizedAccessException) { return new List<string>(0); } }", "foreach (var file in {|#0:Logs(folder)|}) Console.WriteLine(file);")]
    [InlineData("private static string[] Logs(string folder) => Directory.GetFiles(folder, \"*.log\");", "var files = {|#0:Logs(folder)|}; try { foreach (var f in files) Console.WriteLine(f); } catch (IOException) { }")]
    [InlineData("private static string[] Logs(string folder) => Directory.GetFiles(folder, \"*.log\", SearchOption.TopDirectoryOnly);", "var files = {|#0:Logs(folder)|}; try { foreach (var f in files) Console.WriteLine(f); } catch (IOException) { }")]
    public Task OneFolderListedInsideATryThatCatches_Diagnostic(string wrapper, string statements) => ExpectOne(
        Code($$"""
            {{wrapper}}

            void Print(string folder)
            {
                {{statements}}
            }
        """),
        "'Logs', which returns Directory.GetFiles, builds an array of every entry although it is enumerated only once; Directory.EnumerateFiles, returned from it instead, yields the entries as they are read");

    [Theory]
    [InlineData("var files = Logs(folder); try { foreach (var f in files) Console.WriteLine(f); } catch (IOException) { }")]
    [InlineData("try { var files = Logs(folder); try { foreach (var f in files) Console.WriteLine(f); } catch (IOException) { } } catch (UnauthorizedAccessException) { }")]
    public Task RecursiveListing_CalledAndConsumedInDifferentTries_NoDiagnostic(string statements) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            private static string[] Logs(string folder) => Directory.GetFiles(folder, "*.log", SearchOption.AllDirectories);

            void Print(string folder)
            {
                {{statements}}
            }
        """));

    [Fact]
    public Task ExistenceCheck_ThroughAProjectMethod() => ExpectOne(
        Code("""
            private static FileInfo[] Entries(DirectoryInfo folder) => folder.GetFiles();

            bool HasAny(DirectoryInfo folder) => {|#0:Entries(folder)|}.Length > 0;
        """),
        "'Entries', which returns DirectoryInfo.GetFiles, builds an array of every entry although only whether there is an entry is used; DirectoryInfo.EnumerateFiles, returned from it instead, yields the entries as they are read");

    [Fact]
    public Task FirstEntry_ThroughAProjectExtensionMethod_IsNotCalledAMatch() => ExpectOne(
        """
        using System.IO;
        using System.Linq;

        static class Folders
        {
            private static string[] Logs(this string folder) => Directory.GetFiles(folder, "*.log");

            public static string? FirstLog(string folder) => {|#0:folder.Logs()|}.Select(Path.GetFileName).FirstOrDefault();
        }
        """,
        "'Logs', which returns Directory.GetFiles, builds an array of every entry although only its first entry is used; Directory.EnumerateFiles, returned from it instead, yields the entries as they are read");

    [Fact]
    public Task FirstMatch_ThroughAProjectMethod() => ExpectOne(
        Code("""
            private static string[] Logs(string folder) => Directory.GetFiles(folder, "*.log");

            string? FirstLarge(string folder) => {|#0:Logs(folder)|}.FirstOrDefault(log => new FileInfo(log).Length > 1000);
        """),
        "'Logs', which returns Directory.GetFiles, builds an array of every entry although only its first matching entry is used; Directory.EnumerateFiles, returned from it instead, yields the entries as they are read");

    [Fact]
    public Task PublicWrapper_AdvisesAnOverload() => ExpectOne(
        """
        using System.IO;
        using System.Linq;

        public class FileSystem
        {
            public string[] GetDirectories(string path) => Directory.GetDirectories(path);

            public string? FirstFolder(string path) => {|#0:GetDirectories(path)|}.FirstOrDefault();
        }
        """,
        "'GetDirectories', which returns Directory.GetDirectories, builds an array of every entry although only its first entry is used; an overload of it that returns Directory.EnumerateDirectories yields the entries as they are read");

    [Theory]
    [InlineData("foreach (var file in Logs(folder)) File.Copy(file, file + \".bak\");")]                 // creates entries while listed
    [InlineData("foreach (var file in Logs(folder)) File.Delete(file);")]                                // removes them
    [InlineData("var files = Logs(folder); Console.WriteLine(files.Length); foreach (var f in files) Console.WriteLine(f);")] // used twice
    [InlineData("Console.WriteLine(Logs(folder)[0]);")]                                                  // indexed
    public Task CallerNeedsTheArrayOrChangesTheFolder_NoDiagnostic(string statement) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            private static string[] Logs(string folder) => Directory.GetFiles(folder, "*.log");

            void Use(string folder)
            {
                {{statement}}
            }
        """));

    [Theory]
    [InlineData("private static string[] Logs(string folder) { try { return Directory.GetFiles(folder, \"*\", SearchOption.AllDirectories); } catch (UnauthorizedAccessException) { return Array.Empty<string>(); } }")] // a subdirectory's error would leave the handler
    [InlineData("private static string[] Logs(string folder) { try { return Directory.GetFiles(folder); } catch (UnauthorizedAccessException) { return Array.Empty<string>(); } finally { Console.WriteLine(folder); } }")] // the finally would run before the entries are read
    [InlineData("private static string[] Logs(string folder) { try { return Directory.GetFiles(folder); } finally { Console.WriteLine(folder); } }")]
    [InlineData("private static string[] Logs(string folder) => Directory.Exists(folder) ? Directory.GetFiles(folder) : new[] { folder };")]
    [InlineData("private static string[] Logs(string folder) => Directory.GetFiles(folder).OrderBy(f => f).ToArray();")]
    [InlineData("private static string[] Logs(string folder) => File.ReadAllLines(folder);")]
    [InlineData("private static IEnumerable<string> Logs(string folder) { try { return Directory.GetFiles(folder); } catch (IOException) { return new List<string> { folder }; } }")] // not an empty list
    [InlineData("private static IEnumerable<string> Logs(string folder) { try { return Directory.GetFiles(folder); } catch (IOException) { return new List<string>(new[] { folder }); } }")]
    public Task WrapperDoesMoreThanReturnTheListing_NoDiagnostic(string wrapper) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            {{wrapper}}

            void Print(string folder)
            {
                foreach (var file in Logs(folder)) Console.WriteLine(file);
            }
        """));

    [Fact]
    public Task AsyncHelperReturningTheListing_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static async System.Threading.Tasks.Task<string[]> ListAsync(string folder)
            {
                await System.Threading.Tasks.Task.Yield();
                return Directory.GetFiles(folder);
            }

            async System.Threading.Tasks.Task Print(string folder)
            {
                foreach (var file in await ListAsync(folder)) Console.WriteLine(file);
            }
        """));

    [Fact]
    public Task RecursiveListingAddedToACollection_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static string[] All(string folder) => Directory.GetFiles(folder, "*", SearchOption.AllDirectories);

            void Collect(string folder, List<string> into) => into.AddRange(All(folder));
        """));

    [Fact]
    public Task ProjectMethodNamedLikeAListing_IsNotRenamedByTheFix()
    {
        // The wrapper's own name is GetFiles: only the model's summary, not the name, makes it a listing.
        var source = Code("""
                private static string[] GetFiles(string folder) => Directory.GetFiles(folder);

                void Print(string folder)
                {
                    foreach (var file in {|#0:GetFiles(folder)|}) Console.WriteLine(file);
                }
            """);
        return ExpectOne(source, "'GetFiles', which returns Directory.GetFiles, builds an array of every entry although it is enumerated only once; Directory.EnumerateFiles, returned from it instead, yields the entries as they are read");
    }
}
