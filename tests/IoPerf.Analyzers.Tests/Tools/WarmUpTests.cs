using System.Collections.Immutable;
using System.Globalization;
using IoPerf.Analyzers.Internal;
using IoPerf.Corpus;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.Tools;

/// <summary>
/// The runner's warm-up must run every rule's reporting path, so that none is JIT-compiled inside a measured
/// compilation's callbacks (a checkout with a handful of listings charged IOP007 about 12 ms for it).
/// </summary>
public sealed class WarmUpTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task EveryRuleReportsOnTheWarmUpFile(bool acrossMethods)
    {
        var diagnostics = await WarmUp.RunAsync(SdkAnalyzers.Load(CorpusRunner.SdkRuleIds), CorpusRunner.SdkRuleIds, acrossMethods);

        var reported = diagnostics.Select(d => d.Id).ToHashSet();
        // IOP005 defers to CA2007, which the runner turns on to measure it: its loop in the warm-up file runs the rule
        // up to that question, as in every measured compilation, and reports nothing.
        var silent = Rules.All.Select(rule => rule.Id).Where(id => id != RuleIdentifiers.AwaitedReadInLoopOnCapturedContext && !reported.Contains(id)).ToList();
        // IOP006's AutoFlush statement (its own callback) as well as its console loop.
        if (!diagnostics.Any(d => d.Id == "IOP006" && d.GetMessage(CultureInfo.InvariantCulture).StartsWith("AutoFlush = true", StringComparison.Ordinal)))
        {
            silent.Add("IOP006 on an AutoFlush statement");
        }

        if (acrossMethods)
        {
            // And each rule's path across methods, through the helper named in its message.
            (string Rule, string Helper)[] expected = [("IOP001", "'Open'"), ("IOP002", "'Sum'"), ("IOP003", "'Load'"), ("IOP006", "'Print'"), ("IOP007", "'Listing'"), ("IOP008", "'Log'"), ("IOP009", "'Text'")];
            silent.AddRange(expected
                .Where(pair => !diagnostics.Any(d => d.Id == pair.Rule && d.GetMessage(CultureInfo.InvariantCulture).Contains(pair.Helper, StringComparison.Ordinal)))
                .Select(pair => $"{pair.Rule} across methods ({pair.Helper})"));
        }

        Assert.True(silent.Count == 0, "silent on the warm-up file: " + string.Join(", ", silent) + "\n" + string.Join("\n", diagnostics.Select(d => d.ToString())));
    }

    /// <summary>
    /// Each rule's gate must ask a long file whether it is generated before its search stops at the file that names its
    /// words - a generated one and a hand-written one - or that question is JIT-compiled inside a measured compilation.
    /// </summary>
    [Fact]
    public async Task TheGatesAskLongFilesBeforeReachingTheWords()
    {
        var compilation = await WarmUp.CreateCompilationAsync();
        var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty);

        // A gate's search stops at the first tree that holds one of its words: the earliest any gate can stop.
        var trees = compilation.SyntaxTrees.ToList();
        var firstWithWords = trees.FindIndex(tree => WatchedWords.All.Any(words => TreeWords.Mentions(tree, words)));
        var askedLong = trees.Take(firstWithWords).Where(tree => tree.Length >= CompilationText.ShortestFileWorthAsking).ToList();

        Assert.Contains(askedLong, tree => GeneratedCode.IsGeneratedFile(tree, options, CancellationToken.None));
        Assert.Contains(askedLong, tree => !GeneratedCode.IsGeneratedFile(tree, options, CancellationToken.None));
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }
}
