using Xunit;
using Appends = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendFix>;
using Documents = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextFix>;
using Lines = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassAnalyzer,
    IoPerf.Analyzers.CodeFixes.AcrossMethods.HelperReturnsStreamingFormFix>;
using Listings = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedAnalyzer,
    IoPerf.Analyzers.CodeFixes.AcrossMethods.HelperReturnsStreamingFormFix>;
using Printing = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushFix>;

namespace IoPerf.Analyzers.Tests.AcrossMethods;

/// <summary>
/// Local functions as helpers (reaching across methods, a preview): a local function is summarised as a method is - the
/// read it returns (IOP003, IOP007, IOP009), the console writes it makes (IOP006), the file it appends to (IOP008) - and
/// its callers are all in the member that declares it, so the helper fix may change it with them. Found on issue 33's
/// third set: an uninstaller's local function returning a lazy <c>Where</c> over <c>GetDirectories()</c>.
/// </summary>
public sealed class LocalFunctionHelperTests
{
    private static string Code(string usings, string body) => $$"""
        using System;
        {{usings}}using System.IO;
        using System.Linq;

        class C
        {
            private const string LogPath = "app.log";

            void Run(string root, string[] items)
            {
        {{body}}
            }
        }
        """;

    /// <summary>The uninstaller's shape: a lazy filter over a listing, asked whether it has an entry; the helper fix lists lazily.</summary>
    [Fact]
    public Task LocalFunctionReturnsAFilteredListing_AnyIsReported_HelperFixEnumerates() =>
        Listings.VerifyAcrossMethodsFixAsync(
            Code("using System.Collections.Generic;\n", """
                    IEnumerable<DirectoryInfo> Children(DirectoryInfo folder) => folder.GetDirectories().Where(d => !d.Name.StartsWith("."));

                    if ({|IOP007:Children(new DirectoryInfo(root))|}.Any()) Console.WriteLine(root);
            """),
            Code("using System.Collections.Generic;\n", """
                    IEnumerable<DirectoryInfo> Children(DirectoryInfo folder) => folder.EnumerateDirectories().Where(d => !d.Name.StartsWith("."));

                    if (Children(new DirectoryInfo(root)).Any()) Console.WriteLine(root);
            """));

    /// <summary>Every call of the local function is in sight: the helper fix changes it and the callers' explicit types.</summary>
    [Fact]
    public Task LocalFunctionReturnsReadAllLines_HelperFixReturnsReadLines() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("", """
                    string[] Load(string path) => File.ReadAllLines(path);

                    foreach (var line in {|IOP003:Load(root)|}) Console.WriteLine(line);
                    string[] other = {|IOP003:Load(root + ".bak")|};
                    Console.WriteLine(other.Count(l => l.Length > 0));
            """),
            Code("using System.Collections.Generic;\n", """
                    IEnumerable<string> Load(string path) => File.ReadLines(path);

                    foreach (var line in Load(root)) Console.WriteLine(line);
                    IEnumerable<string> other = Load(root + ".bak");
                    Console.WriteLine(other.Count(l => l.Length > 0));
            """));

    /// <summary>One caller indexes the array: the call that enumerates is reported, the helper is left as it is.</summary>
    [Fact]
    public Task LocalFunctionWhoseResultIsIndexedElsewhere_OnlyTheSinglePassCallIsReported_NoHelperFix()
    {
        var source = Code("", """
                    string[] Load(string path) => File.ReadAllLines(path);

                    foreach (var line in {|IOP003:Load(root)|}) Console.WriteLine(line);
                    Console.WriteLine(Load(root)[0]);
            """);
        return Lines.VerifyAcrossMethodsFixAsync(source, source);
    }

    [Fact]
    public Task LocalFunctionReturnsTheFilesText_ParsedOnce() =>
        Documents.VerifyAcrossMethodsAsync("""
            using System.IO;
            using System.Text.Json;

            class C
            {
                JsonDocument Load(string path)
                {
                    string ReadSettings(string p) => File.ReadAllText(p);

                    return JsonDocument.Parse({|IOP009:ReadSettings(path)|});
                }
            }
            """);

    [Fact]
    public Task LocalFunctionPrintsTwice_LoopIsReported() =>
        Printing.VerifyAcrossMethodsReportAsync(
            Code("", """
                    void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }

                    foreach (var item in items) {|#0:PrintRow(item)|};
            """),
            Rules.TinyIoPayingLockOrFlush,
            "2 Console writes in this loop, counting those 'PrintRow' makes, each take the console's lock and flush; let 'PrintRow' write to a TextWriter it is given, and pass one buffered writer flushed once after the loop");

    /// <summary>A local function that sets the console's colour around its write: buffered text would lose the colour.</summary>
    [Fact]
    public Task LocalFunctionChangesTheColour_NoDiagnostic() =>
        Printing.VerifyAcrossMethodsAsync(Code("", """
                    void PrintRow(string row) { Console.ForegroundColor = ConsoleColor.Red; Console.Write(row); Console.ResetColor(); Console.WriteLine(); }

                    foreach (var item in items) PrintRow(item);
            """));

    [Fact]
    public Task LocalFunctionAppendsToAConstantPath_LoopCallIsReported() =>
        Appends.VerifyAcrossMethodsReportAsync(
            Code("", """
                    void Log(string message) => File.AppendAllText(LogPath, message + Environment.NewLine);

                    foreach (var item in items) {|#0:Log(item)|};
            """),
            Rules.FileReopenedForEachAppend,
            "'Log', which calls File.AppendAllText, opens, appends to and closes LogPath on every iteration of this loop; write through one StreamWriter opened before the loop");

    /// <summary>The path is a local of the enclosing method, which the loop may change: not one stable file.</summary>
    [Fact]
    public Task LocalFunctionAppendsToACapturedLocal_NoDiagnostic() =>
        Appends.VerifyAcrossMethodsAsync(Code("", """
                    var path = Path.Combine(root, "a.log");
                    void Log(string message) => File.AppendAllText(path, message);

                    foreach (var item in items) { Log(item); path = item; }
            """));

    /// <summary>
    /// The path is a parameter of the method around the local function, which the loop appends to: the local function's
    /// own parameter (passed <c>tag</c>) is not the file, so the write is seen and the rule stays silent.
    /// </summary>
    [Fact]
    public Task LocalFunctionReadsTheEnclosingMethodsParameter_WrittenWhileRead_NoDiagnostic() =>
        Lines.VerifyAcrossMethodsAsync(Code("", """
                    string[] Load(string tag) => File.ReadAllLines(root);

                    foreach (var line in Load("x")) File.AppendAllText(root, line);
            """));

    /// <summary>
    /// A method whose read sits in a local function inside it: the call is reported, but the helper fix (which retypes
    /// the method, not the local function) is not offered - its output would not compile.
    /// </summary>
    [Fact]
    public Task ReadInsideANestedLocalFunction_NoHelperFix()
    {
        const string source = """
            using System;
            using System.IO;

            class C
            {
                private static string[] Load(string path)
                {
                    return Read(path);
                    static string[] Read(string p) => File.ReadAllLines(p);
                }

                void Run(string root)
                {
                    foreach (var line in {|IOP003:Load(root)|}) Console.WriteLine(line);
                }
            }
            """;
        return Lines.VerifyAcrossMethodsFixAsync(source, source);
    }

    /// <summary>A generic local function that appends: its own append is not another use of the file.</summary>
    [Fact]
    public Task GenericLocalFunctionAppendsToAConstantPath_LoopCallIsReported() =>
        Appends.VerifyAcrossMethodsReportAsync(
            Code("", """
                    void Log<T>(T message) => File.AppendAllText(LogPath, message + Environment.NewLine);

                    foreach (var item in items) {|#0:Log(item)|};
            """),
            Rules.FileReopenedForEachAppend,
            "'Log', which calls File.AppendAllText, opens, appends to and closes LogPath on every iteration of this loop; write through one StreamWriter opened before the loop");

    /// <summary>An appending local function declared inside the loop that calls it: its own append is not another use of the file.</summary>
    [Fact]
    public Task LocalFunctionDeclaredInsideItsLoop_LoopCallIsReported() =>
        Appends.VerifyAcrossMethodsReportAsync(
            Code("", """
                    foreach (var item in items)
                    {
                        void Log(string message) => File.AppendAllText(LogPath, message + Environment.NewLine);
                        {|#0:Log(item)|};
                    }
            """),
            Rules.FileReopenedForEachAppend,
            "'Log', which calls File.AppendAllText, opens, appends to and closes LogPath on every iteration of this loop; write through one StreamWriter opened before the loop");

    /// <summary>The same, where the loop also reads the file: a writer held open would hide the lines not yet flushed.</summary>
    [Fact]
    public Task LocalFunctionDeclaredInsideItsLoop_LoopAlsoReadsTheFile_NoDiagnostic() =>
        Appends.VerifyAcrossMethodsAsync(Code("", """
                    foreach (var item in items)
                    {
                        void Log(string message) => File.AppendAllText(LogPath, message);
                        Log(item);
                        Console.WriteLine(File.ReadAllText(LogPath).Length);
                    }
            """));

    /// <summary>A local function that returns a private method's read (a wrapper of a wrapper), enumerated once.</summary>
    [Fact]
    public Task LocalFunctionReturnsAMethodsRead_IsReported() =>
        Lines.VerifyAcrossMethodsAsync("""
            using System;
            using System.IO;

            class C
            {
                private static string[] Load(string path) => File.ReadAllLines(path);

                void Run(string root)
                {
                    string[] Settings() => Load(Path.Combine(root, "settings.txt"));

                    foreach (var line in {|IOP003:Settings()|}) Console.WriteLine(line);
                }
            }
            """);

    /// <summary>Reach off (the default): a local function is not followed either.</summary>
    [Fact]
    public Task ReachOff_LocalFunctionIsNotFollowed() =>
        Lines.VerifyAnalyzerAsync(Code("", """
                    string[] Load(string path) => File.ReadAllLines(path);

                    foreach (var line in Load(root)) Console.WriteLine(line);
            """));
}
