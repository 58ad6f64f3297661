using System.Collections.Generic;
using System.Linq;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// Names IOP004's SearchValues fields after what they hold: the member the values came from (<c>Separators</c> gives
/// <c>s_separators</c>), else what the values are (<c>s_whitespace</c>, <c>s_digits</c>, <c>s_invalidPathChars</c>, ...),
/// else <c>s_searchValues</c>; never a name already taken.
/// </summary>
internal static class SearchValuesNaming
{
    private const string Fallback = "s_searchValues";

    public static string Choose(ValueSet set, ISet<string> taken)
    {
        var candidates = new List<string>();
        if (set.Source is { } source && FromMemberName(source.Name) is { } fromSource)
        {
            candidates.Add(fromSource);

            // The array a run-time set is read from keeps its name: the cached set is its SearchValues twin.
            candidates.Add(fromSource + "SearchValues");
        }

        if (DescribeValues(set) is { } meaning)
        {
            candidates.Add(meaning);
        }

        candidates.Add(Fallback);
        foreach (var candidate in candidates)
        {
            if (!taken.Contains(candidate))
            {
                return candidate;
            }
        }

        var first = candidates[0];
        var suffix = 2;
        while (taken.Contains(first + suffix))
        {
            suffix++;
        }

        return first + suffix;
    }

    /// <summary><c>InvalidChars</c>, <c>_invalidChars</c>, <c>s_invalidChars</c> all give <c>s_invalidChars</c>.</summary>
    private static string? FromMemberName(string name)
    {
        foreach (var prefix in new[] { "s_", "m_", "t_", "_" })
        {
            if (name.StartsWith(prefix, System.StringComparison.Ordinal))
            {
                name = name.Substring(prefix.Length);
                break;
            }
        }

        name = name.TrimStart('_');
        return name.Length == 0 ? null : "s_" + char.ToLowerInvariant(name[0]) + name.Substring(1);
    }

    private static string? DescribeValues(ValueSet set)
    {
        if (set.Origin == ValueSetOrigin.ComputedAtRunTime)
        {
            return set.RunTimeExpression switch
            {
                { } e when e.Contains("GetInvalidFileNameChars") => "s_invalidFileNameChars",
                { } e when e.Contains("GetInvalidPathChars") => "s_invalidPathChars",
                _ => null,
            };
        }

        var values = set.Values;
        if (set.IsBytes || values.Length == 0)
        {
            return null;
        }

        if (values.All(char.IsWhiteSpace))
        {
            return "s_whitespace";
        }

        if (values.All(c => c is >= '0' and <= '9'))
        {
            return "s_digits";
        }

        if (values.Any(c => c is >= '0' and <= '9') && values.All(c => c is >= '0' and <= '9' or >= 'a' and <= 'f' or >= 'A' and <= 'F'))
        {
            return "s_hexDigits";
        }

        if (values.All(c => "aeiouAEIOU".IndexOf(c) >= 0))
        {
            return "s_vowels";
        }

        return values.All(c => char.IsWhiteSpace(c) || char.IsPunctuation(c) || char.IsSymbol(c)) ? "s_separators" : null;
    }
}
