using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.TestKit;

/// <summary>
/// Analyzer config options with the same key/values for every file and as the global options, as an .editorconfig
/// at the root plus the build properties MSBuild passes (<c>build_property.*</c>) would give.
/// </summary>
public sealed class FixedAnalyzerConfigOptionsProvider(IReadOnlyDictionary<string, string> values) : AnalyzerConfigOptionsProvider
{
    private readonly FixedOptions _options = new(values.ToImmutableDictionary(StringComparer.OrdinalIgnoreCase));

    public override AnalyzerConfigOptions GlobalOptions => _options;

    public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

    public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

    private sealed class FixedOptions(ImmutableDictionary<string, string> values) : AnalyzerConfigOptions
    {
        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
    }
}
