using System.Reflection;
using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP008.FileReopenedForEachAppend;
using IoPerf.Analyzers.IOP008.FileReopenedForEachAppend;
using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;

namespace IoPerf.Analyzers.Tests.IOP008.FileReopenedForEachAppend;

/// <summary>
/// IOP008's fix must leave the file with exactly the bytes the original code writes: every form (text, lines, async,
/// with a token and ConfigureAwait), every encoding (none = UTF-8 without a BOM, UTF-8 with a BOM, UTF-16), to a missing
/// file and to one that already has content, and when the loop throws halfway. Both versions are compiled and run on
/// real files, and the files are compared byte for byte.
/// </summary>
public sealed class FileReopenedForEachAppendFixOutputTests
{
    private const string Program = """
        using System;
        using System.IO;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;

        public static class Scenarios
        {
            private static readonly string[] Lines = { "first", "", "é ü 中文 😀", "crlf\r\n", "tab\tend", "last line" };

            public static void Text(string path)
            {
                foreach (var line in Lines) File.AppendAllText(path, line + "\n");
            }

            public static void TextUtf8WithBom(string path)
            {
                for (var i = 0; i < Lines.Length; i++) File.AppendAllText(path, Lines[i], Encoding.UTF8);
            }

            public static void TextUtf16(string path)
            {
                var encoding = Encoding.Unicode;
                foreach (var line in Lines) File.AppendAllText(path, line, encoding);
            }

            public static void LinesPerIteration(string path)
            {
                foreach (var line in Lines) File.AppendAllLines(path, new[] { line, line.ToUpperInvariant() });
            }

            public static void MixedTextAndLines(string path)
            {
                foreach (var line in Lines)
                {
                    File.AppendAllText(path, "> ");
                    if (line.Length > 0) File.AppendAllLines(path, new[] { line });
                }
            }

            public static void ThrowsHalfway(string path)
            {
                try
                {
                    var n = 0;
                    foreach (var line in Lines)
                    {
                        if (++n == 4) throw new InvalidOperationException("halfway");
                        File.AppendAllText(path, line + ";");
                    }
                }
                catch (InvalidOperationException)
                {
                }
            }

            public static void NoIterationAppends(string path)
            {
                foreach (var line in Lines)
                {
                    if (line == "never") File.AppendAllText(path, line);
                }
            }

            public static async Task TextAsync(string path)
            {
                using var cancellation = new CancellationTokenSource();
                foreach (var line in Lines) await File.AppendAllTextAsync(path, line + "\n", Encoding.UTF8, cancellation.Token);
            }

            public static async Task LinesAsyncConfigured(string path)
            {
                foreach (var line in Lines) await File.AppendAllLinesAsync(path, new[] { line }).ConfigureAwait(false);
            }
        }
        """;

    // The prefix some runs start from: a file that already has content (no preamble is written to it).
    private static readonly byte[] ExistingContent = "existing\n"u8.ToArray();

    public static TheoryData<string, bool> Runs()
    {
        var runs = new TheoryData<string, bool>();
        foreach (var scenario in new[] { "Text", "TextUtf8WithBom", "TextUtf16", "LinesPerIteration", "MixedTextAndLines", "ThrowsHalfway", "TextAsync", "LinesAsyncConfigured" })
        {
            runs.Add(scenario, false);
            runs.Add(scenario, true);
        }

        return runs;
    }

    private static readonly Lazy<Task<(Assembly Before, Assembly After, string FixedSource)>> Compiled = new(CompileBothAsync);

    [Fact]
    public async Task EveryLoopWasFixed()
    {
        var (_, _, fixedSource) = await Compiled.Value;
        Assert.DoesNotContain("File.Append", fixedSource);
        Assert.Contains("await using (writer.ConfigureAwait(false))", fixedSource);
    }

    [Theory]
    [MemberData(nameof(Runs))]
    public async Task FixedCode_WritesTheSameBytes(string scenario, bool fileExists)
    {
        var (before, after) = await Compiled.Value is var compiled ? (compiled.Before, compiled.After) : default;
        var expected = await RunAsync(before, scenario, fileExists);
        var actual = await RunAsync(after, scenario, fileExists);
        Assert.True(expected.Length > (fileExists ? ExistingContent.Length : 0), $"{scenario} wrote nothing");
        Assert.Equal(expected, actual);
    }

    /// <summary>A loop that appends nothing leaves a missing file missing in the original; the fix opens the file before the loop (the difference the rule page documents).</summary>
    [Fact]
    public async Task ALoopThatAppendsNothing_CreatesAnEmptyFileOnceFixed()
    {
        var (before, after, _) = await Compiled.Value;
        Assert.Null(await RunOrMissingAsync(before, "NoIterationAppends"));
        Assert.Equal(Array.Empty<byte>(), await RunOrMissingAsync(after, "NoIterationAppends"));
    }

    private static async Task<byte[]> RunAsync(Assembly assembly, string scenario, bool fileExists) =>
        await RunOrMissingAsync(assembly, scenario, fileExists) ?? throw new InvalidOperationException($"{scenario} created no file");

    private static async Task<byte[]?> RunOrMissingAsync(Assembly assembly, string scenario, bool fileExists = false)
    {
        var folder = Directory.CreateTempSubdirectory("ioperf-iop008-").FullName;
        try
        {
            var path = Path.Combine(folder, "out.txt");
            if (fileExists)
            {
                await File.WriteAllBytesAsync(path, ExistingContent);
            }

            var result = assembly.GetType("Scenarios")!.GetMethod(scenario)!.Invoke(null, new object[] { path });
            if (result is Task task)
            {
                await task;
            }

            return File.Exists(path) ? await File.ReadAllBytesAsync(path) : null;
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static async Task<(Assembly Before, Assembly After, string FixedSource)> CompileBothAsync()
    {
        var fixedSource = await Robustness.ApplyFixesAsync(new FileReopenedForEachAppendAnalyzer(), new FileReopenedForEachAppendFix(), Program);
        return (ScenarioAssembly.Compile(Program, "IOP008Before"), ScenarioAssembly.Compile(fixedSource, "IOP008After"), fixedSource);
    }
}
