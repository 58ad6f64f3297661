using Xunit;
using AppendVerify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP008.FileReopenedForEachAppend.FileReopenedForEachAppendFix>;
using ConsoleVerify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushFix>;
using ReadVerify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextFix>;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>
/// The judgements several rules share come from one model (<c>IoModel</c>): a loop that waits is paced for every rule
/// that asks (IOP005, IOP006, IOP008), and a loop over an exception's chain or its InnerExceptions is short for every
/// rule that asks (IOP006, IOP008). Each rule here is given the same loop.
/// </summary>
public sealed class Model_SharedJudgementsTests
{
    private static string InClass(string members) => $$"""
        using System;
        using System.Collections.Generic;
        using System.Diagnostics;
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;

        public class C
        {
            private readonly Stream stream = Stream.Null;

        {{members}}
        }
        """;

    /// <summary>The waits of the model's one list, written where each rule's loop would report without them.</summary>
    public static TheoryData<string> Waits => new()
    {
        "Thread.Sleep(100);",
        "await Task.Delay(100);",
        "new SemaphoreSlim(1).Wait();",
        "Console.ReadLine();",
        "new ManualResetEventSlim().Wait(10);",
    };

    [Theory]
    [MemberData(nameof(Waits))]
    public Task PacedLoop_IOP008_NoDiagnostic(string wait) => AppendVerify.VerifyAnalyzerAsync(InClass($$"""
            async Task M(string path, string[] lines)
            {
                foreach (var line in lines)
                {
                    File.AppendAllText(path, line);
                    {{wait}}
                }
            }
        """));

    [Theory]
    [MemberData(nameof(Waits))]
    public Task PacedLoop_IOP006_NoDiagnostic(string wait) => ConsoleVerify.VerifyAnalyzerAsync(InClass($$"""
            async Task M(string[] lines)
            {
                foreach (var line in lines)
                {
                    Console.Write(line);
                    Console.Write(';');
                    {{wait}}
                }
            }
        """));

    [Theory]
    [MemberData(nameof(Waits))]
    public Task PacedLoop_IOP005_NoDiagnostic(string wait) => ReadVerify.VerifyAnalyzerAsync(InClass($$"""
            public async Task<long> M()
            {
                var buffer = new byte[4096];
                long total = 0;
                int read;
                while ((read = await stream.ReadAsync(buffer, 0, buffer.Length)) > 0)
                {
                    total += read;
                    {{wait}}
                }

                return total;
            }
        """));

    [Fact]
    public Task UnpacedLoop_IOP005_IsReported() => ReadVerify.VerifyAnalyzerAsync(InClass("""
            public async Task<long> M()
            {
                var buffer = new byte[4096];
                long total = 0;
                int read;
                while ((read = {|IOP005:await stream.ReadAsync(buffer, 0, buffer.Length)|}) > 0)
                {
                    total += read;
                    Thread.Yield();
                }

                return total;
            }
        """));

    /// <summary>A child process's output held in a local: its reads come at the pace of the process (IOP005 used to see only the property itself).</summary>
    [Fact]
    public Task ChildProcessOutputThroughALocal_IOP005_NoDiagnostic() => ReadVerify.VerifyAnalyzerAsync(InClass("""
            public async Task<int> M(Process process)
            {
                var output = process.StandardOutput;
                var count = 0;
                while (await output.ReadLineAsync() is { } line)
                {
                    count += line.Length;
                }

                return count;
            }
        """));

    public static TheoryData<string> ExceptionChains => new()
    {
        "foreach (var inner in error.InnerExceptions)",
        "foreach (var inner in error.Flatten().InnerExceptions)",
        "for (Exception? inner = error; inner != null; inner = inner.InnerException)",
    };

    [Theory]
    [MemberData(nameof(ExceptionChains))]
    public Task ExceptionDump_IOP006_NoDiagnostic(string loop) => ConsoleVerify.VerifyAnalyzerAsync(InClass($$"""
            void Dump(AggregateException error)
            {
                {{loop}}
                {
                    Console.Write("  ");
                    Console.WriteLine(inner.Message);
                }
            }
        """));

    [Theory]
    [MemberData(nameof(ExceptionChains))]
    public Task ExceptionDump_IOP008_NoDiagnostic(string loop) => AppendVerify.VerifyAnalyzerAsync(InClass($$"""
            void Dump(string path, AggregateException error)
            {
                {{loop}}
                {
                    File.AppendAllText(path, inner.Message);
                }
            }
        """));

    /// <summary>A collection that is not an exception's: the dump's look-alike over data still reports.</summary>
    [Fact]
    public Task ListOfErrors_IOP008_IsReported() => AppendVerify.VerifyAnalyzerAsync(InClass("""
            void Dump(string path, List<Exception> errors)
            {
                foreach (var error in errors)
                {
                    {|IOP008:File.AppendAllText(path, error.Message)|};
                }
            }
        """));
}
