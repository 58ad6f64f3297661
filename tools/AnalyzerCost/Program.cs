using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;

// dotnet run -c Release --project tools/AnalyzerCost -- --filter '*' --job short --inProcess
var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly)
    .Run(args, DefaultConfig.Instance.WithOptions(ConfigOptions.DisableOptimizationsValidator));
return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
