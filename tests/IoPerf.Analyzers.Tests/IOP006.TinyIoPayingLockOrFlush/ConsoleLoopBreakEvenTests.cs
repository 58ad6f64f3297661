using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushFix>;

namespace IoPerf.Analyzers.Tests.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006's console shape where the iteration count is not in the code: below E3ConsoleBreakEven's break-even a single
/// write per item over a handful of items is not worth a writer, so only loops that write several times per item, write
/// from a nested loop, or walk a file's lines or a directory listing are reported. Test projects are not.
/// </summary>
public sealed class ConsoleLoopBreakEvenTests
{
    private static string InClass(string body) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;

        public class Listing
        {
            public void Print(string path, List<string> items, Dictionary<string, List<string>> groups, string message)
            {
        {{body}}
            }
        }
        """;

    [Theory]
    [InlineData("foreach (var item in items) Console.WriteLine(item);")]                                   // mods listed at start-up
    [InlineData("foreach (var line in message.Split('\\n')) Console.WriteLine(line);")]                    // a split log message
    [InlineData("for (var i = 0; i < items.Count; i++) Console.WriteLine(items[i]);")]
    [InlineData("foreach (var item in items) { Console.Write(item); if (item.Length > 3) Console.Write('!'); }")] // one write every time
    [InlineData("using var reader = new StringReader(message); string? line; while ((line = reader.ReadLine()) != null) Console.WriteLine(line);")]
    public Task OneWritePerItemOfUnknownCount_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass(body));

    [Theory]
    [InlineData("foreach (var item in items) { {|IOP006:Console.Write(item)|}; Console.WriteLine(';'); }")]
    [InlineData("foreach (var group in groups) { foreach (var item in group.Value) {|IOP006:Console.WriteLine(item)|}; }")]
    [InlineData("foreach (var line in File.ReadLines(path)) {|IOP006:Console.WriteLine(line)|};")]
    [InlineData("foreach (var file in Directory.EnumerateFiles(path)) {|IOP006:Console.WriteLine(file)|};")]
    [InlineData("using var reader = new StreamReader(path); string? line; while ((line = reader.ReadLine()) != null) {|IOP006:Console.WriteLine(line)|};")]
    [InlineData("for (var i = 0; i < 100; i++) {|IOP006:Console.WriteLine(i)|};")]                       // a constant count past min_writes
    public Task SeveralWritesNestedOrFileData_IsReported(string body) => Verify.VerifyAnalyzerAsync(InClass(body));

    /// <summary>
    /// The writes are followed by a <c>return</c>, <c>throw</c> or <c>break</c> out of the loop: the iteration that writes
    /// is the last (an argument-parsing loop's "unknown option" and usage text, found on issue 33's fourth development half).
    /// </summary>
    [Theory]
    [InlineData("foreach (var item in items) { if (item == \"-v\") continue; Console.WriteLine($\"Unknown option: {item}\"); Console.WriteLine(\"Usage:\"); return; }")]
    [InlineData("foreach (var item in items) { if (item.StartsWith(\"-\")) { Console.Write(\"bad: \"); Console.WriteLine(item); throw new ArgumentException(item); } }")]
    [InlineData("for (var i = 0; i < 100; i++) { Console.Write(i); Console.WriteLine(';'); break; }")]
    public Task WritesThenLeavesTheLoop_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass(body));

    /// <summary>
    /// A <c>break</c> in a branch, one that leaves only an inner loop, one after an inner loop that repeats the writes, or a
    /// <c>throw</c> caught inside the loop does not end the loop that repeats the writes.
    /// </summary>
    [Theory]
    [InlineData("foreach (var item in items) { {|IOP006:Console.Write(item)|}; Console.WriteLine(';'); if (item.Length == 0) break; }")]
    [InlineData("foreach (var group in groups) { foreach (var item in group.Value) { {|IOP006:Console.Write(item)|}; Console.WriteLine(';'); break; } }")]
    [InlineData("foreach (var group in groups) { foreach (var item in group.Value) { {|IOP006:Console.Write(item)|}; Console.WriteLine(';'); } break; }")]
    [InlineData("foreach (var item in items) { try { {|IOP006:Console.Write(item)|}; Console.WriteLine(';'); throw new InvalidOperationException(); } catch (InvalidOperationException) { } }")]
    public Task ExitOnlySometimesOrFromAnInnerLoop_IsReported(string body) => Verify.VerifyAnalyzerAsync(InClass(body));

    /// <summary>
    /// A delegate the loop was handed runs code of the caller's (an <c>Action&lt;T&gt;</c> is System's type, not its code):
    /// the loop is more than output, as with a call of the project's own method. A property of the project's types is not
    /// (a getter is expected to be cheap and quiet).
    /// </summary>
    [Theory]
    [InlineData("Action<string> each = s => File.Delete(s); foreach (var item in items) { Console.Write(item); Console.WriteLine(';'); each(item); }")]
    [InlineData("Func<string, int> measure = s => s.Length; foreach (var item in items) { Console.Write(item); Console.WriteLine(measure(item)); }")]
    [InlineData("Action<string> each = s => { }; foreach (var item in items) { Console.Write(item); Console.WriteLine(';'); each.Invoke(item); }")]
    public Task DelegateInvokedInTheLoop_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass(body));

    [Fact]
    public Task PropertyOfTheProjectReadInTheLoop_IsReported() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Collections.Generic;
        using System.Linq;

        public class Service
        {
            private readonly string[] _locales = { "en", "de" };

            public string MainLocale => _locales[0];

            public void Print(Dictionary<string, string> texts)
            {
                foreach (var (locale, text) in texts.Where(x => x.Key != MainLocale))
                {
                    {|IOP006:Console.Write(locale)|};
                    Console.WriteLine(text);
                }
            }
        }
        """);

    private static string WithProjectMethods(string body) => $$"""
        using System;
        using System.IO;

        public class Templates
        {
            private static string BaseDirectory() => Path.Combine(AppContext.BaseDirectory, "templates");

            private static int First() => Environment.ProcessorCount;

            private static void Touch(string path) => File.SetLastWriteTimeUtc(path, DateTime.UtcNow);

            private static System.Collections.Generic.IEnumerable<string> Commands()
            {
                string? line;
                while ((line = Console.ReadLine()) != null) yield return line;
            }

            public void List()
            {
                {{body}}
            }
        }
        """;

    /// <summary>
    /// A project method called in a foreach's collection or a for's initialiser runs once, before the loop: it is not
    /// work the loop repeats (docfx's <c>GetDirectories(GetTemplateBaseDirectory())</c>, missed on issue 33's report half).
    /// </summary>
    [Theory]
    [InlineData("foreach (var dir in Directory.GetDirectories(BaseDirectory())) {|IOP006:Console.WriteLine(Path.GetFileName(dir))|};")]
    [InlineData("for (var i = First(); i < 100; i++) { {|IOP006:Console.Write(i)|}; Console.WriteLine(';'); }")]
    public Task ProjectMethodRunOnceBeforeTheLoop_IsReported(string body) => Verify.VerifyAnalyzerAsync(WithProjectMethods(body));

    /// <summary>
    /// The same project method called in the body, a for's condition or a lazy foreach collection (each runs on every
    /// iteration) is the loop's own work.
    /// </summary>
    [Theory]
    [InlineData("foreach (var dir in Directory.GetDirectories(BaseDirectory())) { Console.WriteLine(dir); Touch(dir); }")]
    [InlineData("for (var i = 0; i < First(); i++) { Console.Write(i); Console.WriteLine(';'); }")]
    [InlineData("foreach (var command in Commands()) { Console.Write(\"> \"); Console.WriteLine(command); }")] // a lazy sequence runs its code (a prompt) on every iteration
    public Task ProjectMethodInTheBodyOrCondition_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(WithProjectMethods(body));

    [Theory]
    [InlineData("Acme.Tests")]
    [InlineData("Acme.IntegrationTests")]
    public Task TestProject_NoDiagnostic(string assemblyName)
    {
        var test = Verify.Create(InClass("foreach (var line in File.ReadLines(path)) { Console.Write(line); Console.WriteLine(';'); }"));
        test.SolutionTransforms.Add((solution, projectId) => solution.WithProjectAssemblyName(projectId, assemblyName));
        return test.RunAsync();
    }
}
