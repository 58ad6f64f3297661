using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues.IndexOfAnyWithManyValuesAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues.IndexOfAnyWithManyValuesFix>;

namespace IoPerf.Analyzers.Tests.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// IOP004 on <c>cond ? SetA : SetB</c>: reported when both branches are large known sets (the message counts the smaller),
/// without a fix (one SearchValues per branch would be needed); silent when either branch is small or unknown.
/// </summary>
public sealed class ConditionalSetArgumentTests
{
    private static string InClass(string body) => $$"""
        using System;
        using System.IO;

        public class Scanner
        {
            private static readonly char[] Separators = { ' ', '\t', ',', ';', ':', '|', '/' };
            private static readonly char[] Quotes = { '"', '\'', '`', '(', ')', '[' };
            private static readonly char[] Few = { ',', ';' };

            public int Find(string text, bool strict, char[] custom)
            {
                return {{body}};
            }
        }
        """;

    [Fact]
    public Task BothBranchesLargeKnownSets_IsReportedWithoutAFix()
    {
        var source = InClass("text.IndexOfAny({|#0:strict ? Separators : Quotes|})");
        var test = Verify.Create(source);
        test.FixedCode = source;
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.IndexOfAnyWithManyValues).WithLocation(0)
            .WithMessage("'IndexOfAny' is given 6 values on every call: a cached 'SearchValues<char>' finds them faster"));
        return test.RunAsync();
    }

    [Fact]
    public Task RunTimeSetInOneBranch_IsReported() => Verify.VerifyAnalyzerAsync(
        InClass("text.IndexOfAny({|IOP004:strict ? Path.GetInvalidFileNameChars() : Separators|})").Replace(
            "private static readonly char[] Few", "private static readonly char[] Invalid = Path.GetInvalidFileNameChars();\n    private static readonly char[] Few")
            .Replace("Path.GetInvalidFileNameChars() : Separators", "Invalid : Separators"));

    [Theory]
    [InlineData("text.IndexOfAny(strict ? Separators : Few)")]    // one branch below min_values
    [InlineData("text.IndexOfAny(strict ? Separators : custom)")] // one branch unknown
    [InlineData("text.IndexOfAny(strict ? custom : Quotes)")]
    public Task OneBranchSmallOrUnknown_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass(body));
}
