using System.Collections.Immutable;
using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP001.AsyncFileUsedSynchronously;
using IoPerf.Analyzers.IOP001.AsyncFileUsedSynchronously;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.IOP001.AsyncFileUsedSynchronously;

/// <summary>
/// IOP001's second fix turns synchronous reads and writes into awaited ones: what it writes must pass the SDK's CA1835
/// (use the Memory-based ReadAsync/WriteAsync) and CA2022 (do not ignore how many bytes a read returned), run here from
/// Microsoft.CodeAnalysis.NetAnalyzers next to a control each of them reports.
/// </summary>
public sealed class AsyncFileUsedSynchronouslyFixNextToSdkRulesTests
{
    private static readonly ImmutableArray<DiagnosticAnalyzer> SdkRules = SdkAnalyzers.Load("CA1835", "CA2022");

    private const string Source = """
        using System;
        using System.IO;
        using System.Threading.Tasks;

        public class Copier
        {
            public async Task<long> CopyAsync(string from, string to, byte[] header)
            {
                await Task.Yield();
                using var input = new FileStream(from, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous);
                using var output = new FileStream(to, FileMode.Create, FileAccess.Write, FileShare.None, 4096, useAsync: true);
                output.Write(header, 0, header.Length);
                input.ReadExactly(header, 0, 4);
                var buffer = new byte[65536];
                long total = 0;
                int n;
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0)
                {
                    output.Write(buffer, 0, n);
                    total += n;
                }

                var tail = new byte[8];
                total += input.Read(tail.AsSpan(0, 4));
                output.Flush();
                return total;
            }
        }
        """;

    private const string Controls = """
        using System.IO;
        using System.Threading.Tasks;

        public class Controls
        {
            public async Task M(Stream s, byte[] b)
            {
                await s.ReadAsync(b, 0, b.Length);   // CA1835 (and CA2022: the count is dropped)
                s.Read(b, 0, b.Length);              // CA2022
            }
        }
        """;

    [Fact]
    public async Task AsyncFixOutput_PassesCa1835AndCa2022()
    {
        var fixedSource = await Robustness.ApplyFixesAsync(new AsyncFileUsedSynchronouslyAnalyzer(), new AsyncFileUsedSynchronouslyFix(), Source, actionIndex: 1);
        Assert.Contains("await input.ReadAsync(buffer)", fixedSource);
        Assert.Contains("await output.WriteAsync(buffer.AsMemory(0, n))", fixedSource);
        Assert.Contains("await input.ReadExactlyAsync(header.AsMemory(0, 4))", fixedSource);

        var controls = await SdkDiagnosticsAsync(Controls);
        Assert.Contains(controls, d => d.Id == "CA1835");
        Assert.Contains(controls, d => d.Id == "CA2022");

        var original = await SdkDiagnosticsAsync(Source);
        var afterFix = await SdkDiagnosticsAsync(fixedSource);
        Assert.True(afterFix.IsEmpty, $"the fix's output is reported:\n{string.Join("\n", afterFix)}\n{fixedSource}");
        Assert.True(original.IsEmpty, $"the sample already trips the SDK rules:\n{string.Join("\n", original)}");
    }

    private static async Task<ImmutableArray<Diagnostic>> SdkDiagnosticsAsync(string source)
    {
        var compilation = SourceCompilation.Of(source, framework: TestFramework.Net100);
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var enabled = SdkAnalyzers.Enable(compilation, new[] { "CA1835", "CA2022" });
        return await enabled.WithAnalyzers(SdkRules).GetAnalyzerDiagnosticsAsync();
    }
}
