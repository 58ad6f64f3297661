using System.Runtime.InteropServices;
using System.Text;
using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E3 - many tiny writes (seed: fwrite vs fwrite_unlocked). Claims C16-C18. Every benchmark writes TotalBytes one
/// byte or char per call to a file (page cache) or to /dev/null, and checks the count written.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E3", "C16", "C17", "C18")]
public unsafe class E3LibcWrites
{
    private string _path = "";

    public static long TotalBytes => BenchData.Quick ? 64 * BenchData.KiB : 16 * BenchData.MiB;

    public static IEnumerable<int> StdioBufferSizes => BenchData.Quick ? new[] { 4096 } : new[] { 1024, 4096, 65536, 262144, 8 * BenchData.MiB };

    /// <summary>setvbuf size of the stdio stream.</summary>
    [ParamsSource(nameof(StdioBufferSizes))]
    public int StdioBuffer { get; set; }

    [GlobalSetup]
    public void Setup() => _path = Path.Combine(Directory.CreateDirectory(BenchData.Folder).FullName, $"fwrite-{Environment.ProcessId}.bin");

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public long Fwrite() => Write(unlocked: false);

    [Benchmark]
    public long FwriteUnlocked() => Write(unlocked: true);

    private long Write(bool unlocked)
    {
        var file = Libc.Open(_path);
        var buffer = Marshal.AllocHGlobal(StdioBuffer);
        try
        {
            if (Libc.SetVBuf(file, buffer, Libc.FullyBuffered, (nuint)StdioBuffer) != 0)
            {
                throw new IOException("setvbuf failed");
            }

            // TotalBytes reads an environment variable: read it once, not per call.
            var total = TotalBytes;
            byte value = 42;
            long written = 0;
            var write = unlocked ? Libc.FWriteUnlocked : Libc.FWrite;
            for (long i = 0; i < total; i++)
            {
                written += (long)write(&value, 1, 1, file);
            }

            if (written != total)
            {
                throw new IOException($"wrote {written} of {total}");
            }

            return written;
        }
        finally
        {
            Libc.FClose(file);
            Marshal.FreeHGlobal(buffer);
        }
    }

    /// <summary>
    /// glibc's stdio through unmanaged function pointers. The per-byte calls skip the GC transition
    /// (SuppressGCTransition: they return at once unless the buffer flushes): a plain DllImport cost about 240 ns a call
    /// here, twenty times the per-call lock the claim is about.
    /// </summary>
    private static class Libc
    {
        public const int FullyBuffered = 0; // _IOFBF in glibc

        private static readonly IntPtr Library = NativeLibrary.Load("libc.so.6");

        public static readonly delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, nuint, IntPtr, nuint> FWrite =
            (delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, nuint, IntPtr, nuint>)NativeLibrary.GetExport(Library, "fwrite");

        public static readonly delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, nuint, IntPtr, nuint> FWriteUnlocked =
            (delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, nuint, IntPtr, nuint>)NativeLibrary.GetExport(Library, "fwrite_unlocked");

        private static readonly delegate* unmanaged[Cdecl]<byte*, byte*, IntPtr> FOpen =
            (delegate* unmanaged[Cdecl]<byte*, byte*, IntPtr>)NativeLibrary.GetExport(Library, "fopen");

        private static readonly delegate* unmanaged[Cdecl]<IntPtr, IntPtr, int, nuint, int> SetVBufFunction =
            (delegate* unmanaged[Cdecl]<IntPtr, IntPtr, int, nuint, int>)NativeLibrary.GetExport(Library, "setvbuf");

        private static readonly delegate* unmanaged[Cdecl]<IntPtr, int> FCloseFunction =
            (delegate* unmanaged[Cdecl]<IntPtr, int>)NativeLibrary.GetExport(Library, "fclose");

        public static IntPtr Open(string path)
        {
            var pathBytes = System.Text.Encoding.UTF8.GetBytes(path + "\0");
            var mode = "wb"u8;
            IntPtr file;
            fixed (byte* pathPointer = pathBytes)
            fixed (byte* modePointer = mode)
            {
                file = FOpen(pathPointer, modePointer);
            }

            return file != IntPtr.Zero ? file : throw new IOException($"fopen {path} failed");
        }

        public static int SetVBuf(IntPtr file, IntPtr buffer, int mode, nuint size) => SetVBufFunction(file, buffer, mode, size);

        public static int FClose(IntPtr file) => FCloseFunction(file);
    }
}

/// <summary>E3 in .NET terms: FileStream.WriteByte with its buffer disabled (bufferSize 1) or sized (claims C16, C17).</summary>
[MemoryDiagnoser]
[BenchmarkCategory("E3", "C16", "C17")]
public class E3FileStreamWriteByte
{
    private string _path = "";

    public static long TotalBytes => BenchData.Quick ? 16 * BenchData.KiB : BenchData.MiB;

    public static IEnumerable<int> BufferSizes => BenchData.Quick ? new[] { 1, 4096 } : new[] { 1, 4096, 65536, 262144 };

    [ParamsSource(nameof(BufferSizes))]
    public int BufferSize { get; set; }

    [GlobalSetup]
    public void Setup() => _path = Path.Combine(Directory.CreateDirectory(BenchData.Folder).FullName, $"writebyte-{Environment.ProcessId}.bin");

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    [Benchmark]
    public long WriteByte()
    {
        // bufferSize 1 (or 0) disables FileStream's buffer: every WriteByte is a write(2) system call.
        var total = TotalBytes;
        using var stream = new FileStream(_path, FileMode.Create, FileAccess.Write, FileShare.None, BufferSize);
        for (long i = 0; i < total; i++)
        {
            stream.WriteByte((byte)i);
        }

        stream.Flush();
        return stream.Length == total ? total : throw new IOException($"wrote {stream.Length} of {total}");
    }
}

/// <summary>
/// E3 in .NET terms: char-at-a-time text output through writers that lock or flush per call (claims C16, C17).
/// Console.Out on .NET is a synchronized, auto-flushing StreamWriter over the stdout stream; BenchmarkDotNet reads the
/// benchmark process's stdout, so the console rows rebuild exactly that writer over /dev/null instead of writing to it.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E3", "C16", "C17")]
public class E3TextWriters
{
    private static readonly Encoding Utf8NoBom = new UTF8Encoding(false);
    private string _path = "";

    public static long TotalChars => BenchData.Quick ? 16 * BenchData.KiB : 256 * BenchData.KiB;

    [GlobalSetup]
    public void Setup() => _path = Path.Combine(Directory.CreateDirectory(BenchData.Folder).FullName, $"writer-{Environment.ProcessId}.txt");

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public long StreamWriterBuffered()
    {
        using var writer = new StreamWriter(_path, append: false, Utf8NoBom, bufferSize: 65536);
        return WriteChars(writer);
    }

    [Benchmark]
    public long StreamWriterAutoFlush()
    {
        using var writer = new StreamWriter(_path, append: false, Utf8NoBom) { AutoFlush = true };
        return WriteChars(writer);
    }

    [Benchmark]
    public long StreamWriterSynchronized()
    {
        using var inner = new StreamWriter(_path, append: false, Utf8NoBom, bufferSize: 65536);
        var writer = TextWriter.Synchronized(inner);
        return WriteChars(writer);
    }

    [Benchmark]
    public long ConsoleOutEquivalent()
    {
        using var devNull = new FileStream("/dev/null", FileMode.Open, FileAccess.Write, FileShare.ReadWrite, bufferSize: 0);
        var writer = TextWriter.Synchronized(new StreamWriter(devNull, Utf8NoBom, bufferSize: 256) { AutoFlush = true });
        return WriteChars(writer);
    }

    [Benchmark]
    public long ConsoleBufferedWriter()
    {
        using var devNull = new FileStream("/dev/null", FileMode.Open, FileAccess.Write, FileShare.ReadWrite, bufferSize: 0);
        using var writer = new StreamWriter(devNull, Utf8NoBom, bufferSize: 65536);
        return WriteChars(writer);
    }

    private static long WriteChars(TextWriter writer)
    {
        var count = TotalChars;
        for (long i = 0; i < count; i++)
        {
            writer.Write((char)('a' + (i % 26)));
        }

        writer.Flush();
        return count;
    }
}
