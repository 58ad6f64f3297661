using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush;
using IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushFix>;

namespace IoPerf.Analyzers.Tests.IOP006.TinyIoPayingLockOrFlush;

public sealed class TinyIoPayingLockOrFlushTests
{
    private static string InClass(string members) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Threading.Tasks;

        public class Report
        {
        {{members}}
        }
        """;

    // ---- Console output in a loop -----------------------------------------------------------------------------------

    // Where Console.Out.Encoding may keep a UTF-8 console's byte-order mark (.NET Framework, and a .NET Standard library,
    // which may run there), a new writer would print it mid-output: reported, not fixed.
    [Theory]
    [InlineData("netstandard")]
    [InlineData("net48,net8.0")]
    [InlineData("netstandard2.0,net8.0")]
    public Task ConsoleLoop_WhereTheConsoleEncodingMayKeepAMark_ReportedWithoutAFix(string targets)
    {
        var source = InClass("""
            public void Print(string path)
            {
                foreach (var name in File.ReadLines(path))
                {
                    {|IOP006:Console.WriteLine(name)|};
                }
            }
        """);
        var test = Verify.Create(source, targets == "netstandard" ? TestFramework.NetStandard20 : TestFramework.Net80);
        if (targets != "netstandard")
        {
            test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", $"is_global = true\nbuild_property.ioperftargetframeworks = {targets}\n"));
        }

        test.FixedCode = source;
        return test.RunAsync();
    }

    /// <summary>
    /// A compilation that redirects Console.Out (to a log, to capture output) would lose the loop's text to the fix's
    /// writer, which goes to the standard output itself: reported, not fixed - the redirect in the same file or another.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public Task ConsoleLoop_InACompilationThatRedirectsConsoleOut_ReportedWithoutAFix(bool inTheSameFile)
    {
        const string Redirect = """
            public static class Logging
            {
                public static void ToFile(string path) => System.Console.SetOut(new System.IO.StreamWriter(path) { AutoFlush = false });
            }
            """;
        var source = InClass("""
            public void Print(string path)
            {
                foreach (var name in File.ReadLines(path))
                {
                    {|IOP006:Console.WriteLine(name)|};
                }
            }
        """) + (inTheSameFile ? "\n" + Redirect : string.Empty);
        var test = Verify.Create(source);
        test.FixedState.Sources.Add(source);
        if (!inTheSameFile)
        {
            test.TestState.Sources.Add(("Logging.cs", Redirect));
            test.FixedState.Sources.Add(("Logging.cs", Redirect));
        }

        return test.RunAsync();
    }

    /// <summary>A method whose name only begins with SetOut (an encoder's <c>SetOutStream</c>) redirects nothing.</summary>
    [Fact]
    public Task ConsoleLoop_BesideAMethodNamedSetOutSomething_IsFixed() => Verify.VerifyCodeFixAsync(
        InClass("""
            private Stream _out = Stream.Null;
            private void SetOutStream(Stream stream) => _out = stream;

            public void Print(string path)
            {
                foreach (var name in File.ReadLines(path))
                {
                    {|IOP006:Console.WriteLine(name)|};
                }
            }
        """),
        InClass("""
            private Stream _out = Stream.Null;
            private void SetOutStream(Stream stream) => _out = stream;

            public void Print(string path)
            {
                using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
                {
                    foreach (var name in File.ReadLines(path))
                    {
                        stdout.WriteLine(name);
                    }
                }
            }
        """));

    [Fact]
    public Task ConsoleWriteLine_PerLineOfAFile_GoesThroughOneBufferedWriter() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Print(string path)
            {
                Console.WriteLine("names:");
                foreach (var name in File.ReadLines(path))
                {
                    {|IOP006:Console.WriteLine(name)|};
                }

                Console.WriteLine("done");
            }
        """),
        InClass("""
            public void Print(string path)
            {
                Console.WriteLine("names:");
                using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
                {
                    foreach (var name in File.ReadLines(path))
                    {
                        stdout.WriteLine(name);
                    }
                }

                Console.WriteLine("done");
            }
        """));

    [Fact]
    public Task TopLevelStatements_AreFixedInPlace()
    {
        var test = Verify.Create("""
            using System;
            using System.IO;

            foreach (var arg in File.ReadLines(args[0]))
            {
                {|IOP006:Console.WriteLine(arg)|};
            }

            Console.WriteLine("done");
            """);
        test.TestState.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        test.FixedState.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        test.FixedCode = """
            using System;
            using System.IO;

            using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
            {
                foreach (var arg in File.ReadLines(args[0]))
                {
                    stdout.WriteLine(arg);
                }
            }

            Console.WriteLine("done");
            """;
        return test.RunAsync();
    }

    [Fact]
    public Task UsingStaticConsole_WritesGoThroughTheWriter() => Verify.VerifyCodeFixAsync(
        """
        using System.Collections.Generic;
        using System.IO;
        using static System.Console;

        public class Report
        {
            public void Print(List<int> values)
            {
                foreach (var value in values)
                {
                    {|IOP006:Write(value)|};
                    WriteLine();
                }
            }
        }
        """,
        """
        using System.Collections.Generic;
        using System.IO;
        using static System.Console;

        public class Report
        {
            public void Print(List<int> values)
            {
                using (var stdout = new StreamWriter(System.Console.OpenStandardOutput(), System.Console.Out.Encoding, 4096))
                {
                    foreach (var value in values)
                    {
                        stdout.Write(value);
                        stdout.WriteLine();
                    }
                }
            }
        }
        """);

    [Fact]
    public Task SeveralWritesPerIteration_ConsoleOutToo_AllGoThroughTheWriter() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Grid(int rows, int columns)
            {
                for (var r = 0; r < rows; r++)
                {
                    for (var c = 0; c < columns; c++)
                    {
                        {|IOP006:Console.Write(r * c)|};
                        Console.Out.Write(';');
                    }

                    Console.WriteLine();
                }
            }
        """),
        InClass("""
            public void Grid(int rows, int columns)
            {
                using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
                {
                    for (var r = 0; r < rows; r++)
                    {
                        for (var c = 0; c < columns; c++)
                        {
                            stdout.Write(r * c);
                            stdout.Write(';');
                        }

                        stdout.WriteLine();
                    }
                }
            }
        """));

    [Fact]
    public Task WhileLoop_WithTwoWritesPerIteration() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Dump(Queue<int> queue)
            {
                while (queue.Count > 0)
                {
                    {|IOP006:Console.Write(queue.Dequeue())|};
                    Console.Write(' ');
                }
            }
        """));

    [Fact]
    public Task NameInScope_GetsADistinctWriterName() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Print(string[] lines, string stdout)
            {
                foreach (var line in File.ReadLines(lines[0]))
                {
                    {|IOP006:Console.WriteLine(line + stdout)|};
                }
            }
        """),
        InClass("""
            public void Print(string[] lines, string stdout)
            {
                using (var stdout1 = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
                {
                    foreach (var line in File.ReadLines(lines[0]))
                    {
                        stdout1.WriteLine(line + stdout);
                    }
                }
            }
        """));

    [Fact]
    public Task AwaitInTheLoop_IsNotReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public async Task Stream(IAsyncEnumerable<string> events)
            {
                await foreach (var e in events)
                {
                    Console.Write(e);
                    Console.WriteLine();
                }
            }
        """));

    /// <summary>
    /// Colours and cursor moves act on the terminal at once: text held in a buffer would come out in the wrong colour or
    /// place, so the advice cannot be followed (CKAN's console UI draws a frame's sides row by row this way).
    /// </summary>
    [Theory]
    [InlineData("Console.ForegroundColor = line.StartsWith('!') ? ConsoleColor.Red : ConsoleColor.Gray;")]
    [InlineData("Console.SetCursorPosition(0, line.Length % 20);")]
    [InlineData("Console.CursorLeft = 4;")]
    [InlineData("Console.ResetColor();")]
    [InlineData("Console.CursorLeft++;")]
    [InlineData("Console.CursorTop += 1;")]
    [InlineData("(Console.CursorLeft, Console.CursorTop) = (0, 1);")]
    public Task LoopThatChangesTheTerminal_NoDiagnostic(string change) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void Print(string[] lines)
            {
                foreach (var line in File.ReadLines(lines[0]))
                {
                    {{change}}
                    Console.Write("| ");
                    Console.WriteLine(line);
                }

                Console.ResetColor();
            }
        """));

    /// <summary>An exception dump walks one to three links once, on an error path (dnSpy's console tool does this).</summary>
    [Fact]
    public Task ExceptionChainDump_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Dump(Exception? ex)
            {
                while (ex is not null)
                {
                    Console.WriteLine("Error: {0}", ex.GetType());
                    Console.WriteLine("  {0}", ex.Message);
                    Console.WriteLine("  {0}", ex.StackTrace);
                    ex = ex.InnerException;
                }
            }
        """));

    [Fact]
    public Task SameWritesOverALinkedList_AreReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Dump(LinkedListNode<string>? node)
            {
                while (node is not null)
                {
                    {|IOP006:Console.WriteLine("Item: {0}", node.Value)|};
                    Console.WriteLine("  {0}", node.Value.Length);
                    Console.WriteLine("  {0}", node.Value.ToUpperInvariant());
                    node = node.Next;
                }
            }
        """));

    [Fact]
    public Task LoopThatReadsTheCursorPosition_IsReportedWithoutAFix()
    {
        var source = InClass("""
            public void Print(string[] lines)
            {
                foreach (var line in File.ReadLines(lines[0]))
                {
                    var (left, _) = Console.GetCursorPosition();
                    {|IOP006:Console.Write(left)|};
                    Console.WriteLine(line);
                }
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    /// <summary>An exception walk in a catch clause of a data loop does not make the loop an error dump.</summary>
    [Fact]
    public Task DataLoopWithAnExceptionWalkInACatch_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Print(string path)
            {
                foreach (var line in File.ReadLines(path))
                {
                    {|IOP006:Console.Write(line)|};
                    Console.WriteLine();
                    try { Console.WriteLine(int.Parse(line)); }
                    catch (Exception ex) { for (var e = ex; e != null; e = e.InnerException) Console.WriteLine(e.Message); }
                }
            }
        """));

    [Fact]
    public Task LoopThatReadsTheWindowWidth_IsReportedWithoutAFix()
    {
        // Reading the console's state changes nothing on the terminal; a fix is still not offered (a read of the cursor
        // would see where buffered text has not gone yet).
        var source = InClass("""
            public void Print(string[] lines)
            {
                foreach (var line in File.ReadLines(lines[0]))
                {
                    {|IOP006:Console.WriteLine(line.PadRight(Console.WindowWidth - 1))|};
                }
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task UserMethodInTheLoop_IsNotReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Process(string[] files)
            {
                foreach (var file in files)
                {
                    Console.Write("processing ");
                    Console.WriteLine(file);
                    Compress(file);
                }
            }

            // Work of its own (and maybe output of its own): the console writes are not what the loop costs.
            private static void Compress(string file) { }
        """));

    [Fact]
    public Task FileWorkInTheLoop_IsNotReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Copy(string[] files, string target)
            {
                foreach (var file in files)
                {
                    File.Copy(file, Path.Combine(target, Path.GetFileName(file)));
                    Console.Write("copied ");
                    Console.WriteLine(file);
                }
            }
        """));

    [Fact]
    public Task TableOfARecordSet_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Print(System.Data.IDataReader reader)
            {
                while (reader.Read())
                {
                    for (var i = 0; i < reader.FieldCount; i++)
                    {
                        {|IOP006:Console.Write($"{reader.GetValue(i)}\t")|};
                    }

                    Console.WriteLine();
                }
            }
        """));

    [Theory]
    // A conversation: the loop reads the console between writes.
    [InlineData("while (true) { Console.Write(\"> \"); var line = Console.ReadLine(); if (line is null) break; Console.WriteLine(line.ToUpperInvariant()); }")]
    [InlineData("foreach (var item in items) { Console.Write(item); Console.ReadKey(); }")]
    // Output paced on purpose, or forwarded as it arrives: buffering would hold it back until the loop ends.
    [InlineData("for (var i = 0; i <= 100; i++) { Console.Write($\"\\r{i}%\"); System.Threading.Thread.Sleep(50); }")]
    [InlineData("foreach (var item in items) { Console.Write(item); Console.Write(' '); Task.Delay(10).Wait(); }")]
    [InlineData("foreach (var item in items) { Console.WriteLine(item); System.Threading.Thread.Sleep(System.TimeSpan.FromSeconds(1)); }")]
    [InlineData("var p = System.Diagnostics.Process.Start(\"ls\")!; string? line; while ((line = p.StandardOutput.ReadLine()) != null) { Console.Write(\"> \"); Console.WriteLine(line); }")]
    // Every write sits in a branch: an argument-parsing loop's messages, not a stream of output.
    [InlineData("foreach (var arg in items) { switch (arg) { case \"-v\": Console.WriteLine(\"verbose\"); break; default: Console.Write(\"unknown: \"); Console.WriteLine(arg); break; } }")]
    [InlineData("foreach (var item in items) { if (item.Length == 0) { Console.Write(\"empty at \"); Console.WriteLine(items.IndexOf(item)); } }")]
    // One write per iteration of a loop that does not walk a collection or a range (a service loop).
    [InlineData("var n = 0; while (n < items.Count) { Console.WriteLine(items[n++]); }")]
    // Small constant loops: fewer than 4 writes in all.
    [InlineData("for (var i = 0; i < 1; i++) { Console.Write(i); Console.Write(' '); }")]
    [InlineData("foreach (var word in new[] { \"a\", \"b\", \"c\" }) { Console.WriteLine(word); }")]
    [InlineData("foreach (var word in (string[])[\"a\"]) { Console.Write(word); Console.Write(','); }")]
    [InlineData("for (var i = 1; i <= 1; i++) { for (var j = 0; j < 3; j++) { Console.Write(j); } }")]
    // Standard error is meant to be unbuffered.
    [InlineData("foreach (var item in items) { Console.Error.WriteLine(item); }")]
    // Not in a loop, or in a lambda that may run once.
    [InlineData("Console.WriteLine(items.Count); Console.WriteLine(\"done\");")]
    [InlineData("foreach (var item in items) { Action a = () => { Console.Write(item); Console.Write(' '); }; }")]
    // A plain StreamWriter written char by char: buffered, which is the fix, not the problem.
    [InlineData("using var w = new StreamWriter(\"f\"); foreach (var item in items) { foreach (var c in item) { w.Write(c); } }")]
    public Task ConsoleLookAlikes_AreNotReported(string statements) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void M(List<string> items)
            {
                {{statements}}
            }
        """));

    [Fact]
    public Task TestMethods_AreNotReported() => Verify.VerifyAnalyzerAsync(InClass("""
            [Fact]
            public void Prints(string[] lines)
            {
                foreach (var line in lines)
                {
                    Console.WriteLine(line);
                }
            }
        """) + "\npublic sealed class FactAttribute : Attribute { }\n");

    [Fact]
    public Task SmallConstantLoop_OfFourWrites_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
            public void M()
            {
                for (var i = 0; i < 2; i++)
                {
                    {|IOP006:Console.Write(i)|};
                    Console.Write(' ');
                }
            }
        """));

    [Fact]
    public Task MinWritesOption_SilencesSmallLoops() =>
        Verify.Create(InClass("""
            public void M()
            {
                for (var i = 0; i < 2; i++)
                {
                    Console.Write(i);
                    Console.Write(' ');
                }
            }
        """)).WithEditorConfig("dotnet_diagnostic.IOP006.min_writes = 5").RunAsync();

    [Theory]
    [InlineData("dotnet_diagnostic.IOP006.min_writes = many")]
    [InlineData("dotnet_diagnostic.IOP006.min_writes = -1")]
    public Task MinWritesOption_InvalidValue_FallsBackToTheDefault(string line) =>
        Verify.Create(InClass("""
            public void M()
            {
                for (var i = 0; i < 2; i++)
                {
                    {|IOP006:Console.Write(i)|};
                    Console.Write(' ');
                }
            }
        """)).WithEditorConfig(line).RunAsync();

    // ---- AutoFlush ---------------------------------------------------------------------------------------------------

    [Fact]
    public Task AutoFlushInTheInitializer_IsRemoved_AndTheWriterFlushedAfterTheLoop() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Save(string path, IEnumerable<string> lines)
            {
                using var writer = new StreamWriter(path) { {|IOP006:AutoFlush = true|} };
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }

                writer.WriteLine("end");
            }
        """),
        InClass("""
            public void Save(string path, IEnumerable<string> lines)
            {
                using var writer = new StreamWriter(path);
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }
                writer.Flush();

                writer.WriteLine("end");
            }
        """));

    [Fact]
    public Task AutoFlushStatement_IsRemoved_OtherInitializersStay() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Save(string path, int[] values)
            {
                using (var writer = new StreamWriter(path) { NewLine = "\n" })
                {
                    {|IOP006:writer.AutoFlush = true|};
                    for (var i = 0; i < values.Length; i++)
                    {
                        writer.Write(values[i]);
                        writer.Write(',');
                    }
                }
            }
        """),
        InClass("""
            public void Save(string path, int[] values)
            {
                using (var writer = new StreamWriter(path) { NewLine = "\n" })
                {
                    for (var i = 0; i < values.Length; i++)
                    {
                        writer.Write(values[i]);
                        writer.Write(',');
                    }
                    writer.Flush();
                }
            }
        """));

    /// <summary>
    /// <c>@AutoFlush</c> is the same property: the compilation's text gate looks for the whole identifier, and <c>@</c>
    /// is not part of it, so the assignment callback is registered and the statement reported and removed.
    /// </summary>
    [Fact]
    public Task AutoFlushStatement_WrittenAsAVerbatimIdentifier_IsReportedAndRemoved() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Save(string path, int[] values)
            {
                using var writer = new StreamWriter(path);
                {|IOP006:writer.@AutoFlush = true|};
                foreach (var value in values)
                {
                    writer.Write(value);
                }
            }
        """),
        InClass("""
            public void Save(string path, int[] values)
            {
                using var writer = new StreamWriter(path);
                foreach (var value in values)
                {
                    writer.Write(value);
                }
                writer.Flush();
            }
        """));

    [Fact]
    public Task AutoFlushAmongOtherInitializers_OnlyItIsRemoved() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Save(string path, string[] lines)
            {
                using (var writer = new StreamWriter(path) { {|IOP006:AutoFlush = true|}, NewLine = "\n" })
                {
                    foreach (var line in lines)
                    {
                        writer.Write(line);
                    }
                }
            }
        """),
        InClass("""
            public void Save(string path, string[] lines)
            {
                using (var writer = new StreamWriter(path) { NewLine = "\n" })
                {
                    foreach (var line in lines)
                    {
                        writer.Write(line);
                    }
                    writer.Flush();
                }
            }
        """));

    [Fact]
    public Task AutoFlushWriterNotDisposed_IsReportedWithoutAFix()
    {
        // Without a using, removing AutoFlush could lose what is written after the loop.
        var source = InClass("""
            public StreamWriter Open(string path, string[] lines)
            {
                var writer = new StreamWriter(path) { {|IOP006:AutoFlush = true|} };
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }

                return writer;
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Theory]
    [InlineData("using var w = new StreamWriter(\"f\") { AutoFlush = false }; foreach (var item in items) { w.WriteLine(item); }")]
    [InlineData("using var w = new StreamWriter(\"f\") { AutoFlush = true }; w.WriteLine(items.Count);")]
    [InlineData("foreach (var item in items) { using var w = new StreamWriter(item) { AutoFlush = true }; w.WriteLine(item); }")]
    [InlineData("using var w = new StreamWriter(\"f\") { AutoFlush = true }; for (var i = 0; i < 2; i++) { w.WriteLine(i); }")]
    public Task AutoFlushLookAlikes_AreNotReported(string statements) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void M(List<string> items)
            {
                {{statements}}
            }
        """));

    // ---- TextWriter.Synchronized ---------------------------------------------------------------------------------------

    [Fact]
    public Task SynchronizedUsedFromOneThread_BecomesThePlainWriter() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Save(string path, string[] lines)
            {
                using var inner = new StreamWriter(path);
                var writer = {|IOP006:TextWriter.Synchronized(inner)|};
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }

                writer.Flush();
            }
        """),
        InClass("""
            public void Save(string path, string[] lines)
            {
                using var inner = new StreamWriter(path);
                var writer = inner;
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }

                writer.Flush();
            }
        """));

    [Theory]
    [InlineData("var w = TextWriter.Synchronized(inner); Parallel.ForEach(items, item => w.WriteLine(item));")]
    [InlineData("var w = TextWriter.Synchronized(inner); var t = Task.Run(() => w.WriteLine(1)); foreach (var item in items) { w.WriteLine(item); } t.Wait();")]
    [InlineData("var w = TextWriter.Synchronized(inner); Shared = w; foreach (var item in items) { w.WriteLine(item); }")]
    [InlineData("var w = TextWriter.Synchronized(inner); w.WriteLine(items.Count);")]
    [InlineData("Shared = TextWriter.Synchronized(inner);")]
    public Task SynchronizedLookAlikes_AreNotReported(string statements) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public TextWriter? Shared { get; set; }

            public void M(List<string> items, TextWriter inner)
            {
                {{statements}}
            }
        """));

    // ---- Byte at a time on an unbuffered FileStream -------------------------------------------------------------------

    [Fact]
    public Task WriteByteLoop_OnAnUnbufferedFileStream_GetsABuffer() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Save(string path, byte[] data)
            {
                using var stream = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, {|IOP006:bufferSize: 0|});
                foreach (var b in data)
                {
                    stream.WriteByte(b);
                }
            }
        """),
        InClass("""
            public void Save(string path, byte[] data)
            {
                using var stream = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, bufferSize: 65536);
                foreach (var b in data)
                {
                    stream.WriteByte(b);
                }
            }
        """));

    [Fact]
    public Task ReadByteLoop_WithBufferSizeOne_UsesTheIop002Minimum()
    {
        var test = Verify.Create(InClass("""
            public int Count(string path)
            {
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, {|IOP006:1|}, FileOptions.SequentialScan);
                var count = 0;
                while (stream.ReadByte() >= 0)
                {
                    count++;
                }

                return count;
            }
        """)).WithEditorConfig("dotnet_diagnostic.IOP002.min_buffer_size = 4096");
        test.FixedCode = InClass("""
            public int Count(string path)
            {
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.SequentialScan);
                var count = 0;
                while (stream.ReadByte() >= 0)
                {
                    count++;
                }

                return count;
            }
        """);
        return test.RunAsync();
    }

    [Theory]
    // The default buffer, or a real one.
    [InlineData("using var s = new FileStream(\"f\", FileMode.Open); while (s.ReadByte() >= 0) { }")]
    [InlineData("using var s = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 4096); while (s.ReadByte() >= 0) { }")]
    // Unbuffered in front of large reads: right.
    [InlineData("using var s = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 0); var b = new byte[1 << 20]; while (s.Read(b) > 0) { }")]
    // Not a Stream's ReadByte, or not a file.
    [InlineData("using var r = new BinaryReader(new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 1)); for (var i = 0; i < items.Count; i++) { r.ReadByte(); }")]
    [InlineData("var m = new MemoryStream(); foreach (var item in items) { m.WriteByte(1); }")]
    // Once, not in a loop.
    [InlineData("using var s = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 0); var first = s.ReadByte();")]
    public Task ByteLookAlikes_AreNotReported(string statements) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void M(List<string> items)
            {
                {{statements}}
            }
        """));

    [Fact]
    public Task GeneratedCode_IsNotReported() => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + InClass("""
            public void Print(List<string> names)
            {
                foreach (var name in names)
                {
                    Console.WriteLine(name);
                }
            }
        """));

    [Fact]
    public Task FixAll_FixesEachShapeInTheDocument()
    {
        var test = Verify.Create(InClass("""
            public void All(string path, List<string> names, byte[] data)
            {
                foreach (var name in File.ReadLines(path))
                {
                    {|IOP006:Console.WriteLine(name)|};
                }

                using var stream = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, {|IOP006:0|});
                foreach (var b in data)
                {
                    stream.WriteByte(b);
                }

                foreach (var name in names)
                {
                    {|IOP006:Console.Write(name)|};
                    Console.Write(' ');
                }
            }
        """));
        test.FixedCode = InClass("""
            public void All(string path, List<string> names, byte[] data)
            {
                using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
                {
                    foreach (var name in File.ReadLines(path))
                    {
                        stdout.WriteLine(name);
                    }
                }

                using var stream = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 65536);
                foreach (var b in data)
                {
                    stream.WriteByte(b);
                }

                using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096))
                {
                    foreach (var name in names)
                    {
                        stdout.Write(name);
                        stdout.Write(' ');
                    }
                }
            }
        """);
        return test.RunAsync();
    }

    [Theory]
    [InlineData("foreach (var item in items) { Console.Write(")]
    [InlineData("foreach (var item in items) { Console.Out.Write(item) Console.Write(1); }")]
    [InlineData("for (var i = 0; i < ; i++) { Console.Write(i); Console.Write(' '); }")]
    [InlineData("using var w = new StreamWriter(\"f\") { AutoFlush = }; foreach (var item in items) { w.Write(item); }")]
    [InlineData("var w = TextWriter.Synchronized(); foreach (var item in items) { w.Write(item); }")]
    [InlineData("using var s = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 0); while (s.ReadByte( >= 0) { }")]
    [InlineData("foreach (var item in [1, 2, ..items.Count]) { Console.Write(item); Console.Write(1); }")]
    public Task IncompleteCode_DoesNotThrow(string statement) => Robustness.AssertNoExceptionsAsync(
        new TinyIoPayingLockOrFlushAnalyzer(),
        new TinyIoPayingLockOrFlushFix(),
        InClass($$"""
            public void M(List<string> items)
            {
                {{statement}}
            }
        """));
}
