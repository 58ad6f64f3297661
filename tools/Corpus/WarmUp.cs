using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Corpus;

/// <summary>
/// Runs every analyzer once on a small file before anything is measured. The SDK's analyzers ship precompiled
/// (ReadyToRun) while ours are JIT-compiled on first use; a build server (VBCSCompiler) or the IDE keeps both warm
/// across builds, so the report compares warm callback time. With reach across methods on, the warm-up runs with it on
/// too, over a helper of each kind the rules follow: before it did, the JIT compilation of those paths (tens of ms)
/// was counted in the first measured compilation's callbacks.
/// </summary>
internal static class WarmUp
{
    /// <summary>A file that names every rule's words and holds each shape the rules report, within one method and across methods.</summary>
    private const string Source = """
            using System;
            using System.IO;
            using System.Linq;
            using System.Threading.Tasks;

            class WarmUp
            {
                private static readonly char[] Separators = " ,;:.!?".ToCharArray();

                async Task<int> M(string path, string text)
                {
                    var n = File.ReadAllLines(path).Count() + text.IndexOfAny(Separators, 1) + text.AsSpan().IndexOfAny("abcdefgh");
                    n += (await File.ReadAllTextAsync(path)).Length;
                    return n;
                }

                // Every rule's code paths within one method (a listing, an append and a parse too), so that none of them
                // is JIT-compiled inside a measured run: a checkout with few occurrences of a rule would pay it there.
                long Files(string path, string[] lines)
                {
                    long total = 0;
                    using (var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous | FileOptions.SequentialScan))
                    {
                        var buffer = new byte[4096];
                        int read;
                        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
                        {
                            total += read;
                        }
                    }

                    var options = new FileStreamOptions { Mode = FileMode.Open, Options = FileOptions.Asynchronous, BufferSize = 1024 };
                    using var reader = new StreamReader(File.Open(path, options));
                    while (reader.ReadLine() is { } line)
                    {
                        Console.Write(line);
                        Console.Write(';');
                    }

                    using var writer = new StreamWriter(path + ".out") { AutoFlush = true };
                    var synchronized = TextWriter.Synchronized(writer);
                    foreach (var line in lines)
                    {
                        synchronized.WriteLine(line);
                    }

                    using var raw = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 0);
                    while (raw.ReadByte() >= 0)
                    {
                        total++;
                    }

                    raw.CopyTo(Stream.Null, 512);
                    return total;
                }
            }

            public class OneMethodShapes
            {
                public long Listing(string folder)
                {
                    long total = 0;
                    foreach (var file in Directory.GetFiles(folder, "*.log"))
                    {
                        total += file.Length;
                    }

                    return Directory.GetDirectories(folder).Any(d => d.EndsWith(".git")) ? total + 1 : total;
                }

                public void Append(string[] rows, string folder)
                {
                    var index = Path.Combine(folder, "index.txt");
                    foreach (var row in rows)
                    {
                        File.AppendAllText(index, row);
                    }
                }

                public void Flushed(string path, string[] rows)
                {
                    using var writer = new StreamWriter(path);
                    writer.AutoFlush = true;
                    foreach (var row in rows)
                    {
                        writer.WriteLine(row);
                    }
                }

                public int Lines(string path)
                {
                    var count = 0;
                    foreach (var line in File.ReadAllLines(path))
                    {
                        count += line.Length;
                    }

                    return count;
                }

                public int Parse(string path)
                {
                    using var document = System.Text.Json.JsonDocument.Parse(File.ReadAllText(path));
                    return document.RootElement.GetArrayLength();
                }

                public async Task<long> TotalAsync(string[] paths)
                {
                    long total = 0;
                    foreach (var path in paths)
                    {
                        using var reader = new StreamReader(path);
                        total += (await reader.ReadToEndAsync()).Length;
                    }

                    return total;
                }
            }

            // The shapes reach across methods follows (IOP003, IOP006, IOP007, IOP008, IOP009), and look-alikes of each.
            internal interface IStore { string[] Load(string path); }

            internal sealed class Store : IStore
            {
                private const string LogPath = "warm.log";

                public string[] Load(string path) => File.ReadAllLines(path);

                internal static string[] Listing(string folder) => Directory.GetFiles(folder);

                internal static string Text(string path) => File.ReadAllText(path);

                internal static void Log(string message) => File.AppendAllText(LogPath, message);

                internal static void Print(string row) { Console.Write(row); Console.WriteLine(); }

                internal static void Other(string row) => Console.Error.WriteLine(row);

                internal static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);

                internal static long Sum(string path, byte[] buffer)
                {
                    using var stream = File.OpenRead(path);
                    long total = 0;
                    int n;
                    while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                    {
                        total += n;
                    }

                    return total;
                }

                internal long Use(IStore store, string path, string folder, string[] rows)
                {
                    foreach (var line in store.Load(path)) Log(line);
                    foreach (var file in Listing(folder)) Other(file);
                    foreach (var row in rows) Print(row);
                    using var document = System.Text.Json.JsonDocument.Parse(Text(path));
                    using var opened = Open(path);
                    return opened.ReadByte() + Sum(path, new byte[4096]);
                }
            }
            """;

    /// <summary>Runs the analyzers over the warm-up file; returns what they reported (a test checks every rule spoke).</summary>
    public static async Task<ImmutableArray<Diagnostic>> RunAsync(ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers, string[] sdkRuleIds, bool acrossMethods)
    {
        var compilation = await CreateCompilationAsync();
        return await SdkAnalyzers.Enable(compilation, sdkRuleIds)
            .WithAnalyzers(
                AnalyzerCatalog.Analyzers.AddRange(sdkAnalyzers),
                AnalyzerCatalog.Options(logTime: true, configOptions: acrossMethods ? new Dictionary<string, string> { ["build_property.IoPerfAcrossMethods"] = "true" } : null))
            .GetAnalyzerDiagnosticsAsync();
    }

    /// <summary>
    /// The warm-up project: two long files before the one that names every rule's words, so that each rule's gate
    /// (CompilationText.MayTrigger) asks a long file whether it is generated - once for one headed as generated, once for
    /// a hand-written one - before its search stops. Every checkout has long files; without them here, that question was
    /// JIT-compiled inside the first measured compilation (2-3 ms of compilation-start time on each checkout).
    /// </summary>
    internal static async Task<Compilation> CreateCompilationAsync()
    {
        var project = TestWorkspace.CreateProject("WarmUp", TestFramework.Net100)
            .AddDocument("Headed.cs", "// <auto-generated/>\n" + LongClass("Headed")).Project
            .AddDocument("Long.cs", LongClass("Long")).Project
            .AddDocument("WarmUp.cs", Source).Project;
        return (await project.GetCompilationAsync())!;
    }

    /// <summary>A class of constants, well over the length from which a gate asks whether a file is generated.</summary>
    private static string LongClass(string name) =>
        $"internal static class {name}\n{{\n" +
        string.Concat(Enumerable.Range(0, 1000).Select(i => $"    internal const int Value{i} = {i};\n")) +
        "}\n";
}
