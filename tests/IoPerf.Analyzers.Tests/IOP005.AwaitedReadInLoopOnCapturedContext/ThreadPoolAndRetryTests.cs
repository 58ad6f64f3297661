using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextFix>;

namespace IoPerf.Analyzers.Tests.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// IOP005 and the ways code reaches the thread pool (no context to capture), and loops that read once per attempt.
/// Written for the kinds of false positive a held-out corpus showed: method groups, StartNew, QueueUserWorkItem,
/// new Thread, lambdas that do not fully bind, retry loops, and loops paced by child processes.
/// </summary>
public sealed class ThreadPoolAndRetryTests
{
    private const string ReadLoop = """
            {
                var buffer = new byte[4096];
                long total = 0;
                int read;
                while ((read = await stream.ReadAsync(buffer, 0, buffer.Length)) > 0)
                {
                    total += read;
                }
            }
        """;

    private static readonly string ReadLoopFlagged = ReadLoop.Replace("await stream.ReadAsync(buffer, 0, buffer.Length)", "{|IOP005:await stream.ReadAsync(buffer, 0, buffer.Length)|}");

    private static string Library(string members) => $$"""
        using System;
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;

        public class Pump
        {
            private readonly Stream stream = Stream.Null;

        {{members}}
        }
        """;

    [Theory]
    [InlineData("public void Start() => _ = Task.Run(PumpAsync);")]
    [InlineData("public Task Start() => Task.Run(this.PumpAsync);")]
    [InlineData("public void Start() => Task.Run(() => PumpAsync());")]
    [InlineData("public void Start() => Task.Run(async () => await PumpAsync());")]
    [InlineData("public void Start() => Task.Factory.StartNew(PumpAsync, TaskCreationOptions.LongRunning);")]
    [InlineData("public void Start() => Task.Factory.StartNew(() => PumpAsync(), CancellationToken.None, TaskCreationOptions.None, TaskScheduler.Default);")]
    [InlineData("public void Start() { ThreadPool.QueueUserWorkItem(_ => PumpAsync()); }")]
    [InlineData("public void Start() { new Thread(() => PumpAsync()).Start(); }")]
    public Task PrivateMethodOnlyStartedOnTheThreadPool_NoDiagnostic(string start) =>
        Verify.VerifyAnalyzerAsync(Library(start + "\n    private async Task PumpAsync()\n" + ReadLoop));

    [Fact]
    public Task PrivateMethodAlsoAwaitedDirectly_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start() => _ = Task.Run(PumpAsync);
                public Task DrainAsync() => PumpAsync();
                private async Task PumpAsync()
            """ + ReadLoopFlagged));

    [Fact]
    public Task PublicMethodStartedOnTheThreadPoolHere_StillReported_OtherCallersMayHaveAContext() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start() => _ = Task.Run(PumpAsync);
                public async Task PumpAsync()
            """ + ReadLoopFlagged));

    /// <summary>
    /// A pump another type of the compilation starts on the thread pool, in another file: every caller is in sight when no
    /// other assembly can call it (found on a held-out set of UI apps: library pumps started by Task.Run elsewhere).
    /// </summary>
    [Theory]
    [InlineData("internal async Task PumpAsync()", "public class Pump")]
    [InlineData("public async Task PumpAsync()", "internal class Pump")]
    [InlineData("internal async Task PumpAsync()", "public class Pump", "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Pumps.Tests\")]")]
    public Task MethodStartedOnTheThreadPoolByAnotherType_NoDiagnostic(string declaration, string type, string assembly = "") =>
        PumpAndStarter(declaration, type, assembly, "public void Start(Pump pump) => _ = Task.Run(pump.PumpAsync);", ReadLoop);

    [Theory]
    [InlineData("called directly by another type", "internal async Task PumpAsync()", "public class Pump", "", "public Task DrainAsync(Pump pump) => pump.PumpAsync();")]
    [InlineData("public: other assemblies may call it", "public async Task PumpAsync()", "public class Pump", "", "")]
    [InlineData("internals given to another project", "internal async Task PumpAsync()", "public class Pump", "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Pumps.Wpf\")]", "")]
    [InlineData("virtual: called through a base", "internal virtual async Task PumpAsync()", "public class Pump", "", "")]
    [InlineData("an interface's implementation: called through the interface", "public async Task PumpAsync()", "internal class Pump : IPump", "", "")]
    public Task MethodNotOnlyStartedOnTheThreadPool_IsReported(string reason, string declaration, string type, string assembly, string otherUse)
    {
        _ = reason;
        return PumpAndStarter(declaration, type, assembly, "public void Start(Pump pump) => _ = Task.Run(pump.PumpAsync);\n    " + otherUse, ReadLoopFlagged);
    }

    private static Task PumpAndStarter(string declaration, string type, string assembly, string starter, string loop)
    {
        var test = Verify.Create($$"""
            using System.IO;
            using System.Threading.Tasks;
            {{assembly}}

            public interface IPump { Task PumpAsync(); }

            {{type}}
            {
                private readonly Stream stream = Stream.Null;

                {{declaration}}
            {{loop}}
            }
            """);
        test.TestState.Sources.Add(("Starter.cs", $$"""
            using System.Threading.Tasks;

            {{(type.StartsWith("internal", System.StringComparison.Ordinal) ? "internal" : "public")}} class Starter
            {
                {{starter}}
            }
            """));
        return test.RunAsync();
    }

    [Fact]
    public Task UnusedPrivateMethod_StillReported() =>
        Verify.VerifyAnalyzerAsync(Library("    private async Task PumpAsync()\n" + ReadLoopFlagged));

    [Theory]
    [InlineData("ThreadPool.QueueUserWorkItem(async _ =>")]
    [InlineData("new Thread(async () =>")]
    [InlineData("Task.Factory.StartNew(async () =>")]
    [InlineData("Parallel.ForEachAsync(new[] { 1, 2 }, async (item, token) =>")]
    public Task LambdaStartedOnTheThreadPool_NoDiagnostic(string start) =>
        Verify.VerifyAnalyzerAsync(Library($$"""
                public void Start()
                {
                    {{start}}
            {{ReadLoop}}
                    );
                }
            """));

    [Fact]
    public Task StartNewOnTheCallersContext_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library($$"""
                public void Start()
                {
                    Task.Factory.StartNew(async () =>
            {{ReadLoopFlagged}}
                    , CancellationToken.None, TaskCreationOptions.None, TaskScheduler.FromCurrentSynchronizationContext());
                }
            """));

    /// <summary>Something in the lambda does not bind, so the StartNew call has no resolved target: still the thread pool.</summary>
    [Fact]
    public Task LambdaWithAnUnboundPart_StillRecognised() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start()
                {
                    Task.Factory.StartNew(async () =>
                    {
                        var buffer = new byte[4096];
                        int read;
                        while ((read = await stream.ReadAsync(buffer, 0, buffer.Length)) > 0)
                        {
                            {|CS0103:Missing|}.Consume(buffer, read);
                        }
                    });
                }
            """));

    [Fact]
    public Task ReadOncePerConnectionAttempt_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<int> HandshakeAsync()
                {
                    var buffer = new byte[16];
                    for (var attempt = 0; ; attempt++)
                    {
                        try
                        {
                            var read = await stream.ReadAsync(buffer, 0, buffer.Length);
                            return read;
                        }
                        catch (IOException) when (attempt < 3)
                        {
                            await Task.Delay(100);
                        }
                    }
                }
            """));

    /// <summary>
    /// A loop polling until a port answers (v2rayN's proxy-readiness check, found on the third held-out report set): one
    /// read per attempt, with a delay between attempts that dwarfs a context hop.
    /// </summary>
    [Theory]
    [InlineData("await Task.Delay(50, token);")]
    [InlineData("await Task.Delay(TimeSpan.FromMilliseconds(50)).ConfigureAwait(true);")]
    public Task PollingLoopWithADelay_NoDiagnostic(string delay) =>
        Verify.VerifyAnalyzerAsync(Library($$"""
                public async Task WaitUntilReadyAsync(Func<Stream> connect, CancellationToken token)
                {
                    var buffer = new byte[2];
                    while (!token.IsCancellationRequested)
                    {
                        using var attempt = connect();
                        try
                        {
                            var read = await attempt.ReadAsync(buffer, 0, 2, token);
                            if (read == 2 && buffer[0] == 5)
                            {
                                return;
                            }
                        }
                        catch (IOException)
                        {
                            {{delay}}
                        }
                    }
                }
            """));

    /// <summary>
    /// A loop whose body ends by leaving it repeats only through <c>continue</c>: a search for a header that stops at the
    /// first chunk holding it (NexusMods.App's GOG installer copy, found on the fourth held-out report set).
    /// </summary>
    [Fact]
    public Task SearchLoopThatLeavesAtTheEndOfItsBody_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<int> FindHeaderAsync(Stream output)
                {
                    var buffer = new byte[1 << 20];
                    while (true)
                    {
                        var read = await stream.ReadAsync(buffer, 0, buffer.Length);
                        if (read <= 0) return -1;
                        var index = Array.IndexOf(buffer, (byte)0x50, 0, read);
                        if (index < 0) continue;
                        await output.WriteAsync(buffer, index, read - index);
                        break;
                    }

                    return 0;
                }
            """));

    /// <summary>A retry wrapper around a read loop: the inner loop still hops once per line.</summary>
    [Theory]
    [InlineData("catch (IOException) when (attempt < 3) { continue; }", "return lines;")]
    [InlineData("catch (IOException) when (attempt < 3) { }", "await Task.Delay(1000); if (lines.Count > 0) return lines;")]
    public Task RetryWrapperAroundAReadLoop_IsReported(string handler, string after) =>
        Verify.VerifyAnalyzerAsync(Library($$"""
                public async Task<System.Collections.Generic.List<string>> ReadAllAsync(string path)
                {
                    var lines = new System.Collections.Generic.List<string>();
                    for (var attempt = 1; ; attempt++)
                    {
                        try
                        {
                            using var reader = File.OpenText(path);
                            string? line;
                            while ((line = {|IOP005:await reader.ReadLineAsync()|}) != null) lines.Add(line);
                        }
                        {{handler}}
                        {{after}}
                    }
                }
            """));

    /// <summary>A read pump that backs off after an error keeps reading in a stream between errors.</summary>
    [Fact]
    public Task ReadPumpWithABackOffOnlyAfterErrors_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<long> PumpAsync(CancellationToken token)
                {
                    var buffer = new byte[4096];
                    long total = 0;
                    while (!token.IsCancellationRequested)
                    {
                        try
                        {
                            var read = {|IOP005:await stream.ReadAsync(buffer, 0, buffer.Length, token)|};
                            total += read;
                        }
                        catch (IOException)
                        {
                            await Task.Delay(1000, token);
                        }
                    }

                    return total;
                }
            """));

    /// <summary>An extension read on a child process's output is the child's pace, as a direct read is.</summary>
    [Fact]
    public Task ExtensionReadOnAChildProcessesOutput_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<int> CountAsync(System.Diagnostics.Process process)
                {
                    var records = 0;
                    while (await process.StandardOutput.ReadRecordAsync() != null) records++;
                    return records;
                }
            """) + """

            public static class RecordReading
            {
                public static Task<string?> ReadRecordAsync(this TextReader reader) => reader.ReadLineAsync();
            }
            """);

    /// <summary>A <c>yield return</c> at the end of the body hands out one chunk and comes back: the loop goes on reading.</summary>
    [Fact]
    public Task AsyncIteratorYieldingEachChunk_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async System.Collections.Generic.IAsyncEnumerable<int> ChunksAsync()
                {
                    var buffer = new byte[4096];
                    while (true)
                    {
                        var read = {|IOP005:await stream.ReadAsync(buffer, 0, buffer.Length)|};
                        if (read == 0) break;
                        yield return read;
                    }
                }
            """));

    [Fact]
    public Task DelayInALambdaOfTheLoop_DoesNotCount() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<long> CountAsync(Action<Func<Task>> schedule)
                {
                    var buffer = new byte[4096];
                    long total = 0;
                    int read;
                    while ((read = {|IOP005:await stream.ReadAsync(buffer, 0, buffer.Length)|}) > 0)
                    {
                        total += read;
                        schedule(async () => await Task.Delay(10));
                    }

                    return total;
                }
            """));

    [Fact]
    public Task DataLoopInsideTry_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<long> CountAsync()
                {
                    var buffer = new byte[4096];
                    long total = 0;
                    while (true)
                    {
                        try
                        {
                            var read = {|IOP005:await stream.ReadAsync(buffer, 0, buffer.Length)|};
                            if (read == 0)
                            {
                                break;
                            }

                            total += read;
                        }
                        catch (IOException)
                        {
                            return total;
                        }
                    }

                    return total;
                }
            """));

    [Fact]
    public Task ReadingEachChildProcesssOutput_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<string> RunAllAsync(string[] commands)
                {
                    var output = "";
                    foreach (var command in commands)
                    {
                        using var process = System.Diagnostics.Process.Start("sh", "-c " + command);
                        output += await process.StandardOutput.ReadToEndAsync();
                        output += await process.StandardError.ReadToEndAsync();
                    }

                    return output;
                }
            """));

    private const string LineForwarder = """
            private async Task ForwardAsync(TextReader reader)
            {
                string? line;
                while ((line = {|#0:await reader.ReadLineAsync()|}) != null)
                {
                    Console.WriteLine(line);
                }
            }
        """;

    /// <summary>
    /// A private helper that reads lines of whatever reader it is given, and every call hands it a child process's
    /// output (netch's Guard.ReadOutputAsync): paced by the process, as when the loop reads <c>StandardOutput</c> itself.
    /// </summary>
    [Fact]
    public Task HelperEveryCallOfWhichPassesChildProcessOutput_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start(System.Diagnostics.Process process)
                {
                    var error = process.StandardError;
                    _ = ForwardAsync(process.StandardOutput);
                    _ = ForwardAsync(error);
                }
            """ + LineForwarder));

    /// <summary>The helper's parameter may be any type <c>StandardOutput</c> converts to: StreamReader itself here.</summary>
    [Fact]
    public Task HelperTakingAStreamReaderEveryCallOfWhichPassesChildProcessOutput_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start(System.Diagnostics.Process process) => _ = ForwardAsync(process.StandardOutput);
            """ + LineForwarder.Replace("TextReader reader", "StreamReader reader")));

    [Fact]
    public Task HelperAlsoGivenAFile_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start(System.Diagnostics.Process process, string path)
                {
                    _ = ForwardAsync(process.StandardOutput);
                    _ = ForwardAsync(new StreamReader(path));
                }
            """ + LineForwarder.Replace("{|#0:", "{|IOP005:")));

    /// <summary>Code in another assembly may hand a public helper anything.</summary>
    [Fact]
    public Task PublicHelper_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public void Start(System.Diagnostics.Process process) => _ = ForwardAsync(process.StandardOutput);
            """ + LineForwarder.Replace("private async", "public async").Replace("{|#0:", "{|IOP005:")));

    // ---- Kinds from the UI report set: loops that do not read a stream of reads --------------------------------------

    /// <summary>StabilityMatrix's clipboard loop: five constant formats, at most five hops (about 30 us).</summary>
    [Fact]
    public Task LoopOverAFewConstants_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<byte[]> FirstAsync(Func<string, Stream?> get)
                {
                    foreach (var format in new[] { "PNG", "image/png", "Bitmap", "DeviceIndependentBitmap", "image/bmp" })
                    {
                        if (get(format) is not { } data) continue;
                        using var copy = new MemoryStream();
                        await data.CopyToAsync(copy);
                        if (copy.Length > 0) return copy.ToArray();
                    }

                    return Array.Empty<byte>();
                }
            """));

    [Fact]
    public Task LoopOfNineConstantIterations_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<long> SumAsync(Func<int, Stream> open)
                {
                    long total = 0;
                    for (var i = 0; i < 9; i++)
                    {
                        using var part = open(i);
                        total += {|IOP005:await part.ReadAsync(new byte[16], 0, 16)|};
                    }

                    return total;
                }
            """));

    private const string Downloads = """
            public interface IImageClient { Task<Stream> GetImageStreamAsync(string name); }

            public static class Downloads
            {
                public static async Task<List<byte[]>> AllAsync(IImageClient client, IReadOnlyList<string> names)
                {
                    var images = new List<byte[]>();
                    foreach (var name in names)
                    {
                        await using var image = await client.GetImageStreamAsync(name);
                        using var copy = new MemoryStream();
                        await image.CopyToAsync(copy);
                        images.Add(copy.ToArray());
                    }

                    return images;
                }
            }
        """;

    /// <summary>
    /// StabilityMatrix's image downloads: each iteration awaits the call that fetches the stream it then copies (a
    /// request behind a project's client), which dwarfs the one hop of the copy.
    /// </summary>
    [Fact]
    public Task EachIterationReadsTheStreamItFetched_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync("using System.Collections.Generic;\nusing System.IO;\nusing System.Threading.Tasks;\n" + Downloads);

    /// <summary>A file opened in the iteration without waiting for anything: the copy is the iteration's only wait.</summary>
    [Fact]
    public Task EachIterationOpensAFile_IsReported() =>
        Verify.VerifyAnalyzerAsync("using System.Collections.Generic;\nusing System.IO;\nusing System.Threading.Tasks;\n" + Downloads
            .Replace("await using var image = await client.GetImageStreamAsync(name);", "await using var image = File.OpenRead(name);")
            .Replace("await image.CopyToAsync(copy);", "{|IOP005:await image.CopyToAsync(copy)|};"));

    /// <summary>A stream fetched once per iteration and then read in a loop of its own: a stream of reads.</summary>
    [Fact]
    public Task FetchedStreamReadInANestedLoop_IsReported() =>
        Verify.VerifyAnalyzerAsync("using System.Collections.Generic;\nusing System.IO;\nusing System.Threading.Tasks;\n" + Downloads
            .Replace("await image.CopyToAsync(copy);", "var buffer = new byte[4096]; int n; while ((n = {|IOP005:await image.ReadAsync(buffer, 0, buffer.Length)|}) > 0) copy.Write(buffer, 0, n);"));

    /// <summary>A stream fetched once, before the loop, and read in it.</summary>
    [Fact]
    public Task StreamFetchedBeforeTheLoop_IsReported() =>
        Verify.VerifyAnalyzerAsync(Library("""
                public async Task<long> CountAsync(Func<Task<Stream>> fetch)
                {
                    var source = await fetch();
                    var buffer = new byte[4096];
                    long total = 0;
                    int n;
                    while ((n = {|IOP005:await source.ReadAsync(buffer, 0, buffer.Length)|}) > 0) total += n;
                    return total;
                }
            """));
}
