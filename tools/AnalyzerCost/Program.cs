using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using IoPerf.Analyzers.TestKit;

// dotnet run -c Release --project tools/AnalyzerCost -- --filter '*' --job short --inProcess
// dotnet run -c Release --project tools/AnalyzerCost -- --scaling-source 500 Scaling.cs   (the file scaling-build.sh builds)
if (args is ["--scaling-source", var calls, var file])
{
    File.WriteAllText(file, ScalingSource.Generate(int.Parse(calls, System.Globalization.CultureInfo.InvariantCulture)));
    return 0;
}

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly)
    .Run(args, DefaultConfig.Instance.WithOptions(ConfigOptions.DisableOptimizationsValidator));
return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
