using System.Collections.Immutable;
using System.Diagnostics;
using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush;
using IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006's console fix must not change a single byte of what a program prints: both versions are compiled, run as
/// child processes, and their standard output compared byte for byte (encoding, newlines, formatting, order around
/// the loop).
/// </summary>
public sealed class TinyIoPayingLockOrFlushConsoleFixOutputTests
{
    private const string Program = """
        using System;
        using System.Collections.Generic;

        public static class Program
        {
            public static void Main()
            {
                Console.WriteLine("start: é ü 中文 😀");
                var items = new List<object?> { 1, 2.5, "text", 'c', true, null, 12345678901L, 3.25m, -0.0 };
                foreach (var item in items)
                {
                    Console.Write(item);
                    Console.Write(';');
                    Console.Out.Write("{0}|{1,5}", item, "ñ");
                    Console.WriteLine();
                }

                Console.Write("between ");
                for (var i = 0; i < 200; i++)
                {
                    Console.Write(i);
                    Console.Write(new[] { ' ', 'ß', ' ' });
                }

                Console.WriteLine();
                Console.WriteLine("end");
            }
        }
        """;

    // A program that sets Console.OutputEncoding to Encoding.UTF8 (as command-line tools do for Unicode on Windows) makes
    // the property return an encoding with a byte-order mark: a writer built with it would print the mark mid-output.
    [Theory]
    [InlineData("")]
    [InlineData("Console.OutputEncoding = System.Text.Encoding.UTF8;")]
    public async Task FixedProgram_PrintsTheSameBytes(string firstStatement)
    {
        var program = Program.Replace("Console.WriteLine(\"start: ", firstStatement + "\n        Console.WriteLine(\"start: ", StringComparison.Ordinal);
        var fixedProgram = await Robustness.ApplyFixesAsync(
            new TinyIoPayingLockOrFlushAnalyzer(), new TinyIoPayingLockOrFlushFix(), program, outputKind: OutputKind.ConsoleApplication);
        Assert.Contains("Console.OpenStandardOutput()", fixedProgram);
        Assert.Equal(2, CountOccurrences(fixedProgram, "new StreamWriter("));

        var before = await RunAsync(program, "before");
        var after = await RunAsync(fixedProgram, "after");
        Assert.True(before.Length > 1000, $"the program printed {before.Length} bytes");
        Assert.Equal(before, after);
    }

    private static int CountOccurrences(string text, string value) => (text.Length - text.Replace(value, "").Length) / value.Length;

    /// <summary>Compiles <paramref name="source"/> into a console app and returns the bytes it writes to standard output.</summary>
    private static async Task<byte[]> RunAsync(string source, string name)
    {
        var folder = Directory.CreateTempSubdirectory("ioperf-console-").FullName;
        try
        {
            var compilation = SourceCompilation.Of(source, name, TestFramework.Net100, OutputKind.ConsoleApplication);
            var assembly = Path.Combine(folder, name + ".dll");
            var emit = compilation.Emit(assembly);
            Assert.True(emit.Success, string.Join("\n", emit.Diagnostics));
            await File.WriteAllTextAsync(Path.Combine(folder, name + ".runtimeconfig.json"), $$"""
                { "runtimeOptions": { "tfm": "net10.0", "rollForward": "LatestMajor",
                  "framework": { "name": "Microsoft.NETCore.App", "version": "{{Environment.Version.Major}}.0.0" } } }
                """);

            var start = new ProcessStartInfo(DotnetHost(), $"\"{assembly}\"")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            using var process = Process.Start(start)!;
            using var output = new MemoryStream();
            var copy = process.StandardOutput.BaseStream.CopyToAsync(output);
            var errors = process.StandardError.ReadToEndAsync();
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
            await copy;
            Assert.True(process.ExitCode == 0, await errors);
            return output.ToArray();
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static string DotnetHost() =>
        Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet";
}
