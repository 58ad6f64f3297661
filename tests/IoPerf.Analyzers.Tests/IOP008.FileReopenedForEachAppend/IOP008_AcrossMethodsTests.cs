using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendFix>;

namespace IoPerf.Analyzers.Tests.IOP008.FileReopenedForEachAppend;

/// <summary>
/// IOP008 across methods: a method of the compilation that appends to one stable file on every call (the
/// <c>Log(message)</c> over <c>File.AppendAllText(LogPath, message)</c> of a fresh unseen set, called from loops
/// elsewhere) is summarised once by the shared model; a loop's call to it is reported at the call, with the rule's
/// silences, without a fix.
/// </summary>
public sealed class IOP008_AcrossMethodsTests
{
    private static string Code(string logger, string loop) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Threading;

        class Logger
        {
            private const string LogPath = "app.log";
            private static readonly string StaticPath = Path.Combine(Path.GetTempPath(), "app.log");
            private readonly string _path;
            private string _mutablePath = "a.log";
            private readonly object _sync = new();

            public Logger(string path) => _path = path;

            {{logger}}
        }

        static class Metrics
        {
            public static System.Threading.Tasks.Task CreateAsync(string name) => System.Threading.Tasks.Task.CompletedTask;
        }

        class Job
        {
            private readonly Logger _logger = new("job.log");

            void Run(List<string> items, Logger logger)
            {
                {{loop}}
            }
        }
        """;

    private static Task ExpectOne(string source, string method, string path) => Verify.VerifyAcrossMethodsReportAsync(
        source,
        Rules.FileReopenedForEachAppend,
        $"'{method}', which calls File.AppendAllText, opens, appends to and closes {path} on every iteration of this loop; write through one StreamWriter opened before the loop");

    [Theory]
    [InlineData("public static void Log(string message) => File.AppendAllText(LogPath, message + Environment.NewLine);", "foreach (var item in items) {|#0:Logger.Log(item)|};", "LogPath")]
    [InlineData("public static void Log(string message) { try { File.AppendAllText(StaticPath, message); } catch (IOException) { } }", "foreach (var item in items) {|#0:Logger.Log(item)|};", "StaticPath")]
    [InlineData("public void Log(string message) { var line = $\"{DateTime.Now:O} {message}\"; File.AppendAllText(_path, line); }", "foreach (var item in items) {|#0:_logger.Log(item)|};", "_path")]
    [InlineData("public void Log(string message) => File.AppendAllText(_path, message);", "for (var i = 0; i < items.Count; i++) {|#0:logger.Log(items[i])|};", "_path")]
    [InlineData("public static void Log(string message) { Directory.CreateDirectory(\"logs\"); File.AppendAllText(LogPath, message); }", "foreach (var item in items) {|#0:Logger.Log(item)|};", "LogPath")]
    [InlineData("public static void Log(string message) { _ = Metrics.CreateAsync(\"log.count\"); File.AppendAllText(LogPath, message); }", "foreach (var item in items) {|#0:Logger.Log(item)|};", "LogPath")]
    public Task LoopCallsAMethodThatAppendsToOneFile(string logger, string loop, string path) =>
        ExpectOne(Code(logger, loop), "Log", path);

    [Theory]
    [InlineData("public static void Log(string m) => File.AppendAllText(LogPath, m);", "foreach (var item in items) { Logger.Log(item); Thread.Sleep(100); }")]               // paced
    [InlineData("public static void Log(string m) => File.AppendAllText(LogPath, m);", "for (var i = 0; i < 3; i++) Logger.Log(items[i]);")]                                  // a few iterations
    [InlineData("public static void Log(string m) => File.AppendAllText(LogPath, m);", "foreach (var item in items) lock (items) { Logger.Log(item); }")]                     // locked in the loop
    [InlineData("public static void Log(string m) => File.AppendAllText(LogPath, m);", "foreach (var item in items) { Logger.Log(item); File.Delete(item); }")]               // other files changed
    [InlineData("public static void Log(string m) => File.AppendAllText(LogPath, m);", "foreach (var item in items) { Logger.Log(item); Console.WriteLine(Logger.Tail()); }")] // the log read in the loop
    [InlineData("public static void Log(string m) => File.AppendAllText(LogPath, m);", "foreach (var item in items) { Logger.Log(item); File.AppendAllText(item, item); }")]  // the loop appends itself
    [InlineData("public void Log(string m) => File.AppendAllText(_path, m);", "foreach (var item in items) new Logger(item).Log(item);")]                                       // a new object, a new file
    [InlineData("public void Log(string m) => File.AppendAllText(_path, m);", "foreach (var item in items) { var l = new Logger(item); l.Log(item); }")]                       // the same, through a local
    public Task LoopLooksLikeItButIsSilentInPlaceToo_NoDiagnostic(string logger, string loop) => Verify.VerifyAcrossMethodsAsync(Code(
        logger + " public static string Tail() => File.ReadAllText(LogPath);", loop));

    [Theory]
    [InlineData("public static void Log(string m) { if (m.Length == 0) return; File.AppendAllText(LogPath, m); }")]        // not on every call
    [InlineData("public static void Log(string m) { if (m.Length > 0) File.AppendAllText(LogPath, m); }")]                 // conditional
    [InlineData("public void Log(string m) { lock (_sync) { File.AppendAllText(_path, m); } }")]                            // locked: shared with other threads
    [InlineData("public void Log(string m) => File.AppendAllText(_mutablePath, m);")]                                        // the path may change between calls
    [InlineData("public static void Log(string m) => File.AppendAllText(m + \".log\", m);")]                                  // a file per message
    [InlineData("public static void Log(string m) { File.AppendAllText(LogPath, m); File.AppendAllText(StaticPath, m); }")] // two files
    [InlineData("public static void Log(string m) { File.Delete(StaticPath); File.AppendAllText(LogPath, m); }")]          // it also changes files: a rotating logger
    [InlineData("public static void Log(string m) { _ = File.WriteAllTextAsync(StaticPath, \"\"); File.AppendAllText(LogPath, m); }")] // it also truncates a file (an Async name)
    [InlineData("public static void Log(string m) { _ = File.ReadAllBytes(LogPath); File.AppendAllText(LogPath, m); }")]               // it reads the file back
    [InlineData("public static void Log(string m) { using (File.CreateText(StaticPath)) { } File.AppendAllText(LogPath, m); }")]         // it starts a file afresh
    [InlineData("public static void Log(string m) { File.OpenHandle(LogPath, FileMode.Truncate).Dispose(); File.AppendAllText(LogPath, m); }")] // it truncates through a handle
    [InlineData("public static void Log(string m) { File.AppendAllText(LogPath, m); File.SetAttributes(LogPath, FileAttributes.ReadOnly); }")]  // it changes the file's attributes
    [InlineData("public static void Log(string m) { foreach (var c in m) File.AppendAllText(LogPath, c.ToString()); }")]   // its own loop: reported inside
    public Task MethodDoesNotAppendToOneFileOnEveryCall_NoDiagnosticAtTheCall(string logger)
    {
        var loopInside = logger.Contains("foreach", StringComparison.Ordinal);
        var source = Code(logger, "foreach (var item in items) Logger.Log(item); foreach (var item in items) _logger.Log(item);")
            .Replace("Logger.Log(item); foreach (var item in items) _logger.Log(item);", logger.Contains("static", StringComparison.Ordinal) ? "Logger.Log(item);" : "_logger.Log(item);", StringComparison.Ordinal);
        return Verify.VerifyAcrossMethodsAsync(loopInside
            ? source.Replace("File.AppendAllText(LogPath, c.ToString())", "{|IOP008:File.AppendAllText(LogPath, c.ToString())|}", StringComparison.Ordinal)
            : source);
    }
}
