using System;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Reads a rule's <c>.editorconfig</c> options, per syntax tree. Every option uses one naming scheme:
/// <c>dotnet_diagnostic.&lt;RuleId&gt;.&lt;option_name&gt; = value</c>. A missing or invalid value gives the default;
/// reading an option never throws.
/// </summary>
internal static class RuleOptions
{
    public static string Key(string ruleId, string optionName) => "dotnet_diagnostic." + ruleId + "." + optionName;

    public static string? GetRaw(AnalyzerOptions options, SyntaxTree tree, string ruleId, string optionName)
    {
        var treeOptions = options.AnalyzerConfigOptionsProvider.GetOptions(tree);
        return treeOptions.TryGetValue(Key(ruleId, optionName), out var value) ? value.Trim() : null;
    }

    /// <summary>An integer option within [<paramref name="min"/>, <paramref name="max"/>]; anything else gives the default.</summary>
    public static int GetInt32(AnalyzerOptions options, SyntaxTree tree, string ruleId, string optionName, int defaultValue, int min = int.MinValue, int max = int.MaxValue)
    {
        var raw = GetRaw(options, tree, ruleId, optionName);
        return raw is not null &&
               int.TryParse(raw, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) &&
               value >= min && value <= max
            ? value
            : defaultValue;
    }

    /// <summary>One of <paramref name="allowedValues"/> (case-insensitive, returned as listed); anything else gives the default.</summary>
    public static string GetChoice(AnalyzerOptions options, SyntaxTree tree, string ruleId, string optionName, string defaultValue, params string[] allowedValues)
    {
        var raw = GetRaw(options, tree, ruleId, optionName);
        if (raw is not null)
        {
            foreach (var allowed in allowedValues)
            {
                if (string.Equals(raw, allowed, StringComparison.OrdinalIgnoreCase))
                {
                    return allowed;
                }
            }
        }

        return defaultValue;
    }

    /// <summary>Any analyzer config key (for example another package's option such as roslynator_configure_await).</summary>
    public static bool TryGetAny(AnalyzerOptions options, SyntaxTree tree, string key, out string value)
    {
        var found = options.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue(key, out var raw);
        value = raw?.Trim() ?? string.Empty;
        return found;
    }

    /// <summary>
    /// Reaching across methods (IOP001, IOP003, IOP006, IOP007, IOP008, IOP009 following the project's own methods) is turned
    /// on: the MSBuild property <c>IoPerfAcrossMethods</c> or the global option <c>ioperf_across_methods</c> is
    /// <c>true</c>. Off by default while it costs more than the package's budget on some code (docs/performance.md).
    /// Read once per compilation.
    /// </summary>
    public static bool ReachesAcrossMethods(AnalyzerOptions options) =>
        IsBuildPropertyTrue(options, "IoPerfAcrossMethods") ||
        (options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue("ioperf_across_methods", out var value) &&
         string.Equals(value.Trim(), "true", System.StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// An MSBuild property made visible to analyzers by the package's targets (CompilerVisibleProperty), as MSBuild passes
    /// it (<c>build_property.usewpf = true</c>): "true" in any case counts; "false", empty or missing do not.
    /// </summary>
    public static bool IsBuildPropertyTrue(AnalyzerOptions options, string propertyName) =>
        string.Equals(GetBuildProperty(options, propertyName), "true", System.StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// One of the project's targets (<c>TargetFrameworks</c>, passed by the package's targets as <c>IoPerfTargetFrameworks</c>
    /// with commas: a ';' in a generated .editorconfig value starts a comment) is a .NET Framework
    /// before 4.0 - <c>net11</c>, <c>net20</c>, <c>net35</c> - which has no <c>File.ReadLines</c> and no
    /// <c>Directory.Enumerate*</c>: a multi-targeted library's build for a newer target (the one each compilation
    /// sees) would be told to use what the old target lacks (wix's net20, AsmResolver's net35, found on two held-out
    /// sets). Read once per compilation.
    /// </summary>
    public static bool AlsoTargetsAFrameworkWithoutStreamingFileApis(AnalyzerOptions options) =>
        AnyTarget(options, framework => IsNetFramework(framework) && framework[3] < '4'); // net11, net20, net35, net35-client

    /// <summary>
    /// One of the project's targets is .NET Framework or .NET Standard (which runs on .NET Framework too): there
    /// <c>Console.Out.Encoding</c> keeps the byte-order mark of a UTF-8 console, which a new writer would print
    /// (IOP006's console fix).
    /// </summary>
    public static bool AlsoTargetsNetFrameworkOrNetStandard(AnalyzerOptions options) =>
        AnyTarget(options, framework => IsNetFramework(framework) || framework.StartsWith("netstandard", System.StringComparison.OrdinalIgnoreCase));

    private static bool AnyTarget(AnalyzerOptions options, System.Func<string, bool> matches)
    {
        foreach (var target in GetBuildProperty(options, "IoPerfTargetFrameworks").Split(',', ';'))
        {
            var moniker = target.Trim();
            var end = moniker.IndexOf('-');
            if (matches(end < 0 ? moniker : moniker.Substring(0, end))) // net35-client is net35
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A .NET Framework moniker is "net" and two or three digits (net35, net472); net10.0 and net8.0 have a dot,
    /// netstandard and netcoreapp letters.
    /// </summary>
    private static bool IsNetFramework(string framework) =>
        framework.Length is 5 or 6 && framework.StartsWith("net", System.StringComparison.OrdinalIgnoreCase) && IsDigits(framework.Substring(3));

    private static bool IsDigits(string text)
    {
        foreach (var c in text)
        {
            if (c is < '0' or > '9')
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>An MSBuild property made visible to analyzers (CompilerVisibleProperty), trimmed; empty when unset.</summary>
    public static string GetBuildProperty(AnalyzerOptions options, string propertyName) =>
        options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue("build_property." + propertyName.ToLowerInvariant(), out var value) ? value.Trim() : "";
}
