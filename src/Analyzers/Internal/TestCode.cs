using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Test methods and classes (xUnit, NUnit, MSTest, TUnit), recognised by attribute name so that no test framework has to
/// be referenced: they run under a test runner, print for a person reading a log, and are not where I/O cost matters.
/// </summary>
internal static class TestCode
{
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
