using System.Text;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Analyzers.Tests.Fuzz;

/// <summary>Produces broken and odd variants of a source, the way half-typed and badly merged code looks.</summary>
internal static class FuzzMutator
{
    /// <summary>The source cut after every token: what the IDE analyses while someone types it.</summary>
    public static IEnumerable<string> TruncationsAtEveryToken(string source)
    {
        foreach (var token in CSharpSyntaxTree.ParseText(source).GetRoot().DescendantTokens())
        {
            yield return source[..token.Span.End];
        }
    }

    public static string Mutate(string source, Random random)
    {
        var lines = source.Split('\n').ToList();
        switch (random.Next(6))
        {
            case 0 when lines.Count > 1:
                // Delete one to three lines.
                var start = random.Next(lines.Count);
                lines.RemoveRange(start, Math.Min(lines.Count - start, 1 + random.Next(3)));
                return string.Join('\n', lines);

            case 1 when lines.Count > 1:
                // Duplicate a block.
                var from = random.Next(lines.Count);
                var block = lines.Skip(from).Take(1 + random.Next(6)).ToList();
                lines.InsertRange(random.Next(lines.Count), block);
                return string.Join('\n', lines);

            case 2:
                // An unbalanced brace, parenthesis or bracket.
                var junk = "{}()[]<>;,"[random.Next(10)].ToString();
                return source.Insert(random.Next(source.Length + 1), junk);

            case 3:
                // Swap one API name for another the rules look at.
                var from2 = FuzzSeeds.ApiNames[random.Next(FuzzSeeds.ApiNames.Length)];
                var index = source.IndexOf(from2, StringComparison.Ordinal);
                return index < 0
                    ? source
                    : string.Concat(source.AsSpan(0, index), FuzzSeeds.ApiNames[random.Next(FuzzSeeds.ApiNames.Length)], source.AsSpan(index + from2.Length));

            case 4:
                // Delete a random span of characters.
                var position = random.Next(source.Length + 1);
                return source.Remove(position, Math.Min(source.Length - position, random.Next(40)));

            default:
                // Cut the file at a random point.
                return source[..random.Next(source.Length + 1)];
        }
    }

    /// <summary>Several mutations in a row.</summary>
    public static string MutateRepeatedly(string source, Random random)
    {
        var result = source;
        for (var i = 1 + random.Next(3); i > 0; i--)
        {
            result = Mutate(result, random);
        }

        return result;
    }
}
