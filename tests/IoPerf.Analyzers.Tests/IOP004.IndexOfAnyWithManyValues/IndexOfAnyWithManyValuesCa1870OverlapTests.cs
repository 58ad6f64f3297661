using System.Collections.Immutable;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// IOP004 must be worth installing next to the SDK's CA1870, never a duplicate of it: the real CA1870
/// (Microsoft.CodeAnalysis.NetAnalyzers 10.0.111, default settings) runs over the same calls, and each call is reported
/// by exactly the rule the table says - never by both.
/// </summary>
public sealed class IndexOfAnyWithManyValuesCa1870OverlapTests
{
    private static readonly ImmutableArray<DiagnosticAnalyzer> Ca1870 = SdkAnalyzers.Load("CA1870");

    private const string Members = """
        private const char Tab = '\t';
        private const string Vowels = "aeiouy";
        private static readonly char[] LiteralArray = new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
        private static readonly char[] ToCharArrayField = "abcdefgh".ToCharArray();
        private static readonly char[] MixedArray = { 'a', 'b', 'c', 'd', 'e', Tab };
        private static readonly string ReadonlyString = "abcdefgh";
        public static readonly string PublicReadonlyString = "abcdefgh";
        private static readonly char[] RunTime = Path.GetInvalidFileNameChars();
        private static char[] EveryAccess => new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
        private static ReadOnlySpan<char> SpanProperty => new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
        private static ReadOnlySpan<byte> Utf8Property => "abcdef"u8;
        private static readonly char[] ReadElsewhere = new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
        private static char FirstRead() => ReadElsewhere[0]; // ReadElsewhere[0] = 'z' appears only in this comment
        private static readonly char[] WrittenElsewhere = new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
        private static void Scramble() => WrittenElsewhere[0] = 'z';
        """;

    public static TheoryData<string, string> Calls() => new()
    {
        // What CA1870 reports: IOP004 stays silent.
        { "text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' })", "CA1870" },
        { "text.IndexOfAny(new[] { 'a', 'b' })", "CA1870" },
        { "text.LastIndexOfAny(\"abcdefgh\".ToCharArray())", "CA1870" },
        { "text.IndexOfAny(Vowels.ToCharArray())", "CA1870" },
        { "text.IndexOfAny(LiteralArray)", "CA1870" },
        { "text.IndexOfAny(ToCharArrayField)", "CA1870" },
        { "span.IndexOfAny(\"abcdefgh\")", "CA1870" },
        { "span.IndexOfAny(Vowels)", "CA1870" },
        { "span.IndexOfAnyExcept(new[] { 'a', 'b', 'c', 'd', 'e', 'f' })", "CA1870" },
        { "span.ContainsAny(LiteralArray)", "CA1870" },
        { "span.IndexOfAny(SpanProperty)", "CA1870" },
        { "bytes.IndexOfAny(Utf8Property)", "CA1870" },
        { "span.IndexOfAny(['a', 'b', 'c', 'd', 'e', 'f'])", "CA1870" },
        { "bytes.IndexOfAny(\"abcdef\"u8)", "CA1870" },
        { "span.LastIndexOfAny(\"abc\".ToCharArray())", "CA1870" },
        { "text.IndexOfAny(ReadElsewhere)", "CA1870" }, // read and named in a comment elsewhere: still unwritten

        // What CA1870 skips: IOP004 reports.
        { "text.IndexOfAny(LiteralArray, 1)", "IOP004" },
        { "text.IndexOfAny(ToCharArrayField, 1, 2)", "IOP004" },
        { "text?.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' })", "IOP004" },
        { "text.IndexOfAny(MixedArray)", "IOP004" },
        { "span.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', Tab })", "IOP004" },
        { "span.IndexOfAny(['a', 'b', 'c', 'd', 'e', Tab])", "IOP004" },
        { "span.IndexOfAny(\"abc\" + \"def\")", "IOP004" },
        { "span.IndexOfAny(ReadonlyString)", "IOP004" },
        { "span.IndexOfAny(PublicReadonlyString)", "IOP004" },
        { "text.IndexOfAny(ReadonlyString.ToCharArray())", "IOP004" },
        { "text.IndexOfAny(RunTime)", "IOP004" },
        { "text.IndexOfAny(EveryAccess)", "IOP004" },
        { "span.IndexOfAny(\"abcdefgh\".AsSpan())", "IOP004" },
        { "text.IndexOfAny(localArray)", "IOP004" },
        { "span.IndexOfAny(localString)", "IOP004" },
        { "span.IndexOfAny(localConst)", "CA1870" },

        // Neither: CA1870 sees the element written, and IOP004 follows no written array.
        { "text.IndexOfAny(WrittenElsewhere)", "" },

        // Neither: too few values for both.
        { "span.IndexOfAny(\"abcde\")", "" },
        { "text.IndexOfAny(new[] { 'a', 'b', Tab }, 1)", "" },
    };

    [Fact]
    public void TheRulePageCountsTheCalls()
    {
        var page = File.ReadAllText(Path.Combine(TestFrameworkReferences.RepoRoot, "docs", "rules", "IOP004.md"));
        Assert.Contains($"over {Calls().Count} calls", page);
    }

    /// <summary>Every code sample of the IOP004 tests, run through both rules: no span is reported by both.</summary>
    [Fact]
    public async Task NoIop004TestInputIsReportedByCa1870Too()
    {
        var testFile = Path.Combine(TestFrameworkReferences.RepoRoot, "tests", "IoPerf.Analyzers.Tests", "IOP004.IndexOfAnyWithManyValues", "IndexOfAnyWithManyValuesTests.cs");
        var samples = Fuzz.FuzzSeeds.CodeSamplesIn(File.ReadAllText(testFile)).ToList();

        // A control that CA1870 reports: proves CA1870 runs in this loop.
        samples.Add("int Control(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });");
        var iop004 = 0;
        var ca1870 = 0;
        foreach (var sample in samples)
        {
            var source = sample.Contains("class ", StringComparison.Ordinal) ? sample : IndexOfAnyWithManyValuesTests.InClass(sample);
            var compilation = SourceCompilation.Of(source);
            var diagnostics = await compilation.WithAnalyzers(Ca1870.Add(new IndexOfAnyWithManyValuesAnalyzer())).GetAnalyzerDiagnosticsAsync();
            iop004 += diagnostics.Count(d => d.Id == "IOP004");
            ca1870 += diagnostics.Count(d => d.Id == "CA1870");

            // CA1870 reports the values argument, IOP004 too: a call reported by both would share that span.
            var both = diagnostics.GroupBy(d => d.Location.SourceSpan).Where(g => g.Select(d => d.Id).Distinct().Count() > 1).ToList();
            Assert.True(both.Count == 0, $"reported by both rules:\n{string.Join("\n", both.SelectMany(g => g))}\nin:\n{source}");
        }

        Assert.True(samples.Count > 40 && iop004 > 25, $"{samples.Count} samples, {iop004} IOP004 diagnostics: the samples were not found");
        Assert.True(ca1870 > 0, "CA1870 did not report the control: it did not run");
    }

    [Theory]
    [MemberData(nameof(Calls))]
    public async Task EachCallIsReportedByOneRuleAtMost(string call, string expectedRule)
    {
        var source = $$"""
            using System;
            using System.IO;

            class C
            {
            {{Members}}

                object M(string? text, ReadOnlySpan<char> span, ReadOnlySpan<byte> bytes)
                {
                    var localArray = new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
                    var localString = "abcdef";
                    const string localConst = "abcdef";
                    return {{call}};
                }
            }
            """;
        var compilation = SourceCompilation.Of(source, "Overlap");
        var tree = compilation.SyntaxTrees[0];
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

        var analyzers = Ca1870.Add(new IndexOfAnyWithManyValuesAnalyzer());
        var diagnostics = await compilation.WithAnalyzers(analyzers).GetAnalyzerDiagnosticsAsync();
        var callStart = source.IndexOf("return " + call, StringComparison.Ordinal);
        var inCall = diagnostics.Where(d => d.Location.SourceSpan.Start > callStart).ToList();

        var reportedBy = inCall.Select(d => d.Id).Distinct().Order().ToList();
        Assert.Equal(expectedRule.Length == 0 ? Array.Empty<string>() : new[] { expectedRule }, reportedBy);
        Assert.True(inCall.Count <= 1, "reported more than once: " + string.Join("; ", inCall));
    }
}
