using System.Collections.Concurrent;
using System.Diagnostics;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;
using Xunit.Abstractions;

namespace IoPerf.Analyzers.Tests.Fuzz;

/// <summary>
/// No analyzer and no code fix may throw, whatever the code looks like: an analyzer exception reaches users as AD0001
/// and breaks their build. Runs 10,000 variants by default (CI); set IOPERF_FUZZ_VARIANTS for a longer local run and
/// IOPERF_FUZZ_SEED to replay one.
/// </summary>
public sealed class CrashFuzzTests
{
    private static readonly Dictionary<string, string> AcrossMethodsOn = new() { ["build_property.IoPerfAcrossMethods"] = "true" };

    private readonly ITestOutputHelper _output;

    public CrashFuzzTests(ITestOutputHelper output) => _output = output;

    [Fact]
    public async Task NoAnalyzerOrFixThrowsOnMutatedCode()
    {
        var variantCount = int.TryParse(Environment.GetEnvironmentVariable("IOPERF_FUZZ_VARIANTS"), out var n) ? n : 10_000;
        var seed = int.TryParse(Environment.GetEnvironmentVariable("IOPERF_FUZZ_SEED"), out var s) ? s : 1123;
        var seeds = FuzzSeeds.All();

        // A third of the variants are every-token truncations of some seeds, the rest random mutations of any seed.
        var random = new Random(seed);
        var variants = new List<string>(variantCount);
        foreach (var source in seeds.OrderBy(_ => random.Next()))
        {
            if (variants.Count >= variantCount / 3)
            {
                break;
            }

            variants.AddRange(FuzzMutator.TruncationsAtEveryToken(source).Take(variantCount / 3 - variants.Count));
        }

        while (variants.Count < variantCount)
        {
            variants.Add(FuzzMutator.MutateRepeatedly(seeds[random.Next(seeds.Count)], random));
        }

        var failures = new ConcurrentQueue<string>();
        var diagnosticsSeen = 0;
        var fixesRun = 0;
        var clock = Stopwatch.StartNew();
        var workers = Math.Max(2, Environment.ProcessorCount);
        await Parallel.ForEachAsync(
            Enumerable.Range(0, workers),
            new ParallelOptions { MaxDegreeOfParallelism = workers },
            async (worker, cancellationToken) =>
            {
                var document = TestWorkspace.CreateDocument(string.Empty, TestFramework.Net80, allowUnsafe: true, fileName: "Fuzz.cs");

                // Every other worker runs with reach across methods on (a preview, off by default): its code must not throw either.
                var configOptions = worker % 2 == 1 ? AcrossMethodsOn : null;

                for (var index = worker; index < variants.Count && failures.Count < 5; index += workers)
                {
                    var variant = variants[index];
                    var current = document.WithText(SourceText.From(variant));
                    var compilation = (await current.Project.GetCompilationAsync(cancellationToken))!;
                    var exceptions = new List<string>();
                    var diagnostics = await compilation
                        .WithAnalyzers(AnalyzerCatalog.Analyzers, AnalyzerCatalog.Options((e, a, _) => { lock (exceptions) { exceptions.Add($"{a.GetType().Name}: {e}"); } }, configOptions: configOptions))
                        .GetAnalyzerDiagnosticsAsync(cancellationToken);
                    if (exceptions.Count > 0 || diagnostics.Any(d => d.Id == "AD0001"))
                    {
                        failures.Enqueue($"variant {index}: {string.Join("\n", exceptions)}\n---\n{variant}");
                        continue;
                    }

                    Interlocked.Add(ref diagnosticsSeen, diagnostics.Length);
                    foreach (var diagnostic in diagnostics.Take(3))
                    {
                        foreach (var fix in AnalyzerCatalog.FixesFor(diagnostic.Id))
                        {
                            try
                            {
                                foreach (var action in await AnalyzerCatalog.GetActionsAsync(fix, current, diagnostic, cancellationToken))
                                {
                                    await action.GetOperationsAsync(cancellationToken);
                                    Interlocked.Increment(ref fixesRun);
                                }
                            }
                            catch (Exception exception) when (exception is not OperationCanceledException)
                            {
                                failures.Enqueue($"variant {index}: {fix.GetType().Name} on {diagnostic}: {exception}\n---\n{variant}");
                            }
                        }
                    }
                }
            });

        _output.WriteLine($"{variants.Count} variants from {seeds.Count} seeds in {clock.Elapsed.TotalSeconds:F0} s: {diagnosticsSeen} diagnostics, {fixesRun} fixes computed, seed {seed}");
        Assert.True(failures.IsEmpty, string.Join("\n\n========\n\n", failures));
        Assert.True(diagnosticsSeen > 0, "The fuzzer's variants never triggered a rule: the seeds no longer exercise the analyzers.");
    }
}
