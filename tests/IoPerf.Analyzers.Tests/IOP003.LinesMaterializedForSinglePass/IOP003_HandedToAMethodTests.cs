using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassFix>;

namespace IoPerf.Analyzers.Tests.IOP003.LinesMaterializedForSinglePass;

/// <summary>
/// IOP003 across methods: the lines handed to a method of the compilation that takes an <c>IEnumerable&lt;string&gt;</c>
/// and enumerates it once, front to back (a game server's <c>MessageLines(IEnumerable&lt;string&gt; lines)</c>, called
/// with a file's lines six times on the report half), are used once as surely as a <c>foreach</c> in the caller: the read
/// is reported and fixed where it is, and the lazy lines bind to the same parameter.
/// </summary>
public sealed class IOP003_HandedToAMethodTests
{
    private static string Code(string helpers, string caller) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;
        using System.Threading.Tasks;

        static class Show
        {
            {{helpers}}
        }

        class Job
        {
            void Run(string path)
            {
                {{caller}}
            }
        }
        """;

    private const string Lines = "internal static void Lines(IEnumerable<string> lines) { foreach (var line in lines) Console.WriteLine(line); }";

    [Theory]
    [InlineData(Lines)]
    [InlineData("internal static void Lines(IEnumerable<string> lines) { Console.WriteLine(\"--\"); foreach (var line in lines.Where(l => l.Length > 0)) Console.WriteLine(line); }")]
    [InlineData("internal static void Lines(IEnumerable<string> lines) => Console.WriteLine(string.Join(Environment.NewLine, lines));")]
    [InlineData("internal static int Lines(IEnumerable<string> lines) => lines.Count(l => l.StartsWith(\"#\"));")]
    [InlineData("internal static void Lines(IEnumerable<string> lines) { try { foreach (var line in lines) Console.WriteLine(line); } finally { Console.WriteLine(\"--\"); } }")]
    [InlineData("internal static void Lines(IEnumerable<string> lines) { foreach (var line in lines.OrderBy(l => l)) Console.WriteLine(line); }")] // as in one method: the sort keeps the lines, the array is saved
    public Task LinesHandedToAMethodThatEnumeratesThemOnce_AreReportedAndFixed(string helper) =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code(helper, "Show.Lines({|IOP003:File.ReadAllLines(path)|});"),
            Code(helper, "Show.Lines(File.ReadLines(path));"));

    [Fact]
    public Task ThroughALocal_TheLocalIsRetyped() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code(Lines, "string[] lines = {|IOP003:File.ReadAllLines(path)|}; Console.WriteLine(path); Show.Lines(lines);"),
            Code(Lines, "IEnumerable<string> lines = File.ReadLines(path); Console.WriteLine(path); Show.Lines(lines);"));

    [Fact]
    public Task AnExtensionMethod_IsFollowed() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code("internal static void Print(this IEnumerable<string> lines) { foreach (var line in lines) Console.WriteLine(line); }", "{|IOP003:File.ReadAllLines(path)|}.Print();"),
            Code("internal static void Print(this IEnumerable<string> lines) { foreach (var line in lines) Console.WriteLine(line); }", "File.ReadLines(path).Print();"));

    [Fact]
    public Task AProjectMethodReturningTheLines_HandedToOne_IsReportedAtTheCall() => Verify.VerifyAcrossMethodsReportAsync(
        Code(Lines + "\n    internal static string[] Load(string path) => File.ReadAllLines(path);", "Show.Lines({|#0:Show.Load(path)|});"),
        Rules.LinesMaterializedForSinglePass,
        "'Load', which returns File.ReadAllLines, holds every line in memory although its result is enumerated only once; let it return File.ReadLines, an IEnumerable<string>");

    [Fact]
    public Task OffByDefault_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Code(Lines, "Show.Lines(File.ReadAllLines(path));"));

    [Theory]
    [InlineData("internal static void Lines(IEnumerable<string> lines) { foreach (var line in lines) Console.WriteLine(line); Console.WriteLine(lines.Count()); }")]   // enumerated twice
    [InlineData("static IEnumerable<string> s_kept = new string[0]; internal static void Lines(IEnumerable<string> lines) { s_kept = lines; }")]                      // kept
    [InlineData("internal static void Lines(string[] lines) { foreach (var line in lines) Console.WriteLine(line); }")]                                                // an array parameter: a lazy sequence would not bind
    [InlineData("internal static IEnumerable<string> Trimmed(IEnumerable<string> lines) { foreach (var line in lines) yield return line.Trim(); } internal static void Lines(IEnumerable<string> lines) { }")] // (the caller below calls Lines, which ignores them)
    [InlineData("internal static async Task Lines(IEnumerable<string> lines) { await Task.Yield(); foreach (var line in lines) Console.WriteLine(line); }")]           // async: enumerates after the caller goes on
    [InlineData("internal static void Lines(IEnumerable<string> lines) { try { foreach (var line in lines) Console.WriteLine(line); } catch (IOException) { } }")]    // a catch a lazy read's errors would move into
    [InlineData("internal static void Lines(IEnumerable<string> lines) { Task.Run(() => { foreach (var line in lines) Console.WriteLine(line); }); }")]               // a lambda
    [InlineData("internal static void Lines(IEnumerable<string> lines) { for (var pass = 0; pass < 2; pass++) foreach (var line in lines) Console.WriteLine(line); }")] // a loop repeats it
    [InlineData("internal static void Lines(IEnumerable<string> lines) => Inner(lines); static void Inner(IEnumerable<string> l) { foreach (var x in l) Console.WriteLine(x); }")] // handed on again: not followed
    public Task MethodThatDoesNotEnumerateThemOnce_NoDiagnostic(string helper) =>
        Verify.VerifyAcrossMethodsAsync(Code(helper, "Show.Lines(File.ReadAllLines(path));"));

    [Fact]
    public Task AnIteratorThatEnumeratesThemLater_NoDiagnostic() =>
        Verify.VerifyAcrossMethodsAsync(Code(
            "internal static IEnumerable<string> Trimmed(IEnumerable<string> lines) { foreach (var line in lines) yield return line.Trim(); }",
            "foreach (var line in Show.Trimmed(File.ReadAllLines(path))) Console.WriteLine(line);"));

    [Fact]
    public Task MethodWritesTheFileWhileEnumerating_NoDiagnostic() =>
        Verify.VerifyAcrossMethodsAsync(Code(
            "internal static void Rewrite(string path, IEnumerable<string> lines) { foreach (var line in lines) File.AppendAllText(path, line.Trim()); }",
            "Show.Rewrite(path, File.ReadAllLines(path));"));

    [Fact]
    public Task VirtualMethodWithOverrides_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync("""
        using System;
        using System.Collections.Generic;
        using System.IO;

        class Printer { internal virtual void Lines(IEnumerable<string> lines) { foreach (var line in lines) Console.WriteLine(line); } }
        class Counter : Printer { internal override void Lines(IEnumerable<string> lines) { Console.WriteLine(((string[])lines).Length); } }

        class Job
        {
            void Run(Printer printer, string path) => printer.Lines(File.ReadAllLines(path));
        }
        """);
}
