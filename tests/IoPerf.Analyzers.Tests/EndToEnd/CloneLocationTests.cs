using Xunit;

namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>
/// The README's first command, <c>dotnet build samples/Demo</c>, from a copy of the repository under a folder named
/// <c>src</c> (<c>~/src/IoPerf.Analyzers</c> is a common place for clones): the build settings of the shipped projects
/// must come from where they sit in the repository, never from a substring of the full path.
/// </summary>
[Collection(nameof(PackageEndToEndTests))]
public sealed class CloneLocationTests : IDisposable
{
    private static readonly string[] BuildInputs =
    {
        "src", "samples", "Directory.Build.props", "Directory.Packages.props", "global.json", ".editorconfig",
    };

    private readonly string _root = Path.Combine(Path.GetTempPath(), "ioperf-clone-" + Guid.NewGuid().ToString("N"));

    [Fact]
    public void DemoBuilds_FromACloneUnderAFolderNamedSrc()
    {
        var clone = Path.Combine(_root, "src", "IoPerf.Analyzers");
        foreach (var input in BuildInputs)
        {
            Copy(Path.Combine(TestFrameworkReferences.RepoRoot, input), Path.Combine(clone, input));
        }

        var build = DotNetCli.Run(clone, "build", "samples/Demo", "-nologo");

        Assert.True(build.ExitCode == 0, build.ToString());
        Assert.Contains("warning IOP003", build.Output);
        Assert.DoesNotContain(" error ", build.Output);
    }

    public void Dispose()
    {
        if (Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }
    }

    /// <summary>Copies a file or a folder, leaving out build output.</summary>
    private static void Copy(string source, string destination)
    {
        if (File.Exists(source))
        {
            Directory.CreateDirectory(Path.GetDirectoryName(destination)!);
            File.Copy(source, destination);
            return;
        }

        foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(source, file);
            var parts = relative.Split(Path.DirectorySeparatorChar);
            if (parts.Contains("bin") || parts.Contains("obj"))
            {
                continue;
            }

            Copy(file, Path.Combine(destination, relative));
        }
    }
}
