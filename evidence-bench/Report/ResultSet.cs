using System.Globalization;
using System.Text.Json;

namespace IoPerf.EvidenceBench.Report;

/// <summary>One benchmark case of a committed BenchmarkDotNet full-JSON report.</summary>
public sealed record BenchCase(string Type, string Method, IReadOnlyDictionary<string, string> Parameters, double MedianNs, double? AllocatedBytes)
{
    public bool Has(string name, string value) =>
        Parameters.TryGetValue(name, out var actual) && string.Equals(actual, value, StringComparison.Ordinal);
}

/// <summary>
/// The committed results of one full run (evidence-bench/results): BenchmarkDotNet's full JSON reports and the JSON
/// files of the measurement steps. Read-only, BenchmarkDotNet-independent, so the tests can compile it too.
/// </summary>
public sealed class ResultSet
{
    private ResultSet(string folder, IReadOnlyList<BenchCase> cases, JsonElement? environment)
    {
        Folder = folder;
        Cases = cases;
        Environment = environment;
    }

    public string Folder { get; }

    public IReadOnlyList<BenchCase> Cases { get; }

    public JsonElement? Environment { get; }

    public static ResultSet Load(string folder)
    {
        var cases = new List<BenchCase>();
        JsonElement? environment = null;
        foreach (var file in Directory.Exists(folder) ? Directory.GetFiles(folder, "*-report-full.json").OrderBy(f => f, StringComparer.Ordinal) : Enumerable.Empty<string>())
        {
            using var document = JsonDocument.Parse(File.ReadAllText(file));
            var root = document.RootElement;
            environment ??= root.GetProperty("HostEnvironmentInfo").Clone();
            foreach (var benchmark in root.GetProperty("Benchmarks").EnumerateArray())
            {
                if (benchmark.GetProperty("Statistics").ValueKind != JsonValueKind.Object)
                {
                    continue; // A failed case has no statistics.
                }

                var parameters = (benchmark.GetProperty("Parameters").GetString() ?? "")
                    .Split('&', StringSplitOptions.RemoveEmptyEntries)
                    .Select(pair => pair.Split('=', 2))
                    .ToDictionary(pair => pair[0], pair => pair.Length > 1 ? pair[1] : "", StringComparer.Ordinal);
                double? allocated = benchmark.TryGetProperty("Memory", out var memory) && memory.ValueKind == JsonValueKind.Object
                    ? memory.GetProperty("BytesAllocatedPerOperation").GetDouble()
                    : null;
                cases.Add(new BenchCase(
                    benchmark.GetProperty("Type").GetString()!,
                    benchmark.GetProperty("Method").GetString()!,
                    parameters,
                    benchmark.GetProperty("Statistics").GetProperty("Median").GetDouble(),
                    allocated));
            }
        }

        return new ResultSet(folder, cases, environment);
    }

    /// <summary>A result set of the given cases and the JSON files in <paramref name="folder"/>: for the tests of each claim's decision.</summary>
    public static ResultSet Of(IEnumerable<BenchCase> cases, string folder) => new(folder, cases.ToList(), environment: null);

    /// <summary>The single case of <paramref name="type"/>.<paramref name="method"/> with all the given parameter values.</summary>
    public BenchCase? Find(string type, string method, params (string Name, string Value)[] parameters) =>
        Cases.SingleOrDefault(c => c.Type == type && c.Method == method && parameters.All(p => c.Has(p.Name, p.Value)));

    public IEnumerable<BenchCase> Where(string type, Func<BenchCase, bool> predicate) =>
        Cases.Where(c => c.Type == type && predicate(c));

    public JsonElement? ReadJson(string name)
    {
        var path = Path.Combine(Folder, name);
        if (!File.Exists(path))
        {
            return null;
        }

        using var document = JsonDocument.Parse(File.ReadAllText(path));
        return document.RootElement.Clone();
    }

    public string EnvironmentLine()
    {
        if (Environment is not { } env)
        {
            return "no results";
        }

        string Get(string name) => env.TryGetProperty(name, out var value) ? value.ToString() : "?";
        return $"{Get("RuntimeVersion")}, {Get("OsVersion")}, {Get("ProcessorName")} ({Get("LogicalCoreCount")} logical cores), " +
               $"BenchmarkDotNet {Get("BenchmarkDotNetVersion")}, .NET SDK {Get("DotNetCliVersion")}";
    }

    /// <summary>The runtime and OS in a few words, for one-line quotes ("on .NET 10.0.12, Linux").</summary>
    public string ShortEnvironment()
    {
        if (Environment is not { } env)
        {
            return "no results";
        }

        var runtime = env.GetProperty("RuntimeVersion").GetString() ?? "";
        var os = env.GetProperty("OsVersion").GetString() ?? "";
        return $"{runtime.Split(' ', 3) switch { [var name, var version, ..] => name + " " + version, _ => runtime }}, {os.Split(' ')[0]}";
    }

    public static string Number(double value, string format = "F2") => value.ToString(format, CultureInfo.InvariantCulture);
}
