using System.Text.Json;
using IoPerf.Corpus;
using Xunit;

namespace IoPerf.Analyzers.Tests.Tools;

/// <summary>The corpus runner's command line, run in-process with its output captured (as when redirected to a log).</summary>
public sealed class CorpusCommandTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("iop-corpus-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task Help_DescribesTheArgumentAndOptions()
    {
        var (code, output, error) = await RunAsync("--help");

        Assert.Equal(CorpusCommand.Clean, code);
        Assert.Equal("", error);
        Assert.Contains("<checkout>", output);
        Assert.Contains("--json <report.json>", output);
        Assert.Contains("--no-fix", output);
        Assert.Contains("--meter-check", output);
    }

    [Fact]
    public async Task MissingCheckout_IsAUsageError()
    {
        var missing = Path.Combine(_folder, "nothing-here");
        var (code, output, error) = await RunAsync(missing);

        Assert.Equal(CorpusCommand.UsageError, code);
        Assert.Contains($"No folder or .csproj at '{missing}'", error);
        Assert.Equal("", output);
    }

    [Fact]
    public async Task NoArguments_IsAUsageError()
    {
        var (code, _, error) = await RunAsync();

        Assert.Equal(CorpusCommand.UsageError, code);
        Assert.Contains("checkout", error);
        Assert.Contains("--help", error);
    }

    [Fact]
    public async Task AFileThatIsNotAProject_IsAUsageError()
    {
        var file = Path.Combine(_folder, "Program.cs");
        File.WriteAllText(file, "class C { }");
        var (code, _, error) = await RunAsync(file);

        Assert.Equal(CorpusCommand.UsageError, code);
        Assert.Contains("not a .csproj", error);
    }

    [Fact]
    public async Task JsonReportInAMissingFolder_IsAUsageError()
    {
        var (code, _, error) = await RunAsync(_folder, "--json", Path.Combine(_folder, "missing", "report.json"));

        Assert.Equal(CorpusCommand.UsageError, code);
        Assert.Contains("folder for the JSON report does not exist", error);
    }

    [Fact]
    public async Task CheckoutWithoutCSharpFiles_IsAUsageError()
    {
        var (code, _, error) = await RunAsync(_folder);

        Assert.Equal(CorpusCommand.UsageError, code);
        Assert.Contains("No .cs files", error);
    }

    [Fact]
    public async Task RedirectedRun_PrintsMarkdownTablesAndWritesTheJsonReport()
    {
        var project = Path.Combine(_folder, "App");
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, "App.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>");
        File.WriteAllText(Path.Combine(project, "Lines.cs"), """
            static class Lines
            {
                public static int CountErrors(string path)
                {
                    var count = 0;
                    foreach (var line in File.ReadAllLines(path))
                    {
                        if (line.StartsWith("ERROR")) count++;
                    }

                    return count;
                }
            }
            """);
        var json = Path.Combine(_folder, "report.json");

        var (code, output, error) = await RunAsync(_folder, "--json", json);

        Assert.Equal("", error);
        Assert.Equal(CorpusCommand.Clean, code);
        var lines = output.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        Assert.Contains(lines, l => l.StartsWith("| IOP003 | 1 ", StringComparison.Ordinal) && l.EndsWith(" |", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.StartsWith("| CA1870 ", StringComparison.Ordinal));
        Assert.Contains("  App/Lines.cs:6: File.ReadAllLines", output);
        Assert.DoesNotContain(lines, l => l.Length > 0 && l.Trim().Length == 0);
        Assert.DoesNotContain("\u001b[", output);

        using var report = JsonDocument.Parse(File.ReadAllText(json));
        var iop003 = report.RootElement.GetProperty("Rules").GetProperty("IOP003");
        Assert.Equal(6, iop003.GetProperty("Diagnostics")[0].GetProperty("Line").GetInt32());
        Assert.Equal(0, iop003.GetProperty("RemainingAfterFix").GetInt32());
        Assert.Equal(1, report.RootElement.GetProperty("Compilations").GetInt32());
        Assert.Contains(lines, l => System.Text.RegularExpressions.Regex.IsMatch(l, @"^\| App +\| 1 +\| 0 +\| 0 +\| DynamicallyLinkedLibrary \| 7 +\|"));
        Assert.Equal(0, report.RootElement.GetProperty("CompilationDetails")[0].GetProperty("BindingErrors").GetInt32());

        // The floor is the empty analyzer's cost per callback, taken out of every analyzer's figure once per callback:
        // the rules' and the SDK's alike.
        var empty = report.RootElement.GetProperty("EmptyCallbacks");
        var floor = report.RootElement.GetProperty("FloorNanosecondsPerCall").GetDouble();
        Assert.True(empty.GetProperty("Calls").GetInt64() > 0);
        Assert.Equal(empty.GetProperty("CpuMilliseconds").GetDouble() * 1e6 / empty.GetProperty("Calls").GetInt64(), floor, precision: 6);
        var ca1870 = report.RootElement.GetProperty("SdkAnalyzers").EnumerateObject().Single(a => a.Name.StartsWith("CA1870", StringComparison.Ordinal)).Value;
        foreach (var cost in new[] { iop003.GetProperty("Cost"), ca1870 })
        {
            var expected = Math.Max(0, cost.GetProperty("CpuMilliseconds").GetDouble() - (cost.GetProperty("Calls").GetInt64() * floor / 1e6));
            Assert.Equal(expected, cost.GetProperty("CpuMillisecondsLessFloor").GetDouble(), precision: 9);
        }

        var lessFloor = report.RootElement.GetProperty("Rules").EnumerateObject().Sum(r => r.Value.GetProperty("Cost").GetProperty("CpuMillisecondsLessFloor").GetDouble());
        Assert.Contains(lines, l => l.StartsWith($"  less the floor, {floor:F0} ns per callback", StringComparison.Ordinal) && l.Contains($": {lessFloor:F1} ms CPU", StringComparison.Ordinal));

        // The gates' shared search of the checkout's one tree ran inside some rule's callback and is shown apart; the
        // SDK's analyzers search nothing.
        var searched = report.RootElement.GetProperty("Rules").EnumerateObject().Sum(r => r.Value.GetProperty("Cost").GetProperty("SharedTextSearchCpuMilliseconds").GetDouble());
        Assert.True(searched > 0, "no rule's figure held the shared text search");
        Assert.Equal(0, ca1870.GetProperty("SharedTextSearchCpuMilliseconds").GetDouble());
        Assert.Contains(lines, l => l.StartsWith("Of which the one search of each tree's text", StringComparison.Ordinal) && l.EndsWith($": {searched:F1} ms CPU.", StringComparison.Ordinal));
    }

    /// <summary><c>--meter-check</c> needs no checkout and prints the clock's cost at each level of memory read between calls, twice.</summary>
    [Fact]
    public async Task MeterCheck_PrintsTheClockReadsAtEachLevel()
    {
        var (code, output, error) = await RunAsync("--meter-check");

        Assert.Equal(CorpusCommand.Clean, code);
        Assert.Equal("", error);
        var rows = output.Split('\n').Where(l => System.Text.RegularExpressions.Regex.IsMatch(l, @"^\| (nothing|1 MB|16 MB) +\| \d+ +\| \d+ +\|")).ToList();
        Assert.Equal(2 * MeterCheck.Levels.Length, rows.Count);
    }

    /// <summary>
    /// <c>--across-methods</c> runs the projects as if they turned the preview on: a loop's call to a project method that
    /// appends to one file is reported with it, and not without it (the default a user gets).
    /// </summary>
    [Theory]
    [InlineData(false, 0)]
    [InlineData(true, 1)]
    public async Task AcrossMethodsSwitch_TurnsTheCrossMethodDiagnosticsOn(bool acrossMethods, int expected)
    {
        var project = Path.Combine(_folder, "Jobs");
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, "Jobs.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>");
        File.WriteAllText(Path.Combine(project, "Jobs.cs"), """
            static class Journal
            {
                private const string JournalPath = "jobs.log";

                public static void Write(string message) => File.AppendAllText(JournalPath, message + Environment.NewLine);
            }

            static class Jobs
            {
                public static void RunAll(IEnumerable<string> names)
                {
                    foreach (var name in names)
                    {
                        Journal.Write(name);
                    }
                }
            }
            """);
        var json = Path.Combine(_folder, "report.json");
        var args = new List<string> { _folder, "--json", json, "--no-fix", "--loader", "files" };
        if (acrossMethods)
        {
            args.Add("--across-methods");
        }

        var (code, _, error) = await RunAsync(args.ToArray());

        Assert.Equal("", error);
        Assert.Equal(CorpusCommand.Clean, code);
        using var report = JsonDocument.Parse(File.ReadAllText(json));
        var diagnostics = report.RootElement.GetProperty("Rules").GetProperty("IOP008").GetProperty("Diagnostics");
        Assert.Equal(expected, diagnostics.GetArrayLength());
        if (expected > 0)
        {
            Assert.Equal(14, diagnostics[0].GetProperty("Line").GetInt32());
        }
    }

    /// <summary>
    /// A rule with two fixes, both needed in one file: the fix in place changes the file first, and the helper fix across
    /// methods is still applied (it was given diagnostics of the file as it was, whose tree was gone, and skipped it).
    /// </summary>
    [Fact]
    public async Task TwoFixesOfOneRuleInOneFile_AreBothApplied()
    {
        var project = Path.Combine(_folder, "Books");
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, "Books.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>");
        File.WriteAllText(Path.Combine(project, "Shelf.cs"), """
            static class Shelf
            {
                private static string[] Books(string folder) => Directory.GetFiles(folder, "*.htm");

                public static int Count(string folder)
                {
                    var count = 0;
                    foreach (var book in Books(folder)) count += book.Length;
                    foreach (var cover in Directory.GetFiles(folder, "*.png")) count += cover.Length;
                    return count;
                }
            }
            """);
        var json = Path.Combine(_folder, "report.json");

        var (code, _, error) = await RunAsync(_folder, "--json", json, "--loader", "files", "--across-methods");

        Assert.Equal("", error);
        Assert.Equal(CorpusCommand.Clean, code);
        using var report = JsonDocument.Parse(File.ReadAllText(json));
        var iop007 = report.RootElement.GetProperty("Rules").GetProperty("IOP007");
        Assert.Equal(2, iop007.GetProperty("Diagnostics").GetArrayLength());
        Assert.Equal(0, iop007.GetProperty("FixIntroducedErrors").GetArrayLength());
        Assert.Equal(0, iop007.GetProperty("RemainingAfterFix").GetInt32());
    }

    /// <summary>A symbolic link to a source file that is not in the checkout is skipped, not a crash of the whole run.</summary>
    [Fact]
    public async Task LinkToAMissingSourceFile_IsSkipped()
    {
        var project = Path.Combine(_folder, "Lib");
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, "Lib.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\" />");
        File.WriteAllText(Path.Combine(project, "Present.cs"), "class Present { }");
        File.CreateSymbolicLink(Path.Combine(project, "Shared.cs"), Path.Combine(_folder, "not-fetched", "Shared.cs"));
        var json = Path.Combine(_folder, "report.json");

        var (code, _, error) = await RunAsync(_folder, "--json", json);

        Assert.Equal("", error);
        Assert.Equal(CorpusCommand.Clean, code);
        using var report = JsonDocument.Parse(File.ReadAllText(json));
        Assert.Equal(1, report.RootElement.GetProperty("Files").GetInt32());
    }

    /// <summary>
    /// A repository that turns ImplicitUsings on and adds Using items in Directory.Build.props: the code binds only with
    /// them, and before the runner read them the rule saw nothing there.
    /// </summary>
    [Fact]
    public async Task UsingsFromDirectoryBuildProps_AreCompiledIn()
    {
        File.WriteAllText(Path.Combine(_folder, "Directory.Build.props"), """
            <Project>
              <PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup>
              <ItemGroup><Using Include="System.Diagnostics" /><Using Include="System.Console" Static="true" /></ItemGroup>
            </Project>
            """);
        var project = Path.Combine(_folder, "src", "Tool");
        Directory.CreateDirectory(project);
        File.WriteAllText(Path.Combine(project, "Tool.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><OutputType>Exe</OutputType></PropertyGroup></Project>");
        File.WriteAllText(Path.Combine(project, "Program.cs"), """
            var clock = Stopwatch.StartNew();
            foreach (var line in File.ReadAllLines(args[0]))
            {
                WriteLine(line.Length);
            }

            WriteLine(clock.Elapsed);
            """);
        var json = Path.Combine(_folder, "report.json");

        var (code, output, error) = await RunAsync(_folder, "--json", json, "--no-fix");

        Assert.Equal("", error);
        Assert.Equal(CorpusCommand.Clean, code);
        using var report = JsonDocument.Parse(File.ReadAllText(json));
        var compilation = report.RootElement.GetProperty("CompilationDetails")[0];
        Assert.Equal(0, compilation.GetProperty("BindingErrors").GetInt32());
        Assert.Equal("ConsoleApplication", compilation.GetProperty("OutputKind").GetString());
        Assert.Equal(9, compilation.GetProperty("GlobalUsings").GetInt32());
        Assert.Equal(2, report.RootElement.GetProperty("Rules").GetProperty("IOP003").GetProperty("Diagnostics")[0].GetProperty("Line").GetInt32());
        Assert.Contains("  src/Tool/Program.cs:2: File.ReadAllLines", output);
    }

    [Fact]
    public async Task ReferencedProjects_AreCompiledTogether_AndMissingOnesCounted()
    {
        WriteProject("src/Core", "Core.csproj", "<PropertyGroup><AssemblyName>Acme.Core</AssemblyName></PropertyGroup>", """
            [assembly: System.Runtime.CompilerServices.InternalsVisibleTo("Acme.App")]
            namespace Acme.Core;
            internal static class Paths
            {
                public static string[] Lines(string path) => System.IO.File.ReadAllLines(path);
            }
            """);
        WriteProject("src/App", "App.csproj", """
            <PropertyGroup><AssemblyName>Acme.App</AssemblyName><OutputType>Exe</OutputType></PropertyGroup>
            <ItemGroup>
              <ProjectReference Include="..\Core\Core.csproj" />
              <ProjectReference Include="..\..\..\Elsewhere\Elsewhere.csproj" />
            </ItemGroup>
            """, """
            foreach (var line in Acme.Core.Paths.Lines(args[0]))
            {
                System.Console.WriteLine(line.Length);
            }
            """);
        var json = Path.Combine(_folder, "report.json");

        var (code, output, error) = await RunAsync(_folder, "--json", json, "--no-fix");

        Assert.Equal("", error);
        Assert.Equal(CorpusCommand.Clean, code);
        using var report = JsonDocument.Parse(File.ReadAllText(json));
        var app = report.RootElement.GetProperty("CompilationDetails").EnumerateArray().Single(c => c.GetProperty("Name").GetString() == "src/App");
        Assert.Equal(0, app.GetProperty("BindingErrors").GetInt32());
        Assert.Equal(1, app.GetProperty("ProjectReferences").GetInt32());
        Assert.Equal(1, app.GetProperty("MissingProjectReferences").GetInt32());
        Assert.Contains("| src/App ", output);
        Assert.Contains("| 1 (1) ", output);
    }

    private void WriteProject(string relativeFolder, string projectFile, string projectBody, string source)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_folder, relativeFolder)).FullName;
        File.WriteAllText(Path.Combine(folder, projectFile), $"<Project Sdk=\"Microsoft.NET.Sdk\">{projectBody}</Project>");
        File.WriteAllText(Path.Combine(folder, "Code.cs"), source);
    }

    private static async Task<(int Code, string Output, string Error)> RunAsync(params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CorpusCommand.RunAsync(args, IoPerf.Tools.MarkdownTables.PlainTextConsole(output), error);
        return (code, output.ToString(), error.ToString());
    }
}
