using System.Text.Json;
using System.Text.RegularExpressions;
using IoPerf.Analyzers.Tests.EndToEnd;
using IoPerf.Corpus;
using Xunit;

namespace IoPerf.Analyzers.Tests.Tools;

/// <summary>
/// The runner loads projects as a build does: MSBuild's evaluation (conditions, imports, transitive project references),
/// the reference assemblies of the project's own target framework, and a fallback that says why for a project MSBuild
/// cannot evaluate or restore.
/// </summary>
[Collection(nameof(CorpusLoaderTests))]
public sealed partial class CorpusLoaderTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("iop-loader-").FullName;

    public void Dispose()
    {
        CorpusRunner.BeforeStep = null;
        Directory.Delete(_folder, recursive: true);
    }

    /// <summary>
    /// Three projects: a test-SDK reference in Directory.Build.props whose condition holds for no project here, an app that
    /// uses a type of a project two references away, a Using item under a condition (with its opposite, which would make
    /// the type ambiguous), and Compile items that are not the app's folder (a file linked in, a folder removed). Read as XML, every project is a test project and the app's code does not bind; MSBuild gets it
    /// right, and the runner's diagnostics are the ones <c>dotnet build</c> reports with every rule raised to warning.
    /// </summary>
    [Fact]
    public async Task MSBuildLoadedFixture_GivesTheDiagnosticsOfARealBuild()
    {
        WriteFixture();

        var byMSBuild = await RunAsync("--no-fix");
        var byFiles = await RunAsync("--no-fix", "--loader", "files");
        var build = DotNetCli.Run(Path.Combine(_folder, "App"), "build", "-nologo", "-p:TreatWarningsAsErrors=false",
            $"-p:IoPerfAnalyzer={typeof(Rules).Assembly.Location}");

        Assert.True(build.ExitCode == 0, build.ToString());
        var built = BuildWarning().Matches(build.Output)
            .Select(m => $"{Path.GetRelativePath(_folder, m.Groups["file"].Value)}:{m.Groups["line"].Value} {m.Groups["id"].Value}")
            .Distinct()
            .Order()
            .ToList();
        Assert.Contains("App/Program.cs:1 IOP003", built);
        Assert.Contains("Shared/Linked.cs:4 IOP003", built);
        Assert.DoesNotContain(built, d => d.StartsWith("App/Old/", StringComparison.Ordinal));
        Assert.Contains(built, d => d.StartsWith("App/Program.cs:", StringComparison.Ordinal) && d.EndsWith(" IOP002", StringComparison.Ordinal));
        Assert.Equal(built, Diagnostics(byMSBuild));

        Assert.All(Compilations(byMSBuild), c => Assert.Equal("MSBuild", c.GetProperty("LoadedBy").GetString()));
        // Compiled from the build's own compiler command line: its references, and its source generators run (Core's
        // GeneratedRegex has no body otherwise, CS8795).
        Assert.All(Compilations(byMSBuild), c => Assert.StartsWith("the build's command line: ", c.GetProperty("References").GetString()));
        Assert.All(Compilations(byMSBuild), c => Assert.Equal(0, c.GetProperty("BindingErrors").GetInt32()));
        Assert.StartsWith("CS8795 x1", Compilation(byFiles, "Core").GetProperty("CommonErrors").GetString());
        Assert.All(Compilations(byMSBuild), c => Assert.False(c.GetProperty("IsTestProject").GetBoolean()));
        Assert.Equal(2, Compilation(byMSBuild, "App").GetProperty("ProjectReferences").GetInt32());

        // What the runner saw before it used MSBuild: test projects everywhere, an ambiguous type in the app, the removed
        // folder compiled with the app (its one diagnostic, in a file the build never compiles) and the linked file as loose
        // code of its own, without the app's implicit usings.
        var loose = Assert.Single(Compilations(byFiles), c => c.GetProperty("LoadedBy").GetString() == "no project file");
        Assert.Equal(1, loose.GetProperty("Files").GetInt32());
        Assert.All(Compilations(byFiles).Where(c => c.GetProperty("LoadedBy").GetString() != "no project file"), c => Assert.True(c.GetProperty("IsTestProject").GetBoolean()));
        Assert.Equal(["App", "Core", "Paths"], Compilations(byMSBuild).Select(c => c.GetProperty("Name").GetString()).Order().ToList());
        Assert.Equal(2, Compilation(byFiles, "App").GetProperty("Files").GetInt32());
        // Program.cs, Linked.cs and what the SDK generates into obj/: global usings, assembly info, the framework attribute.
        Assert.Equal(5, Compilation(byMSBuild, "App").GetProperty("Files").GetInt32());
        Assert.NotEqual(0, Compilation(byFiles, "App").GetProperty("BindingErrors").GetInt32());
        Assert.Equal(["App/Old/Legacy.cs:4 IOP003"], Diagnostics(byFiles));
    }

    /// <summary>A project MSBuild cannot evaluate (an SDK that is not installed) is read from its files; one whose restore fails is compiled without packages. Both say so.</summary>
    [Fact]
    public async Task ProjectsMSBuildCannotLoadOrRestore_FallBack_AndSaySo()
    {
        WriteProject("Odd", "<Project Sdk=\"Acme.Sdk.That.Is.Not.Installed/1.0.0\"><PropertyGroup><OutputType>Exe</OutputType></PropertyGroup></Project>",
            "class Odd { static void Main() { } }");
        WriteProject("Unrestorable", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup>
              <ItemGroup><PackageReference Include="Acme.Package.That.Is.Not.Served" Version="1.0.0" /></ItemGroup>
            </Project>
            """, "class Lib { }");

        var report = await RunAsync("--no-fix");

        var odd = Compilation(report, "Odd");
        Assert.StartsWith("project files: MSBuild could not evaluate it", odd.GetProperty("LoadedBy").GetString());
        Assert.Equal("ConsoleApplication", odd.GetProperty("OutputKind").GetString());
        var unrestorable = Compilation(report, "Unrestorable");
        Assert.Equal("MSBuild", unrestorable.GetProperty("LoadedBy").GetString());
        Assert.StartsWith("restore failed: ", unrestorable.GetProperty("Packages").GetString());
        Assert.Contains("Acme.Package.That.Is.Not.Served", unrestorable.GetProperty("Packages").GetString());
        Assert.Equal(0, report.RootElement.GetProperty("CompilationFailures").GetArrayLength());
    }

    /// <summary>
    /// Each project is compiled against its own target framework: a .NET Framework project has no SearchValues, so IOP004
    /// (which needs it) stays silent there, as in its real build, and reports the same code where the project (also)
    /// targets .NET 8 - in its newest target, as its build does.
    /// </summary>
    [Fact]
    public async Task EachProject_IsCompiledAgainstItsOwnTargetFramework()
    {
        const string Search = """
            public static class Scan
            {
                private static readonly char[] Separators = ",; \t|:".ToCharArray();
                public static int CountFields(string line)
                {
                    int fields = 1, start = 0, end;
                    while ((end = line.IndexOfAny(Separators, start)) >= 0) { fields++; start = end + 1; }
                    return fields;
                }
            }
            """;
        WriteProject("Classic", "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net48</TargetFramework></PropertyGroup></Project>", Search);
        WriteProject("Modern", "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFrameworks>net48;net8.0</TargetFrameworks></PropertyGroup></Project>", Search);

        var report = await RunAsync("--no-fix", "--no-restore");

        Assert.Equal("net48 reference assemblies", Compilation(report, "Classic").GetProperty("References").GetString());
        Assert.Equal("net8.0 reference assemblies", Compilation(report, "Modern").GetProperty("References").GetString());
        Assert.Equal(["Modern/Code.cs:7 IOP004"], Diagnostics(report));
    }

    /// <summary>
    /// A project written on Windows lists a file in another case than the disk has it (ImageGlass' <c>frmAbout.designer.cs</c>
    /// for <c>frmAbout.Designer.cs</c>): its Windows build compiles it, so the runner does too, and the other half of the
    /// partial class binds.
    /// </summary>
    [Fact]
    public async Task CompileItemSpelledInAnotherCase_IsCompiled()
    {
        WriteProject("Forms", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFramework>net8.0</TargetFramework><EnableDefaultCompileItems>false</EnableDefaultCompileItems></PropertyGroup>
              <ItemGroup><Compile Include="Code.cs" /><Compile Include="about.designer.cs" /></ItemGroup>
            </Project>
            """, """
            public partial class About
            {
                public int Count() => System.IO.Directory.GetFiles(Folder).Length;
            }
            """);
        File.WriteAllText(Path.Combine(_folder, "Forms", "About.Designer.cs"), "public partial class About { private string Folder = \".\"; }\n");

        var report = await RunAsync("--no-fix", "--no-restore");

        Assert.Equal(2, Compilation(report, "Forms").GetProperty("Files").GetInt32());
        Assert.Equal(0, Compilation(report, "Forms").GetProperty("BindingErrors").GetInt32());
    }

    /// <summary>
    /// An old-style .NET Framework project restores (it has nothing to restore) and its design-time build runs, but without
    /// the framework's reference assemblies its command line has no core library: the runner composes the project itself,
    /// with the net48 reference assemblies, and says why (shadowsocks-windows' test project had 1,151 CS0518 errors before).
    /// </summary>
    [Fact]
    public async Task OldStyleProjectWithoutItsFramework_IsComposedInstead()
    {
        WriteProject("Legacy", """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <OutputType>Library</OutputType>
                <TargetFrameworkVersion>v4.8</TargetFrameworkVersion>
                <AssemblyName>Legacy</AssemblyName>
              </PropertyGroup>
              <ItemGroup>
                <Reference Include="System" />
                <Compile Include="Code.cs" />
              </ItemGroup>
              <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
            </Project>
            """, "public class Legacy { public object Value = new object(); }");

        var report = await RunAsync("--no-fix");

        var legacy = Compilation(report, "Legacy");
        Assert.Equal("MSBuild", legacy.GetProperty("LoadedBy").GetString());
        Assert.StartsWith("net48 reference assemblies (the build's references hold no core library", legacy.GetProperty("References").GetString());
        Assert.Equal("", legacy.GetProperty("CommonErrors").GetString());
        Assert.Equal(0, legacy.GetProperty("BindingErrors").GetInt32());
    }

    /// <summary>A checkout whose global.json pins an SDK this machine lacks (sharpcompress pins one) is still evaluated by MSBuild, with the installed SDK.</summary>
    [Fact]
    public async Task GlobalJsonPinningAMissingSdk_IsEvaluatedWithTheInstalledOne()
    {
        File.WriteAllText(Path.Combine(_folder, "global.json"), """{ "sdk": { "version": "10.0.999", "rollForward": "disable" } }""");
        WriteProject("Lib", "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>", "class Lib { }");

        var report = await RunAsync("--no-fix", "--no-restore");

        Assert.Equal("MSBuild", Compilation(report, "Lib").GetProperty("LoadedBy").GetString());
    }

    /// <summary>A compilation that throws (here: made to, before its analyzers run) is reported with its step, and the others are still analysed.</summary>
    [Fact]
    public async Task ACompilationThatThrows_IsReported_AndTheRunGoesOn()
    {
        WriteProject("Broken", "<Project Sdk=\"Microsoft.NET.Sdk\" />", "class Broken { }");
        WriteProject("Fine", "<Project Sdk=\"Microsoft.NET.Sdk\" />", """
            public static class Lines
            {
                public static int Count(string path) { var n = 0; foreach (var line in System.IO.File.ReadAllLines(path)) n += line.Length; return n; }
            }
            """);
        CorpusRunner.BeforeStep = (compilation, step) =>
        {
            if (compilation == "Broken" && step == "running the analyzers")
            {
                throw new NullReferenceException("as Roslyn's binder threw on code whose packages were missing");
            }
        };

        var json = Path.Combine(_folder, "report.json");
        using var output = new StringWriter();
        var code = await CorpusCommand.RunAsync([_folder, "--json", json, "--no-fix", "--loader", "files"], IoPerf.Tools.MarkdownTables.PlainTextConsole(output), TextWriter.Null);
        using var report = JsonDocument.Parse(File.ReadAllText(json));

        Assert.Equal(CorpusCommand.Findings, code);
        var failure = Assert.Single(report.RootElement.GetProperty("CompilationFailures").EnumerateArray());
        Assert.Equal("Broken", failure.GetProperty("Compilation").GetString());
        Assert.Equal("running the analyzers", failure.GetProperty("Step").GetString());
        Assert.Contains("NullReferenceException", failure.GetProperty("Exception").GetString());
        Assert.Equal(["Fine/Code.cs:3 IOP003"], Diagnostics(report));
        Assert.Contains("compilations that threw: 1", output.ToString());
    }

    private void WriteFixture()
    {
        File.WriteAllText(Path.Combine(_folder, "Directory.Build.props"), """
            <Project>
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <ImplicitUsings>enable</ImplicitUsings>
              </PropertyGroup>
              <!-- Only a project whose name ends in Tests is a test project: none here. -->
              <ItemGroup Condition="$(MSBuildProjectName.EndsWith('Tests'))">
                <PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.12.0" />
              </ItemGroup>
              <ItemGroup Condition="'$(IoPerfAnalyzer)' != ''">
                <Analyzer Include="$(IoPerfAnalyzer)" />
                <GlobalAnalyzerConfigFiles Include="$(MSBuildThisFileDirectory)all-warnings.globalconfig" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(_folder, "all-warnings.globalconfig"),
            "is_global = true\n" + string.Concat(Rules.All.Select(rule => $"dotnet_diagnostic.{rule.Id}.severity = warning\n")));
        WriteProject("Paths", "<Project Sdk=\"Microsoft.NET.Sdk\" />", """
            namespace Fixture.Paths { public static class Locations { public static string Input => "in.txt"; } }
            namespace Fixture.OtherPaths { public static class Locations { public static string Input => "other.txt"; } }
            """);
        WriteProject("Core", "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup><ProjectReference Include=\"../Paths/Paths.csproj\" /></ItemGroup></Project>",
            "namespace Fixture; public static partial class Core { [System.Text.RegularExpressions.GeneratedRegex(\"a+\")] public static partial System.Text.RegularExpressions.Regex As(); }");
        WriteProject("App", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><OutputType>Exe</OutputType></PropertyGroup>
              <ItemGroup>
                <ProjectReference Include="../Core/Core.csproj" />
                <Compile Remove="Old/**" />
                <Compile Include="../Shared/Linked.cs" />
                <Using Include="Fixture.Paths" Condition="'$(OutputType)' == 'Exe'" />
                <Using Include="Fixture.OtherPaths" Condition="'$(OutputType)' != 'Exe'" />
              </ItemGroup>
            </Project>
            """, """
            foreach (var line in File.ReadAllLines(Locations.Input)) Console.WriteLine(line);
            Console.WriteLine(ByteSum(Locations.Input));

            static long ByteSum(string path)
            {
                using var stream = File.OpenRead(path);
                var buffer = new byte[4096];
                long sum = 0;
                int read;
                while ((read = stream.Read(buffer, 0, 4096)) > 0)
                {
                    for (var i = 0; i < read; i++) sum += buffer[i];
                }

                return sum;
            }
            """);
        // The app's sources as MSBuild sees them: a file linked in from a folder of no project, a folder it removes.
        const string LinesOnce = "public static int Count(string path) { var n = 0; foreach (var line in File.ReadAllLines(path)) n += line.Length; return n; }";
        File.WriteAllText(Path.Combine(Directory.CreateDirectory(Path.Combine(_folder, "Shared")).FullName, "Linked.cs"),
            $"namespace Fixture;\npublic static class Linked\n{{\n    {LinesOnce}\n}}\n");
        File.WriteAllText(Path.Combine(Directory.CreateDirectory(Path.Combine(_folder, "App", "Old")).FullName, "Legacy.cs"),
            $"namespace Fixture;\npublic static class Legacy\n{{\n    {LinesOnce}\n}}\n");
    }

    private void WriteProject(string name, string project, string source)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_folder, name)).FullName;
        File.WriteAllText(Path.Combine(folder, name + ".csproj"), project);
        File.WriteAllText(Path.Combine(folder, name == "App" ? "Program.cs" : "Code.cs"), source);
    }

    private async Task<JsonDocument> RunAsync(params string[] options)
    {
        var json = Path.Combine(_folder, $"report-{Guid.NewGuid():N}.json");
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CorpusCommand.RunAsync([_folder, "--json", json, .. options], IoPerf.Tools.MarkdownTables.PlainTextConsole(output), error);
        Assert.True(code == CorpusCommand.Clean, $"exit code {code}\n{error}\n{output}");
        return JsonDocument.Parse(File.ReadAllText(json));
    }

    private static List<string> Diagnostics(JsonDocument report) => report.RootElement.GetProperty("Rules").EnumerateObject()
        .SelectMany(rule => rule.Value.GetProperty("Diagnostics").EnumerateArray().Select(d => $"{d.GetProperty("File").GetString()}:{d.GetProperty("Line").GetInt32()} {rule.Name}"))
        .Order()
        .ToList();

    private static IEnumerable<JsonElement> Compilations(JsonDocument report) => report.RootElement.GetProperty("CompilationDetails").EnumerateArray();

    private static JsonElement Compilation(JsonDocument report, string name) => Compilations(report).Single(c => c.GetProperty("Name").GetString() == name);

    [GeneratedRegex(@"^\s*(?<file>/[^\s(]+\.cs)\((?<line>\d+),\d+\): warning (?<id>IOP\d{3})", RegexOptions.Multiline)]
    private static partial Regex BuildWarning();
}
