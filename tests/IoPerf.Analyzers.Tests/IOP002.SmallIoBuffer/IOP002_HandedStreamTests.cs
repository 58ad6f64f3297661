using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 across methods (a preview, off by default), the stream handed on: a method of the compilation reads a
/// <c>Stream</c> parameter front to back in chunks of a size it chooses (<c>new byte[4096]</c>); within it the stream is
/// not known to be a file, so the caller that hands it a file is reported, at that argument, without a fix (the size is
/// the method's, shared with its other callers).
/// </summary>
public sealed class IOP002_HandedStreamTests
{
    private static string Code(string helper, string caller) => $$"""
        using System;
        using System.IO;
        using System.Threading.Tasks;

        static class Chunks
        {
            {{helper}}
        }

        class Job
        {
            long Run(string path)
            {
                {{caller}}
            }
        }
        """;

    private const string SumsAStream = """
        internal static long Sum(Stream stream)
            {
                var buffer = new byte[4096];
                long total = 0;
                int n;
                while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """;

    [Theory]
    [InlineData("using var file = File.OpenRead(path); return Chunks.Sum({|#0:file|});")]
    [InlineData("return Chunks.Sum({|#0:File.OpenRead(path)|});")]
    [InlineData("using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16); return Chunks.Sum({|#0:file|});")]
    [InlineData("using Stream file = new FileInfo(path).OpenRead(); return Chunks.Sum({|#0:file|});")]
    public Task FileHandedToAMethodThatReadsItInSmallChunks_IsReportedAtTheArgument(string caller) =>
        ExpectOne(Code(SumsAStream, caller), "The buffer each Read in 'Sum' fills from the file handed to it is 4096 bytes, below the minimum of 65536 bytes for sequential file I/O");

    [Theory]
    [InlineData("internal static long Sum(Stream stream) { const int Chunk = 8192; Span<byte> buffer = stackalloc byte[1024]; long t = 0; int n; while ((n = stream.Read(buffer)) > 0) t += n + Chunk; return t; }", "1024")]
    [InlineData("private const int ChunkSize = 8192; internal static long Sum(Stream stream) { var buffer = new byte[ChunkSize]; long t = 0; int n; while ((n = stream.Read(buffer, 0, ChunkSize)) > 0) t += n; return t; }", "8192")]
    public Task SizesSpelledOtherWays_AreKnown(string helper, string bytes) =>
        ExpectOne(Code(helper, "using var file = File.OpenRead(path); return Chunks.Sum({|#0:file|});"), $"The buffer each Read in 'Sum' fills from the file handed to it is {bytes} bytes, below the minimum of 65536 bytes for sequential file I/O");

    [Fact]
    public Task AsynchronousReadOfAHandedStream_IsReported() => ExpectOne(
        Code(
            "internal static async Task<long> SumAsync(Stream stream) { var buffer = new byte[4096]; long t = 0; int n; while ((n = await stream.ReadAsync(buffer, 0, buffer.Length)) > 0) t += n; return t; }",
            "using var file = File.OpenRead(path); return Chunks.SumAsync({|#0:file|}).Result;"),
        "The buffer each ReadAsync in 'SumAsync' fills from the file handed to it is 4096 bytes, below the minimum of 65536 bytes for sequential file I/O");

    [Theory]
    [InlineData("using var memory = new MemoryStream(); return Chunks.Sum(memory);")]                                 // not a file
    [InlineData("return Chunks.Sum(new BufferedStream(File.OpenRead(path), 1 << 16));")]                                 // a buffered file: not the handed stream's reads that reach the file
    [InlineData("Stream s = Console.OpenStandardInput(); return Chunks.Sum(s);")]                                       // a stream of unknown kind
    public Task StreamThatIsNotAFile_NoDiagnostic(string caller) =>
        Verify.VerifyAcrossMethodsAsync(Code(SumsAStream, caller));

    [Theory]
    [InlineData("internal static long Sum(Stream stream) { var buffer = new byte[1 << 16]; long t = 0; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) t += n; return t; }")]              // large enough
    [InlineData("internal static long Sum(Stream stream) { var buffer = new byte[stream.Length]; long t = 0; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) t += n; return t; }")]      // size not known
    [InlineData("internal static long Sum(Stream stream) { var buffer = new byte[4096]; return stream.Read(buffer, 0, buffer.Length); }")]                                                                  // one read, no loop
    [InlineData("internal static long Sum(Stream stream) { var buffer = new byte[4096]; long t = 0; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) { if (buffer[0] == 0) return -1; t += n; } return t; }")] // stops on what it read
    [InlineData("internal static long Sum(Stream stream) { var buffer = new byte[4096]; long t = 0; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) { stream.Seek(1, SeekOrigin.Current); t += n; } return t; }")] // seeks
    [InlineData("internal static long Sum(Stream stream) { stream = new BufferedStream(stream, 1 << 16); var buffer = new byte[4096]; long t = 0; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) t += n; return t; }")] // reads another stream than the one handed
    [InlineData("internal static long Sum(Stream stream) { var buffer = new byte[sizeof(long)]; long t = 0; long i = 0; while (i < 8192 && stream.Read(buffer, 0, sizeof(long)) > 0) { i++; t += BitConverter.ToInt64(buffer, 0); } return t; }")] // reads 8-byte records (a movie hash), the count ignored
    public Task MethodThatDoesNotReadTheStreamInSmallChunks_NoDiagnostic(string helper) =>
        Verify.VerifyAcrossMethodsAsync(Code(helper, "using var file = File.OpenRead(path); return Chunks.Sum(file);"));

    [Fact]
    public Task OffByDefault_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Code(SumsAStream, "using var file = File.OpenRead(path); return Chunks.Sum(file);"));

    /// <summary>A helper in another project of the solution is never read: its body is not this compilation's.</summary>
    [Fact]
    public Task HelperInAnotherProject_NoDiagnostic()
    {
        var test = Verify.CreateAcrossMethods(Code("internal static int Unused() => 0;", "using var file = File.OpenRead(path); return Lib.Chunks.Sum(file);"));
        test.TestState.AdditionalProjects["Lib"].Sources.Add(("Lib.cs", "using System.IO; namespace Lib; public static class Chunks { " + SumsAStream.Replace("internal", "public", System.StringComparison.Ordinal) + " }"));
        test.TestState.AdditionalProjects["Lib"].AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
        test.TestState.AdditionalProjectReferences.Add("Lib");
        return test.RunAsync();
    }

    private static Task ExpectOne(string source, string message)
    {
        var test = Verify.CreateAcrossMethods(source);
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.SmallIoBuffer).WithLocation(0).WithMessage(message));
        return test.RunAsync();
    }
}
