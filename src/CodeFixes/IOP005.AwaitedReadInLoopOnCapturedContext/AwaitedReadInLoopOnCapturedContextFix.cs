using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// IOP005 fixes: (1) <c>.ConfigureAwait(false)</c> on every read the loop awaits (the <c>await foreach</c> form for
/// <c>File.ReadLinesAsync</c>), offered when nothing after the first await touches UI objects; (2) the loop moved into
/// <c>await Task.Run(async () => { ... })</c>, so that the code after it stays on the context.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(AwaitedReadInLoopOnCapturedContextFix)), Shared]
public sealed class AwaitedReadInLoopOnCapturedContextFix : CodeFixProvider
{
    private static string ConfigureAwaitTitle => Resources.IOP005_CodeFixTitle;

    private static string ThreadPoolTitle => Resources.IOP005_ThreadPoolCodeFixTitle;

    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.AwaitedReadInLoopOnCapturedContext);

    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        // Found by the crash fuzzer: a broken foreach after the loop made the formatter fail on the fix's output.
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (AwaitedReadInLoopOnCapturedContextAnalyzer.CanConfigureAwait.Get(diagnostic))
            {
                context.RegisterCodeFix(
                    CodeAction.Create(ConfigureAwaitTitle, ct => AddConfigureAwaitAsync(context.Document, diagnostic, ct), equivalenceKey: nameof(Resources.IOP005_CodeFixTitle)),
                    diagnostic);
            }

            if (AwaitedReadInLoopOnCapturedContextAnalyzer.CanMoveToThreadPool.Get(diagnostic))
            {
                context.RegisterCodeFix(
                    CodeAction.Create(ThreadPoolTitle, ct => MoveToThreadPoolAsync(context.Document, diagnostic, ct), equivalenceKey: nameof(Resources.IOP005_ThreadPoolCodeFixTitle)),
                    diagnostic);
            }
        }

        return Task.CompletedTask;
    }

    private static async Task<Document> AddConfigureAwaitAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var (loopSyntax, loop, model) = await FindLoopAsync(document, diagnostic, cancellationToken).ConfigureAwait(false);
        if (loop is null || model is null || AsyncReads.Create(model.Compilation) is not { } reads)
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var configuresForEach = false;
        foreach (var found in AwaitedReadInLoopOnCapturedContextAnalyzer.FindAwaitsOnContext(loop, reads, IoModel.For(model.Compilation).Pacing, cancellationToken))
        {
            ExpressionSyntax? awaited = found.Syntax switch
            {
                AwaitExpressionSyntax awaitExpression => awaitExpression.Expression,
                ForEachStatementSyntax forEach => forEach.Expression,
                _ => null,
            };
            if (awaited is null)
            {
                continue;
            }

            configuresForEach |= found is IForEachLoopOperation;
            editor.ReplaceNode(awaited, (current, _) => ConfigureAwaitFalse((ExpressionSyntax)current));
        }

        if (configuresForEach)
        {
            // ConfigureAwait on IAsyncEnumerable<T> is an extension in System.Threading.Tasks.
            ImportHelper.EnsureUsing(editor, model, loopSyntax!.SpanStart, "System.Threading.Tasks", "TaskAsyncEnumerableExtensions");
        }

        return editor.GetChangedDocument();
    }

    private static ExpressionSyntax ConfigureAwaitFalse(ExpressionSyntax expression)
    {
        var receiver = expression.WithoutTrivia();
        if (receiver is not (InvocationExpressionSyntax or MemberAccessExpressionSyntax or IdentifierNameSyntax or ParenthesizedExpressionSyntax))
        {
            receiver = ParenthesizedExpression(receiver);
        }

        return InvocationExpression(
                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, IdentifierName("ConfigureAwait")),
                ArgumentList(SingletonSeparatedList(Argument(LiteralExpression(SyntaxKind.FalseLiteralExpression)))))
            .WithTriviaFrom(expression);
    }

    private static async Task<Document> MoveToThreadPoolAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var (loopSyntax, loop, model) = await FindLoopAsync(document, diagnostic, cancellationToken).ConfigureAwait(false);
        if (loopSyntax is null || loop is null || model is null)
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var lambda = ParenthesizedLambdaExpression()
            .WithAsyncKeyword(Token(SyntaxKind.AsyncKeyword))
            .WithBlock(Block(loopSyntax.WithoutLeadingTrivia().WithoutTrailingTrivia()));
        var run = ExpressionStatement(
                AwaitExpression(
                    InvocationExpression(
                        MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName("Task"), IdentifierName("Run")),
                        ArgumentList(SingletonSeparatedList(Argument(lambda))))))
            .WithLeadingTrivia(loopSyntax.GetLeadingTrivia())
            .WithTrailingTrivia(loopSyntax.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(loopSyntax, run);
        ImportHelper.EnsureUsing(editor, model, loopSyntax.SpanStart, "System.Threading.Tasks", "Task");
        return editor.GetChangedDocument();
    }

    /// <summary>The outermost loop of the function that holds the diagnostic's await.</summary>
    private static async Task<(StatementSyntax? Syntax, ILoopOperation? Loop, SemanticModel? Model)> FindLoopAsync(
        Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return default;
        }

        StatementSyntax? outermost = null;
        for (SyntaxNode? node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true); node is not null; node = node.Parent)
        {
            if (node is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax or MemberDeclarationSyntax)
            {
                break;
            }

            if (node is ForStatementSyntax or ForEachStatementSyntax or ForEachVariableStatementSyntax or WhileStatementSyntax or DoStatementSyntax)
            {
                outermost = (StatementSyntax)node;
            }
        }

        return outermost is not null && model.GetOperation(outermost, cancellationToken) is ILoopOperation loop
            ? (outermost, loop, model)
            : default;
    }
}
