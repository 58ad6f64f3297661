using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendFix>;

namespace IoPerf.Analyzers.Tests.IOP008.FileReopenedForEachAppend;

public sealed class FileReopenedForEachAppendTests
{
    private static string InClass(string members, string usings = "") => $$"""
        using System;
        using System.Collections.Concurrent;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        {{usings}}
        class C
        {
        {{members}}
        }
        """;

    // ---- Positives and their fixes -------------------------------------------------------------------------

    [Fact]
    public Task AppendAllTextPerLine_BecomesOneWriterForTheLoop() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Save(string path, IEnumerable<string> lines)
            {
                // one line per record
                foreach (var line in lines)
                {
                    {|IOP008:File.AppendAllText(path, line + "\n")|};
                }
            }
        """),
        InClass("""
            void Save(string path, IEnumerable<string> lines)
            {
                // one line per record
                using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var line in lines)
                    {
                        writer.Write(line + "\n");
                    }
                }
            }
        """));

    [Fact]
    public Task TheEncodingOfTheCallsIsTheWritersEncoding() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Save(string path, string[] lines)
            {
                for (var i = 0; i < lines.Length; i++)
                    {|IOP008:File.AppendAllText(path, lines[i], Encoding.Unicode)|};
            }
        """),
        InClass("""
            void Save(string path, string[] lines)
            {
                using (var writer = new StreamWriter(path, append: true, encoding: Encoding.Unicode))
                {
                    for (var i = 0; i < lines.Length; i++)
                        writer.Write(lines[i]);
                }
            }
        """));

    [Fact]
    public Task AppendAllLines_BecomesAWriteLineLoop() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Save(string path, List<string[]> batches)
            {
                foreach (var batch in batches)
                {
                    {|IOP008:File.AppendAllLines(path, batch)|};
                }
            }
        """),
        InClass("""
            void Save(string path, List<string[]> batches)
            {
                using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var batch in batches)
                    {
                        foreach (var line in batch)
                            writer.WriteLine(line);
                    }
                }
            }
        """));

    [Fact]
    public Task AsyncAppendWithAToken_BecomesAwaitUsingAndWriteAsync() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines, CancellationToken cancellationToken)
            {
                foreach (var line in lines)
                {
                    await {|IOP008:File.AppendAllTextAsync(path, line + "\n", cancellationToken)|};
                }
            }
        """),
        InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines, CancellationToken cancellationToken)
            {
                await using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var line in lines)
                    {
                        await writer.WriteAsync((line + "\n").AsMemory(), cancellationToken);
                    }
                }
            }
        """));

    [Fact]
    public Task AsyncAppendWithoutAToken_WritesTheStringAsync() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines)
            {
                foreach (var line in lines)
                    await {|IOP008:File.AppendAllLinesAsync(path, new[] { line })|};
            }
        """),
        InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines)
            {
                await using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var line in lines)
                        foreach (var line1 in new[] { line })
                            await writer.WriteLineAsync(line1);
                }
            }
        """));

    [Fact]
    public Task ConfigureAwaitFalse_IsKeptForTheDisposeToo() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines)
            {
                var count = 0;
                foreach (var line in lines)
                {
                    await {|IOP008:File.AppendAllTextAsync(path, line)|}.ConfigureAwait(false);
                    count++;
                }
            }
        """),
        InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines)
            {
                var count = 0;
                {
                    var writer = new StreamWriter(path, append: true);
                    await using (writer.ConfigureAwait(false))
                    {
                        foreach (var line in lines)
                        {
                            await writer.WriteAsync(line).ConfigureAwait(false);
                            count++;
                        }
                    }
                }
            }
        """));

    [Fact]
    public Task DrainLoopOverAQueue_WithAStaticReadonlyPath() => Verify.VerifyCodeFixAsync(
        InClass("""
            static readonly string LogPath = "app.log";
            readonly ConcurrentQueue<string> _messages = new();

            void Flush()
            {
                while (_messages.TryDequeue(out var message))
                {
                    {|IOP008:File.AppendAllText(LogPath, message + Environment.NewLine)|};
                }
            }
        """),
        InClass("""
            static readonly string LogPath = "app.log";
            readonly ConcurrentQueue<string> _messages = new();

            void Flush()
            {
                using (var writer = new StreamWriter(LogPath, append: true))
                {
                    while (_messages.TryDequeue(out var message))
                    {
                        writer.Write(message + Environment.NewLine);
                    }
                }
            }
        """));

    [Fact]
    public Task TwoAppendsToOneFile_ShareOneWriter() => Verify.VerifyCodeFixAsync(
        InClass("""
            const string Report = "report.txt";

            void Write(IEnumerable<(string Name, int Value)> rows)
            {
                foreach (var row in rows)
                {
                    {|IOP008:File.AppendAllText(Report, row.Name)|};
                    if (row.Value > 0)
                        {|IOP008:File.AppendAllLines(Report, new[] { ": " + row.Value })|};
                }
            }
        """),
        InClass("""
            const string Report = "report.txt";

            void Write(IEnumerable<(string Name, int Value)> rows)
            {
                using (var writer = new StreamWriter(Report, append: true))
                {
                    foreach (var row in rows)
                    {
                        writer.Write(row.Name);
                        if (row.Value > 0)
                            foreach (var line in new[] { ": " + row.Value })
                                writer.WriteLine(line);
                    }
                }
            }
        """));

    [Fact]
    public Task InnerLoopOnly_WhenTheOuterLoopChangesThePath() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Export(Dictionary<string, List<string>> byFile)
            {
                foreach (var pair in byFile)
                {
                    var target = pair.Key + ".csv";
                    foreach (var row in pair.Value)
                        {|IOP008:File.AppendAllText(target, row)|};
                }
            }
        """),
        InClass("""
            void Export(Dictionary<string, List<string>> byFile)
            {
                foreach (var pair in byFile)
                {
                    var target = pair.Key + ".csv";
                    using (var writer = new StreamWriter(target, append: true))
                    {
                        foreach (var row in pair.Value)
                            writer.Write(row);
                    }
                }
            }
        """));

    [Fact]
    public Task NestedLoopsAppendingToTwoConstantFiles_OnlyTheInnerLoopGetsAWriter() => Verify.VerifyCodeFixAsync(
        InClass("""
            const string summary = "summary.txt", details = "details.txt";

            void Report(Dictionary<string, List<string>> groups)
            {
                foreach (var group in groups)
                {
                    File.AppendAllText(summary, group.Key + "\n");
                    foreach (var item in group.Value)
                        {|IOP008:File.AppendAllText(details, item + "\n")|};
                }
            }
        """),
        InClass("""
            const string summary = "summary.txt", details = "details.txt";

            void Report(Dictionary<string, List<string>> groups)
            {
                foreach (var group in groups)
                {
                    File.AppendAllText(summary, group.Key + "\n");
                    using (var writer = new StreamWriter(details, append: true))
                    {
                        foreach (var item in group.Value)
                            writer.Write(item + "\n");
                    }
                }
            }
        """));

    [Fact]
    public Task TheWritersNameClashesWithNothingInTheLoop() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Save(string path, IEnumerable<string> lines, TextWriter console)
            {
                foreach (var line in lines)
                {
                    var writer = console;
                    writer.WriteLine(line);
                    {|IOP008:File.AppendAllText(path, line)|};
                }
            }
        """),
        InClass("""
            void Save(string path, IEnumerable<string> lines, TextWriter console)
            {
                using (var writer1 = new StreamWriter(path, append: true))
                {
                    foreach (var line in lines)
                    {
                        var writer = console;
                        writer.WriteLine(line);
                        writer1.Write(line);
                    }
                }
            }
        """));

    [Fact]
    public Task FullyQualifiedFile_GetsAQualifiedStreamWriter_NoImport() => Verify.VerifyCodeFixAsync(
        """
        class C
        {
            void Save(string path, string[] lines)
            {
                foreach (var line in lines) {|IOP008:System.IO.File.AppendAllText(path, line)|};
            }
        }
        """,
        """
        class C
        {
            void Save(string path, string[] lines)
            {
                using (var writer = new System.IO.StreamWriter(path, append: true))
                {
                    foreach (var line in lines) writer.Write(line);
                }
            }
        }
        """);

    [Fact]
    public Task LoopAsTheBodyOfAnIf_AndAfterALabel() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Save(string path, string[] lines, bool enabled)
            {
                if (enabled)
                    do {|IOP008:File.AppendAllText(path, lines[0])|}; while (lines.Length > 10);
            }
        """),
        InClass("""
            void Save(string path, string[] lines, bool enabled)
            {
                if (enabled)
                    using (var writer = new StreamWriter(path, append: true))
                    {
                        do writer.Write(lines[0]); while (lines.Length > 10);
                    }
            }
        """));

    [Fact]
    public Task FixAll_FixesEveryLoopOfTheDocument() => Verify.VerifyCodeFixAsync(
        InClass("""
            void A(string path, string[] lines)
            {
                foreach (var line in lines) {|IOP008:File.AppendAllText(path, line)|};
            }

            void B(string path, string[] lines)
            {
                foreach (var line in lines) {|IOP008:File.AppendAllLines(path, new[] { line })|};
            }
        """),
        InClass("""
            void A(string path, string[] lines)
            {
                using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var line in lines) writer.Write(line);
                }
            }

            void B(string path, string[] lines)
            {
                using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var line in lines) foreach (var line1 in new[] { line }) writer.WriteLine(line1);
                }
            }
        """));

    [Fact]
    public Task TopLevelStatements()
    {
        var test = Verify.Create("""
            using System.IO;

            var path = args[0];
            for (var i = 0; i < 1000; i++)
            {
                {|IOP008:File.AppendAllText(path, i + "\n")|};
            }
            """);
        test.FixedCode = """
            using System.IO;

            var path = args[0];
            using (var writer = new StreamWriter(path, append: true))
            {
                for (var i = 0; i < 1000; i++)
                {
                    writer.Write(i + "\n");
                }
            }
            """;
        test.TestState.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    [Fact]
    public async Task AsyncFix_IsNotOfferedWhereStreamWriterCannotDisposeAsync()
    {
        var source = """
            using System.Collections.Generic;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                async Task SaveAsync(string path, IEnumerable<string> lines)
                {
                    foreach (var line in lines)
                        await {|IOP008:File.AppendAllTextAsync(path, line)|};
                }
            }
            """;
        var test = Verify.Create(source, TestFramework.Net80);
        test.LanguageVersion = Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp7_3;
        test.FixedCode = source;
        test.CompilerDiagnostics = Microsoft.CodeAnalysis.Testing.CompilerDiagnostics.None;
        await test.RunAsync();
    }

    // ---- Negatives: look-alikes the rule must leave alone ------------------------------------------------------

    [Theory]
    [InlineData("rotation by counter", """
        for (var i = 0; i < 100; i++)
        {
            var path = $"log{i / 10}.txt";
            File.AppendAllText(path, i + "\n");
        }
        """)]
    [InlineData("path computed per call", """
        foreach (var line in lines) File.AppendAllText(Path.Combine(dir, "out.txt"), line);
        """)]
    [InlineData("the loop variable is the path", """
        foreach (var line in lines) File.AppendAllText(line, "touched\n");
        """)]
    [InlineData("path reassigned in the loop", """
        var path = dir;
        foreach (var line in lines) { File.AppendAllText(path, line); if (line.Length > 80) path = dir + ".long"; }
        """)]
    [InlineData("reads the file back", """
        var path = dir;
        foreach (var line in lines) { File.AppendAllText(path, line); Console.WriteLine(File.ReadAllText(path).Length); }
        """)]
    [InlineData("a FileInfo of the file", """
        var path = dir;
        foreach (var line in lines) { File.AppendAllText(path, line); if (new FileInfo(path).Length > 1000) break; }
        """)]
    [InlineData("deletes the file", """
        var path = dir;
        foreach (var line in lines) { if (line == "reset") File.Delete(path); else File.AppendAllText(path, line); }
        """)]
    [InlineData("passes the path to a helper", """
        var path = dir;
        foreach (var line in lines) { File.AppendAllText(path, line); Rotate(path); }
        """)]
    [InlineData("a lambda elsewhere uses the path", """
        var path = dir;
        Action check = () => Console.WriteLine(File.Exists(path));
        foreach (var line in lines) { File.AppendAllText(path, line); check(); }
        """)]
    [InlineData("heartbeat with Task.Delay", """
        while (true) { File.AppendAllText(dir, DateTime.Now + "\n"); Task.Delay(60_000).Wait(); }
        """)]
    [InlineData("heartbeat with Thread.Sleep", """
        for (var i = 0; i < 1000; i++) { File.AppendAllText(dir, i + "\n"); Thread.Sleep(1000); }
        """)]
    [InlineData("a consumer blocked on a queue", """
        foreach (var message in queue.GetConsumingEnumerable()) File.AppendAllText(dir, message);
        """)]
    [InlineData("a wait handle", """
        while (signal.WaitOne()) File.AppendAllText(dir, "tick\n");
        """)]
    [InlineData("lines from a child process", """
        var process = System.Diagnostics.Process.Start("git", "log")!;
        string? line;
        while ((line = process.StandardOutput.ReadLine()) != null) File.AppendAllText(dir, line);
        """)]
    [InlineData("user input", """
        string? line;
        while ((line = Console.ReadLine()) != null) File.AppendAllText(dir, line);
        """)]
    [InlineData("three iterations", """
        for (var i = 0; i < 3; i++) File.AppendAllText(dir, i + "\n");
        """)]
    [InlineData("four listed items", """
        foreach (var header in new[] { "a", "b", "c", "d" }) File.AppendAllText(dir, header);
        """)]
    [InlineData("a collection expression of two", """
        foreach (var header in (string[])["a", "b"]) File.AppendAllText(dir, header);
        """)]
    [InlineData("a while loop over an exception's inner exceptions", """
        Exception? error = new InvalidOperationException("outer", new Exception("inner"));
        while (error != null) { File.AppendAllText(dir, error.Message + "\n"); error = error.InnerException; }
        """)]
    [InlineData("a for loop whose header walks the inner exceptions", """
        for (Exception? e = new AggregateException(); e is not null; e = e.InnerException) File.AppendAllText(dir, e.ToString());
        """)]
    [InlineData("a lock per append", """
        foreach (var line in lines) { lock (lines) { File.AppendAllText(dir, line); } }
        """)]
    [InlineData("two variables that may name one file", """
        var other = dir + "";
        foreach (var line in lines) { File.AppendAllText(dir, line); File.AppendAllText(other, line); }
        """)]
    [InlineData("an inner loop appends to a variable that may name the same file (the inner loop alone is reported)", """
        var other = dir + "";
        foreach (var line in lines) { File.AppendAllText(dir, line); foreach (var c in line) {|IOP008:File.AppendAllText(other, c.ToString())|}; }
        """)]
    [InlineData("two constants that may be one file", """
        foreach (var line in lines) { File.AppendAllText("log.txt", line); File.AppendAllText("./log.txt", line); }
        """)]
    [InlineData("a constant path also appended to by a helper, by the constant's name", """
        foreach (var line in lines) { File.AppendAllText(Log, line); Note(); }
        """)]
    [InlineData("a field path also used by a lambda", """
        Action<string> log = m => File.AppendAllText(_path, m);
        foreach (var line in lines) { File.AppendAllText(_path, line); log("."); }
        """)]
    [InlineData("a property setter that appends", """
        foreach (var line in lines) { File.AppendAllText(_path, line); Status = line; }
        """)]
    [InlineData("a helper that opens a file computed again", """
        var path = dir + "/x.log";
        foreach (var line in lines) { File.AppendAllText(path, line); Audit(line); }
        """)]
    [InlineData("the encoding variable is changed in the loop", """
        Encoding encoding = Encoding.UTF8;
        foreach (var line in lines) { File.AppendAllText(dir, line, encoding); encoding = Encoding.Unicode; }
        """)]
    [InlineData("the encoding is declared in the loop", """
        foreach (var line in lines) { var encoding = line.Length > 3 ? Encoding.UTF8 : Encoding.Unicode; File.AppendAllText(dir, line, encoding); }
        """)]
    [InlineData("the encoding is another object's", """
        foreach (var target in targets) File.AppendAllText(dir, target.Text, target.Encoding);
        """)]
    [InlineData("lines typed by the user through Console.In", """
        string? line;
        while ((line = Console.In.ReadLine()) != null) File.AppendAllText(dir, line);
        """)]
    [InlineData("a child process's output held in a local", """
        var process = System.Diagnostics.Process.Start("git", "log")!;
        var output = process.StandardOutput;
        string? line;
        while ((line = output.ReadLine()) != null) File.AppendAllText(dir, line);
        """)]
    [InlineData("another file written in the loop", """
        foreach (var line in lines) { File.AppendAllText(dir, line); File.WriteAllText(line + ".txt", line); }
        """)]
    [InlineData("different encodings", """
        foreach (var line in lines) { File.AppendAllText(dir, line, Encoding.UTF8); File.AppendAllText(dir, line, Encoding.Unicode); }
        """)]
    [InlineData("an encoding created per call", """
        foreach (var line in lines) File.AppendAllText(dir, line, Encoding.GetEncoding(line));
        """)]
    [InlineData("creates the directory first", """
        foreach (var line in lines) { Directory.CreateDirectory("logs"); File.AppendAllText("logs/a.txt", line); }
        """)]
    [InlineData("changes the current directory", """
        foreach (var line in lines) { Directory.SetCurrentDirectory(line); File.AppendAllText("a.txt", line); }
        """)]
    [InlineData("the result is used", """
        var tasks = new List<Task>();
        foreach (var line in lines) tasks.Add(File.AppendAllTextAsync(dir, line));
        """)]
    [InlineData("a constant path also used by a helper", """
        foreach (var line in lines) { File.AppendAllText("state.txt", line); Check(); }
        """)]
    public Task Negative(string reason, string body)
    {
        _ = reason;
        return Verify.VerifyAnalyzerAsync(InClass($$"""
            readonly BlockingCollection<string> queue = new();
            readonly AutoResetEvent signal = new(false);

            void M(string dir, string[] lines)
            {
            {{body}}
            }

            static void Rotate(string path) { }

            static void Check() => Console.WriteLine(File.ReadAllText("state.txt"));

            const string Log = "a.log";
            string _path = "b.log";
            (string Text, Encoding Encoding)[] targets = [];

            static void Note() => File.AppendAllText(Log, ".");

            static void Audit(string line) => File.AppendAllText(Environment.CurrentDirectory + "/x.log", line);

            string Status { get => ""; set => File.AppendAllText(_path, "[" + value + "]"); }
        """));
    }

    /// <summary>
    /// A loop over data that only touches InnerException on its error path (another variable, or a walk in a nested loop)
    /// is not a walk of the chain: still reported.
    /// </summary>
    [Theory]
    [InlineData("catch (AggregateException ex) { last = ex.InnerException; }")]
    [InlineData("catch (Exception ex) { var e = ex; while (e.InnerException != null) e = e.InnerException; last = e; }")]
    public Task DataLoopTouchingInnerExceptionOnItsErrorPath_IsReported(string handler) => Verify.VerifyAnalyzerAsync(InClass($$"""
            Exception? last;

            void Save(string path, string[] lines)
            {
                foreach (var line in lines)
                {
                    try { int.Parse(line); }
                    {{handler}}
                    {|IOP008:File.AppendAllText(path, line + "\n")|};
                }
            }
        """));

    /// <summary>Only a chain of inner exceptions is known to be short: another linked walk is reported.</summary>
    [Fact]
    public Task LinkedListWalk_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
            void Save(string path, LinkedList<string> lines)
            {
                var node = lines.First;
                while (node != null)
                {
                    {|IOP008:File.AppendAllText(path, node.Value)|};
                    node = node.Next;
                }
            }
        """));

    /// <summary>ShareX's logger drains its queue this way: the cost is there, but the errors are handled per message.</summary>
    [Fact]
    public Task ErrorsCaughtPerAppend_AreReportedWithoutAFix()
    {
        var source = InClass("""
            readonly ConcurrentQueue<string> _queue = new();

            void Drain(string logPath)
            {
                while (_queue.TryDequeue(out var message))
                {
                    if (string.IsNullOrEmpty(logPath) || logPath is null || logPath == null)
                        continue;
                    try
                    {
                        {|IOP008:File.AppendAllText(logPath, message, Encoding.UTF8)|};
                    }
                    catch (IOException)
                    {
                    }
                }
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Theory]
    [InlineData("protected abstract string LogPath { get; }", "abstract class C")]
    [InlineData("protected virtual string LogPath { get; set; } = \"a.log\";", "class C")]
    public Task OverridablePropertyPath_IsNotOnePath(string property, string header) => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;
        {{header}}
        {
            {{property}}

            void Save(string[] lines)
            {
                foreach (var line in lines) File.AppendAllText(LogPath, line);
            }
        }
        """);

    [Fact]
    public Task ConfigureAwaitOptions_ReportedWithoutAFix()
    {
        var source = InClass("""
            async Task SaveAsync(string path, IEnumerable<string> lines)
            {
                foreach (var line in lines)
                    await {|IOP008:File.AppendAllTextAsync(path, line)|}.ConfigureAwait(ConfigureAwaitOptions.None);
            }
        """);
        var test = Verify.Create(source, TestFramework.Net100);
        test.FixedCode = source;
        return test.RunAsync();
    }

    [Fact]
    public Task NullContents_IsWrittenAsANullString() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Touch(string path, string[] names)
            {
                foreach (var name in names) {|IOP008:File.AppendAllText(path, null)|};
            }
        """),
        InClass("""
            void Touch(string path, string[] names)
            {
                using (var writer = new StreamWriter(path, append: true))
                {
                    foreach (var name in names) writer.Write(default(string));
                }
            }
        """));

    [Fact]
    public Task ConfigureAwaitLoopsSideBySide_FixAllCompiles() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task SaveAsync(string path, string[] lines, int mode)
            {
                switch (mode)
                {
                    case 1:
                        foreach (var line in lines) await {|IOP008:File.AppendAllTextAsync(path, line)|}.ConfigureAwait(false);
                        break;
                    case 2:
                        foreach (var line in lines) await {|IOP008:File.AppendAllTextAsync(path, line + "!")|}.ConfigureAwait(false);
                        break;
                }

                using (var writer = new StringWriter())
                {
                    foreach (var line in lines) await {|IOP008:File.AppendAllTextAsync(path, line)|}.ConfigureAwait(false);
                }
            }
        """),
        InClass("""
            async Task SaveAsync(string path, string[] lines, int mode)
            {
                switch (mode)
                {
                    case 1:
                        {
                            var writer = new StreamWriter(path, append: true);
                            await using (writer.ConfigureAwait(false))
                            {
                                foreach (var line in lines) await writer.WriteAsync(line).ConfigureAwait(false);
                            }
                        }
                        break;
                    case 2:
                        {
                            var writer = new StreamWriter(path, append: true);
                            await using (writer.ConfigureAwait(false))
                            {
                                foreach (var line in lines) await writer.WriteAsync(line + "!").ConfigureAwait(false);
                            }
                        }
                        break;
                }

                using (var writer = new StringWriter())
                {
                    {
                        var writer1 = new StreamWriter(path, append: true);
                        await using (writer1.ConfigureAwait(false))
                        {
                            foreach (var line in lines) await writer1.WriteAsync(line).ConfigureAwait(false);
                        }
                    }
                }
            }
        """));

    [Fact]
    public Task AnotherTypeNamedFile_StaysUnambiguous() => Verify.VerifyCodeFixAsync(
        """
        using Models;

        namespace Models { class File { } }

        class C
        {
            File? _last;

            void Save(string path, string[] lines)
            {
                foreach (var line in lines) {|IOP008:System.IO.File.AppendAllText(path, line)|};
            }
        }
        """,
        """
        using Models;

        namespace Models { class File { } }

        class C
        {
            File? _last;

            void Save(string path, string[] lines)
            {
                using (var writer = new System.IO.StreamWriter(path, append: true))
                {
                    foreach (var line in lines) writer.Write(line);
                }
            }
        }
        """);

    [Fact]
    public Task StringBuilderBatch_AndASingleAppendAfterTheLoop() => Verify.VerifyAnalyzerAsync(InClass("""
        void Save(string path, string[] lines)
        {
            var text = new StringBuilder();
            foreach (var line in lines)
                text.AppendLine(line);
            File.AppendAllText(path, text.ToString());
        }
    """));

    [Fact]
    public Task AwaitForeach_MayWaitForEachItem() => Verify.VerifyAnalyzerAsync(InClass("""
        async Task SaveAsync(string path, IAsyncEnumerable<string> lines)
        {
            await foreach (var line in lines)
                await File.AppendAllTextAsync(path, line);
        }
    """));

    [Fact]
    public Task ChannelReaderAndPeriodicTimerLoops() => Verify.VerifyAnalyzerAsync(InClass("""
        async Task DrainAsync(string path, System.Threading.Channels.ChannelReader<string> reader, PeriodicTimer timer)
        {
            while (true)
            {
                var message = await reader.ReadAsync();
                await File.AppendAllTextAsync(path, message);
            }
        }

        async Task TickAsync(string path, PeriodicTimer timer)
        {
            while (await timer.WaitForNextTickAsync())
                await File.AppendAllTextAsync(path, DateTime.UtcNow + "\n");
        }
    """));

    [Fact]
    public Task FieldPathUsedByAHelperTheLoopCalls() => Verify.VerifyAnalyzerAsync(InClass("""
        string _log = "a.log";

        void Save(string[] lines)
        {
            foreach (var line in lines)
            {
                File.AppendAllText(_log, line);
                Trim();
            }
        }

        void Trim()
        {
            if (new FileInfo(_log).Length > 1_000_000) File.Delete(_log);
        }
    """));

    [Fact]
    public Task PropertyWithAComputedGetter_IsNotOnePath() => Verify.VerifyAnalyzerAsync(InClass("""
        string LogPath => $"log-{DateTime.Now:yyyyMMdd-HHmmss}.txt";

        void Save(string[] lines)
        {
            foreach (var line in lines) File.AppendAllText(LogPath, line);
        }
    """));

    /// <summary>
    /// Other files the loop only reads: nothing there could name, move or remove the appended file while one writer holds
    /// it, so the loop is still reported (the shared model knows a read-only open from a write).
    /// </summary>
    [Theory]
    [InlineData("Console.WriteLine(File.ReadAllText(line).Length);")]
    [InlineData("using (var other = File.OpenRead(line)) Console.WriteLine(other.Length);")]
    [InlineData("using (var other = new FileStream(line, FileMode.Open, FileAccess.Read)) Console.WriteLine(other.Length);")]
    [InlineData("Console.WriteLine(File.Exists(line + \".done\"));")]
    public Task OtherFileInTheLoop_OnlyRead_IsReported(string read) => Verify.VerifyAnalyzerAsync(InClass($$"""
        void Save(string path, string[] lines)
        {
            foreach (var line in lines)
            {
                {|IOP008:File.AppendAllText(path, line)|};
                {{read}}
            }
        }
    """));

    /// <summary>Other files the loop writes, moves or deletes - through System.IO or another library's writer - may be the appended file.</summary>
    [Theory]
    [InlineData("File.Copy(line, line + \".bak\", overwrite: true);")]
    [InlineData("File.Delete(line);")]
    [InlineData("new System.Xml.Linq.XDocument(new System.Xml.Linq.XElement(\"entry\")).Save(line + \".xml\");")]
    [InlineData("using (var other = new FileStream(line, FileMode.OpenOrCreate, FileAccess.Write)) other.WriteByte(1);")]
    public Task OtherFileInTheLoop_Changed_NoDiagnostic(string change) => Verify.VerifyAnalyzerAsync(InClass($$"""
        void Save(string path, string[] lines)
        {
            foreach (var line in lines)
            {
                File.AppendAllText(path, line);
                {{change}}
            }
        }
    """));

    [Fact]
    public Task AnotherObjectsPathField_IsNotOnePath() => Verify.VerifyAnalyzerAsync(InClass("""
        string _path = "";

        void Save(C[] targets, string line)
        {
            foreach (var target in targets) File.AppendAllText(target._path, line);
        }
    """));

    [Fact]
    public Task YieldReturnInTheLoop() => Verify.VerifyAnalyzerAsync(InClass("""
        IEnumerable<int> Save(string path, string[] lines)
        {
            foreach (var line in lines)
            {
                File.AppendAllText(path, line);
                yield return line.Length;
            }
        }
    """));

    [Fact]
    public Task AppendInALambdaInTheLoop_IsNotTheLoopsAppend() => Verify.VerifyAnalyzerAsync(InClass("""
        void Save(string path, string[] lines, List<Action> later)
        {
            foreach (var line in lines)
                later.Add(() => File.AppendAllText(path, line));
        }
    """));

    [Fact]
    public Task AppendOutsideAnyLoop_AndAnotherTypesAppendAllText() => Verify.VerifyAnalyzerAsync("""
        using System.Collections.Generic;

        static class File
        {
            public static void AppendAllText(string path, string contents) { }
        }

        class C
        {
            void Once(string path) => System.IO.File.AppendAllText(path, "x");

            void Many(string path, List<string> lines)
            {
                foreach (var line in lines) File.AppendAllText(path, line);
            }
        }
        """);

    [Fact]
    public Task GeneratedCode_IsLeftAlone() => Verify.VerifyAnalyzerAsync(InClass("""
        [System.CodeDom.Compiler.GeneratedCode("tool", "1.0")]
        void Save(string path, string[] lines)
        {
            foreach (var line in lines) File.AppendAllText(path, line);
        }
    """, usings: "// <auto-generated/>"));
}
