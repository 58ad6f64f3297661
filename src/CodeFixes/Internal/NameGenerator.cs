using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>Names for what a fix introduces that clash with nothing in scope.</summary>
internal static class NameGenerator
{
    /// <summary><paramref name="baseName"/>, or baseName1, baseName2, ... - the first not visible at <paramref name="position"/>.</summary>
    public static string GetUniqueLocalName(SemanticModel semanticModel, int position, string baseName)
    {
        var taken = semanticModel.LookupSymbols(position).Select(symbol => symbol.Name).ToImmutableHashSet();
        var candidate = baseName;
        for (var suffix = 1; taken.Contains(candidate); suffix++)
        {
            candidate = baseName + suffix;
        }

        return candidate;
    }
}
