using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 stays silent on a loop that reads records: the read's count is only compared with 0 and the loop reads what
/// the buffer holds, so every read is taken for a whole record of the size asked for (the OpenSubtitles movie hash sums
/// 8-byte longs; found on a development half, through a method handed the file). A bigger buffer would change what each
/// iteration sees. A loop that keeps the count, or drains the file without looking at the bytes, is still reported.
/// </summary>
public sealed class RecordReadTests
{
    private static string Loop(string declaration, string loop) => $$"""
        using System;
        using System.IO;

        public class Files
        {
            public static long Hash(string path)
            {
                using var stream = File.OpenRead(path);
                {{declaration}}
                long hash = 0;
                long i = 0;
                {{loop}}
                return hash;
            }
        }
        """;

    [Theory]
    [InlineData("var buffer = new byte[sizeof(long)];", "while (i < 8192 && stream.Read(buffer, 0, sizeof(long)) > 0) { i++; hash += BitConverter.ToInt64(buffer, 0); }")]
    [InlineData("var buffer = new byte[16];", "while (stream.Read(buffer, 0, buffer.Length) > 0) hash += buffer[0] + buffer[15];")]
    [InlineData("var buffer = new byte[16];", "while (stream.Read(buffer) != 0) hash ^= BitConverter.ToInt64(buffer.AsSpan(8));")]
    public Task CountIgnoredAndTheBytesRead_NoDiagnostic(string declaration, string loop) =>
        Verify.VerifyAnalyzerAsync(Loop(declaration, loop));

    [Theory]
    [InlineData("int n; while ((n = stream.Read({|IOP002:buffer|}, 0, buffer.Length)) > 0) { for (var k = 0; k < n; k++) hash += buffer[k]; }")] // keeps the count
    [InlineData("while (stream.Read({|IOP002:buffer|}, 0, buffer.Length) > 0) i++;")]                                                            // drains, never looks at the bytes
    public Task CountKeptOrBytesNotRead_StillReported(string loop) => Verify.VerifyCodeFixAsync(
        Loop("var buffer = new byte[4096];", loop),
        Loop("var buffer = new byte[65536];", loop.Replace("{|IOP002:buffer|}", "buffer", System.StringComparison.Ordinal)));
}
