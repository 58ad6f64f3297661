using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.TestKit;

/// <summary>
/// The SDK's own CA analyzers (Microsoft.CodeAnalysis.NetAnalyzers, restored by a PackageDownload) to run side by
/// side with ours: the cost of an IOP rule is judged against CA1870 and CA2007 in the same compilation.
/// </summary>
public static class SdkAnalyzers
{
    public const string NetAnalyzersVersion = "10.0.111";

    public static ImmutableArray<DiagnosticAnalyzer> Load(params string[] diagnosticIds)
    {
        var folder = Path.Combine(TestFrameworkReferences.NuGetPackageRoot, "microsoft.codeanalysis.netanalyzers", NetAnalyzersVersion, "analyzers", "dotnet", "cs");
        var assemblies = new[] { "Microsoft.CodeAnalysis.NetAnalyzers.dll", "Microsoft.CodeAnalysis.CSharp.NetAnalyzers.dll" }
            .Select(name => Assembly.LoadFrom(Path.Combine(folder, name)));
        return assemblies
            .SelectMany(assembly => assembly.GetTypes())
            .Where(type => !type.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(type) &&
                           type.GetCustomAttributes<DiagnosticAnalyzerAttribute>().Any(a => a.Languages.Contains(LanguageNames.CSharp)) &&
                           type.GetConstructor(Type.EmptyTypes) is not null)
            .Select(type => (DiagnosticAnalyzer)Activator.CreateInstance(type)!)
            .Where(analyzer => analyzer.SupportedDiagnostics.Any(d => diagnosticIds.Contains(d.Id)))
            .ToImmutableArray();
    }

    /// <summary>Turns the given (possibly off-by-default) rules on as warnings, the way a project that enables them would.</summary>
    public static Compilation Enable(Compilation compilation, IEnumerable<string> diagnosticIds) =>
        compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(
            compilation.Options.SpecificDiagnosticOptions.SetItems(diagnosticIds.Select(id => KeyValuePair.Create(id, ReportDiagnostic.Warn)))));
}
