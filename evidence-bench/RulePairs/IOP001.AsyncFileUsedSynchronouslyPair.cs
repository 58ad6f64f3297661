using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP001 (claims C2, C3, C5): a file opened with FileOptions.Asynchronous and read synchronously in 64 KiB pieces,
/// against the code the rule's first fix produces, the same file opened with FileOptions.None. On Windows the flag
/// turns every synchronous read into an overlapped one plus a wait; on Linux the flag changes nothing for synchronous
/// reads, and this pair shows how much that is here.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP001", "C2", "C3", "C5")]
public class AsyncFileUsedSynchronouslyPair
{
    private string _path = "";

    [Params(16 * 1024 * 1024)]
    public int FileBytes { get; set; }

    [GlobalSetup]
    public void CreateFile()
    {
        _path = Path.Combine(Path.GetTempPath(), $"ioperf-iop001-{FileBytes}.bin");
        var bytes = new byte[FileBytes];
        new Random(1).NextBytes(bytes);
        File.WriteAllBytes(_path, bytes);
        if (IOP001_Before() != IOP001_After())
        {
            throw new InvalidOperationException("the two loops read different bytes");
        }
    }

    [GlobalCleanup]
    public void DeleteFile() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public long IOP001_Before()
    {
        using var stream = new FileStream(_path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous);
        var buffer = new byte[65536];
        long sum = 0;
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            for (var i = 0; i < read; i++)
            {
                sum += buffer[i];
            }
        }

        return sum;
    }

    [Benchmark]
    public long IOP001_After()
    {
        using var stream = new FileStream(_path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.None);
        var buffer = new byte[65536];
        long sum = 0;
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            for (var i = 0; i < read; i++)
            {
                sum += buffer[i];
            }
        }

        return sum;
    }
}
