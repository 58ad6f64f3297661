using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedFix>;

namespace IoPerf.Analyzers.Tests.IOP007.DirectoryListingMaterialized;

/// <summary>
/// IOP007 across methods: a listing handed to a method of the compilation that takes an <c>IEnumerable&lt;T&gt;</c> and
/// enumerates it once is used once: reported and fixed where it is, unless the method changes the folder while the
/// lazy listing is read or fills a collection with it.
/// </summary>
public sealed class IOP007_HandedToAMethodTests
{
    private static string Code(string helpers, string caller) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;

        static class Files
        {
            {{helpers}}
        }

        class Job
        {
            void Run(string folder)
            {
                {{caller}}
            }
        }
        """;

    private const string Print = "internal static void Print(IEnumerable<string> files) { foreach (var file in files) Console.WriteLine(Path.GetFileName(file)); }";

    [Fact]
    public Task ListingHandedToAMethodThatEnumeratesItOnce_IsReportedAndFixed() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code(Print, "Files.Print({|IOP007:Directory.GetFiles(folder, \"*.log\")|});"),
            Code(Print, "Files.Print(Directory.EnumerateFiles(folder, \"*.log\"));"));

    [Fact]
    public Task ThroughALocalAndALazyOperator_IsReportedAndFixed() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code(Print, "var files = {|IOP007:Directory.GetFiles(folder)|}; Files.Print(files.Where(f => f.EndsWith(\".log\")));"),
            Code(Print, "var files = Directory.EnumerateFiles(folder); Files.Print(files.Where(f => f.EndsWith(\".log\")));"));

    [Fact]
    public Task FileInfosFromADirectoryInfo_AreFollowed() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code("internal static long Size(IEnumerable<FileInfo> files) => files.Sum(f => f.Length);", "Console.WriteLine(Files.Size({|IOP007:new DirectoryInfo(folder).GetFiles()|}));"),
            Code("internal static long Size(IEnumerable<FileInfo> files) => files.Sum(f => f.Length);", "Console.WriteLine(Files.Size(new DirectoryInfo(folder).EnumerateFiles()));"));

    [Fact]
    public Task OffByDefault_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Code(Print, "Files.Print(Directory.GetFiles(folder));"));

    [Theory]
    [InlineData("internal static void Print(IEnumerable<string> files) { foreach (var file in files) File.Delete(file); }")]                          // changes the folder while it is listed
    [InlineData("internal static void Print(IEnumerable<string> files) { foreach (var file in files) File.Copy(file, file + \".bak\"); }")]          // adds to it
    [InlineData("static readonly List<string> s_all = new(); internal static void Print(IEnumerable<string> files) => s_all.AddRange(files);")]    // fills a collection
    [InlineData("internal static void Print(IEnumerable<string> files) { Console.WriteLine(files.Count()); foreach (var file in files) Console.WriteLine(file); }")] // twice
    [InlineData("internal static void Print(IEnumerable<string> files) { try { foreach (var file in files) Console.WriteLine(file); } catch (UnauthorizedAccessException) { } }")] // the lazy listing's errors would move into this catch
    public Task MethodThatChangesTheFolderOrDoesNotEnumerateOnce_NoDiagnostic(string helper) =>
        Verify.VerifyAcrossMethodsAsync(Code(helper, "Files.Print(Directory.GetFiles(folder, \"*\", SearchOption.AllDirectories));"));

    [Fact]
    public Task AMethodNamedAny_IsAPassNotAnExistenceCheck() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code("internal static bool Any(IEnumerable<string> files) { foreach (var file in files) if (file.EndsWith(\".tmp\")) return true; return false; }", "Console.WriteLine(Files.Any({|IOP007:Directory.GetFiles(folder)|}));"),
            Code("internal static bool Any(IEnumerable<string> files) { foreach (var file in files) if (file.EndsWith(\".tmp\")) return true; return false; }", "Console.WriteLine(Files.Any(Directory.EnumerateFiles(folder)));"));
}
