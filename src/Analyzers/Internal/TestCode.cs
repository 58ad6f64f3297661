using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Test methods and classes (xUnit, NUnit, MSTest, TUnit), recognised by attribute name so that no test framework has to
/// be referenced: they run under a test runner, print for a person reading a log, and are not where I/O cost matters.
/// </summary>
internal static class TestCode
{
    /// <summary>Test frameworks' assemblies: a project that references one is a test project (a library only in name).</summary>
    private static readonly string[] TestFrameworkAssemblies =
    {
        "nunit.framework", "xunit.core", "xunit.v3.core", "Microsoft.VisualStudio.TestPlatform.TestFramework", "TUnit.Core",
        "Microsoft.VisualStudio.QualityTools.UnitTestFramework", // MSTest v1, in old-style projects
    };

    /// <summary>How test projects are named when their references are not known (code compiled without its packages).</summary>
    private static readonly string[] TestAssemblyNameSuffixes = { ".Tests", ".Test", ".UnitTests", ".IntegrationTests", ".Specs" };

    /// <summary>
    /// A project whose build says it is a test project (<c>IsTestProject</c>, set by Microsoft.NET.Test.Sdk and test
    /// frameworks' packages, made visible by the package's targets), references a test framework or is named like a test
    /// project: all of its code runs under a test runner.
    /// </summary>
    public static bool IsTestProject(Compilation compilation, AnalyzerOptions options)
    {
        if (RuleOptions.IsBuildPropertyTrue(options, "IsTestProject"))
        {
            return true;
        }

        foreach (var reference in compilation.ReferencedAssemblyNames)
        {
            if (System.Array.IndexOf(TestFrameworkAssemblies, reference.Name) >= 0)
            {
                return true;
            }
        }

        return IsTestAssemblyName(compilation.AssemblyName);
    }

    /// <summary>Whether an assembly's name is a test project's by convention (<c>App.Tests</c>, <c>App.UnitTests</c>, ...).</summary>
    public static bool IsTestAssemblyName(string? assemblyName)
    {
        foreach (var suffix in TestAssemblyNameSuffixes)
        {
            if (assemblyName?.EndsWith(suffix, System.StringComparison.OrdinalIgnoreCase) == true)
            {
                return true;
            }
        }

        return false;
    }

    public static bool IsTestMethod(ISymbol? method) =>
        method is not null && HasAttribute(method, "Fact", "Theory", "Test", "TestMethod", "DataTestMethod", "TestCase", "TestCaseSource");

    public static bool IsTestClass(INamedTypeSymbol type) => HasAttribute(type, "TestClass", "TestFixture");

    private static bool HasAttribute(ISymbol symbol, params string[] names)
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            var name = attribute.AttributeClass?.Name;
            if (name is null)
            {
                continue;
            }

            foreach (var candidate in names)
            {
                if (name == candidate || name == candidate + "Attribute")
                {
                    return true;
                }
            }
        }

        return false;
    }
}
