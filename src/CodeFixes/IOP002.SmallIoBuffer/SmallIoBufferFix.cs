using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 fix: writes the minimum size where the analyzer found the small one - the literal at the use, or the value
/// of the <c>const</c> or local it comes from (so every use of a named size keeps agreeing). A read's count and the
/// array behind it grow together. Never offered for a <c>stackalloc</c> that would exceed 1 KiB.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SmallIoBufferFix)), Shared]
public sealed class SmallIoBufferFix : CodeFixProvider
{
    private static string Title => Resources.IOP002_CodeFixTitle;

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIdentifiers.SmallIoBuffer);

    public override FixAllProvider GetFixAllProvider() => new SmallIoBufferFixAll();

    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (MinimumBufferSize.NewSize.Get(diagnostic) is not null && diagnostic.AdditionalLocations.Count > 0)
            {
                context.RegisterCodeFix(
                    CodeAction.Create(Title, ct => FixAsync(context.Document, new[] { diagnostic }, ct), equivalenceKey: nameof(Resources.IOP002_CodeFixTitle)),
                    diagnostic);
            }
        }

        return Task.CompletedTask;
    }

    private static async Task<Document> FixAsync(Document document, IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return document;
        }

        // Several diagnostics can share one constant: each place is rewritten once, to the largest size asked for.
        var sizes = new Dictionary<TextSpan, long>();
        foreach (var diagnostic in diagnostics)
        {
            if (MinimumBufferSize.NewSize.Get(diagnostic) is not { } size)
            {
                continue;
            }

            foreach (var location in diagnostic.AdditionalLocations)
            {
                if (location.SourceTree == root.SyntaxTree)
                {
                    sizes[location.SourceSpan] = sizes.TryGetValue(location.SourceSpan, out var existing) ? System.Math.Max(existing, size) : size;
                }
            }
        }

        var targets = sizes.Keys
            .Select(span => root.FindNode(span, getInnermostNodeForTie: true))
            .OfType<ExpressionSyntax>()
            .ToList();
        var newRoot = root.ReplaceNodes(targets, (original, _) =>
        {
            var size = sizes[original.Span];
            var literal = LiteralExpression(SyntaxKind.NumericLiteralExpression, size <= int.MaxValue ? Literal((int)size) : Literal(size));
            return literal.WithTriviaFrom(original);
        });
        return document.WithSyntaxRoot(newRoot);
    }

    private sealed class SmallIoBufferFixAll : DocumentBasedFixAllProvider
    {
        protected override string GetFixAllTitle(FixAllContext fixAllContext) => Title;

        protected override async Task<Document?> FixAllAsync(FixAllContext fixAllContext, Document document, ImmutableArray<Diagnostic> diagnostics) =>
            await FixAsync(document, diagnostics.InWellFormedMembers(fixAllContext.CancellationToken).ToImmutableArray(), fixAllContext.CancellationToken).ConfigureAwait(false);
    }
}
