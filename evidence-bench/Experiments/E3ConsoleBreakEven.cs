using System.Text;
using BenchmarkDotNet.Attributes;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E3, the other side of IOP006's fix: below how many writes does creating a buffered writer cost more than it saves?
/// A loop of N short writes through a Console.Out-style writer (synchronized, auto-flushing, created once as
/// Console.Out is) against the fix's shape - a StreamWriter created before the loop and flushed after it - both over
/// /dev/null, with a 64 Ki-char buffer (its arrays land on the large object heap) and a 4 Ki-char one. The smallest N
/// where the fix wins sets IOP006's small-loop bound, and the buffer size the fix writes.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E3", "C16", "IOP006")]
public class E3ConsoleBreakEven
{
    private static readonly Encoding Utf8NoBom = new UTF8Encoding(false);
    private FileStream? _devNull;
    private TextWriter _consoleOut = TextWriter.Null;

    public static IEnumerable<int> WriteCounts => new[] { 1, 4, 8, 16, 32, 64, 256 };

    [ParamsSource(nameof(WriteCounts))]
    public int Writes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _devNull = new FileStream("/dev/null", FileMode.Open, FileAccess.Write, FileShare.ReadWrite, bufferSize: 0);
        _consoleOut = TextWriter.Synchronized(new StreamWriter(_devNull, Utf8NoBom, bufferSize: 256, leaveOpen: true) { AutoFlush = true });
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _consoleOut.Dispose();
        _devNull?.Dispose();
    }

    [Benchmark(Baseline = true)]
    public int ConsoleOutStyle()
    {
        for (var i = 0; i < Writes; i++)
        {
            _consoleOut.Write("field;");
        }

        return Writes;
    }

    [Benchmark]
    public int BufferedWriter64KPerLoop() => WriteThroughNewWriter(65536);

    [Benchmark]
    public int BufferedWriter4KPerLoop() => WriteThroughNewWriter(4096);

    private int WriteThroughNewWriter(int bufferSize)
    {
        using (var writer = new StreamWriter(_devNull!, Utf8NoBom, bufferSize, leaveOpen: true))
        {
            for (var i = 0; i < Writes; i++)
            {
                writer.Write("field;");
            }
        }

        return Writes;
    }
}
