using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>
/// Fixes in a file that a multi-targeted project compiles once per target framework (the IDE's and dotnet format's
/// linked documents): when the API a fix needs exists in only some targets, the new code goes under the preprocessor
/// symbol that exactly those targets define and the old code stays for the others, as library authors write it. The
/// one writer of <c>#if</c> / <c>#else</c> / <c>#endif</c> for the fixes: around a statement or member
/// (<see cref="Split"/>) or a loop's or <c>if</c>'s header (<see cref="SplitHeader"/>); and the plain question for fixes
/// that never split (<see cref="EveryTargetHasAsync"/>).
/// </summary>
internal static class TargetSplit
{
    /// <summary>What a fix may do in a file: no split, a split under a symbol, or no fix at all.</summary>
    public readonly struct Decision
    {
        private Decision(bool possible, string? symbol)
        {
            IsPossible = possible;
            Symbol = symbol;
        }

        /// <summary>False when some target lacks the API and no symbol tells the targets apart: no fix.</summary>
        public bool IsPossible { get; }

        /// <summary>The symbol to put the new code under, or null when every target has the API (no split).</summary>
        public string? Symbol { get; }

        public static Decision NoSplit => new(true, null);

        public static Decision Impossible => new(false, null);

        public static Decision Under(string symbol) => new(true, symbol);
    }

    /// <summary>
    /// Whether <paramref name="document"/>'s other targets all have the API (<paramref name="hasApi"/>), else whether
    /// <paramref name="symbol"/> (the first version with it, e.g. <c>NET8_0_OR_GREATER</c>) is defined by exactly the
    /// targets that do, this one included.
    /// </summary>
    public static async Task<Decision> DecideAsync(Document document, Func<Compilation, bool> hasApi, string symbol, CancellationToken cancellationToken)
    {
        var everyTargetHasIt = true;
        var symbolTellsThemApart = Defines(document.Project, symbol);
        foreach (var linkedId in document.GetLinkedDocumentIds())
        {
            var linked = document.Project.Solution.GetDocument(linkedId);
            var compilation = linked is null ? null : await linked.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
            if (compilation is null)
            {
                return Decision.Impossible;
            }

            var has = hasApi(compilation);
            everyTargetHasIt &= has;
            symbolTellsThemApart &= Defines(linked!.Project, symbol) == has;
        }

        return everyTargetHasIt ? Decision.NoSplit : symbolTellsThemApart ? Decision.Under(symbol) : Decision.Impossible;
    }

    /// <summary>
    /// True when every target framework <paramref name="document"/> is compiled for (its linked documents in a
    /// multi-targeted project) has the API: the question of a fix whose new code never goes under <c>#if</c>.
    /// </summary>
    public static async Task<bool> EveryTargetHasAsync(Document document, Func<Compilation, bool> hasApi, CancellationToken cancellationToken)
    {
        foreach (var id in document.GetLinkedDocumentIds().Add(document.Id))
        {
            var linked = document.Project.Solution.GetDocument(id);
            var compilation = linked is null ? null : await linked.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
            if (compilation is null || !hasApi(compilation))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The loop or <c>if</c> whose header holds <paramref name="node"/> (not its body), when it is a statement of a
    /// block: a split can go around its header alone, so the body is not written twice. Null otherwise.
    /// </summary>
    public static StatementSyntax? GetHeaderStatement(SyntaxNode node)
    {
        foreach (var ancestor in node.Ancestors())
        {
            if (ancestor is StatementSyntax statement)
            {
                return statement.Parent is BlockSyntax && StartsItsLine(statement) && GetBody(statement) is { } body && !body.FullSpan.Contains(node.Span)
                    ? statement
                    : null;
            }
        }

        return null;
    }

    /// <summary>
    /// Writes the header of <paramref name="rewritten"/> (a loop or <c>if</c> in <paramref name="root"/>) under
    /// <c>#if symbol</c> and the header of <paramref name="original"/> under <c>#else</c>, before the one body they share.
    /// </summary>
    public static SyntaxNode SplitHeader(SyntaxNode root, StatementSyntax rewritten, StatementSyntax original, string symbol)
    {
        var newBody = GetBody(rewritten)!;
        var oldBody = GetBody(original)!;
        var newLine = LineEnding(root).ToFullString();
        var indentation = string.Concat(original.GetLeadingTrivia().Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse().Select(t => t.ToFullString()));
        var newHeader = rewritten.SyntaxTree.GetText().ToString(TextSpan.FromBounds(rewritten.SpanStart, newBody.FullSpan.Start)).TrimEnd() + newLine;
        var oldHeader = original.SyntaxTree.GetText().ToString(TextSpan.FromBounds(original.SpanStart, oldBody.FullSpan.Start)).TrimEnd() + newLine;
        var text =
            $"#if {symbol}{newLine}{indentation}{newHeader}" +
            $"#else{newLine}{indentation}{oldHeader}" +
            $"#endif{newLine}" +
            rewritten.SyntaxTree.GetText().ToString(TextSpan.FromBounds(newBody.FullSpan.Start, rewritten.FullSpan.End));
        var options = ((CSharpParseOptions)root.SyntaxTree.Options).WithPreprocessorSymbols(
            ((CSharpParseOptions)root.SyntaxTree.Options).PreprocessorSymbolNames.Append(symbol).Distinct());
        var split = SyntaxFactory.ParseStatement(text, options: options);

        // The blank lines and comments above the statement stay above the #if.
        var above = rewritten.GetLeadingTrivia().Reverse().SkipWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse();
        return root.ReplaceNode(rewritten, split.WithLeadingTrivia(above.Concat(split.GetLeadingTrivia())));
    }

    /// <summary>
    /// <c>#if symbol</c> before <paramref name="unit"/> (a statement or member of <paramref name="root"/>, written as
    /// <paramref name="writtenAs"/> when given), then <c>#else</c> and <paramref name="original"/> when there is one, and
    /// <c>#endif</c> before the next token: the directives sit in leading trivia, where the parser puts them.
    /// </summary>
    public static SyntaxNode Split(SyntaxNode root, SyntaxNode unit, SyntaxNode? original, string symbol, SyntaxTrivia lineEnding, SyntaxNode? writtenAs = null)
    {
        var newLine = lineEnding.ToFullString();
        var last = new SyntaxAnnotation();
        // Everything above the code's own line - blank lines, comments, doc comments, directives (a neighbour's #endif, a
        // #region) - stays above the #if, for every target; only the indentation goes under it.
        var leading = unit.GetLeadingTrivia();
        var blankLines = leading.Count;
        while (blankLines > 0 && leading[blankLines - 1].IsKind(SyntaxKind.WhitespaceTrivia))
        {
            blankLines--;
        }

        var nodes = new List<SyntaxNode>
        {
            (writtenAs ?? unit)
                .WithLeadingTrivia(leading.Take(blankLines).Concat(SyntaxFactory.ParseLeadingTrivia($"#if {symbol}{newLine}")).Concat(leading.Skip(blankLines)))
                .WithAdditionalAnnotations(original is null ? last : new SyntaxAnnotation()),
        };
        if (original is not null)
        {
            // The original keeps only its indentation: comments above it stay above the #if.
            var indentation = original.GetLeadingTrivia().Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse();
            nodes.Add(original.WithLeadingTrivia(SyntaxFactory.ParseLeadingTrivia($"#else{newLine}").AddRange(indentation)).WithAdditionalAnnotations(last));
        }

        root = root.ReplaceNode(unit, nodes);
        var next = root.GetAnnotatedNodes(last).Single().GetLastToken().GetNextToken(includeZeroWidth: true);
        return root.ReplaceToken(next, next.WithLeadingTrivia(SyntaxFactory.ParseLeadingTrivia($"#endif{newLine}").AddRange(next.LeadingTrivia)));
    }

    /// <summary>Only whitespace before <paramref name="node"/> on its line: a directive can go above it.</summary>
    public static bool StartsItsLine(SyntaxNode node)
    {
        var text = node.SyntaxTree.GetText();
        var line = text.Lines.GetLineFromPosition(node.SpanStart);
        return string.IsNullOrWhiteSpace(text.ToString(TextSpan.FromBounds(line.Start, node.SpanStart)));
    }

    /// <summary>Nothing but trivia after <paramref name="node"/> on its line: a directive can go below it.</summary>
    public static bool EndsItsLine(SyntaxNode node) =>
        node.GetLastToken().TrailingTrivia.Any(trivia => trivia.IsKind(SyntaxKind.EndOfLineTrivia));

    private static StatementSyntax? GetBody(StatementSyntax statement) => statement switch
    {
        WhileStatementSyntax @while => @while.Statement,
        ForStatementSyntax @for => @for.Statement,
        CommonForEachStatementSyntax forEach => forEach.Statement,
        IfStatementSyntax { Else: null } @if => @if.Statement,
        _ => null,
    };

    private static bool Defines(Project project, string symbol) =>
        project.ParseOptions?.PreprocessorSymbolNames.Contains(symbol) == true;

    /// <summary>The file's own line ending (its first one), so that an LF file stays LF; CRLF in a file of one line.</summary>
    public static SyntaxTrivia LineEnding(SyntaxNode root) =>
        root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia)) is { RawKind: not 0 } lineEnding
            ? lineEnding
            : SyntaxFactory.ElasticCarriageReturnLineFeed;
}
