using System.Text;

namespace IoPerf.AnalyzerCost;

/// <summary>
/// A deterministic corpus of realistic, I/O-heavy C# files: readers, writers, streams, buffers, LINQ over lines,
/// string searching, async loops - plus the ordinary code around them. Some files contain patterns the rules flag.
/// </summary>
internal static class IoHeavyCorpus
{
    private static readonly string[] Members =
    {
        """
            public static int CountLines(string path)
            {
                var count = 0;
                foreach (var line in File.ReadAllLines(path)) { if (line.Length > 0) count++; }
                return count;
            }
        """,
        """
            public static string[] Load(string path) => File.ReadAllLines(path);
        """,
        """
            public static async Task<long> SumAsync(IEnumerable<string> paths, CancellationToken ct)
            {
                long total = 0;
                foreach (var path in paths)
                {
                    using var reader = new StreamReader(path);
                    var text = await reader.ReadToEndAsync(ct);
                    total += text.Length;
                }
                return total;
            }
        """,
        """
            public static long Checksum(string path)
            {
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous);
                var buffer = new byte[2048];
                long sum = 0;
                int read;
                while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
                    for (var i = 0; i < read; i++) sum += buffer[i];
                return sum;
            }
        """,
        """
            private static readonly char[] Separators = { ' ', '\t', ',', ';', ':', '.', '!', '?', '(', ')', '[', ']' };
            public static int FirstSeparator(string text, int start) => text.IndexOfAny(Separators, start);
        """,
        """
            public static void Dump(IReadOnlyList<int> values)
            {
                for (var i = 0; i < values.Count; i++)
                {
                    Console.Write(values[i]);
                    Console.Write(',');
                }
                Console.WriteLine();
            }
        """,
        """
            public static void WriteReport(string path, IEnumerable<(string Name, double Value)> rows)
            {
                using var writer = new StreamWriter(path) { AutoFlush = true };
                foreach (var (name, value) in rows)
                    writer.WriteLine($"{name};{value:F2}");
            }
        """,
        """
            public static Dictionary<string, int> WordFrequencies(string path)
            {
                var result = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
                foreach (var line in File.ReadLines(path))
                    foreach (var word in line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
                        result[word] = result.TryGetValue(word, out var n) ? n + 1 : 1;
                return result;
            }
        """,
        """
            public static async Task CopyAsync(string from, string to, CancellationToken ct)
            {
                await using var source = File.OpenRead(from);
                await using var target = File.Create(to);
                await source.CopyToAsync(target, 81920, ct);
            }
        """,
        """
            public static string Normalize(string value)
            {
                var builder = new StringBuilder(value.Length);
                foreach (var c in value)
                    builder.Append(char.IsWhiteSpace(c) ? ' ' : char.ToLowerInvariant(c));
                return builder.ToString().Trim();
            }
        """,
        """
            public static IEnumerable<T> Page<T>(IEnumerable<T> source, int page, int size) =>
                source.Skip(page * size).Take(size).Where(x => x is not null).ToList();
        """,
        """
            public static bool TryParseHeader(Stream stream, out int version)
            {
                var magic = new byte[4];
                stream.ReadExactly(magic);
                version = magic[3];
                return magic[0] == (byte)'I' && magic[1] == (byte)'O';
            }
        """,
    };

    public static IReadOnlyList<string> Generate(int fileCount)
    {
        var random = new Random(42);
        var files = new List<string>(fileCount);
        for (var i = 0; i < fileCount; i++)
        {
            var builder = new StringBuilder("""
                using System;
                using System.Collections.Generic;
                using System.IO;
                using System.Linq;
                using System.Text;
                using System.Threading;
                using System.Threading.Tasks;

                """);
            builder.AppendLine($"namespace Corpus.Area{i % 20};");
            builder.AppendLine($"public static class Component{i}");
            builder.AppendLine("{");
            for (var member = 0; member < 6; member++)
            {
                builder.AppendLine(Members[random.Next(Members.Length)].Replace("public static", $"public static /*{member}*/").Replace("Separators", $"Separators{member}"));
            }

            builder.AppendLine("}");
            files.Add(builder.ToString());
        }

        return files;
    }
}
