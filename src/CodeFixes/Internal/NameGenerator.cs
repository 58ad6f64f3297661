using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>Names for what a fix introduces that clash with nothing in scope.</summary>
internal static class NameGenerator
{
    /// <summary><paramref name="baseName"/>, or baseName1, baseName2, ... - the first not visible at <paramref name="position"/>.</summary>
    public static string GetUniqueLocalName(SemanticModel semanticModel, int position, string baseName) =>
        GetUniqueLocalName(semanticModel, position, baseName, Enumerable.Empty<string>());

    /// <summary>As above, also avoiding <paramref name="alsoTaken"/> (names declared further in, or by the same fix).</summary>
    public static string GetUniqueLocalName(SemanticModel semanticModel, int position, string baseName, IEnumerable<string> alsoTaken)
    {
        var taken = semanticModel.LookupSymbols(position).Select(symbol => symbol.Name).Concat(alsoTaken).ToImmutableHashSet();
        var candidate = baseName;
        for (var suffix = 1; taken.Contains(candidate); suffix++)
        {
            candidate = baseName + suffix;
        }

        return candidate;
    }
}
