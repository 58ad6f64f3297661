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
        var file = Libc.fopen(_path, "wb");
        if (file == IntPtr.Zero)
        {
            throw new IOException("fopen failed");
        }

        var buffer = Marshal.AllocHGlobal(StdioBuffer);
        try
        {
            if (Libc.setvbuf(file, buffer, Libc.FullyBuffered, (nuint)StdioBuffer) != 0)
            {
                throw new IOException("setvbuf failed");
            }

            byte value = 42;
            long written = 0;
            for (long i = 0; i < TotalBytes; i++)
            {
                written += (long)(unlocked ? Libc.fwrite_unlocked(&value, 1, 1, file) : Libc.fwrite(&value, 1, 1, file));
            }

            if (written != TotalBytes)
            {
                throw new IOException($"wrote {written} of {TotalBytes}");
            }

            return written;
        }
        finally
        {
            Libc.fclose(file);
            Marshal.FreeHGlobal(buffer);
        }
    }

    private static class Libc
    {
        public const int FullyBuffered = 0; // _IOFBF in glibc

        [DllImport("libc", SetLastError = true)]
        public static extern IntPtr fopen(string path, string mode);

        [DllImport("libc")]
        public static extern int setvbuf(IntPtr stream, IntPtr buffer, int mode, nuint size);

        [DllImport("libc")]
        public static extern nuint fwrite(byte* data, nuint size, nuint count, IntPtr stream);

        [DllImport("libc")]
        public static extern nuint fwrite_unlocked(byte* data, nuint size, nuint count, IntPtr stream);

        [DllImport("libc")]
        public static extern int fclose(IntPtr stream);
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
