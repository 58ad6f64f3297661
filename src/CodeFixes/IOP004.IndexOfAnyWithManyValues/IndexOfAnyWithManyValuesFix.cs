using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// IOP004 fix: a <c>private static readonly SearchValues&lt;T&gt;</c> field (reused when the type already has one for the
/// same values) and the call rewritten to search through it. Fix All creates one field per distinct set and type.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(IndexOfAnyWithManyValuesFix)), Shared]
public sealed class IndexOfAnyWithManyValuesFix : CodeFixProvider
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.IndexOfAnyWithManyValues);

    public override FixAllProvider GetFixAllProvider() => new SearchValuesFixAll();

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var title = Resources.IOP004_CodeFixTitle;
        var rewriter = await SearchValuesRewriter.CreateAsync(context.Document, context.CancellationToken).ConfigureAwait(false);
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            // Only offered when the whole rewrite is possible: a partial one would not compile or change behaviour.
            if (rewriter?.TryPlan(diagnostic, context.CancellationToken) is not null)
            {
                context.RegisterCodeFix(
                    CodeAction.Create(
                        title,
                        cancellationToken => FixAsync(context.Document, ImmutableArray.Create(diagnostic), cancellationToken),
                        equivalenceKey: nameof(Resources.IOP004_CodeFixTitle)),
                    diagnostic);
            }
        }
    }

    internal static async Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var rewriter = await SearchValuesRewriter.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        return rewriter is null ? document : await rewriter.ApplyAsync(diagnostics, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>All diagnostics of a document in one pass, so that identical sets share one field and names never clash.</summary>
    private sealed class SearchValuesFixAll : DocumentBasedFixAllProvider
    {
        protected override string GetFixAllTitle(FixAllContext fixAllContext) => Resources.IOP004_CodeFixTitle;

        protected override Task<Document?> FixAllAsync(FixAllContext fixAllContext, Document document, ImmutableArray<Diagnostic> diagnostics) =>
            FixAsync(document, diagnostics.InWellFormedMembers(fixAllContext.CancellationToken).ToImmutableArray(), fixAllContext.CancellationToken)!;
    }
}
