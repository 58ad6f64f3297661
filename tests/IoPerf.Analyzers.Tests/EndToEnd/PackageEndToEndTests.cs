using System.IO.Compression;
using System.Xml.Linq;
using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;

namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>
/// Packs the real NuGet package, installs it from a folder feed into a fresh net8.0 project, and checks what a user
/// sees: the build warning, the fix applied by `dotnet format analyzers`, and the package layout.
/// </summary>
[Collection(nameof(PackageEndToEndTests))]
public sealed class PackageEndToEndTests
{
    private const string ConsumerFramework = "net8.0";

    private readonly PackedPackage _package;

    public PackageEndToEndTests(PackedPackage package) => _package = package;

    [Fact]
    public void Package_HasTheAnalyzerLayoutAndMetadata()
    {
        using var archive = ZipFile.OpenRead(_package.NupkgPath);
        var entries = archive.Entries.Select(e => e.FullName).ToList();

        Assert.Contains("analyzers/dotnet/cs/IoPerf.Analyzers.dll", entries);
        Assert.Contains("analyzers/dotnet/cs/IoPerf.Analyzers.CodeFixes.dll", entries);
        Assert.Contains("build/IoPerf.Analyzers.targets", entries);
        Assert.Contains("build/IoPerf.Analyzers.AllWarnings.globalconfig", entries);
        Assert.Contains("README.md", entries);
        Assert.DoesNotContain(entries, e => e.StartsWith("lib/", StringComparison.Ordinal));

        var nuspecEntry = archive.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal));
        using var stream = nuspecEntry.Open();
        var metadata = XDocument.Load(stream).Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        string? Value(string name) => metadata.Elements().SingleOrDefault(e => e.Name.LocalName == name)?.Value;

        Assert.Equal("IoPerf.Analyzers", Value("id"));
        Assert.Equal("true", Value("developmentDependency"));
        Assert.Equal("README.md", Value("readme"));
        Assert.Equal("MIT", Value("license"));
        Assert.Equal(PackageMetadataTests.Description, Value("description"));
        Assert.Null(metadata.Elements().SingleOrDefault(e => e.Name.LocalName == "dependencies" && e.HasElements));

        // The package page shows the package's own readme, and the release notes name every rule with its default.
        using (var readme = new StreamReader(archive.GetEntry("README.md")!.Open()))
        {
            Assert.Equal(File.ReadAllText(Path.Combine(TestFrameworkReferences.RepoRoot, "src", "Package", "README.md")), readme.ReadToEnd());
        }

        var releaseNotes = Value("releaseNotes") ?? "";
        foreach (var rule in Rules.All)
        {
            Assert.Contains($"{rule.Id} ({rule.DefaultSeverity})", releaseNotes);
        }
    }

    [Fact]
    public void Consumer_SeesTheWarningByDefault_AndDotnetFormatAppliesTheFix()
    {
        var project = _package.CreateConsumer("FormatConsumer", editorConfig: null);

        var build = DotNetCli.Run(project, "build", "-nologo");
        Assert.True(build.ExitCode == 0, build.ToString());
        Assert.Contains("warning IOP003", build.Output);
        Assert.Contains(RuleIdentifiers.GetHelpLink("IOP003"), build.Output);
        Assert.Contains("warning IOP004", build.Output);

        // Suggestion-level rules stay out of a command-line build unless the preset is on (the other test).
        Assert.DoesNotContain("IOP001", build.Output);
        Assert.DoesNotContain("IOP002", build.Output);
        Assert.DoesNotContain("IOP006", build.Output);
        Assert.DoesNotContain("IOP007", build.Output);
        Assert.DoesNotContain("IOP008", build.Output);
        Assert.DoesNotContain("IOP009", build.Output);

        // docs/ci.md's day one: the two warning rules fail a CI build that lists them, other warnings stay warnings.
        var strict = DotNetCli.Run(project, "build", "-nologo", "--no-restore", "--no-incremental", "-warnaserror:IOP003,IOP004");
        Assert.True(strict.ExitCode != 0, strict.ToString());
        Assert.Contains("error IOP003", strict.Output);
        Assert.Contains("error IOP004", strict.Output);

        // The CI gate of docs/ci.md: fails while a fix is pending, changes nothing.
        var gate = DotNetCli.Run(project, "format", "analyzers", "--verify-no-changes", "--diagnostics", "IOP003", "IOP004", "--no-restore");
        Assert.True(gate.ExitCode != 0, "verify-no-changes passed with fixes pending:\n" + gate);
        Assert.Contains("File.ReadAllLines(path)", File.ReadAllText(Path.Combine(project, "Program.cs")));

        var format = DotNetCli.Run(project, "format", "analyzers", "--diagnostics", "IOP003", "IOP004", "--severity", "info", "--no-restore");
        Assert.True(format.ExitCode == 0, format.ToString());
        var fixedSource = File.ReadAllText(Path.Combine(project, "Program.cs"));
        Assert.Contains("File.ReadLines(path)", fixedSource);
        Assert.DoesNotContain("ReadAllLines", fixedSource);
        var fixedSearch = File.ReadAllText(Path.Combine(project, "Search.cs"));
        Assert.Contains("SearchValues.Create(", fixedSearch);
        Assert.Contains("IndexOfAnyFrom(text, start, s_separators)", fixedSearch);
        Assert.Contains("private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)", fixedSearch);
        Assert.DoesNotContain("char[] Separators", fixedSearch); // nothing else read the array: the fix removed it

        // The fixed code compiles for the consumer's target (net8.0, the first with SearchValues) and is clean.
        var rebuild = DotNetCli.Run(project, "build", "-nologo", "--no-restore");
        Assert.True(rebuild.ExitCode == 0, rebuild.ToString());
        Assert.DoesNotContain("IOP003", rebuild.Output);
        Assert.DoesNotContain("IOP004", rebuild.Output);

        var gateAfter = DotNetCli.Run(project, "format", "analyzers", "--verify-no-changes", "--diagnostics", "IOP003", "IOP004", "--no-restore");
        Assert.True(gateAfter.ExitCode == 0, "verify-no-changes failed after the fixes:\n" + gateAfter);
    }

    /// <summary>
    /// A library for netstandard2.0 and net8.0, as library authors write them: the IOP004 and IOP003 warnings come from
    /// the net8.0 build, and `dotnet format analyzers` fixes them under <c>#if NET8_0_OR_GREATER</c> (SearchValues) and
    /// <c>#if NET7_0_OR_GREATER</c> (File.ReadLinesAsync in an async method), keeping the old code for netstandard2.0;
    /// both targets then build with the warnings gone.
    /// </summary>
    [Fact]
    public void MultiTargetedLibrary_DotnetFormatFixesUnderIf_AndBothTargetsBuild()
    {
        var project = _package.CreateConsumer("MultiTargetConsumer", editorConfig: null, targetFrameworks: "netstandard2.0;net8.0");

        var build = DotNetCli.Run(project, "build", "-nologo");
        Assert.True(build.ExitCode == 0, build.ToString());
        Assert.Contains("warning IOP004", build.Output);
        Assert.Contains("warning IOP003", build.Output);

        var format = DotNetCli.Run(project, "format", "analyzers", "--diagnostics", "IOP004", "IOP003", "--no-restore");
        Assert.True(format.ExitCode == 0, format.ToString());
        var fixedSearch = File.ReadAllText(Path.Combine(project, "Search.cs"));
        Assert.Contains("#if NET8_0_OR_GREATER", fixedSearch);
        Assert.Contains("IndexOfAnyFrom(text, start, s_separators)", fixedSearch);
        Assert.Contains("#else", fixedSearch);
        Assert.Contains("text.IndexOfAny(Separators, start)", fixedSearch);
        var fixedLines = File.ReadAllText(Path.Combine(project, "Lines.cs"));
        Assert.Contains("#if NET7_0_OR_GREATER", fixedLines);
        Assert.Contains("await foreach (var line in File.ReadLinesAsync(path))", fixedLines);
        Assert.Contains("foreach (var line in File.ReadAllLines(path))", fixedLines);

        var rebuild = DotNetCli.Run(project, "build", "-nologo", "--no-restore");
        Assert.True(rebuild.ExitCode == 0, rebuild.ToString());
        Assert.DoesNotContain("IOP004", rebuild.Output);
        Assert.DoesNotContain("IOP003", rebuild.Output);
    }

    /// <summary>
    /// docs/ci.md's SARIF set-up: one SARIF 2.1 log per project from Directory.Build.props, each IOP result with its rule
    /// id, message and location, and each rule with its help link and its description (the measured clause).
    /// </summary>
    [Fact]
    public void Consumer_SarifLogPerProject_CarriesEachResultWithItsEvidence()
    {
        var project = _package.CreateConsumer("SarifConsumer", editorConfig: null);
        File.WriteAllText(Path.Combine(project, "Directory.Build.props"), """
            <Project>
              <PropertyGroup Condition="'$(CI)' == 'true'">
                <SarifFolder>$(MSBuildThisFileDirectory)artifacts/sarif/</SarifFolder>
                <ErrorLog>$(SarifFolder)$(MSBuildProjectName).sarif,version=2.1</ErrorLog>
              </PropertyGroup>
              <Target Name="CreateSarifFolder" BeforeTargets="CoreCompile" Condition="'$(SarifFolder)' != ''">
                <MakeDir Directories="$(SarifFolder)" />
              </Target>
            </Project>
            """);

        var build = DotNetCli.Run(project, "build", "-nologo", "-p:IoPerfAnalyzersAllWarnings=true", "-p:CI=true");
        Assert.True(build.ExitCode == 0, build.ToString());
        var logPath = Path.Combine(project, "artifacts", "sarif", "SarifConsumer.sarif");
        Assert.True(File.Exists(logPath), "no SARIF log at " + logPath + "\n" + build);

        using var log = System.Text.Json.JsonDocument.Parse(File.ReadAllText(logPath));
        Assert.Equal("2.1.0", log.RootElement.GetProperty("version").GetString());
        var run = log.RootElement.GetProperty("runs")[0];
        var rules = run.GetProperty("tool").GetProperty("driver").GetProperty("rules").EnumerateArray()
            .Where(rule => rule.GetProperty("id").GetString()!.StartsWith("IOP", StringComparison.Ordinal))
            .ToDictionary(rule => rule.GetProperty("id").GetString()!);
        var results = run.GetProperty("results").EnumerateArray()
            .Where(result => result.GetProperty("ruleId").GetString()!.StartsWith("IOP", StringComparison.Ordinal))
            .ToList();

        // The consumer's code trips these five rules (Files.cs: IOP001, IOP002, IOP006; Program.cs: IOP003; Search.cs: IOP004).
        var reported = results.Select(result => result.GetProperty("ruleId").GetString()!).ToHashSet();
        Assert.Equal(new[] { "IOP001", "IOP002", "IOP003", "IOP004", "IOP006" }, reported.Order());
        foreach (var result in results)
        {
            var id = result.GetProperty("ruleId").GetString()!;
            Assert.False(string.IsNullOrWhiteSpace(result.GetProperty("message").GetProperty("text").GetString()), id + " has no message");
            var location = result.GetProperty("locations")[0].GetProperty("physicalLocation");
            Assert.EndsWith(".cs", location.GetProperty("artifactLocation").GetProperty("uri").GetString());
            Assert.True(location.GetProperty("region").GetProperty("startLine").GetInt32() > 0, id + " has no line");

            var descriptor = Rules.All.Single(d => d.Id == id);
            var rule = rules[id];
            Assert.Equal(descriptor.HelpLinkUri, rule.GetProperty("helpUri").GetString());
            Assert.Equal(descriptor.Description.ToString(), rule.GetProperty("fullDescription").GetProperty("text").GetString());
        }
    }

    [Fact]
    public void Consumer_EditorConfigSilencesTheRule_AndThePresetReachesTheCompiler()
    {
        var project = _package.CreateConsumer("ConfiguredConsumer", editorConfig: "dotnet_diagnostic.IOP003.severity = none");

        var silenced = DotNetCli.Run(project, "build", "-nologo");
        Assert.True(silenced.ExitCode == 0, silenced.ToString());
        Assert.DoesNotContain("IOP003", silenced.Output);

        // The preset (every rule as a warning) is a global config the package's build targets hand to the compiler.
        var preset = DotNetCli.Run(project, "build", "-nologo", "--no-restore", "--no-incremental", "-v:d", "-p:IoPerfAnalyzersAllWarnings=true");
        Assert.True(preset.ExitCode == 0, preset.ToString());
        Assert.Contains("/analyzerconfig:", preset.Output);
        Assert.Contains("IoPerf.Analyzers.AllWarnings.globalconfig", preset.Output);
        Assert.Contains("warning IOP001", preset.Output);
        Assert.Contains("warning IOP002", preset.Output);
        Assert.Contains("warning IOP006", preset.Output);
    }

    /// <summary>Packs once per test run, with a unique version so no stale copy in the NuGet cache is used.</summary>
    public sealed class PackedPackage : IDisposable
    {
        private readonly string _root;

        public PackedPackage()
        {
            _root = Path.Combine(Path.GetTempPath(), "ioperf-e2e-" + Guid.NewGuid().ToString("N"));
            Feed = Path.Combine(_root, "feed");
            Directory.CreateDirectory(Feed);
            Version = "0.0.0-e2e." + DateTime.UtcNow.ToString("yyyyMMddHHmmss") + "." + Guid.NewGuid().ToString("N")[..8];

            var packageProject = Path.Combine(TestFrameworkReferences.RepoRoot, "src", "Package", "IoPerf.Analyzers.Package.csproj");
            var pack = DotNetCli.Run(_root, "pack", packageProject, "-c", "Release", "-o", Feed, "-p:Version=" + Version, "-nologo");
            if (pack.ExitCode != 0)
            {
                throw new InvalidOperationException("dotnet pack failed: " + pack);
            }

            NupkgPath = Path.Combine(Feed, $"IoPerf.Analyzers.{Version}.nupkg");
            if (!File.Exists(NupkgPath))
            {
                throw new InvalidOperationException($"Expected {NupkgPath} after pack:\n{pack}");
            }
        }

        public string Feed { get; }

        public string Version { get; }

        public string NupkgPath { get; }

        /// <param name="targetFrameworks">Set for a library (only Search.cs, which every target compiles); else a net8.0 program.</param>
        public string CreateConsumer(string name, string? editorConfig, string? targetFrameworks = null)
        {
            var directory = Path.Combine(_root, name);
            Directory.CreateDirectory(directory);

            WriteNuGetConfig(directory);
            var targets = targetFrameworks is null
                ? $"<OutputType>Exe</OutputType><TargetFramework>{ConsumerFramework}</TargetFramework>"
                : $"<TargetFrameworks>{targetFrameworks}</TargetFrameworks><LangVersion>latest</LangVersion>";
            File.WriteAllText(Path.Combine(directory, name + ".csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    {targets}
                    <Nullable>enable</Nullable>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="IoPerf.Analyzers" Version="{Version}" />
                  </ItemGroup>
                </Project>
                """);
            File.WriteAllText(Path.Combine(directory, "Search.cs"), """
                static class Search
                {
                    private static readonly char[] Separators = " ,;:.!?".ToCharArray();

                    public static int Next(string text, int start) => text.IndexOfAny(Separators, start);
                }
                """);
            if (targetFrameworks is not null)
            {
                File.WriteAllText(Path.Combine(directory, "Lines.cs"), """
                    using System;
                    using System.IO;
                    using System.Threading.Tasks;

                    public static class Lines
                    {
                        public static async Task<int> LongestAsync(string path)
                        {
                            var longest = 0;
                            foreach (var line in File.ReadAllLines(path))
                            {
                                longest = Math.Max(longest, line.Length);
                            }

                            await Task.Yield();
                            return longest;
                        }
                    }
                    """);
                return WithEditorConfig(directory, editorConfig);
            }

            File.WriteAllText(Path.Combine(directory, "Program.cs"), """
                using System;
                using System.IO;

                var path = args.Length > 0 ? args[0] : "input.txt";
                var longest = 0;
                foreach (var line in File.ReadAllLines(path))
                {
                    longest = Math.Max(longest, line.Length);
                }

                Console.WriteLine(longest);
                """);
            File.WriteAllText(Path.Combine(directory, "Files.cs"), """
                using System.IO;

                static class Files
                {
                    public static long Sum(string path)
                    {
                        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous);
                        var buffer = new byte[4096];
                        long total = 0;
                        int n;
                        while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                        {
                            total += n;
                        }

                        return total;
                    }

                    public static void Print(string path)
                    {
                        foreach (var name in File.ReadLines(path))
                        {
                            System.Console.WriteLine(name);
                        }
                    }
                }
                """);
            return WithEditorConfig(directory, editorConfig);
        }

        /// <summary>
        /// A project with the package, a SARIF log (<c>build.sarif</c>) and <paramref name="files"/> (name, text), whose
        /// property group holds <paramref name="properties"/> and whose item group holds <paramref name="items"/>.
        /// </summary>
        public string CreateProject(string name, string properties, string items, params (string Name, string Text)[] files)
        {
            var directory = Path.Combine(_root, name);
            Directory.CreateDirectory(directory);
            WriteNuGetConfig(directory);
            File.WriteAllText(Path.Combine(directory, name + ".csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    {properties}
                    <ErrorLog>build.sarif,version=2.1</ErrorLog>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="IoPerf.Analyzers" Version="{Version}" />
                    {items}
                  </ItemGroup>
                </Project>
                """);
            foreach (var (fileName, text) in files)
            {
                File.WriteAllText(Path.Combine(directory, fileName), text);
            }

            return directory;
        }

        /// <summary>The folder feed, added to the machine's configured sources (no &lt;clear/&gt;): the framework packs still restore.</summary>
        private void WriteNuGetConfig(string directory) => File.WriteAllText(Path.Combine(directory, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="ioperf-e2e" value="{Feed}" />
              </packageSources>
            </configuration>
            """);

        /// <summary>
        /// A program made of samples/Demo's sources (one example of every rule) with the package, the preset on and a
        /// SARIF log (<c>build.sarif</c>), the local tool manifest of this repository beside it, and the demo's
        /// .editorconfig followed by <paramref name="editorConfig"/> for every file.
        /// </summary>
        public string CreateDemoConsumer(string name, string editorConfig)
        {
            var directory = Path.Combine(_root, name);
            var demo = Path.Combine(TestFrameworkReferences.RepoRoot, "samples", "Demo");
            Directory.CreateDirectory(Path.Combine(directory, ".config"));
            File.Copy(Path.Combine(TestFrameworkReferences.RepoRoot, ".config", "dotnet-tools.json"), Path.Combine(directory, ".config", "dotnet-tools.json"));
            foreach (var source in Directory.GetFiles(demo, "*.cs"))
            {
                File.Copy(source, Path.Combine(directory, Path.GetFileName(source)));
            }

            WriteNuGetConfig(directory);
            File.WriteAllText(Path.Combine(directory, name + ".csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <OutputType>Exe</OutputType>
                    <TargetFramework>net10.0</TargetFramework>
                    <ImplicitUsings>enable</ImplicitUsings>
                    <IoPerfAnalyzersAllWarnings>true</IoPerfAnalyzersAllWarnings>
                    <ErrorLog>build.sarif,version=2.1</ErrorLog>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="IoPerf.Analyzers" Version="{Version}" />
                  </ItemGroup>
                </Project>
                """);
            File.WriteAllText(
                Path.Combine(directory, ".editorconfig"),
                "root = true\n\n" + File.ReadAllText(Path.Combine(demo, ".editorconfig")) + "\n[*.cs]\n" + editorConfig + "\n");
            return directory;
        }

        private static string WithEditorConfig(string directory, string? editorConfig)
        {
            if (editorConfig is not null)
            {
                File.WriteAllText(Path.Combine(directory, ".editorconfig"), "root = true\n\n[*.cs]\n" + editorConfig + "\n");
            }

            return directory;
        }

        public void Dispose()
        {
            try
            {
                Directory.Delete(_root, recursive: true);
            }
            catch (IOException)
            {
                // A build server may still hold a file for a moment; the temp folder is cleaned by the OS later.
            }
        }
    }
}

/// <summary>The end-to-end tests share one packed package (packing takes half a minute) and run alone.</summary>
[CollectionDefinition(nameof(PackageEndToEndTests), DisableParallelization = true)]
public sealed class PackageEndToEndCollection : ICollectionFixture<PackageEndToEndTests.PackedPackage>
{
}
