using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP003.LinesMaterializedForSinglePass;

/// <summary>
/// IOP003 fix: <c>File.ReadAllLines(...)</c> becomes <c>File.ReadLines(...)</c>; in async code the loop becomes
/// <c>await foreach</c> over <c>File.ReadLinesAsync(...)</c>. Arguments (encoding, cancellation token) are kept.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(LinesMaterializedForSinglePassFix)), Shared]
public sealed class LinesMaterializedForSinglePassFix : CodeFixProvider
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.LinesMaterializedForSinglePass);

    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (!LinesMaterializedForSinglePassAnalyzer.Fixable.Get(diagnostic))
            {
                continue;
            }

            var isAsync = LinesMaterializedForSinglePassAnalyzer.IsAsync.Get(diagnostic);
            var split = isAsync
                ? await TargetSplit.DecideAsync(context.Document, HasReadLinesAsync, ReadLinesAsyncSymbol, context.CancellationToken).ConfigureAwait(false)
                : TargetSplit.Decision.NoSplit;
            if (!split.IsPossible || (split.Symbol is not null && !await CanSplitHeaderAsync(context.Document, diagnostic, context.CancellationToken).ConfigureAwait(false)))
            {
                // A file also compiled for a target without File.ReadLinesAsync (before .NET 7), where the targets cannot be
                // told apart or the read is not a foreach's own: `await foreach` would not compile there.
                continue;
            }

            var title = isAsync ? Resources.IOP003_AsyncCodeFixTitle : Resources.IOP003_CodeFixTitle;
            context.RegisterCodeFix(
                CodeAction.Create(title, cancellationToken => FixAsync(context.Document, diagnostic, split.Symbol, cancellationToken), equivalenceKey: isAsync ? nameof(Resources.IOP003_AsyncCodeFixTitle) : nameof(Resources.IOP003_CodeFixTitle)),
                diagnostic);
        }
    }

    /// <summary>The first target framework symbol with File.ReadLinesAsync (.NET 7).</summary>
    private const string ReadLinesAsyncSymbol = "NET7_0_OR_GREATER";

    private static bool HasReadLinesAsync(Compilation compilation) =>
        WellKnownIoTypes.For(compilation).File?.GetMembers("ReadLinesAsync").IsEmpty == false;

    /// <summary>
    /// In a split file only <c>foreach (var line in File.ReadAllLines(p))</c> is rewritten: its header goes under #if and
    /// #else around the one body. A read into a local first would need two splits that must agree.
    /// </summary>
    private static async Task<bool> CanSplitHeaderAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken) =>
        LinesMaterializedForSinglePassAnalyzer.Form.Get(diagnostic) == LinesReadForm.ReadAllLines &&
        diagnostic.AdditionalLocations.Count == 1 &&
        await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root &&
        root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) is ForEachStatementSyntax forEach &&
        TargetSplit.GetHeaderStatement(root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true)) == forEach;

    private static async Task<Document> FixAsync(Document document, Diagnostic diagnostic, string? splitSymbol, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root?.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax invocation ||
            LinesMaterializedForSinglePassAnalyzer.Form.Get(diagnostic) is not { } form)
        {
            return document;
        }

        var isAsync = LinesMaterializedForSinglePassAnalyzer.IsAsync.Get(diagnostic);
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var semanticModel = editor.SemanticModel;
        if (RewriteRead(editor, invocation, form, isAsync ? "ReadLinesAsync" : "ReadLines") is not { } configured)
        {
            return document;
        }

        RetypeLocal(editor, semanticModel, diagnostic, isAsync, configured);
        var rewrittenLoop = new SyntaxAnnotation();
        ForEachStatementSyntax? forEach = null;
        if (isAsync && diagnostic.AdditionalLocations.Count > 0 &&
            (forEach = root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) as ForEachStatementSyntax) is not null)
        {
            editor.ReplaceNode(forEach, (current, _) => MakeAwaitForEach((ForEachStatementSyntax)current).WithAdditionalAnnotations(rewrittenLoop));
        }

        var changed = editor.GetChangedDocument();
        if (splitSymbol is null || forEach is null)
        {
            return changed;
        }

        // netstandard2.0;net8.0 and the like: the await foreach header under #if NET7_0_OR_GREATER, the original under #else.
        changed = await Formatter.FormatAsync(changed, SyntaxAnnotation.ElasticAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        var changedRoot = await changed.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        return changedRoot?.GetAnnotatedNodes(rewrittenLoop).FirstOrDefault() is ForEachStatementSyntax rewritten
            ? changed.WithSyntaxRoot(TargetSplit.SplitHeader(changedRoot, rewritten, forEach, splitSymbol))
            : document;
    }

    /// <summary>
    /// The read itself, renamed to <paramref name="newName"/>: true when it was awaited with <c>ConfigureAwait</c> (the
    /// local's new type keeps it), null when the code is not the shape the diagnostic described.
    /// </summary>
    private static bool? RewriteRead(DocumentEditor editor, InvocationExpressionSyntax invocation, LinesReadForm form, string newName)
    {
        switch (form)
        {
            case LinesReadForm.ReadAllLines:
                editor.ReplaceNode(invocation, SequenceEdits.RenameInvocation(invocation, newName));
                return false;

            case LinesReadForm.ReadAllLinesAsync:
                // await File.ReadAllLinesAsync(p)[.ConfigureAwait(x)]  ->  File.ReadLinesAsync(p)[.ConfigureAwait(x)]
                var awaited = invocation.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait", Parent: InvocationExpressionSyntax configureAwait }
                    ? configureAwait
                    : (ExpressionSyntax)invocation;
                if (awaited.WalkUpParentheses().Parent is not AwaitExpressionSyntax awaitExpression)
                {
                    return null;
                }

                var replacement = awaited.ReplaceNode(invocation, SequenceEdits.RenameInvocation(invocation, newName));
                editor.ReplaceNode(awaitExpression, replacement.WithTriviaFrom(awaitExpression));
                return awaited != invocation;

            case LinesReadForm.Split:
                // File.ReadAllText(p).Split(['\r', '\n'], RemoveEmptyEntries)  ->  File.ReadLines(p).Where(line => line.Length != 0)
                if (invocation.Expression is not MemberAccessExpressionSyntax { Expression: InvocationExpressionSyntax readAllText })
                {
                    return null;
                }

                var parameterName = NameGenerator.GetUniqueLocalName(editor.SemanticModel, invocation.SpanStart, "line");
                var filtered = InvocationExpression(
                        MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, SequenceEdits.RenameInvocation(readAllText, newName), IdentifierName("Where")),
                        ArgumentList(SingletonSeparatedList(Argument(SimpleLambdaExpression(
                            Parameter(Identifier(parameterName)),
                            BinaryExpression(
                                SyntaxKind.NotEqualsExpression,
                                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName(parameterName), IdentifierName("Length")),
                                LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(0))))))))
                    .WithTriviaFrom(invocation);
                editor.ReplaceNode(invocation, filtered);
                ImportHelper.EnsureUsing(editor, editor.SemanticModel, invocation.SpanStart, "System.Linq", "Enumerable");
                return false;

            default:
                return null;
        }
    }

    /// <summary><c>string[] lines = ...</c> becomes <c>IEnumerable&lt;string&gt; lines = ...</c> (or the async sequence type).</summary>
    private static void RetypeLocal(DocumentEditor editor, SemanticModel semanticModel, Diagnostic diagnostic, bool isAsync, bool configured)
    {
        if (diagnostic.AdditionalLocations.Count < 2 ||
            editor.OriginalRoot.FindNode(diagnostic.AdditionalLocations[1].SourceSpan, getInnermostNodeForTie: true) is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } ||
            declaration.Type.IsVar)
        {
            return;
        }

        if (!isAsync)
        {
            SequenceEdits.RetypeLocalToEnumerable(editor, diagnostic.AdditionalLocations[1], semanticModel.Compilation.GetSpecialType(SpecialType.System_String));
            return;
        }

        var (typeName, namespaceName) = configured
                ? ("ConfiguredCancelableAsyncEnumerable", "System.Runtime.CompilerServices")
                : ("IAsyncEnumerable", "System.Collections.Generic");
        var newType = GenericName(Identifier(typeName), TypeArgumentList(SingletonSeparatedList<TypeSyntax>(PredefinedType(Token(SyntaxKind.StringKeyword)))));
        editor.ReplaceNode(declaration.Type, newType.WithTriviaFrom(declaration.Type));
        ImportHelper.EnsureUsing(editor, semanticModel, declaration.SpanStart, namespaceName, typeName);
    }

    private static ForEachStatementSyntax MakeAwaitForEach(ForEachStatementSyntax forEach) =>
        forEach
            .WithAwaitKeyword(Token(SyntaxKind.AwaitKeyword).WithLeadingTrivia(forEach.ForEachKeyword.LeadingTrivia).WithTrailingTrivia(Space))
            .WithForEachKeyword(forEach.ForEachKeyword.WithLeadingTrivia());
}
