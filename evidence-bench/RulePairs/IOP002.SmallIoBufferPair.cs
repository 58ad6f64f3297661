using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.RulePairs;

/// <summary>
/// IOP002 (claims C4, C13): a file read front to back in 4 KiB pieces, against the code the rule's fix produces, the
/// same loop asking for 64 KiB per read. The file is large (64 MiB), where C4 says the buffer size matters; C13's
/// small-file case is in E2ReadBufferSize. Both sum every byte, so both read all of it.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("IOP002", "C4", "C13")]
public class SmallIoBufferPair
{
    private string _path = "";

    [Params(64 * 1024 * 1024)]
    public int FileBytes { get; set; }

    [GlobalSetup]
    public void CreateFile()
    {
        _path = Path.Combine(Path.GetTempPath(), $"ioperf-iop002-{FileBytes}.bin");
        var bytes = new byte[FileBytes];
        new Random(2).NextBytes(bytes);
        File.WriteAllBytes(_path, bytes);
        if (IOP002_Before() != IOP002_After())
        {
            throw new InvalidOperationException("the two loops read different bytes");
        }
    }

    [GlobalCleanup]
    public void DeleteFile() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public long IOP002_Before()
    {
        using var stream = File.OpenRead(_path);
        var buffer = new byte[4096];
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
    public long IOP002_After()
    {
        using var stream = File.OpenRead(_path);
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
