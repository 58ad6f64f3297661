using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Text.Json;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench;

/// <summary>
/// The measurements that BenchmarkDotNet's columns cannot express: memory held at once (C11), exact agreement with GNU
/// wc (C9) and process start-up, JIT and native AOT, against wc (C14). Each writes a JSON file into the results folder.
/// </summary>
internal static class Measurements
{
    /// <summary>
    /// C11: BenchmarkDotNet's Allocated column is the total allocated, not what is held at once. Here: the managed heap
    /// retained while File.ReadAllLines' array is alive, against File.ReadLines halfway through the file.
    /// </summary>
    public static int RetainedMemory(string folder, bool quick)
    {
        var sizes = quick ? new long[] { 64 * BenchData.KiB } : new long[] { BenchData.MiB, 10 * BenchData.MiB, 100 * BenchData.MiB };
        var rows = new List<object>();
        foreach (var bytes in sizes)
        {
            var path = BenchData.TextFile(bytes);
            var fileBytes = new FileInfo(path).Length;
            rows.Add(new { FileBytes = fileBytes, Method = "File.ReadAllLines", RetainedBytes = RetainedByReadAllLines(path) });
            rows.Add(new { FileBytes = fileBytes, Method = "File.ReadLines", RetainedBytes = RetainedByReadLinesHalfway(path) });
        }

        BenchConsole.SaveMeasurements(folder, "retained-memory.json", new { Measurements = rows });
        return 0;
    }

    // Each measurement in its own method, so that nothing from the previous one is still reachable from a stack slot.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long RetainedByReadAllLines(string path)
    {
        var before = Settle();
        var lines = File.ReadAllLines(path);
        var whileHeld = Settle();
        GC.KeepAlive(lines);
        return whileHeld - before;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long RetainedByReadLinesHalfway(string path)
    {
        var lineCount = CountLines(path);
        var before = Settle();
        using var lines = File.ReadLines(path).GetEnumerator();
        for (long i = 0; i < lineCount / 2 && lines.MoveNext(); i++)
        {
        }

        var halfway = Settle();
        GC.KeepAlive(lines);
        return halfway - before;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long CountLines(string path) => File.ReadLines(path).LongCount();

    private static long Settle()
    {
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        return GC.GetTotalMemory(forceFullCollection: true);
    }

    /// <summary>
    /// C23: what a directory listing holds at the midpoint of a pass - Directory.GetFiles' array of every path against
    /// Directory.EnumerateFiles' enumerator after half the entries - in a flat directory and in a tree.
    /// </summary>
    public static int RetainedListing(string folder, bool quick)
    {
        var roots = quick
            ? new[] { ("flat-100", BenchData.FlatDirectory(100), SearchOption.TopDirectoryOnly) }
            : new[]
            {
                ("flat-10000", BenchData.FlatDirectory(10_000), SearchOption.TopDirectoryOnly),
                ("flat-100000", BenchData.FlatDirectory(100_000), SearchOption.TopDirectoryOnly),
                ("tree-1000x100", BenchData.DirectoryTree(1000, 100), SearchOption.AllDirectories),
            };
        var rows = new List<object>();
        foreach (var (shape, root, option) in roots)
        {
            rows.Add(new { Shape = shape, Method = "Directory.GetFiles", RetainedBytes = RetainedByGetFiles(root, option) });
            rows.Add(new { Shape = shape, Method = "Directory.EnumerateFiles", RetainedBytes = RetainedByEnumerateFilesHalfway(root, option) });
        }

        BenchConsole.SaveMeasurements(folder, "retained-listing.json", new { Measurements = rows });
        return 0;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long RetainedByGetFiles(string root, SearchOption option)
    {
        var before = Settle();
        var paths = Directory.GetFiles(root, "*", option);
        var whileHeld = Settle();
        GC.KeepAlive(paths);
        return whileHeld - before;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long RetainedByEnumerateFilesHalfway(string root, SearchOption option)
    {
        var count = CountFiles(root, option);
        var before = Settle();
        using var paths = Directory.EnumerateFiles(root, "*", option).GetEnumerator();
        for (var i = 0; i < count / 2 && paths.MoveNext(); i++)
        {
        }

        var halfway = Settle();
        GC.KeepAlive(paths);
        return halfway - before;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int CountFiles(string root, SearchOption option) => Directory.EnumerateFiles(root, "*", option).Count();

    /// <summary>C9: the best counting implementation against GNU `wc -lwc`, byte for byte of output.</summary>
    public static int WcCheck(string folder, bool quick)
    {
        var files = quick
            ? new[] { BenchData.TextFile(1_044), BenchData.TextFile(16 * BenchData.KiB, byteOrderMark: true) }
            : new[] { BenchData.TextFile(1_044), BenchData.TextFile(610_515), BenchData.TextFile(610_515, byteOrderMark: true), BenchData.TextFile(100L * BenchData.MiB) };
        var rows = new List<object>();
        var mismatches = 0;
        foreach (var path in files)
        {
            var wc = RunProcess("wc", "-lwc", path).Output;
            var ours = WcFormat.Format(new[] { path }, new[] { WordCount.OpenHandleDecoderSearchValues(path) });
            var match = wc == ours;
            mismatches += match ? 0 : 1;
            rows.Add(new { File = Path.GetFileName(path), Bytes = new FileInfo(path).Length, Wc = wc.Replace(path, Path.GetFileName(path)).TrimEnd(), Ours = ours.Replace(path, Path.GetFileName(path)).TrimEnd(), Match = match });
        }

        BenchConsole.SaveMeasurements(folder, "wc-check.json", new { WcVersion = RunProcess("wc", "--version").Output.Split('\n')[0], Files = rows });
        return quick ? mismatches : 0;
    }

    /// <summary>C14: process start-up to result for a 1 KB and a 600 KB text: GNU wc, WcTool JIT-compiled, WcTool native AOT.</summary>
    public static int Startup(string folder)
    {
        var project = Path.Combine(Paths.Root, "evidence-bench", "WcTool", "WcTool.csproj");
        var output = Directory.CreateTempSubdirectory("ioperf-wctool-").FullName;
        var jit = Path.Combine(output, "jit");
        var aot = Path.Combine(output, "aot");
        var build = RunProcess("dotnet", "build", project, "-c", "Release", "-o", jit, "-nologo");
        var publish = RunProcess("dotnet", "publish", project, "-c", "Release", "-r", "linux-x64", "-p:PublishAot=true", "-o", aot, "-nologo");
        if (build.ExitCode != 0 || publish.ExitCode != 0)
        {
            BenchConsole.Error(build.Output + publish.Output);
            return 1;
        }

        var rows = new List<object>();
        foreach (var (name, path) in new[] { ("1 KB", BenchData.TextFile(1_044)), ("600 KB", BenchData.TextFile(610_515)) })
        {
            rows.Add(new { File = name, Runner = "GNU wc", MedianMilliseconds = MedianMilliseconds("wc", "-lwc", path) });
            rows.Add(new { File = name, Runner = ".NET JIT (dotnet WcTool.dll)", MedianMilliseconds = MedianMilliseconds("dotnet", Path.Combine(jit, "WcTool.dll"), path) });
            rows.Add(new { File = name, Runner = ".NET native AOT", MedianMilliseconds = MedianMilliseconds(Path.Combine(aot, "WcTool"), path) });
        }

        BenchConsole.SaveMeasurements(folder, "startup.json", new { Runs = 21, Measurements = rows });
        Directory.Delete(output, recursive: true);
        return 0;

        static double MedianMilliseconds(string program, params string[] arguments)
        {
            var times = new List<double>();
            for (var i = 0; i < 21; i++)
            {
                var clock = Stopwatch.StartNew();
                var result = RunProcess(program, arguments);
                times.Add(clock.Elapsed.TotalMilliseconds);
                if (result.ExitCode != 0)
                {
                    throw new InvalidOperationException($"{program} failed: {result.Output}");
                }
            }

            times.Sort();
            return Math.Round(times[times.Count / 2], 1);
        }
    }

    private static readonly string[] DocumentForms = { "json-ReadAllText", "json-FileStream", "xml-ReadAllText", "xml-OpenText" };

    /// <summary>
    /// C28, C29: the memory a parse needs at its peak, which the Allocated column does not show. Each form runs in its own
    /// child process (<c>--peak-one</c>): the peak resident set is reset after start-up and JIT warm-up, and the growth of
    /// the peak over the resident set at that point is the figure.
    /// </summary>
    public static int PeakDocumentMemory(string folder, bool quick)
    {
        var sizes = quick ? new[] { 10L * BenchData.KiB } : new[] { (long)BenchData.MiB, 50L * BenchData.MiB };
        var rows = new List<object>();
        var failures = 0;
        foreach (var bytes in sizes)
        {
            foreach (var form in DocumentForms)
            {
                var path = form.StartsWith("json") ? Documents.JsonFile(bytes) : Documents.XmlFile(bytes);
                var (program, prefix) = Self();
                var result = RunProcess(program, prefix.Concat(new[] { "--peak-one", form, path }).ToArray());
                if (result.ExitCode != 0 || !long.TryParse(result.Output.Trim(), out var peak))
                {
                    BenchConsole.Error($"--peak-one {form} {path}: {result.Output}");
                    failures++;
                    continue;
                }

                rows.Add(new { FileBytes = bytes, Form = form, PeakGrowthBytes = peak });
            }
        }

        BenchConsole.SaveMeasurements(folder, "peak-documents.json", new { Measurements = rows });
        return failures;
    }

    /// <summary>The child process of <see cref="PeakDocumentMemory"/>: prints the peak resident growth in bytes.</summary>
    public static int PeakOne(string form, string path)
    {
        // JIT warm-up on a small document of the same kind, so the peak below is the parse's, not the compiler's.
        Parse(form, form.StartsWith("json") ? Documents.JsonFile(BenchData.KiB) : Documents.XmlFile(BenchData.KiB));
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
        File.WriteAllText("/proc/self/clear_refs", "5");
        var before = StatusKilobytes("VmRSS");
        var records = Parse(form, path);
        var peak = StatusKilobytes("VmHWM");
        Console.WriteLine(records > 0 ? ((peak - before) * 1024).ToString() : "no records");
        return records > 0 ? 0 : 1;

        static int Parse(string form, string path)
        {
            switch (form)
            {
                case "json-ReadAllText":
                    return JsonSerializer.Deserialize<List<DocumentRecord>>(File.ReadAllText(path))!.Count;
                case "json-FileStream":
                    using (var stream = File.OpenRead(path))
                    {
                        return JsonSerializer.Deserialize<List<DocumentRecord>>(stream)!.Count;
                    }

                case "xml-ReadAllText":
                    return System.Xml.Linq.XDocument.Parse(File.ReadAllText(path)).Root!.Elements().Count();
                case "xml-OpenText":
                    using (var reader = File.OpenText(path))
                    {
                        return System.Xml.Linq.XDocument.Load(reader).Root!.Elements().Count();
                    }

                default:
                    throw new ArgumentException($"unknown form {form}");
            }
        }
    }

    private static long StatusKilobytes(string field) =>
        long.Parse(File.ReadLines("/proc/self/status").First(line => line.StartsWith(field + ":")).Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]);

    /// <summary>How to start this program again: its apphost, or dotnet with its assembly.</summary>
    private static (string Program, string[] Prefix) Self() =>
        Path.GetFileNameWithoutExtension(Environment.ProcessPath) == "dotnet"
            ? ("dotnet", new[] { typeof(Measurements).Assembly.Location })
            : (Environment.ProcessPath!, Array.Empty<string>());

    private static (int ExitCode, string Output) RunProcess(string program, params string[] arguments)
    {
        var info = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        info.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        info.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        using var process = Process.Start(info)!;
        var standardError = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output + standardError.Result);
    }
}
