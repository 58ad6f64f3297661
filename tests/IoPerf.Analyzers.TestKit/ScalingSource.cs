using System.Text;

namespace IoPerf.Analyzers.TestKit;

/// <summary>
/// One C# file whose methods each hold <c>n</c> of a rule's watched calls: the worst case for a rule whose work grows with
/// the number of calls in a method rather than with the method's size. Every rule's pattern is there, reportable:
/// one loop with n appends and n console writes (IOP008), one with n console writes (IOP006), n directory listings and n <c>ReadAllLines</c> each
/// consumed once (IOP003, IOP007), n asynchronous FileStreams with small buffers read synchronously (IOP001, IOP002), one
/// loop with n awaited reads (IOP005), n documents parsed from a file's text (IOP009) and n searches for many characters
/// (IOP004); and the same across methods: a loop with n calls to a method that appends (IOP008), n calls to methods
/// returning a file's lines, a listing and a file's text (IOP003, IOP007, IOP009). Used by the linear-cost test (counted operations) and by the build measurement in docs/performance.md.
/// </summary>
public static class ScalingSource
{
    public static string Generate(int n)
    {
        var code = new StringBuilder();
        code.AppendLine("""
            using System;
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class Scaling
            {
                private static readonly char[] Separators = { ' ', ',', ';', ':', '|', '/', '\\', '\t', '-' };

                public void AppendsAndConsoleWrites(string path, string[] items)
                {
                    foreach (var item in items)
                    {
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"            File.AppendAllText(path, item + \"{i}\");");
            code.AppendLine($"            Console.Write(item + \"{i}\");");
        }

        code.AppendLine("""
                    }
                }

                public void ConsoleWrites(string[] items)
                {
                    foreach (var item in items)
                    {
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"            Console.Write(item + \"{i}\");");
        }

        code.AppendLine("""
                    }
                }

                public int ListingsAndLines(string folder, string path)
                {
                    var total = 0;
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"        var files{i} = Directory.GetFiles(folder, \"*.{i}\");");
            code.AppendLine($"        foreach (var file in files{i}) total += file.Length;");
            code.AppendLine($"        foreach (var line in File.ReadAllLines(path + \"{i}\")) total += line.Length;");
        }

        code.AppendLine("""
                    return total;
                }

                public long Streams(string path)
                {
                    long total = 0;
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"        var stream{i} = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous);");
            code.AppendLine($"        var buffer{i} = new byte[512];");
            code.AppendLine($"        while (stream{i}.Read(buffer{i}, 0, buffer{i}.Length) > 0) total++;");
        }

        code.AppendLine("""
                    return total;
                }

                public async Task<long> AwaitedReads(Stream[] streams)
                {
                    var buffer = new byte[81920];
                    long total = 0;
                    for (var round = 0; round < streams.Length; round++)
                    {
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"            total += await streams[round].ReadAsync(buffer, 0, {i + 1});");
        }

        code.AppendLine("""
                    }

                    return total;
                }

                public int ParsesAndSearches(string path, string text)
                {
                    var total = 0;
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"        var values{i} = JsonSerializer.Deserialize<int[]>(File.ReadAllText(path + \"{i}\"));");
            code.AppendLine($"        total += values{i}!.Length + text.IndexOfAny(Separators, {i % 4});");
        }

        code.AppendLine("""
                    return total;
                }

                private static void Log(string message) => File.AppendAllText("scaling.log", message);

                private static string[] Lines(string path) => File.ReadAllLines(path);

                private static string[] Listing(string folder) => Directory.GetFiles(folder);

                private static string Text(string path) => File.ReadAllText(path);

                public int AcrossMethods(string folder, string path, string[] items)
                {
                    var total = 0;
                    foreach (var item in items)
                    {
            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"            Log(item + \"{i}\");");
        }

        code.AppendLine("""
                    }

            """);
        for (var i = 0; i < n; i++)
        {
            code.AppendLine($"        foreach (var line in Lines(path + \"{i}\")) total += line.Length;");
            code.AppendLine($"        foreach (var file in Listing(folder + \"{i}\")) total += file.Length;");
            code.AppendLine($"        total += JsonSerializer.Deserialize<int[]>(Text(path + \"{i}\"))!.Length;");
        }

        code.AppendLine("""
                    return total;
                }
            }
            """);
        return code.ToString();
    }
}
