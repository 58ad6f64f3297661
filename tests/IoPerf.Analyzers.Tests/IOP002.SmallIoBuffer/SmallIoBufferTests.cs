using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer;
using IoPerf.Analyzers.IOP002.SmallIoBuffer;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

public sealed class SmallIoBufferTests
{
    private static string InClass(string members) => $$"""
        using System;
        using System.Buffers;
        using System.IO;
        using System.Text;
        using System.Threading.Tasks;
        using Microsoft.Win32.SafeHandles;

        public class Reader
        {
        {{members}}
        }
        """;

    private static string Sum(string setup, string read) => InClass($$"""
            public long Sum(string path)
            {
                using var stream = File.OpenRead(path);
                {{setup}}
                long total = 0;
                int n;
                while ((n = {{read}}) > 0)
                {
                    total += n;
                }

                return total;
            }
        """);

    // ---- Bytes asked for per read, in a loop over one file ---------------------------------------------------------

    [Fact]
    public Task ArrayBuffer_ReadWithItsLength_RaisesTheArraySize() => Verify.VerifyCodeFixAsync(
        Sum("var buffer = new byte[4096];", "stream.Read({|IOP002:buffer|}, 0, buffer.Length)"),
        Sum("var buffer = new byte[65536];", "stream.Read(buffer, 0, buffer.Length)"));

    [Fact]
    public Task LiteralCount_RaisesTheCountAndTheArray() => Verify.VerifyCodeFixAsync(
        Sum("var buffer = new byte[1024];", "stream.Read(buffer, 0, {|IOP002:1024|})"),
        Sum("var buffer = new byte[65536];", "stream.Read(buffer, 0, 65536)"));

    [Fact]
    public Task NamedCountArgument_IsReportedOnTheArgument() => Verify.VerifyCodeFixAsync(
        Sum("var buffer = new byte[2048];", "stream.Read(buffer, {|IOP002:count: 2048|}, offset: 0)"),
        Sum("var buffer = new byte[65536];", "stream.Read(buffer, count: 65536, offset: 0)"));

    [Fact]
    public Task SpanOverload_OfAnArray() => Verify.VerifyCodeFixAsync(
        Sum("var buffer = new byte[8192];", "stream.Read({|IOP002:buffer|})"),
        Sum("var buffer = new byte[65536];", "stream.Read(buffer)"));

    [Fact]
    public Task Const_InTheSameDocument_IsChangedWhereItIsDeclared() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const int BufferSize = 4096;

            public long Sum(FileStream stream)
            {
                var buffer = new byte[BufferSize];
                long total = 0;
                int n;
                while ((n = stream.Read(buffer, 0, {|IOP002:BufferSize|})) > 0)
                {
                    total += n;
                }

                return total;
            }
        """),
        InClass("""
            private const int BufferSize = 65536;

            public long Sum(FileStream stream)
            {
                var buffer = new byte[BufferSize];
                long total = 0;
                int n;
                while ((n = stream.Read(buffer, 0, BufferSize)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """));

    [Fact]
    public Task LocalAssignedOnce_IsChangedWhereItIsAssigned() => Verify.VerifyCodeFixAsync(
        Sum("var size = 4 * 1024; var buffer = new byte[size];", "stream.Read({|IOP002:buffer|}, 0, buffer.Length)"),
        Sum("var size = 65536; var buffer = new byte[size];", "stream.Read(buffer, 0, buffer.Length)"));

    [Fact]
    public Task ReadAsyncWithAMemorySlice_RaisesTheSliceAndTheArray() => Verify.VerifyCodeFixAsync(
        InClass("""
            public async Task<long> SumAsync(string path)
            {
                await using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, useAsync: true);
                var buffer = new byte[4096];
                long total = 0;
                int n;
                while ((n = await stream.ReadAsync({|IOP002:buffer.AsMemory(0, 4096)|})) > 0)
                {
                    total += n;
                }

                return total;
            }
        """),
        InClass("""
            public async Task<long> SumAsync(string path)
            {
                await using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, useAsync: true);
                var buffer = new byte[65536];
                long total = 0;
                int n;
                while ((n = await stream.ReadAsync(buffer.AsMemory(0, 65536))) > 0)
                {
                    total += n;
                }

                return total;
            }
        """));

    [Fact]
    public Task ArrayPoolRental_IsRaised() => Verify.VerifyCodeFixAsync(
        Sum("var buffer = ArrayPool<byte>.Shared.Rent(4096);", "stream.Read({|IOP002:buffer|}, 0, buffer.Length)"),
        Sum("var buffer = ArrayPool<byte>.Shared.Rent(65536);", "stream.Read(buffer, 0, buffer.Length)"));

    [Fact]
    public Task StackAlloc_IsReportedWithoutAFix()
    {
        // Raising a stackalloc to 64 KiB risks the stack: the diagnostic says so, the fix is not offered.
        var source = Sum("Span<byte> buffer = stackalloc byte[512];", "stream.Read({|IOP002:buffer|})");
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task StackAlloc_WithinTheStackLimit_IsFixed()
    {
        var test = Verify.Create(Sum("Span<byte> buffer = stackalloc byte[256];", "stream.Read({|IOP002:buffer|})"))
            .WithEditorConfig("dotnet_diagnostic.IOP002.min_buffer_size = 1024");
        test.FixedCode = Sum("Span<byte> buffer = stackalloc byte[1024];", "stream.Read(buffer)");
        return test.RunAsync();
    }

    [Fact]
    public Task RandomAccessRead_WithAnAdvancingOffset() => Verify.VerifyCodeFixAsync(
        InClass("""
            public long Sum(string path)
            {
                using SafeFileHandle handle = File.OpenHandle(path);
                var buffer = new byte[4096];
                long offset = 0;
                int n;
                while ((n = RandomAccess.Read(handle, {|IOP002:buffer|}, offset)) > 0)
                {
                    offset += n;
                }

                return offset;
            }
        """),
        InClass("""
            public long Sum(string path)
            {
                using SafeFileHandle handle = File.OpenHandle(path);
                var buffer = new byte[65536];
                long offset = 0;
                int n;
                while ((n = RandomAccess.Read(handle, buffer, offset)) > 0)
                {
                    offset += n;
                }

                return offset;
            }
        """));

    [Fact]
    public Task FileStreamParameter_ReadInAForLoop() => Verify.VerifyAnalyzerAsync(InClass("""
            public long Sum(FileStream stream)
            {
                var buffer = new byte[1024];
                long total = 0;
                for (int n; (n = stream.Read({|IOP002:buffer|}, 0, buffer.Length)) != 0;)
                {
                    total += n;
                }

                return total;
            }
        """));

    [Fact]
    public Task EndOfFileTestedInTheBody() => Verify.VerifyAnalyzerAsync(InClass("""
            public long Sum(FileStream stream)
            {
                var buffer = new byte[1024];
                long total = 0;
                while (true)
                {
                    var n = stream.Read({|IOP002:buffer|}, 0, buffer.Length);
                    if (n == 0)
                    {
                        break;
                    }

                    total += n;
                }

                return total;
            }
        """));

    // ---- Buffer sizes of streams, readers and writers used in a loop ------------------------------------------------

    [Fact]
    public Task FileStreamBufferSize_ReadByteInALoop() => Verify.VerifyCodeFixAsync(
        InClass("""
            public int Count(string path)
            {
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, {|IOP002:bufferSize: 4096|});
                var count = 0;
                while (stream.ReadByte() >= 0)
                {
                    count++;
                }

                return count;
            }
        """),
        InClass("""
            public int Count(string path)
            {
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 65536);
                var count = 0;
                while (stream.ReadByte() >= 0)
                {
                    count++;
                }

                return count;
            }
        """));

    [Fact]
    public Task StreamReaderOverAPath_ReadLineInALoop() => Verify.VerifyCodeFixAsync(
        InClass("""
            public int Lines(string path)
            {
                var lines = 0;
                using (var reader = new StreamReader(path, Encoding.UTF8, true, {|IOP002:1024|}))
                {
                    while (reader.ReadLine() is not null)
                    {
                        lines++;
                    }
                }

                return lines;
            }
        """),
        InClass("""
            public int Lines(string path)
            {
                var lines = 0;
                using (var reader = new StreamReader(path, Encoding.UTF8, true, 65536))
                {
                    while (reader.ReadLine() is not null)
                    {
                        lines++;
                    }
                }

                return lines;
            }
        """));

    [Fact]
    public Task FileStreamInsideAReader_ItsBufferCountsForTheReadersLoop() => Verify.VerifyAnalyzerAsync(InClass("""
            public int Lines(string path)
            {
                var lines = 0;
                using var reader = new StreamReader(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, {|IOP002:512|}));
                while (!reader.EndOfStream)
                {
                    reader.ReadLine();
                    lines++;
                }

                return lines;
            }
        """));

    [Fact]
    public Task StreamWriterOverAFileStream_WrittenInALoop() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Write(string path, string[] lines)
            {
                using var file = File.Create(path);
                using var writer = new StreamWriter(file, Encoding.UTF8, {|IOP002:bufferSize: 2048|});
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }
            }
        """));

    [Fact]
    public Task FileStreamOptionsBufferSize() => Verify.VerifyCodeFixAsync(
        InClass("""
            public int Count(string path)
            {
                using var stream = new FileStream(path, new FileStreamOptions { Mode = FileMode.Open, {|IOP002:BufferSize = 4096|} });
                var count = 0;
                while (stream.ReadByte() >= 0)
                {
                    count++;
                }

                return count;
            }
        """),
        InClass("""
            public int Count(string path)
            {
                using var stream = new FileStream(path, new FileStreamOptions { Mode = FileMode.Open, BufferSize = 65536 });
                var count = 0;
                while (stream.ReadByte() >= 0)
                {
                    count++;
                }

                return count;
            }
        """));

    [Fact]
    public Task CopyToWithASmallBuffer_FromAFile() => Verify.VerifyCodeFixAsync(
        InClass("""
            public void Copy(string path, Stream destination)
            {
                using var source = File.OpenRead(path);
                source.CopyTo(destination, {|IOP002:4096|});
            }
        """),
        InClass("""
            public void Copy(string path, Stream destination)
            {
                using var source = File.OpenRead(path);
                source.CopyTo(destination, 65536);
            }
        """));

    [Fact]
    public Task CopyToAsyncWithASmallBuffer_IntoAFile() => Verify.VerifyAnalyzerAsync(InClass("""
            public async Task CopyAsync(Stream source, string path)
            {
                await using var destination = File.Create(path);
                await source.CopyToAsync(destination, {|IOP002:bufferSize: 8192|});
            }
        """));

    // ---- Options ---------------------------------------------------------------------------------------------------

    [Fact]
    public Task MinBufferSizeOption_LowersTheMinimum()
    {
        var test = Verify.Create(InClass("""
            public long Sum(FileStream stream)
            {
                var small = new byte[1024];
                var enough = new byte[4096];
                long total = 0;
                int n;
                while ((n = stream.Read({|IOP002:small|})) > 0)
                {
                    total += n;
                }

                while ((n = stream.Read(enough)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """)).WithEditorConfig("dotnet_diagnostic.IOP002.min_buffer_size = 4096");
        return test.RunAsync();
    }

    [Fact]
    public Task MinBufferSizeOption_NotAPowerOfTwo_FixRoundsUp()
    {
        var test = Verify.Create(Sum("var buffer = new byte[1024];", "stream.Read({|IOP002:buffer|}, 0, buffer.Length)"))
            .WithEditorConfig("dotnet_diagnostic.IOP002.min_buffer_size = 10000");
        test.FixedCode = Sum("var buffer = new byte[16384];", "stream.Read(buffer, 0, buffer.Length)");
        return test.RunAsync();
    }

    [Theory]
    [InlineData("dotnet_diagnostic.IOP002.min_buffer_size = lots")]
    [InlineData("dotnet_diagnostic.IOP002.min_buffer_size = -5")]
    [InlineData("dotnet_diagnostic.IOP002.min_buffer_size = ")]
    public Task MinBufferSizeOption_InvalidValue_FallsBackToTheDefault(string line) =>
        Verify.Create(Sum("var buffer = new byte[4096];", "stream.Read({|IOP002:buffer|}, 0, buffer.Length)")).WithEditorConfig(line).RunAsync();

    [Fact]
    public Task SeverityNone_Silences() =>
        Verify.Create(Sum("var buffer = new byte[4096];", "stream.Read(buffer, 0, buffer.Length)"))
            .WithEditorConfig("dotnet_diagnostic.IOP002.severity = none").RunAsync();

    // ---- Negatives -------------------------------------------------------------------------------------------------

    [Theory]
    // A fixed-size header or record read once is not a small buffer.
    [InlineData("var magic = new byte[4]; stream.ReadExactly(magic);")]
    [InlineData("var magic = new byte[4]; var got = stream.Read(magic, 0, 4);")]
    // Several reads per iteration: a loop over records, not over chunks of the file.
    [InlineData("var header = new byte[8]; var body = new byte[64]; while (stream.Read(header, 0, 8) == 8) { stream.ReadExactly(body); }")]
    // The count is compared with the record size: records, and a bigger buffer would change what the loop does.
    [InlineData("var h = new byte[4]; while (stream.Read(h, 0, 4) == 4) { }")]
    [InlineData("var h = new byte[8]; int n; while ((n = stream.Read(h)) == h.Length) { }")]
    [InlineData("var h = new byte[8]; for (var n = stream.Read(h); n >= 8; n = stream.Read(h)) { }")]
    // The result is ignored: not a loop that reads to the end.
    [InlineData("var buffer = new byte[16]; for (var i = 0; i < 4; i++) { stream.ReadExactly(buffer); }")]
    // Seeking in the loop: random access.
    [InlineData("var buffer = new byte[512]; foreach (var offset in new long[] { 0, 4096 }) { stream.Seek(offset, SeekOrigin.Begin); var n = stream.Read(buffer); }")]
    [InlineData("var buffer = new byte[512]; for (long p = 0; p < 8192; p += 1024) { stream.Position = p; var n = stream.Read(buffer); }")]
    // Big enough.
    [InlineData("var buffer = new byte[81920]; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) { }")]
    [InlineData("var buffer = new byte[1 << 16]; int n; while ((n = stream.Read(buffer)) > 0) { }")]
    // Not a compile-time size.
    [InlineData("var buffer = new byte[size]; int n; while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) { }")]
    [InlineData("var buffer = new byte[4096]; int n; while ((n = stream.Read(buffer, 0, size)) > 0) { }")]
    // bufferSize 0 or 1 turns FileStream's own buffer off: right in front of large reads.
    [InlineData("using var raw = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 0); var b = new byte[1 << 20]; while (raw.Read(b) > 0) { }")]
    [InlineData("using var raw = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1); var b = new byte[1 << 20]; while (raw.Read(b) > 0) { }")]
    // StreamReader's -1 asks for its default.
    [InlineData("using var r = new StreamReader(\"f\", Encoding.UTF8, true, -1); while (r.ReadLine() is not null) { }")]
    // A FileStream buffer that large reads bypass.
    [InlineData("using var s = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, 4096); var b = new byte[65536]; while (s.Read(b, 0, b.Length) > 0) { }")]
    // A small-buffered reader read once, outside any loop.
    [InlineData("using var r = new StreamReader(\"f\", Encoding.UTF8, true, 1024); var all = r.ReadToEnd();")]
    public Task FileLookAlikes_AreNotReported(string statements) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void M(FileStream stream, int size)
            {
                {{statements}}
            }
        """));

    [Theory]
    // Streams that are not files.
    [InlineData("var ms = new MemoryStream(new byte[100]); var b = new byte[16]; int n; while ((n = ms.Read(b, 0, 16)) > 0) { }")]
    [InlineData("var b = new byte[16]; int n; while ((n = unknown.Read(b, 0, 16)) > 0) { }")]
    [InlineData("using var r = new StreamReader(unknown, Encoding.UTF8, true, 128); while (r.ReadLine() is not null) { }")]
    [InlineData("using var buffered = new BufferedStream(unknown, 512); while (buffered.ReadByte() >= 0) { }")]
    [InlineData("var ms = new MemoryStream(); unknown.CopyTo(ms, 1024);")]
    // A new stream per iteration, each read once: per-file headers.
    [InlineData("foreach (var p in paths) { using var fs = File.OpenRead(p); var h = new byte[16]; var n = fs.Read(h, 0, 16); }")]
    // The loop belongs to a lambda that may run once.
    [InlineData("using var fs = File.OpenRead(\"f\"); var b = new byte[16]; Func<int> one = () => fs.Read(b, 0, 16);")]
    public Task NonFileLookAlikes_AreNotReported(string statements) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void M(Stream unknown, string[] paths)
            {
                {{statements}}
            }
        """));

    [Fact]
    public Task ConstFromAnotherFile_IsReportedWithoutAFix()
    {
        var source = InClass("""
            public long Sum(FileStream stream)
            {
                var buffer = new byte[Sizes.Small];
                long total = 0;
                int n;
                while ((n = stream.Read({|IOP002:buffer|}, 0, buffer.Length)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """);
        var test = Verify.Create(source);
        test.TestState.Sources.Add(("Sizes.cs", "public static class Sizes { public const int Small = 4096; }"));
        test.FixedState.Sources.Add(source);
        test.FixedState.Sources.Add(("Sizes.cs", "public static class Sizes { public const int Small = 4096; }"));
        return test.RunAsync();
    }

    [Fact]
    public Task GeneratedCode_IsNotReported() => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + Sum("var buffer = new byte[4096];", "stream.Read(buffer, 0, buffer.Length)"));

    [Fact]
    public Task FixAll_RewritesEachPlaceOnce()
    {
        var test = Verify.Create(InClass("""
            private const int Chunk = 4096;

            public long Sum(FileStream first, FileStream second)
            {
                var buffer = new byte[Chunk];
                long total = 0;
                int n;
                while ((n = first.Read({|IOP002:buffer|}, 0, buffer.Length)) > 0)
                {
                    total += n;
                }

                while ((n = second.Read(buffer, 0, {|IOP002:Chunk|})) > 0)
                {
                    total += n;
                }

                var other = new byte[512];
                while ((n = second.Read({|IOP002:other|})) > 0)
                {
                    total += n;
                }

                return total;
            }
        """));
        test.FixedCode = InClass("""
            private const int Chunk = 65536;

            public long Sum(FileStream first, FileStream second)
            {
                var buffer = new byte[Chunk];
                long total = 0;
                int n;
                while ((n = first.Read(buffer, 0, buffer.Length)) > 0)
                {
                    total += n;
                }

                while ((n = second.Read(buffer, 0, Chunk)) > 0)
                {
                    total += n;
                }

                var other = new byte[65536];
                while ((n = second.Read(other)) > 0)
                {
                    total += n;
                }

                return total;
            }
        """);
        return test.RunAsync();
    }

    [Theory]
    [InlineData("var b = new byte[4096]; while (stream.Read(b, 0, ")]
    [InlineData("var b = new byte[; while ((n = stream.Read(b)) > 0) { }")]
    [InlineData("using var fs = new FileStream(\"f\", FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: ); while (fs.ReadByte() >= 0) { }")]
    [InlineData("stackalloc byte[")]
    [InlineData("var b = ArrayPool<byte>.Shared.Rent(); while ((n = stream.Read(b)) > 0) { }")]
    [InlineData("while ((n = stream.Read(new byte[16], 0, 16)) > 0) { } stream.CopyTo(")]
    [InlineData("var b = new byte[64]; while ((n = RandomAccess.Read(null!, b, 0)) > 0) { }")]
    public Task IncompleteCode_DoesNotThrow(string statement) => Robustness.AssertNoExceptionsAsync(
        new SmallIoBufferAnalyzer(),
        new SmallIoBufferFix(),
        InClass($$"""
            public void M(FileStream stream)
            {
                int n;
                {{statement}}
            }
        """));
}
