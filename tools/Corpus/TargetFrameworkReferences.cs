using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;

namespace IoPerf.Corpus;

/// <summary>
/// What a project is compiled against in the runner: the reference assemblies of its target framework (the newest of
/// its TargetFrameworks, <see cref="Choose"/>) and the preprocessor symbols the SDK defines for it, so that a rule sees the API the project's build
/// sees (a .NET Framework project has no SearchValues). Served from packages restored with the runner, never downloaded
/// while it runs. Where only a neighbour is at hand, <see cref="Description"/> says which.
/// </summary>
internal sealed record TargetFrameworkReferences(string Moniker, ImmutableArray<MetadataReference> References, IReadOnlyList<string> PreprocessorSymbols, string Description)
{
    private static readonly ConcurrentDictionary<string, ImmutableArray<MetadataReference>> Folders = new(StringComparer.Ordinal);

    private static readonly ConcurrentDictionary<string, TargetFrameworkReferences> ByMoniker = new(StringComparer.Ordinal);

    // net6 (no minor) is net6.0 to the SDK; net48 without a dot stays .NET Framework's (NetFramework, matched first).
    private static readonly Regex NetCore = new(@"^net(?:(?<major>\d{1,3})\.(?<minor>\d{1,3})|(?<major>[5-9]))(-(?<platform>[a-z]+))?", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);
    private static readonly Regex NetCoreApp = new(@"^netcoreapp(?<major>\d)\.(?<minor>\d)$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);
    private static readonly Regex NetStandard = new(@"^netstandard(?<major>\d)\.(?<minor>\d)$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);
    private static readonly Regex NetFramework = new(@"^net(?<version>[1-4]\d{1,2})$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);

    private static readonly string[] NetCoreAppVersions = { "1_0", "1_1", "2_0", "2_1", "2_2", "3_0", "3_1" };

    /// <summary>.NET Framework versions, for the NETxx_OR_GREATER symbols.</summary>
    private static readonly string[] NetFrameworkVersions = { "20", "30", "35", "40", "45", "451", "452", "46", "461", "462", "47", "471", "472", "48", "481" };

    /// <summary>
    /// The target framework the runner compiles a project for: its TargetFramework, or the newest of its
    /// TargetFrameworks - a diagnostic the build reports for any of its targets is one the user sees, and the rules that
    /// depend on an API (IOP004's SearchValues) report in the newest target, where the fixes split older ones off with #if.
    /// An old-style project names neither: its TargetFrameworkVersion is its framework (<see cref="FromFrameworkVersion"/>).
    /// Null when the project files name none.
    /// </summary>
    public static string? Choose(string? targetFramework, string? targetFrameworks, string? frameworkIdentifier = null, string? frameworkVersion = null) =>
        !string.IsNullOrWhiteSpace(targetFramework) && !targetFramework.Contains("$(", StringComparison.Ordinal)
            ? targetFramework.Trim()
            : targetFrameworks?.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                .Where(t => !t.Contains("$(", StringComparison.Ordinal))
                .OrderByDescending(Rank)
                .FirstOrDefault()
              ?? FromFrameworkVersion(frameworkIdentifier, frameworkVersion);

    private static int Minor(Match net) => net.Groups["minor"].Success ? int.Parse(net.Groups["minor"].Value) : 0;

    /// <summary>Newer APIs rank higher: .NET 5+ by version, then .NET Core, .NET Standard, .NET Framework; unknown monikers last.</summary>
    private static int Rank(string moniker)
    {
        int Version(Match match) => int.Parse(match.Groups["major"].Value) * 10 + Minor(match);
        // Two targets of one version: the one without a platform (net8.0 before net8.0-android) has the plain reference assemblies.
        return NetCore.Match(moniker) is { Success: true } net && int.Parse(net.Groups["major"].Value) >= 5 ? 40000 + (Version(net) * 2) + (net.Groups["platform"].Success ? 0 : 1)
            : NetCoreApp.Match(moniker) is { Success: true } app ? 3000 + Version(app)
            : NetStandard.Match(moniker) is { Success: true } standard ? 2000 + Version(standard)
            : NetFramework.Match(moniker) is { Success: true } framework ? 1000 + int.Parse(framework.Groups["version"].Value.PadRight(3, '0'))
            : 0;
    }

    /// <summary>
    /// An old-style project's framework (no TargetFramework; TargetFrameworkIdentifier .NETFramework and a
    /// TargetFrameworkVersion such as v4.7.2) as a moniker (net472); null for anything else.
    /// </summary>
    public static string? FromFrameworkVersion(string? identifier, string? version)
    {
        if (!string.Equals(identifier?.Trim() ?? ".NETFramework", ".NETFramework", StringComparison.OrdinalIgnoreCase) ||
            version?.Trim().TrimStart('v', 'V') is not { Length: > 0 } number || number.Contains("$(", StringComparison.Ordinal))
        {
            return null;
        }

        var digits = number.Replace(".", "", StringComparison.Ordinal);
        return digits.Length is >= 2 and <= 3 && digits.All(char.IsAsciiDigit) ? "net" + digits : null;
    }

    /// <summary>The references and symbols for <paramref name="moniker"/>, made once per moniker for the whole run.</summary>
    public static TargetFrameworkReferences For(string? moniker) => ByMoniker.GetOrAdd(moniker ?? "", static key => Create(key.Length == 0 ? null : key));

    private static TargetFrameworkReferences Create(string? moniker)
    {
        if (moniker is null)
        {
            return Net("net10.0", 10, 0, platform: null, "no target framework in the project files: .NET 10");
        }

        if (NetFramework.Match(moniker) is { Success: true } framework)
        {
            return NetFrameworkOf(moniker, framework.Groups["version"].Value);
        }

        if (NetCore.Match(moniker) is { Success: true } net && int.Parse(net.Groups["major"].Value) >= 5)
        {
            var platform = net.Groups["platform"].Success ? net.Groups["platform"].Value : null;
            return Net(moniker, int.Parse(net.Groups["major"].Value), Minor(net), platform, null);
        }

        if (NetCoreApp.Match(moniker) is { Success: true } app)
        {
            var version = $"{app.Groups["major"].Value}_{app.Groups["minor"].Value}";
            var symbols = new List<string> { "NETCOREAPP", "NETCOREAPP" + version };
            symbols.AddRange(NetCoreAppVersions.Where(v => string.CompareOrdinal(v, version) <= 0).Select(v => $"NETCOREAPP{v}_OR_GREATER"));
            return new(moniker, Basic.Reference.Assemblies.Net80.References.All.Cast<MetadataReference>().ToImmutableArray(), Common(symbols), $"{moniker}: the .NET 8 reference assemblies (the nearest served here)");
        }

        if (NetStandard.Match(moniker) is { Success: true } standard)
        {
            var version = $"{standard.Groups["major"].Value}_{standard.Groups["minor"].Value}";
            var symbols = new List<string> { "NETSTANDARD", "NETSTANDARD" + version };
            symbols.AddRange(new[] { "1_0", "1_1", "1_2", "1_3", "1_4", "1_5", "1_6", "2_0", "2_1" }.Where(v => string.CompareOrdinal(v, version) <= 0).Select(v => $"NETSTANDARD{v}_OR_GREATER"));
            return version == "2_1"
                ? new(moniker, Folder(PackageFolder("netstandard.library.ref", "2.1.0", "ref", "netstandard2.1")), Common(symbols), "netstandard2.1 reference assemblies")
                : new(moniker, Folder(PackageFolder("netstandard.library", "2.0.3", "build", "netstandard2.0", "ref")), Common(symbols),
                    version == "2_0" ? "netstandard2.0 reference assemblies" : $"{moniker}: the netstandard2.0 reference assemblies");
        }

        return Net(moniker, 10, 0, platform: null, $"{moniker}: not a framework the runner knows; .NET 10");
    }

    private static TargetFrameworkReferences Net(string moniker, int major, int minor, string? platform, string? description)
    {
        // As the SDK defines them: .NET 5+ is also every .NET Core version's _OR_GREATER, and none of .NET Standard's.
        var symbols = new List<string> { "NET", $"NET{major}_{minor}", "NETCOREAPP" };
        symbols.AddRange(NetCoreAppVersions.Select(v => $"NETCOREAPP{v}_OR_GREATER"));
        symbols.AddRange(Enumerable.Range(5, Math.Max(0, major - 4)).Select(v => $"NET{v}_0_OR_GREATER"));
        if (platform is not null)
        {
            symbols.Add(platform.ToUpperInvariant());
        }

        var references = major >= 10 ? Basic.Reference.Assemblies.Net100.References.All : Basic.Reference.Assemblies.Net80.References.All;
        description ??= major is 8 or 10 ? $"{moniker} reference assemblies" : $"{moniker}: the .NET {(major >= 10 ? 10 : 8)} reference assemblies (the nearest served here)";
        return new(moniker, references.Cast<MetadataReference>().ToImmutableArray(), Common(symbols), description + (platform is null ? "" : $"; the {platform} platform's own assemblies are not referenced"));
    }

    private static TargetFrameworkReferences NetFrameworkOf(string moniker, string version)
    {
        var symbols = new List<string> { "NETFRAMEWORK", "NET" + version.ToUpperInvariant() };
        var index = Array.IndexOf(NetFrameworkVersions, version);
        symbols.AddRange(NetFrameworkVersions.Take(index < 0 ? NetFrameworkVersions.Length : index + 1).Select(v => $"NET{v}_OR_GREATER"));
        var root = PackageFolder("microsoft.netframework.referenceassemblies.net48", "1.0.3", "build", ".NETFramework", "v4.8");
        var references = Folder(root).AddRange(Folder(Path.Combine(root, "Facades")));
        return new(moniker, references, Common(symbols), version == "48" ? "net48 reference assemblies" : $"{moniker}: the .NET Framework 4.8 reference assemblies");
    }

    private static List<string> Common(List<string> symbols)
    {
        symbols.Add("RELEASE");
        symbols.Add("TRACE");
        return symbols;
    }

    /// <summary>Two files the .NET Framework reference pack ships beside its assemblies: a native thunk and a module (the compiler reports CS0009/CS1509 for them; a build never references them).</summary>
    private static readonly HashSet<string> NotAssemblies = new(StringComparer.OrdinalIgnoreCase) { "System.EnterpriseServices.Thunk.dll", "System.EnterpriseServices.Wrapper.dll" };

    /// <summary>A folder of a package the runner's project downloads (PackageDownload), in the global packages folder it was restored to.</summary>
    private static string PackageFolder(params string[] parts) => Path.Combine(new[] { NuGetPackageRoot }.Concat(parts).ToArray());

    private static ImmutableArray<MetadataReference> Folder(string folder) => Folders.GetOrAdd(folder, static path =>
        Directory.Exists(path)
            ? Directory.GetFiles(path, "*.dll").Where(file => !NotAssemblies.Contains(Path.GetFileName(file))).Order(StringComparer.Ordinal)
                .Select(file => (MetadataReference)MetadataReference.CreateFromFile(file)).ToImmutableArray()
            : throw new InvalidOperationException($"reference assemblies not found at {path}: restore tools/Corpus (dotnet restore) first"));

    private static string NuGetPackageRoot =>
        typeof(TargetFrameworkReferences).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "NuGetPackageRoot").Value!;
}
