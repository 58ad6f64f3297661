using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushFix>;

namespace IoPerf.Analyzers.Tests.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006 across methods: a method of the compilation that writes to the console on every call and does nothing else
/// (a <c>PrintRow(row)</c>) counts, in a loop that calls it, as the writes it makes - with the break-even and every
/// silence of the one-method shape. Reported at the loop's first write or call, without a fix (the writes are in the
/// method, which needs a writer handed to it).
/// </summary>
public sealed class IOP006_AcrossMethodsTests
{
    private static string Code(string printer, string loop) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;

        class Printer
        {
            {{printer}}
        }

        class Report
        {
            private readonly Printer _printer = new();

            void Run(List<string> items, string path)
            {
                {{loop}}
            }
        }
        """;

    private static Task ExpectOne(string source, string message) =>
        Verify.VerifyAcrossMethodsReportAsync(source, Rules.TinyIoPayingLockOrFlush, message);

    private static string Many(int count, string names) =>
        $"{count} Console writes in this loop, counting those {names} makes, each take the console's lock and flush; let {names} write to a TextWriter it is given, and pass one buffered writer flushed once after the loop";

    [Theory]
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) {|#0:Printer.PrintRow(item)|};", 2)]
    [InlineData("public void PrintRow(string row) { var text = row.Trim(); Console.Out.Write(text); Console.WriteLine(); }", "for (var i = 0; i < items.Count; i++) {|#0:_printer.PrintRow(items[i])|};", 2)]
    [InlineData("public static void PrintRow(string row) { try { Console.Write(row); Console.Write(' '); Console.WriteLine(row.Length); } catch (IOException) { } }", "foreach (var item in items) {|#0:Printer.PrintRow(item)|};", 3)]
    [InlineData("public static void PrintRow(string row) { Console.\n        Write(row); Console.\n        WriteLine(); }", "foreach (var item in items) {|#0:Printer.PrintRow(item)|};", 2)]
    public Task LoopCallsAMethodThatWritesSeveralTimes(string printer, string loop, int count) =>
        ExpectOne(Code(printer, loop), Many(count, "'PrintRow'"));

    /// <summary>
    /// A printer the project names <c>WriteLine</c> (a console write's name, so its call is first asked whether it writes
    /// to the console itself): counted as the writes it makes, and named in the message.
    /// </summary>
    [Fact]
    public Task PrinterNamedLikeAConsoleWrite_IsReported() =>
        ExpectOne(
            Code("public static void WriteLine(string row) { Console.Write(row); Console.WriteLine(); }", "foreach (var item in items) {|#0:Printer.WriteLine(item)|};"),
            Many(2, "'WriteLine'"));

    /// <summary>
    /// Under <c>using static System.Console</c>, a printer that names <c>Console.</c> only to read the window's width: its
    /// bare writes count (the method is bound because its text names the console).
    /// </summary>
    [Fact]
    public Task UsingStaticConsolePrinterThatNamesTheConsoleOnce_IsReported() =>
        ExpectOne(
            """
            using System;
            using System.Collections.Generic;
            using static System.Console;

            class Printer
            {
                public static void PrintRow(string row) { var width = Console.WindowWidth; WriteLine(row); Write(width); }
            }

            class Report
            {
                void Run(List<string> items)
                {
                    foreach (var item in items) {|#0:Printer.PrintRow(item)|};
                }
            }
            """,
            Many(2, "'PrintRow'"));

    /// <summary>One write per call, over a file's lines: data that is usually long, as for a write in the loop itself.</summary>
    [Fact]
    public Task OneWritePerCallOverAFilesLines() =>
        ExpectOne(
            Code("public static void PrintRow(string row) => Console.WriteLine(row);", "foreach (var line in File.ReadLines(path)) {|#0:Printer.PrintRow(line)|};"),
            "The Console write 'PrintRow' makes takes the console's lock and flushes on every iteration of this loop; let 'PrintRow' write to a TextWriter it is given, and pass one buffered writer flushed once after the loop");

    /// <summary>The loop's own write and a printing method's together pass the break-even; no fix, which would buffer only the loop's own write and reorder the output.</summary>
    [Fact]
    public Task LoopWritesItselfAndThroughAMethod() =>
        ExpectOne(
            Code("public static void PrintRow(string row) => Console.WriteLine(row);", "foreach (var item in items) { {|#0:Console.Write(\"- \")|}; Printer.PrintRow(item); }"),
            Many(2, "'PrintRow'"));

    /// <summary>FASTER's sample: an unknown option prints, calls <c>Usage()</c> and returns - once, whatever the loop's length.</summary>
    [Fact]
    public Task PrinterCalledBeforeTheLoopIsLeft_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync(Code(
        "public static void Usage() { Console.WriteLine(\"Usage:\"); Console.WriteLine(\"  --rmw\"); Console.WriteLine(\"  --readcache\"); }",
        "foreach (var item in items) { if (item == \"--rmw\") continue; Console.WriteLine($\"Unknown option: {item}\"); Printer.Usage(); return; }"));

    /// <summary>
    /// The loop's own writes pass the break-even; the printer called on the way out is not named, and no fix is offered
    /// (it would buffer the loop's writes and let the printer's come out first).
    /// </summary>
    [Fact]
    public Task PrinterOnlyOnTheWayOut_LoopsOwnWritesAreReportedAsTheirOwn() =>
        ExpectOne(
            Code(
                "public static void Usage() { Console.WriteLine(\"Usage:\"); Console.WriteLine(\"  -h\"); }",
                "foreach (var item in items) { {|#0:Console.Write(\"arg: \")|}; Console.WriteLine(item); if (item == \"-h\") { Printer.Usage(); return; } }"),
            "2 Console writes in this loop each take the console's lock and flush; write through one buffered writer and flush once after the loop");

    [Fact]
    public Task TwoPrintingMethods_AreBothNamed() =>
        ExpectOne(
            Code("public static void PrintName(string name) => Console.Write(name); public static void PrintEnd() => Console.WriteLine();", "foreach (var item in items) { {|#0:Printer.PrintName(item)|}; Printer.PrintEnd(); }"),
            Many(2, "'PrintName', 'PrintEnd'"));

    [Theory]
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) {|#0:Printer.PrintRow(item)|};")]
    public Task OffByDefault_NoDiagnostic(string printer, string loop) => Verify.VerifyAnalyzerAsync(Code(printer, loop.Replace("{|#0:", "").Replace("|}", "")));

    [Theory]
    [InlineData("public static void PrintRow(string row) => Console.WriteLine(row);", "foreach (var item in items) Printer.PrintRow(item);")]                                      // one write per item of unknown count: below the break-even
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }", "for (var i = 0; i < 1; i++) Printer.PrintRow(items[i]);")]                // 2 writes in all: fewer than min_writes
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); File.AppendAllText(\"log.txt\", row); }", "foreach (var item in items) Printer.PrintRow(item);")] // also does file I/O
    [InlineData("public static void PrintRow(string row) { if (row.Length > 0) { Console.Write(row); Console.WriteLine(';'); } }", "foreach (var item in items) Printer.PrintRow(item);")]       // writes only sometimes
    [InlineData("public static void PrintRow(string row) { if (row.Length == 0) return; Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) Printer.PrintRow(item);")]  // a return before the writes
    [InlineData("public static void PrintRow(string row) { Console.ForegroundColor = ConsoleColor.Red; Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) Printer.PrintRow(item);")] // colours the terminal
    [InlineData("public static void PrintRow(string row) { Console.Error.Write(row); Console.Error.WriteLine(';'); }", "foreach (var item in items) Printer.PrintRow(item);")]              // standard error: unbuffered on purpose
    [InlineData("public static void PrintRow(string row) { foreach (var c in row) Console.Write(c); Console.WriteLine(); }", "foreach (var item in items) Printer.PrintRow(item);")]        // a loop of its own: reported there, not here
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); Helper(); } static void Helper() { }", "foreach (var item in items) Printer.PrintRow(item);")] // calls the project's code
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) { Printer.PrintRow(item); System.Threading.Thread.Sleep(100); }")] // the loop waits
    [InlineData("public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) { Printer.PrintRow(item); Console.ReadKey(); }")]   // the loop reads the console
    [InlineData("public static bool PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); return true; }", "foreach (var item in items) Printer.PrintRow(item);")]            // returns a value
    [InlineData("public static void Step(string name, Action work) { Console.WriteLine(\"> \" + name); work(); Console.WriteLine(\"done\"); }", "foreach (var item in items) Printer.Step(item, () => File.Delete(item));")] // prints around work it is handed
    [InlineData("[System.Diagnostics.Conditional(\"TRACE_ROWS\")] public static void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); }", "foreach (var item in items) Printer.PrintRow(item);")] // compiled away without the symbol
    public Task LookAlikes_NoDiagnostic(string printer, string loop) => Verify.VerifyAcrossMethodsAsync(Code(printer, loop));

    /// <summary>A virtual method another type overrides may run another body; an interface's may too.</summary>
    [Fact]
    public Task OverriddenVirtualPrinter_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync("""
        using System;
        using System.Collections.Generic;

        internal class Printer { public virtual void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); } }
        internal class Quiet : Printer { public override void PrintRow(string row) { } }

        class Report
        {
            void Run(List<string> items, Printer printer)
            {
                foreach (var item in items) printer.PrintRow(item);
            }
        }
        """);

    /// <summary>
    /// Another implementation of the interface - explicit, inherited from a base, or the interface's default body - may
    /// be the one called: none of them declares the method under its own name.
    /// </summary>
    [Theory]
    [InlineData("internal sealed class FileOut : IPrinter { void IPrinter.PrintRow(string row) => File.AppendAllText(\"out.txt\", row); }")]
    [InlineData("internal class FileBase { public void PrintRow(string row) => File.AppendAllText(\"out.txt\", row); } internal sealed class FileOut : FileBase, IPrinter { }")]
    public Task InterfaceWithAnotherImplementation_NoDiagnostic(string other) => Verify.VerifyAcrossMethodsAsync($$"""
        using System;
        using System.Collections.Generic;
        using System.IO;

        internal interface IPrinter { void PrintRow(string row); }
        internal sealed class ConsolePrinter : IPrinter { public void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); } }
        {{other}}

        class Report
        {
            void Run(List<string> items, IPrinter printer)
            {
                foreach (var item in items) printer.PrintRow(item);
            }
        }
        """);

    /// <summary>An internal interface with one implementation runs that body.</summary>
    [Fact]
    public Task InterfaceWithOneImplementation_IsReported() => ExpectOne("""
        using System;
        using System.Collections.Generic;

        internal interface IPrinter { void PrintRow(string row); }
        internal sealed class ConsolePrinter : IPrinter { public void PrintRow(string row) { Console.Write(row); Console.WriteLine(';'); } }

        class Report
        {
            void Run(List<string> items, IPrinter printer)
            {
                foreach (var item in items) {|#0:printer.PrintRow(item)|};
            }
        }
        """, Many(2, "'PrintRow'"));
}
