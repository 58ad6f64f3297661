using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 stays silent on a read loop that can leave on what it read (a check for zeros, a search): such a scan
/// usually ends in its first read. Exits that look only at the count still leave a copy loop reported. The kind was
/// found on the second held-out report set after its run (a subtitle file checked for binary zeroes in 1 KiB reads).
/// </summary>
public sealed class EarlyExitScanTests
{
    private static string Scan(string exit) => $$"""
        using System;
        using System.IO;

        public class Files
        {
            public static bool Check(string path)
            {
                using var stream = File.OpenRead(path);
                var buffer = new byte[1024];
                int n;
                while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                {
                    {{exit}}
                }

                return true;
            }
        }
        """;

    [Theory]
    [InlineData("for (var i = 0; i < n; i++) { if (buffer[i] != 0) { return false; } }")]
    [InlineData("if (Array.IndexOf(buffer, (byte)10, 0, n) >= 0) return false;")]
    [InlineData("if (buffer.AsSpan(0, n).IndexOf((byte)10) >= 0) break;")]
    public Task LoopThatLeavesOnTheData_NoDiagnostic(string exit) => Verify.VerifyAnalyzerAsync(Scan(exit));

    [Theory]
    [InlineData("if (n < buffer.Length) break;")]
    [InlineData("if (n == 0) return false;")]
    [InlineData("Console.Write(buffer[0]); for (var i = 0; i < n; i++) { if (buffer[i] != 0) { continue; } }")]
    public Task ExitOnTheCountOrNoExit_StillReported(string body)
    {
        var source = Scan(body).Replace("stream.Read(buffer,", "stream.Read({|IOP002:buffer|},");
        return Verify.VerifyCodeFixAsync(source, Scan(body).Replace("new byte[1024]", "new byte[65536]"));
    }
}
