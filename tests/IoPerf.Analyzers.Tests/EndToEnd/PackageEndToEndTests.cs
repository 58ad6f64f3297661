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
public sealed class PackageEndToEndTests : IClassFixture<PackageEndToEndTests.PackedPackage>
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
        Assert.False(string.IsNullOrWhiteSpace(Value("description")));
        Assert.Null(metadata.Elements().SingleOrDefault(e => e.Name.LocalName == "dependencies" && e.HasElements));
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

        var format = DotNetCli.Run(project, "format", "analyzers", "--diagnostics", "IOP003", "IOP004", "--severity", "info", "--no-restore");
        Assert.True(format.ExitCode == 0, format.ToString());
        var fixedSource = File.ReadAllText(Path.Combine(project, "Program.cs"));
        Assert.Contains("File.ReadLines(path)", fixedSource);
        Assert.DoesNotContain("ReadAllLines", fixedSource);
        var fixedSearch = File.ReadAllText(Path.Combine(project, "Search.cs"));
        Assert.Contains("SearchValues.Create(", fixedSearch);
        Assert.Contains(".AsSpan(start).IndexOfAny(", fixedSearch);

        // The fixed code compiles for the consumer's target (net8.0, the first with SearchValues) and is clean.
        var rebuild = DotNetCli.Run(project, "build", "-nologo", "--no-restore");
        Assert.True(rebuild.ExitCode == 0, rebuild.ToString());
        Assert.DoesNotContain("IOP003", rebuild.Output);
        Assert.DoesNotContain("IOP004", rebuild.Output);
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

        public string CreateConsumer(string name, string? editorConfig)
        {
            var directory = Path.Combine(_root, name);
            Directory.CreateDirectory(directory);

            // The folder feed is added to the machine's configured sources (no <clear/>): the framework packs still restore.
            File.WriteAllText(Path.Combine(directory, "nuget.config"), $"""
                <?xml version="1.0" encoding="utf-8"?>
                <configuration>
                  <packageSources>
                    <add key="ioperf-e2e" value="{Feed}" />
                  </packageSources>
                </configuration>
                """);
            File.WriteAllText(Path.Combine(directory, name + ".csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <OutputType>Exe</OutputType>
                    <TargetFramework>{ConsumerFramework}</TargetFramework>
                    <Nullable>enable</Nullable>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="IoPerf.Analyzers" Version="{Version}" />
                  </ItemGroup>
                </Project>
                """);
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
            File.WriteAllText(Path.Combine(directory, "Search.cs"), """
                static class Search
                {
                    private static readonly char[] Separators = " ,;:.!?".ToCharArray();

                    public static int Next(string text, int start) => text.IndexOfAny(Separators, start);
                }
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

                    public static void Print(string[] names)
                    {
                        foreach (var name in names)
                        {
                            System.Console.WriteLine(name);
                        }
                    }
                }
                """);
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

[CollectionDefinition(nameof(PackageEndToEndTests), DisableParallelization = true)]
public sealed class PackageEndToEndCollection
{
}
