using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP007.DirectoryListingMaterialized;

/// <summary>
/// IOP007 fix: <c>Directory.GetFiles(...)</c> becomes <c>Directory.EnumerateFiles(...)</c> (and likewise for the other
/// listings, arguments kept); <c>.Length &gt; 0</c> becomes <c>.Any()</c> and <c>.Length == 0</c> <c>!....Any()</c>; a
/// local declared as an array is retyped to <c>IEnumerable&lt;T&gt;</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(DirectoryListingMaterializedFix)), Shared]
public sealed class DirectoryListingMaterializedFix : CodeFixProvider
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.DirectoryListingMaterialized);

    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (!TryFindListing(root, diagnostic, out _, out var enumeratingName))
            {
                continue;
            }

            // A file also compiled for a target without the Enumerate* methods (net20, net35: they came with .NET 4) would
            // not build there: the fix is offered only when every target of the document has them.
            if (!await TargetSplit.EveryTargetHasAsync(context.Document, compilation => HasEnumeratingForm(compilation, enumeratingName), context.CancellationToken).ConfigureAwait(false))
            {
                continue;
            }

            // One key for every listing, so that Fix All gathers them all; the listing's own name is in the title.
            context.RegisterCodeFix(
                CodeAction.Create(
                    Rules.Format(nameof(Resources.IOP007_CodeFixTitle), enumeratingName),
                    cancellationToken => FixAsync(context.Document, diagnostic, cancellationToken),
                    equivalenceKey: nameof(Resources.IOP007_CodeFixTitle)),
                diagnostic);
        }
    }

    private static async Task<Document> FixAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || !TryFindListing(root, diagnostic, out var invocation, out var enumeratingName))
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var renamed = SequenceEdits.RenameInvocation(invocation, enumeratingName);
        var hasLocal = diagnostic.AdditionalLocations.Count > 1;
        if (DirectoryListingMaterializedAnalyzer.Use.Get(diagnostic) == ListingUse.LengthCheck)
        {
            if (root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) is not MemberAccessExpressionSyntax length ||
                length.WalkUpParentheses().Parent is not BinaryExpressionSyntax comparison)
            {
                return document;
            }

            // files.Length > 0  ->  files.Any();  Directory.GetFiles(d).Length == 0  ->  !Directory.EnumerateFiles(d).Any()
            var source = hasLocal ? length.Expression : length.Expression.ReplaceNode(invocation, renamed);
            ExpressionSyntax any = InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, source.WithoutTrivia(), IdentifierName("Any")));
            if (DirectoryListingMaterializedAnalyzer.AsksForNone.Get(diagnostic))
            {
                any = PrefixUnaryExpression(SyntaxKind.LogicalNotExpression, any);
            }

            editor.ReplaceNode(comparison, any.WithTriviaFrom(comparison));
            ImportHelper.EnsureUsing(editor, editor.SemanticModel, comparison.SpanStart, "System.Linq", "Enumerable");
            if (hasLocal)
            {
                editor.ReplaceNode(invocation, renamed);
            }
        }
        else
        {
            editor.ReplaceNode(invocation, renamed);
        }

        if (hasLocal && editor.SemanticModel.GetTypeInfo(invocation, cancellationToken).Type is IArrayTypeSymbol array)
        {
            SequenceEdits.RetypeLocalToEnumerable(editor, diagnostic.AdditionalLocations[1], array.ElementType);
        }

        return editor.GetChangedDocument();
    }

    private static bool HasEnumeratingForm(Compilation compilation, string enumeratingName)
    {
        var types = WellKnownIoTypes.For(compilation);
        return types.Directory?.GetMembers(enumeratingName).IsEmpty == false || types.DirectoryInfo?.GetMembers(enumeratingName).IsEmpty == false;
    }

    /// <summary>The reported listing call and the name of its Enumerate* twin, or false when the code changed under the diagnostic.</summary>
    private static bool TryFindListing(SyntaxNode? root, Diagnostic diagnostic, out InvocationExpressionSyntax invocation, out string enumeratingName)
    {
        invocation = null!;
        enumeratingName = null!;
        // A call to the project's own method that returns a listing has nothing to rename at the call.
        if (DirectoryListingMaterializedAnalyzer.AcrossMethods.Get(diagnostic) ||
            root?.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax found ||
            SequenceEdits.InvokedName(found)?.Identifier.ValueText is not { } name ||
            DirectoryListings.EnumeratingName(name) is not { } enumerating)
        {
            return false;
        }

        invocation = found;
        enumeratingName = enumerating;
        return true;
    }
}
