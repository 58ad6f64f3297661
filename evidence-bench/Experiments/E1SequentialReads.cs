using System.Buffers;
using System.IO.Pipelines;
using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;
using Nerdbank.Streams;
using Pipelines.Sockets.Unofficial;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E1 - sequential file reads (seed: Pipelines.File.Unofficial). Claims C1-C8. Every method reads the whole file of
/// incrementing ulongs and checks their sum. BufferSize is the number of bytes asked for per read (and the FileStream's
/// own buffer, as in the seed); Options adds FileOptions.Asynchronous to SequentialScan or not.
/// The seed's Win32 native pipe reader is Windows-only: RandomAccess.Read on File.OpenHandle is the modern low-level path.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E1", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8")]
public class E1SequentialReads
{
    private string _path = "";

    public static IEnumerable<long> FileSizes => BenchData.Quick ? new long[] { 4 * BenchData.MiB } : new long[] { 4 * BenchData.MiB, 128 * BenchData.MiB };

    public static IEnumerable<int> BufferSizes => BenchData.Quick ? new[] { 4096 } : new[] { 2048, 4096, 16384, 65536, 262144 };

    [ParamsSource(nameof(FileSizes))]
    public long FileSize { get; set; }

    [ParamsSource(nameof(BufferSizes))]
    public int BufferSize { get; set; }

    [Params(FileOptions.SequentialScan, FileOptions.SequentialScan | FileOptions.Asynchronous)]
    public FileOptions Options { get; set; }

    [GlobalSetup]
    public void Setup() => _path = BenchData.UlongFile(FileSize);

    private FileStream Open() => new(_path, FileMode.Open, FileAccess.Read, FileShare.Read, BufferSize, Options);

    [Benchmark(Baseline = true)]
    public ulong FileStreamRead()
    {
        using var stream = Open();
        var buffer = new byte[BufferSize];
        var sum = new UlongSum();
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            sum.Add(buffer.AsSpan(0, read));
        }

        return sum.Check(FileSize);
    }

    [Benchmark]
    public async Task<ulong> FileStreamReadAsync()
    {
        await using var stream = Open();
        var buffer = new byte[BufferSize];
        var sum = new UlongSum();
        int read;
        while ((read = await stream.ReadAsync(buffer.AsMemory())) > 0)
        {
            sum.Add(buffer.AsSpan(0, read));
        }

        return sum.Check(FileSize);
    }

    [Benchmark]
    public ulong RandomAccessRead()
    {
        using var handle = File.OpenHandle(_path, FileMode.Open, FileAccess.Read, FileShare.Read, Options);
        var buffer = new byte[BufferSize];
        var sum = new UlongSum();
        long offset = 0;
        int read;
        while ((read = RandomAccess.Read(handle, buffer, offset)) > 0)
        {
            offset += read;
            sum.Add(buffer.AsSpan(0, read));
        }

        return sum.Check(FileSize);
    }

    /// <summary>A minimal own adapter: one task fills a Pipe from the stream, the caller reads the pipe.</summary>
    [Benchmark]
    public async Task<ulong> OwnPipeAdapter()
    {
        await using var stream = Open();
        var pipe = new Pipe(new PipeOptions(minimumSegmentSize: BufferSize, pauseWriterThreshold: BufferSize * 16L, resumeWriterThreshold: BufferSize * 8L, useSynchronizationContext: false));
        var fill = FillAsync(stream, pipe.Writer, BufferSize);
        var sum = await SumAsync(pipe.Reader);
        await fill;
        return sum.Check(FileSize);

        static async Task FillAsync(Stream source, PipeWriter writer, int size)
        {
            while (true)
            {
                var read = await source.ReadAsync(writer.GetMemory(size));
                if (read == 0)
                {
                    break;
                }

                writer.Advance(read);
                var flushed = await writer.FlushAsync();
                if (flushed.IsCompleted)
                {
                    break;
                }
            }

            await writer.CompleteAsync();
        }
    }

    [Benchmark]
    public async Task<ulong> PipeReaderCreate()
    {
        await using var stream = Open();
        var reader = PipeReader.Create(stream, new StreamPipeReaderOptions(bufferSize: BufferSize, minimumReadSize: Math.Min(1024, BufferSize), leaveOpen: true));
        var sum = await SumAsync(reader);
        await reader.CompleteAsync();
        return sum.Check(FileSize);
    }

    [Benchmark]
    public async Task<ulong> PipelinesSocketsUnofficial()
    {
        await using var stream = Open();
        var reader = StreamConnection.GetReader(stream, new PipeOptions(minimumSegmentSize: BufferSize, useSynchronizationContext: false));
        var sum = await SumAsync(reader);
        await reader.CompleteAsync();
        return sum.Check(FileSize);
    }

    [Benchmark]
    public async Task<ulong> NerdbankStreams()
    {
        await using var stream = Open();
        var reader = stream.UsePipeReader(BufferSize);
        var sum = await SumAsync(reader);
        await reader.CompleteAsync();
        return sum.Check(FileSize);
    }

    private static async Task<UlongSum> SumAsync(PipeReader reader)
    {
        var sum = new UlongSum();
        while (true)
        {
            var result = await reader.ReadAsync();
            var buffer = result.Buffer;
            sum.Add(buffer);
            reader.AdvanceTo(buffer.End);
            if (result.IsCompleted)
            {
                return sum;
            }
        }
    }
}
