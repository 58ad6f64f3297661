using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 across methods (a preview, off by default): a buffer allocated in one method and handed to a method of the
/// compilation that reads a file front to back into it - every read asking for the whole buffer - is reported at the
/// argument, and the fix writes the minimum where the caller spelled the size. The helper's read must pass every test of
/// the one-method read shape; a helper reading a <c>Stream</c> parameter counts only when the caller passes a file.
/// </summary>
public sealed class IOP002_AcrossMethodsTests
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

    private const string ReadsAFile = """
        internal static long Sum(string path, byte[] buffer)
            {
                using var stream = File.OpenRead(path);
                long total = 0;
                int n;
                while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """;

    private const string ReadsAStream = """
        internal static long Sum(Stream stream, byte[] buffer)
            {
                long total = 0;
                int n;
                while ((n = stream.Read(buffer)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """;

    [Fact]
    public Task BufferHandedToAMethodThatReadsAFile_IsReportedAndFixedAtTheCaller() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code(ReadsAFile, "return Chunks.Sum(path, {|IOP002:new byte[4096]|});"),
            Code(ReadsAFile, "return Chunks.Sum(path, new byte[65536]);"));

    [Fact]
    public Task Message_NamesTheMethodAndItsRead()
    {
        var source = Code(ReadsAFile, "return Chunks.Sum(path, {|#0:new byte[4096]|});");
        var test = Verify.CreateAcrossMethods(source);
        test.FixedCode = Code(ReadsAFile, "return Chunks.Sum(path, new byte[65536]);");
        test.ExpectedDiagnostics.Add(new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.SmallIoBuffer)
            .WithLocation(0)
            .WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations)
            .WithMessage("The buffer each Read in 'Sum' fills is 4096 bytes, below the minimum of 65536 bytes for sequential file I/O"));
        return test.RunAsync();
    }

    /// <summary>A method that reads a file of its own into the buffer and writes it to a stream it is handed (any stream).</summary>
    [Fact]
    public Task CopyOfAFileIntoAnyStream_IsReported()
    {
        const string helper = """
            internal static long Sum(string path, Stream output, byte[] buffer)
                {
                    using var input = File.OpenRead(path);
                    long total = 0;
                    int n;
                    while ((n = input.Read(buffer, 0, buffer.Length)) > 0)
                    {
                        output.Write(buffer, 0, n);
                        total += n;
                    }

                    return total;
                }
            """;
        return Verify.VerifyAcrossMethodsFixAsync(
            Code(helper, "using var memory = new MemoryStream(); return Chunks.Sum(path, memory, {|IOP002:new byte[4096]|});"),
            Code(helper, "using var memory = new MemoryStream(); return Chunks.Sum(path, memory, new byte[65536]);"));
    }

    /// <summary>
    /// Two buffers of known size handed on: the one the method's reads fill is judged, whatever comes before it (a small
    /// header buffer it never reads into is neither reported nor a reason to stay silent).
    /// </summary>
    [Fact]
    public Task BufferTheReadsFillAfterAnotherSmallBuffer_IsTheOneReported()
    {
        const string helper = """
            internal static long Sum(byte[] header, string path, byte[] buffer)
                {
                    using var input = File.OpenRead(path);
                    long total = header.Length;
                    int n;
                    while ((n = input.Read(buffer, 0, buffer.Length)) > 0)
                    {
                        total += n;
                    }

                    return total;
                }
            """;
        return Verify.VerifyAcrossMethodsFixAsync(
            Code(helper, "return Chunks.Sum(new byte[16], path, {|IOP002:new byte[4096]|});"),
            Code(helper, "return Chunks.Sum(new byte[16], path, new byte[65536]);"));
    }

    /// <summary>A <c>Stream</c> parameter is a file when the caller passes one; the size from a local is fixed where it is written.</summary>
    [Fact]
    public Task FileHandedToAMethodThatReadsAStream_IsReported() =>
        Verify.VerifyAcrossMethodsFixAsync(
            Code(ReadsAStream, "using var file = File.OpenRead(path); var buffer = new byte[8192]; return Chunks.Sum(file, {|IOP002:buffer|});"),
            Code(ReadsAStream, "using var file = File.OpenRead(path); var buffer = new byte[65536]; return Chunks.Sum(file, buffer);"));

    /// <summary>
    /// A local buffer is traced only when its initialiser's size may be known (a constant, a local, a static readonly
    /// field or property): each shape the size tracing knows must pass that look.
    /// </summary>
    [Theory]
    [InlineData("const int Size = 4096; var buffer = new byte[Size];")]
    [InlineData("int size = 4096; var buffer = new byte[size];")]
    [InlineData("var buffer = new byte[Sizes.Field];")]
    [InlineData("var buffer = new byte[Sizes.Property];")]
    [InlineData("var buffer = System.Buffers.ArrayPool<byte>.Shared.Rent(4 * 1024);")]
    [InlineData("var buffer = new byte[4096].AsSpan();")]
    [InlineData("Span<byte> buffer = stackalloc byte[512];")]
    public Task LocalBufferOfAKnownSize_IsReported(string declaration) =>
        Verify.VerifyAcrossMethodsAsync(
            Code(ReadsAStream.Replace("byte[] buffer", "Span<byte> buffer") + SizesType, $"using var file = File.OpenRead(path); {declaration} return Chunks.Sum(file, {{|IOP002:buffer|}});"));

    [Theory]
    [InlineData("int size = path.Length; var buffer = new byte[size];")]   // a local of unknown value
    [InlineData("var buffer = new byte[path.Length];")]
    [InlineData("var buffer = new byte[Sizes.Mutable];")]                 // a field anyone may change
    [InlineData("var buffer = Sizes.Make();")]
    public Task LocalBufferOfAnUnknownSize_NoDiagnostic(string declaration) =>
        Verify.VerifyAcrossMethodsAsync(Code(ReadsAStream + SizesType, $"using var file = File.OpenRead(path); {declaration} return Chunks.Sum(file, buffer);"));

    private const string SizesType = """

        }

        static class Sizes
        {
            internal static readonly int Field = 4096;
            internal static int Property => 4096;
            internal static int Mutable = 4096;
            internal static byte[] Make() => new byte[4096];
        """;

    [Theory]
    [InlineData("using var memory = new MemoryStream(); return Chunks.Sum(memory, new byte[4096]);")]          // not a file
    [InlineData("return Chunks.Sum(Console.OpenStandardInput(), new byte[4096]);")]                              // not a file
    [InlineData("using var file = File.OpenRead(path); return Chunks.Wrapped(file, new byte[4096]);")]           // the method reads a buffered stream of its own
    [InlineData("using var file = File.OpenRead(path); return Chunks.Sum(file, new byte[65536]);")]            // large enough
    public Task StreamThatIsNotAFileOrABufferLargeEnough_NoDiagnostic(string caller) =>
        Verify.VerifyAcrossMethodsAsync(Code(ReadsAStream + "\n    internal static long Wrapped(Stream stream, byte[] buffer) { stream = new BufferedStream(stream, 1 << 16); long t = 0; int n; while ((n = stream.Read(buffer)) > 0) t += n; return t; }", caller));

    /// <summary>A span from <c>stackalloc</c>: reported, but a 64 KiB <c>stackalloc</c> is no fix.</summary>
    [Fact]
    public Task StackAllocatedSpanHandedToAFileReader_IsReportedWithoutAFix()
    {
        const string helper = """
            internal static long Sum(FileStream stream, Span<byte> buffer)
                {
                    long total = 0;
                    int n;
                    while ((n = stream.Read(buffer)) > 0)
                    {
                        total += n;
                    }

                    return total;
                }
            """;
        var source = Code(helper, "using var file = File.OpenRead(path); return Chunks.Sum(file, {|IOP002:stackalloc byte[512]|});");
        return Verify.VerifyAcrossMethodsFixAsync(source, source);
    }

    [Fact]
    public Task AsynchronousReadIntoMemory_IsReported()
    {
        const string helper = """
            internal static async Task<long> SumAsync(string path, Memory<byte> buffer)
                {
                    await using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, useAsync: true);
                    long total = 0;
                    int n;
                    while ((n = await stream.ReadAsync(buffer)) > 0)
                    {
                        total += n;
                    }

                    return total;
                }
            """;
        return Verify.VerifyAcrossMethodsFixAsync(
            Code(helper, "return Chunks.SumAsync(path, {|IOP002:new byte[16384]|}).Result;"),
            Code(helper, "return Chunks.SumAsync(path, new byte[65536]).Result;"));
    }

    /// <summary>An internal interface with one implementer: the call can run only that body.</summary>
    [Fact]
    public Task InterfaceWithOneImplementer_IsFollowed()
    {
        static string Source(string size) => $$"""
            using System.IO;

            internal interface IChunkReader { long Sum(string path, byte[] buffer); }

            internal sealed class ChunkReader : IChunkReader
            {
                public long Sum(string path, byte[] buffer)
                {
                    using var stream = File.OpenRead(path);
                    long total = 0;
                    int n;
                    while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) total += n;
                    return total;
                }
            }

            class Job
            {
                long Run(IChunkReader reader, string path) => reader.Sum(path, {{size}});
            }
            """;
        return Verify.VerifyAcrossMethodsFixAsync(Source("{|IOP002:new byte[4096]|}"), Source("new byte[65536]"));
    }

    [Theory]
    [InlineData("internal static long Sum(string path, byte[] buffer) { using var s = File.OpenRead(path); long t = 0; int n; int left = 100; while ((n = s.Read(buffer, 0, Math.Min(left, buffer.Length))) > 0) { t += n; left -= n; } return t; }")] // asks for a count of its own
    [InlineData("internal static long Sum(string path, byte[] buffer) { buffer = new byte[1 << 20]; using var s = File.OpenRead(path); long t = 0; int n; while ((n = s.Read(buffer, 0, buffer.Length)) > 0) t += n; return t; }")]               // reads into a buffer of its own
    [InlineData("internal static long Sum(string path, byte[] buffer) { using var s = File.OpenRead(path); long t = 0; int n; while ((n = s.Read(buffer, 0, buffer.Length)) > 0) { if (buffer[0] == 0) return -1; t += n; } return t; }")] // a scan that stops on what it read
    [InlineData("internal static long Sum(string path, byte[] buffer) { using var s = File.OpenRead(path); long t = 0; while (s.Read(buffer, 0, buffer.Length) == buffer.Length) t++; return t; }")]    // reads records of the buffer's size
    [InlineData("internal static long Sum(string path, byte[] buffer) { using var s = File.OpenRead(path); int n; long t = 0; while ((n = s.Read(buffer, 0, buffer.Length)) > 0) { s.Seek(1, SeekOrigin.Current); t += n; } return t; }")] // seeks
    [InlineData("internal static long Sum(string path, byte[] buffer) { if (buffer.Length < 65536) Array.Resize(ref buffer, 65536); using var s = File.OpenRead(path); long t = 0; int n; while ((n = s.Read(buffer, 0, buffer.Length)) > 0) t += n; return t; }")] // enlarges the buffer itself
    [InlineData("internal static long Sum(string path, byte[] buffer) { using var s = File.OpenRead(path); return s.Read(buffer, 0, buffer.Length); }")]                                                  // one read, no loop
    [InlineData("internal static long Sum(string path, byte[] buffer) { long t = 0; int n; while ((n = Next(path, buffer)) > 0) t += n; return t; } static int Next(string path, byte[] buffer) { using var s = File.OpenRead(path); return s.Read(buffer, 0, buffer.Length); }")] // opens the file on each read
    public Task HelperThatDoesNotReadAFileInChunksOfTheBuffer_NoDiagnostic(string helper) =>
        Verify.VerifyAcrossMethodsAsync(Code(helper, "return Chunks.Sum(path, new byte[4096]);"));

    [Fact]
    public Task OffByDefault_NoDiagnostic() =>
        Verify.VerifyAnalyzerAsync(Code(ReadsAFile, "return Chunks.Sum(path, new byte[4096]);"));

    /// <summary>A public virtual helper may be overridden in another assembly: the body is not known.</summary>
    [Fact]
    public Task PublicVirtualHelper_NoDiagnostic() =>
        Verify.VerifyAcrossMethodsAsync("""
            using System.IO;

            public class ChunkReader
            {
                public virtual long Sum(string path, byte[] buffer)
                {
                    using var stream = File.OpenRead(path);
                    long total = 0;
                    int n;
                    while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) total += n;
                    return total;
                }
            }

            class Job
            {
                long Run(ChunkReader reader, string path) => reader.Sum(path, new byte[4096]);
            }
            """);

    /// <summary>A helper in another project of the solution is never read: its body is not this compilation's.</summary>
    [Fact]
    public Task HelperInAnotherProject_NoDiagnostic()
    {
        var test = Verify.CreateAcrossMethods(Code("internal static int Unused() => 0;", "return Lib.Chunks.Sum(path, new byte[4096]);"));
        test.TestState.AdditionalProjects["Lib"].Sources.Add(("Lib.cs", "using System.IO; namespace Lib; public static class Chunks { " + ReadsAFile.Replace("internal", "public", System.StringComparison.Ordinal) + " }"));
        test.TestState.AdditionalProjects["Lib"].AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
        test.TestState.AdditionalProjectReferences.Add("Lib");
        return test.RunAsync();
    }
}
