using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.TestKit;

/// <summary>The target frameworks a rule's test can compile its source against.</summary>
public enum TestFramework
{
    /// <summary>.NET 8: SearchValues, File.ReadLinesAsync.</summary>
    Net80,

    /// <summary>.NET 10.</summary>
    Net100,

    /// <summary>netstandard2.0: no SearchValues, no File.ReadAllLinesAsync, no File.ReadLinesAsync.</summary>
    NetStandard20,
}

/// <summary>Reference assemblies for each <see cref="TestFramework"/>, found without any network access.</summary>
public static class TestFrameworkReferences
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> NetStandard20 = new(LoadNetStandard20);

    public static ImmutableArray<MetadataReference> Get(TestFramework framework) => framework switch
    {
        TestFramework.Net80 => Basic.Reference.Assemblies.Net80.References.All.Cast<MetadataReference>().ToImmutableArray(),
        TestFramework.Net100 => Basic.Reference.Assemblies.Net100.References.All.Cast<MetadataReference>().ToImmutableArray(),
        TestFramework.NetStandard20 => NetStandard20.Value,
        _ => throw new ArgumentOutOfRangeException(nameof(framework)),
    };

    public static string Moniker(TestFramework framework) => framework switch
    {
        TestFramework.Net80 => "net8.0",
        TestFramework.Net100 => "net10.0",
        _ => "netstandard2.0",
    };

    /// <summary>The preprocessor symbols the .NET SDK defines for <paramref name="framework"/> (the ones the rules care about).</summary>
    public static string[] PreprocessorSymbols(TestFramework framework) => framework switch
    {
        TestFramework.Net80 => new[] { "NET", "NET8_0", "NET5_0_OR_GREATER", "NET6_0_OR_GREATER", "NET7_0_OR_GREATER", "NET8_0_OR_GREATER" },
        TestFramework.Net100 => new[] { "NET", "NET10_0", "NET5_0_OR_GREATER", "NET6_0_OR_GREATER", "NET7_0_OR_GREATER", "NET8_0_OR_GREATER", "NET9_0_OR_GREATER", "NET10_0_OR_GREATER" },
        _ => new[] { "NETSTANDARD", "NETSTANDARD2_0", "NETSTANDARD1_0_OR_GREATER", "NETSTANDARD2_0_OR_GREATER" },
    };

    /// <summary>The repository's root folder, where the build ran.</summary>
    public static string RepoRoot => GetMetadata("RepoRoot");

    /// <summary>The global packages folder restore used (for packages restored by a PackageDownload).</summary>
    public static string NuGetPackageRoot => GetMetadata("NuGetPackageRoot");

    private static ImmutableArray<MetadataReference> LoadNetStandard20()
    {
        // Restored by the PackageDownload item in the test project.
        var folder = Path.Combine(NuGetPackageRoot, "netstandard.library", "2.0.3", "build", "netstandard2.0", "ref");
        if (!Directory.Exists(folder))
        {
            throw new InvalidOperationException($"netstandard2.0 reference assemblies not found at {folder}; run dotnet restore.");
        }

        return Directory.GetFiles(folder, "*.dll")
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToImmutableArray();
    }

    private static string GetMetadata(string key) =>
        typeof(TestFrameworkReferences).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .Single(attribute => attribute.Key == key).Value!;
}
