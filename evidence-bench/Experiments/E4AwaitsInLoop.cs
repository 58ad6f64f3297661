using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E4 - awaiting file reads in a loop (seed: Windows Phone 8 async file reads). Claims C19-C22. Context "UI" runs each
/// loop on a <see cref="SingleThreadedContext"/> (a message loop, as on a UI thread), "None" on a thread with no
/// SynchronizationContext (server code). Every method reads every file of the set and checks the total length.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E4", "C19", "C20", "C21", "C22")]
public class E4AwaitsInLoop
{
    private string[] _paths = Array.Empty<string>();
    private long _expected;

    public static IEnumerable<string> FileSets => BenchData.Quick ? new[] { "20x1KB" } : new[] { "200x1KB", "50x100KB", "10x1MB" };

    [ParamsSource(nameof(FileSets))]
    public string FileSet { get; set; } = "";

    [Params("UI", "None")]
    public string Context { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        var parts = FileSet.Split('x');
        var size = parts[1] switch { "1KB" => 1_024, "100KB" => 100 * 1_024, _ => 1_024 * 1_024 };
        _paths = BenchData.FileSet(int.Parse(parts[0]), size);
        _expected = _paths.Sum(p => File.ReadAllText(p).Length);
    }

    private long Run(Func<Task<long>> loop)
    {
        var total = Context == "UI" ? SingleThreadedContext.Run(loop) : loop().GetAwaiter().GetResult();
        return total == _expected ? total : throw new InvalidOperationException($"read {total} chars, expected {_expected}");
    }

    [Benchmark(Baseline = true)]
    public long AwaitReadToEndAsync() => Run(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            using var reader = new StreamReader(path);
            total += (await reader.ReadToEndAsync()).Length;
        }

        return total;
    });

    [Benchmark]
    public long AwaitReadToEndAsyncConfigureAwaitFalse() => Run(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            using var reader = new StreamReader(path);
            total += (await reader.ReadToEndAsync().ConfigureAwait(false)).Length;
        }

        return total;
    });

    [Benchmark]
    public long LoopOnThreadPool() => Run(() => Task.Run(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            using var reader = new StreamReader(path);
            total += (await reader.ReadToEndAsync()).Length;
        }

        return total;
    }));

    [Benchmark]
    public long TaskRunReadToEnd() => Run(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            total += (await Task.Run(() =>
            {
                using var reader = new StreamReader(path);
                return reader.ReadToEnd();
            })).Length;
        }

        return total;
    });

    [Benchmark]
    public long BlockingReadToEnd() => Run(() =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            using var reader = new StreamReader(path);
            total += reader.ReadToEnd().Length;
        }

        return Task.FromResult(total);
    });

    [Benchmark]
    public long FileReadAllTextAsync() => Run(async () =>
    {
        long total = 0;
        foreach (var path in _paths)
        {
            total += (await File.ReadAllTextAsync(path)).Length;
        }

        return total;
    });

    [Benchmark]
    public long WhenAllParallel() => Run(async () =>
    {
        var texts = await Task.WhenAll(_paths.Select(path => File.ReadAllTextAsync(path)));
        return texts.Sum(text => (long)text.Length);
    });
}
