using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests;

/// <summary>
/// The messages users read in every build, word for word, for every rule whose message carries data: names, sizes,
/// counts (with one and many forms, never "1 write(s)"), and where the values came from.
/// </summary>
public sealed class RuleMessageTests
{
    public static TheoryData<string, string, string> Cases() => new()
    {
        {
            "IOP001",
            """
            using System.IO;
            class C
            {
                int M(string path)
                {
                    using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous);
                    return stream.ReadByte() + stream.Read(new byte[8], 0, 8);
                }
            }
            """,
            "stream is opened for asynchronous I/O but only read or written synchronously (ReadByte, Read); open it for synchronous I/O or use the asynchronous methods"
        },
        {
            "IOP002",
            """
            using System.IO;
            class C
            {
                long M(string path)
                {
                    using var stream = File.OpenRead(path);
                    var buffer = new byte[4096];
                    long total = 0;
                    int read;
                    while ((read = stream.Read(buffer, 0, buffer.Length)) > 0) total += read;
                    return total;
                }
            }
            """,
            "The buffer each Read fills is 4096 bytes, below the minimum of 65536 bytes for sequential file I/O"
        },
        {
            "IOP003",
            """
            using System.IO;
            class C
            {
                int M(string path)
                {
                    var count = 0;
                    foreach (var line in File.ReadAllLines(path)) count += line.Length;
                    return count;
                }
            }
            """,
            "File.ReadAllLines holds every line in memory although its result is enumerated only once; stream the lines with File.ReadLines"
        },
        {
            "IOP004",
            """
            class C
            {
                private static readonly char[] Separators = { ' ', '\t', ',', ';', ':', '.', '!' };
                int M(string s) => s.IndexOfAny(Separators, 1);
            }
            """,
            "'IndexOfAny' is given 7 values on every call: a cached 'SearchValues<char>' finds them faster"
        },
        {
            "IOP005",
            """
            using System.IO;
            using System.Threading.Tasks;
            public class C
            {
                public async Task<int> M(string[] paths)
                {
                    var total = 0;
                    foreach (var path in paths)
                    {
                        using var reader = new StreamReader(path);
                        total += (await reader.ReadToEndAsync()).Length;
                    }
                    return total;
                }
            }
            """,
            "The awaited read in this loop resumes on the captured SynchronizationContext each time it waits for data; add ConfigureAwait(false) or run the loop on the thread pool"
        },
        {
            "IOP005",
            """
            using System.IO;
            using System.Threading.Tasks;
            public class C
            {
                public async Task<int> M(StreamReader reader)
                {
                    var total = 0;
                    while (true)
                    {
                        var a = await reader.ReadLineAsync();
                        var b = await reader.ReadLineAsync();
                        if (a is null || b is null) return total;
                        total += a.Length + b.Length;
                    }
                }
            }
            """,
            "2 awaited reads in this loop resume on the captured SynchronizationContext each time they wait for data; add ConfigureAwait(false) or run the loop on the thread pool"
        },
        {
            "IOP006",
            """
            using System;
            class C
            {
                void M(string path)
                {
                    foreach (var name in System.IO.File.ReadLines(path)) Console.WriteLine(name);
                }
            }
            """,
            "The Console write in this loop takes the console's lock and flushes on every iteration; write through one buffered writer and flush once after the loop"
        },
        {
            "IOP006",
            """
            using System;
            class C
            {
                void M(int[] values)
                {
                    foreach (var value in values)
                    {
                        Console.Write(value);
                        Console.Write(' ');
                    }
                }
            }
            """,
            "2 Console writes in this loop each take the console's lock and flush; write through one buffered writer and flush once after the loop"
        },
        {
            "IOP006",
            """
            using System.IO;
            class C
            {
                void M(string path, string[] lines)
                {
                    using var writer = new StreamWriter(path) { AutoFlush = true };
                    foreach (var line in lines) writer.WriteLine(line);
                }
            }
            """,
            "AutoFlush = true makes the write in a loop a flush on every iteration; flush once after the loop instead"
        },
        {
            "IOP006",
            """
            using System.IO;
            class C
            {
                void M(string path, string[] lines)
                {
                    using var writer = new StreamWriter(path) { AutoFlush = true };
                    foreach (var line in lines)
                    {
                        writer.Write(line);
                        writer.WriteLine(';');
                    }
                }
            }
            """,
            "AutoFlush = true makes each of the 2 writes in loops a flush; flush once after the loop instead"
        },
        {
            "IOP006",
            """
            using System.IO;
            class C
            {
                void M(TextWriter output, string[] lines)
                {
                    var writer = TextWriter.Synchronized(output);
                    foreach (var line in lines) writer.WriteLine(line);
                    writer.Flush();
                }
            }
            """,
            "TextWriter.Synchronized takes a lock on the write in a loop on every iteration, and nothing here shares the writer between threads; use the writer itself"
        },
        {
            "IOP006",
            """
            using System.IO;
            class C
            {
                long M(string path)
                {
                    using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1);
                    long total = 0;
                    while (stream.ReadByte() >= 0) total++;
                    return total;
                }
            }
            """,
            "This FileStream has no buffer, so the ReadByte/WriteByte call in a loop is a system call for every byte; give it a buffer"
        },
        {
            "IOP007",
            """
            using System.IO;
            class C
            {
                int M(string root)
                {
                    var count = 0;
                    foreach (var path in Directory.GetFiles(root)) count += path.Length;
                    return count;
                }
            }
            """,
            "Directory.GetFiles builds an array of every entry although it is enumerated only once; Directory.EnumerateFiles yields the entries as they are read"
        },
        {
            "IOP007",
            """
            using System.IO;
            class C
            {
                bool M(DirectoryInfo folder) => folder.GetDirectories().Length != 0;
            }
            """,
            "DirectoryInfo.GetDirectories builds an array of every entry although only whether there is an entry is used; DirectoryInfo.EnumerateDirectories yields the entries as they are read"
        },
        {
            "IOP007",
            """
            using System.IO;
            using System.Linq;
            class C
            {
                string? M(string root) => Directory.GetFiles(root, "*.sln", SearchOption.AllDirectories).FirstOrDefault();
            }
            """,
            "Directory.GetFiles builds an array of every entry although only its first entry is used; Directory.EnumerateFiles yields the entries as they are read"
        },
        {
            "IOP007",
            """
            using System.IO;
            using System.Linq;
            class C
            {
                bool M(DirectoryInfo folder) => folder.GetDirectories().Any(d => d.Name == "src");
            }
            """,
            "DirectoryInfo.GetDirectories builds an array of every entry although only whether an entry matches is used; DirectoryInfo.EnumerateDirectories yields the entries as they are read"
        },
        {
            "IOP007",
            """
            using System.IO;
            using System.Linq;
            class C
            {
                string? M(string root)
                {
                    var files = Directory.GetFiles(root);
                    return files.Where(f => !Path.GetFileName(f).StartsWith(".")).FirstOrDefault();
                }
            }
            """,
            "Directory.GetFiles builds an array of every entry although only its first matching entry is used; Directory.EnumerateFiles yields the entries as they are read"
        },
        {
            "IOP007",
            """
            using System.IO;
            using System.Linq;
            class C
            {
                string M(string root) => Directory.GetFiles(root).Select(Path.GetFileName).FirstOrDefault("none")!;
            }
            """,
            "Directory.GetFiles builds an array of every entry although only its first entry is used; Directory.EnumerateFiles yields the entries as they are read"
        },
        {
            "IOP008",
            """
            using System.IO;
            class C
            {
                void M(string logPath, string[] lines)
                {
                    foreach (var line in lines) File.AppendAllText(logPath, line);
                }
            }
            """,
            "File.AppendAllText opens, appends to and closes logPath on every iteration of this loop; write through one StreamWriter opened before the loop"
        },
        {
            "IOP008",
            """
            using System.IO;
            using System.Threading.Tasks;
            class C
            {
                const string Journal = "journal.txt";
                async Task M(string[] lines)
                {
                    for (var i = 0; i < lines.Length; i++) await File.AppendAllLinesAsync(Journal, new[] { lines[i] });
                }
            }
            """,
            "File.AppendAllLinesAsync opens, appends to and closes Journal on every iteration of this loop; write through one StreamWriter opened before the loop"
        },
        {
            "IOP009",
            """
            using System.IO;
            using System.Text.Json;
            class C
            {
                int[]? M(string path) => JsonSerializer.Deserialize<int[]>(File.ReadAllText(path));
            }
            """,
            "JsonSerializer.Deserialize parses the whole file that File.ReadAllText decoded into one string; hand it the file to read instead"
        },
        {
            "IOP009",
            """
            using System.IO;
            using System.Threading.Tasks;
            using System.Xml.Linq;
            class C
            {
                async Task<XDocument> M(string path)
                {
                    var text = await File.ReadAllTextAsync(path);
                    return XDocument.Parse(text);
                }
            }
            """,
            "XDocument.Parse parses the whole file that File.ReadAllTextAsync decoded into one string; hand it the file to read instead"
        },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task TheMessageReadsAsWritten(string ruleId, string source, string expected)
    {
        var compilation = (await TestWorkspace.CreateDocument(source, TestFramework.Net100).Project.GetCompilationAsync())!;
        var diagnostics = await compilation
            .WithAnalyzers(AnalyzerCatalog.AnalyzersFor(ruleId).ToImmutableArray(), AnalyzerCatalog.Options())
            .GetAnalyzerDiagnosticsAsync();

        var diagnostic = Assert.Single(diagnostics, d => d.Id == ruleId);
        Assert.Equal(expected, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
    }

    [Fact]
    public void EveryRuleWithDataInItsMessageHasACase()
    {
        var covered = Cases().Select(row => (string)row[0]).ToHashSet();
        Assert.All(Rules.All, descriptor => Assert.Contains(descriptor.Id, covered));
    }
}
