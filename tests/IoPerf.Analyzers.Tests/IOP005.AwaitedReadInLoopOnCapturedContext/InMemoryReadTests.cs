using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextFix>;

namespace IoPerf.Analyzers.Tests.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// IOP005 counts only awaits that can suspend: a read from memory (MemoryStream, UnmanagedMemoryStream, StringReader,
/// a StreamReader over one, an embedded resource) has completed when it is awaited, so it never hops onto the context
/// (found in a held-out set: a resource read line by line with ReadLineAsync).
/// </summary>
public sealed class InMemoryReadTests
{
    [Theory]
    [InlineData("a MemoryStream local", "var memory = new MemoryStream(data);", "while (await memory.ReadAsync(buffer, 0, buffer.Length) > 0) count++;")]
    [InlineData("a MemoryStream parameter", "", "while (await parameter.ReadAsync(buffer, 0, buffer.Length) > 0) count++;")]
    [InlineData("a StringReader", "using var reader = new StringReader(text);", "while (await reader.ReadLineAsync() != null) count++;")]
    [InlineData("a StreamReader over a MemoryStream", "using var reader = new StreamReader(new MemoryStream(data));", "while (await reader.ReadLineAsync() != null) count++;")]
    [InlineData("a StreamReader over a MemoryStream local", "var memory = new MemoryStream(data); using var reader = new StreamReader(memory, Encoding.UTF8);", "while (await reader.ReadLineAsync() != null) count++;")]
    [InlineData("an embedded resource", "using var reader = new StreamReader(typeof(Loader).Assembly.GetManifestResourceStream(\"Names.txt\")!);", "while (await reader.ReadLineAsync() != null) count++;")]
    [InlineData("an UnmanagedMemoryStream", "UnmanagedMemoryStream? resource = null;", "while (await resource!.ReadAsync(buffer, 0, buffer.Length) > 0) count++;")]
    [InlineData("a copy from memory", "var memory = new MemoryStream(data);", "for (var i = 0; i < 3; i++) await memory.CopyToAsync(Stream.Null);")]
    public Task ReadsFromMemory_NoDiagnostic(string reason, string setup, string loop)
    {
        _ = reason;
        return Verify.VerifyAnalyzerAsync(Loader(setup, loop));
    }

    [Theory]
    [InlineData("a StreamReader over a file", "using var reader = new StreamReader(path);", "while ({|IOP005:await reader.ReadLineAsync()|} != null) count++;")]
    [InlineData("a StreamReader over a stream of unknown origin", "using var reader = new StreamReader(stream);", "while ({|IOP005:await reader.ReadLineAsync()|} != null) count++;")]
    [InlineData("a stream local assigned twice", "Stream source = new MemoryStream(data); if (path.Length > 0) source = File.OpenRead(path);", "while ({|IOP005:await source.ReadAsync(buffer, 0, buffer.Length)|} > 0) count++;")]
    [InlineData("a project's own MemoryStream subclass", "var own = new NetworkBackedStream();", "while ({|IOP005:await own.ReadAsync(buffer, 0, buffer.Length)|} > 0) count++;")]
    [InlineData("a file read beside a read from memory", "var memory = new MemoryStream(data); using var file = File.OpenRead(path);", "while (await memory.ReadAsync(buffer, 0, 1) > 0 && {|IOP005:await file.ReadAsync(buffer, 0, 1)|} > 0) count++;")]
    public Task ReadsThatCanSuspend_AreReported(string reason, string setup, string loop)
    {
        _ = reason;
        return Verify.VerifyAnalyzerAsync(Loader(setup, loop));
    }

    /// <summary>Only the read that can suspend is counted, and only it gets ConfigureAwait(false).</summary>
    [Fact]
    public Task MixedLoop_FixConfiguresOnlyTheFileRead() => Verify.VerifyCodeFixAsync(
        Loader("var memory = new MemoryStream(data); using var file = File.OpenRead(path);", "while (await memory.ReadAsync(buffer, 0, 1) > 0 && {|IOP005:await file.ReadAsync(buffer, 0, 1)|} > 0) count++;"),
        Loader("var memory = new MemoryStream(data); using var file = File.OpenRead(path);", "while (await memory.ReadAsync(buffer, 0, 1) > 0 && await file.ReadAsync(buffer, 0, 1).ConfigureAwait(false) > 0) count++;"));

    private static string Loader(string setup, string loop) => $$"""
        using System.IO;
        using System.Text;
        using System.Threading.Tasks;

        public class NetworkBackedStream : MemoryStream
        {
            public override Task<int> ReadAsync(byte[] buffer, int offset, int count, System.Threading.CancellationToken token) => Task.FromResult(0);
        }

        public class Loader
        {
            public async Task<int> CountAsync(string path, string text, byte[] data, byte[] buffer, Stream stream, MemoryStream parameter)
            {
                var count = 0;
                {{setup}}
                {{loop}}
                return count;
            }
        }
        """;
}
