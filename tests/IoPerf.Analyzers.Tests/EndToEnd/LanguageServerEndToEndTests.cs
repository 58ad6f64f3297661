using System.Text.Json;
using System.Text.Json.Nodes;
using Xunit;
using Xunit.Abstractions;

namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>
/// The packed analyzers in a real editor host: the language server csharp-ls (a local .NET tool of this repository,
/// <c>.config/dotnet-tools.json</c>) opens a consumer of the packed package, and every rule's diagnostic must arrive with
/// the id, range and severity the compiler gives the same code in <c>dotnet build</c> (its SARIF log), with no analyzer
/// exception (AD0001) or load failure (CS8032). csharp-ls does not offer analyzer packages' code fixes, so the fixes are
/// proven by the Roslyn code-fix tests and <c>dotnet format</c> (docs/ci.md says what is proven where).
/// </summary>
[Collection(nameof(PackageEndToEndTests))]
public sealed class LanguageServerEndToEndTests
{
    /// <summary>Severities other than the preset's warning, so that "as configured" is tested in both directions.</summary>
    private const string Configured = """
        dotnet_diagnostic.IOP007.severity = error
        dotnet_diagnostic.IOP009.severity = suggestion
        """;

    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(90);

    private readonly PackageEndToEndTests.PackedPackage _package;
    private readonly ITestOutputHelper _output;

    public LanguageServerEndToEndTests(PackageEndToEndTests.PackedPackage package, ITestOutputHelper output)
    {
        _package = package;
        _output = output;
    }

    [Fact]
    public async Task EveryRulesDiagnostic_ArrivesInTheLanguageServer_AsTheBuildReportsIt()
    {
        var restore = DotNetCli.Run(TestFrameworkReferences.RepoRoot, "tool", "restore");
        Assert.True(restore.ExitCode == 0, restore.ToString());
        var project = _package.CreateDemoConsumer("LanguageServerConsumer", Configured);

        // What the compiler reports for the same code: the expected diagnostics (an error-level IOP007 fails the build).
        DotNetCli.Run(project, "build", "-nologo");
        var expected = ReadSarif(Path.Combine(project, "build.sarif"));
        Assert.Equal(Rules.All.Select(rule => rule.Id).Order(), expected.Select(d => d.Id).Distinct().Order());

        var started = DateTime.UtcNow;
        await using var server = LanguageServerClient.Start(project, "csharp-ls", "--loglevel", "warning");

        // csharp-ls runs analyzer packages only when its client asks (the setting an editor's csharp-ls extension exposes).
        server.Settings["csharp"] = new JsonObject { ["analyzersEnabled"] = true };
        await server.RequestAsync("initialize", new JsonObject
        {
            ["processId"] = Environment.ProcessId,
            ["rootUri"] = new Uri(project + Path.DirectorySeparatorChar).AbsoluteUri,
            ["capabilities"] = new JsonObject
            {
                ["textDocument"] = new JsonObject
                {
                    ["diagnostic"] = new JsonObject { ["dynamicRegistration"] = false },
                    ["publishDiagnostics"] = new JsonObject(),
                },
                ["workspace"] = new JsonObject { ["configuration"] = true },
            },
        }, Patience);
        await server.NotifyAsync("initialized", new JsonObject());

        var files = expected.Select(d => d.File).Distinct().ToList();
        foreach (var file in files)
        {
            await server.NotifyAsync("textDocument/didOpen", new JsonObject
            {
                ["textDocument"] = new JsonObject
                {
                    ["uri"] = Uri(project, file),
                    ["languageId"] = "csharp",
                    ["version"] = 1,
                    ["text"] = File.ReadAllText(Path.Combine(project, file)),
                },
            });
        }

        // The server loads the project and runs the analyzers in the background: ask until every file's diagnostics are in.
        var received = new List<Reported>();
        var waiting = files.ToHashSet();
        while (waiting.Count > 0 && DateTime.UtcNow - started < Patience)
        {
            foreach (var file in waiting.ToList())
            {
                var items = await PullAsync(server, project, file);
                var ours = items.Where(d => d.Id.StartsWith("IOP", StringComparison.Ordinal) || d.Id is "AD0001" or "CS8032").ToList();
                if (ours.Count >= expected.Count(d => d.File == file))
                {
                    received.AddRange(ours);
                    waiting.Remove(file);
                }
            }

            if (waiting.Count > 0)
            {
                await Task.Delay(TimeSpan.FromSeconds(2));
            }
        }

        _output.WriteLine($"{received.Count} diagnostics from csharp-ls in {(DateTime.UtcNow - started).TotalSeconds:F0} s");
        Assert.True(waiting.Count == 0, $"no diagnostics for {string.Join(", ", waiting)} after {Patience.TotalSeconds} s:\n{server.Transcript}");
        Assert.DoesNotContain(received, d => d.Id is "AD0001" or "CS8032");
        Assert.DoesNotContain("AD0001", server.Transcript);
        Assert.DoesNotContain("CS8032", server.Transcript);
        Assert.Equal(expected.OrderBy(d => d.ToString()), received.OrderBy(d => d.ToString()));
    }

    /// <summary>One diagnostic as both sides report it: 0-based lines and characters, LSP's severities (1 error, 2 warning, 3 information).</summary>
    private sealed record Reported(string Id, string File, int StartLine, int StartCharacter, int EndLine, int EndCharacter, int Severity)
    {
        public override string ToString() => $"{File}({StartLine},{StartCharacter})-({EndLine},{EndCharacter}) {Id} severity {Severity}";
    }

    private static async Task<List<Reported>> PullAsync(LanguageServerClient server, string project, string file)
    {
        var report = await server.RequestAsync("textDocument/diagnostic", new JsonObject
        {
            ["textDocument"] = new JsonObject { ["uri"] = Uri(project, file) },
        }, Patience);
        var items = report?["items"]?.AsArray() ?? new JsonArray();
        return items.Select(item => new Reported(
            CodeOf(item!["code"]),
            file,
            item!["range"]!["start"]!["line"]!.GetValue<int>(),
            item["range"]!["start"]!["character"]!.GetValue<int>(),
            item["range"]!["end"]!["line"]!.GetValue<int>(),
            item["range"]!["end"]!["character"]!.GetValue<int>(),
            item["severity"]?.GetValue<int>() ?? 0)).ToList();
    }

    private static string CodeOf(JsonNode? code) => code switch
    {
        JsonValue value when value.TryGetValue<string>(out var text) => text,
        JsonValue value => value.ToJsonString(),
        _ => "",
    };

    private static string Uri(string project, string file) => new Uri(Path.Combine(project, file)).AbsoluteUri;

    /// <summary>The IOP results of a SARIF 2.1 log, as LSP would report them (SARIF counts from 1, its end column is one past the end).</summary>
    private static List<Reported> ReadSarif(string path)
    {
        using var log = JsonDocument.Parse(File.ReadAllText(path));
        var results = new List<Reported>();
        foreach (var result in log.RootElement.GetProperty("runs")[0].GetProperty("results").EnumerateArray())
        {
            var id = result.GetProperty("ruleId").GetString()!;
            if (!id.StartsWith("IOP", StringComparison.Ordinal))
            {
                continue;
            }

            var location = result.GetProperty("locations")[0].GetProperty("physicalLocation");
            var region = location.GetProperty("region");
            var severity = result.GetProperty("level").GetString() switch
            {
                "error" => 1,
                "warning" => 2,
                _ => 3,
            };
            results.Add(new Reported(
                id,
                Path.GetFileName(new Uri(location.GetProperty("artifactLocation").GetProperty("uri").GetString()!).LocalPath),
                region.GetProperty("startLine").GetInt32() - 1,
                region.GetProperty("startColumn").GetInt32() - 1,
                region.GetProperty("endLine").GetInt32() - 1,
                region.GetProperty("endColumn").GetInt32() - 1,
                severity));
        }

        return results;
    }
}
