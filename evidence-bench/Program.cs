using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

// Full run:  dotnet run -c Release --project evidence-bench -- --filter '*'
// Quick run: dotnet run -c Release --project evidence-bench -- --quick
//            (every benchmark once, in process: proves each compiles, runs and checks its result; CI runs it)
var quick = args.Contains("--quick");
var config = DefaultConfig.Instance;
if (quick)
{
    config = config.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).AsDefault());
    args = args.Where(a => a != "--quick").Append("--filter").Append("*").ToArray();
}

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, config).ToList();

// BenchmarkDotNet exits 0 when a benchmark throws (a wrong checksum throws): check the summaries.
var failed = summaries.SelectMany(s => s.Reports).Where(r => !r.Success).Select(r => r.BenchmarkCase.DisplayInfo).ToList();
if (summaries.Count == 0 || summaries.Any(s => s.HasCriticalValidationErrors) || failed.Count > 0)
{
    Console.Error.WriteLine($"evidence bench: {failed.Count} benchmark(s) failed: {string.Join(", ", failed)}");
    return 1;
}

Console.WriteLine($"evidence bench: {summaries.Sum(s => s.Reports.Length)} benchmarks ran");
return 0;
