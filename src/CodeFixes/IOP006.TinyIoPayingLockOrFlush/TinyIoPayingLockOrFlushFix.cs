using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006 fixes, one per shape: console output in a loop goes through one <c>StreamWriter</c> over the standard output
/// stream, in the console's encoding, disposed (so flushed) right after the loop; <c>AutoFlush = true</c> is removed and
/// the writer flushed after the loop; <c>TextWriter.Synchronized(w)</c> becomes <c>w</c>; an unbuffered FileStream gets
/// a buffer of the IOP002 minimum.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(TinyIoPayingLockOrFlushFix)), Shared]
public sealed class TinyIoPayingLockOrFlushFix : CodeFixProvider
{
    /// <summary>
    /// The console writer's buffer, in chars. E3ConsoleBreakEven: with 4,096 the writer paid for itself from 4 writes;
    /// with 65,536 its buffers went to the large object heap and it took 32 writes to break even.
    /// </summary>
    private const int ConsoleBufferSize = 4096;

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIdentifiers.TinyIoPayingLockOrFlush);

    public override FixAllProvider GetFixAllProvider() => new TinyIoFixAll();

    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (TinyIoPayingLockOrFlushAnalyzer.Kind.Get(diagnostic) is not { } kind || !TinyIoPayingLockOrFlushAnalyzer.Fixable.Get(diagnostic))
            {
                continue;
            }

            var key = TitleName(kind);
            context.RegisterCodeFix(
                CodeAction.Create(Rules.Format(key), ct => FixAsync(context.Document, new[] { diagnostic }, ct), equivalenceKey: key),
                diagnostic);
        }

        return Task.CompletedTask;
    }

    /// <summary>The resource name of the kind's title: the action's equivalence key, so that Fix All gathers one kind.</summary>
    private static string TitleName(TinyIoKind kind) => kind switch
    {
        TinyIoKind.ConsoleInLoop => nameof(Resources.IOP006_ConsoleCodeFixTitle),
        TinyIoKind.AutoFlush => nameof(Resources.IOP006_AutoFlushCodeFixTitle),
        TinyIoKind.Synchronized => nameof(Resources.IOP006_SynchronizedCodeFixTitle),
        _ => nameof(Resources.IOP006_UnbufferedBytesCodeFixTitle),
    };

    private static async Task<Document> FixAsync(Document document, IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var needsSystemIo = false;
        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (diagnostic.Location.SourceTree != root.SyntaxTree)
            {
                continue;
            }

            var node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
            switch (TinyIoPayingLockOrFlushAnalyzer.Kind.Get(diagnostic))
            {
                case TinyIoKind.ConsoleInLoop:
                    needsSystemIo |= BufferConsoleLoop(editor, model, node, cancellationToken);
                    break;
                case TinyIoKind.AutoFlush:
                    RemoveAutoFlush(editor, model, node, diagnostic, cancellationToken);
                    break;
                case TinyIoKind.Synchronized when node is InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 } synchronized:
                    editor.ReplaceNode(synchronized, synchronized.ArgumentList.Arguments[0].Expression.WithTriviaFrom(synchronized));
                    break;
                case TinyIoKind.UnbufferedBytes when MinimumBufferSize.NewSize.Get(diagnostic) is { } size and <= int.MaxValue:
                    var value = node is ArgumentSyntax argument ? argument.Expression : node as ExpressionSyntax;
                    if (value is not null)
                    {
                        editor.ReplaceNode(value, LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal((int)size)).WithTriviaFrom(value));
                    }

                    break;
            }
        }

        if (needsSystemIo)
        {
            ImportHelper.EnsureUsing(editor, model, root.SpanStart, "System.IO", "StreamWriter");
        }

        return editor.GetChangedDocument();
    }

    /// <summary>
    /// <c>using (var stdout = new StreamWriter(Console.OpenStandardOutput(), Console.Out.Encoding, 4096)) { loop }</c>
    /// with every standard-output write of the loop sent to <c>stdout</c>. Console.Out's encoding is the console's
    /// without a preamble (Console.OutputEncoding has one once a program sets it to Encoding.UTF8: the writer would print
    /// a byte-order mark mid-output; TinyIoPayingLockOrFlushConsoleFixOutputTests runs both), and StreamWriter's newline is the
    /// console's, so the bytes written are the same.
    /// </summary>
    private static bool BufferConsoleLoop(DocumentEditor editor, SemanticModel model, SyntaxNode flagged, CancellationToken cancellationToken)
    {
        var types = WellKnownIoTypes.For(model.Compilation);
        var console = types.Console;
        var streamWriter = types.StreamWriter;
        if (console is null || streamWriter is null ||
            flagged.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } first ||
            model.GetOperation(first, cancellationToken) is not IOperation write)
        {
            return false;
        }

        var loop = write.GetOutermostLoop();

        if (loop?.Syntax is not StatementSyntax loopStatement)
        {
            return false;
        }

        var name = NameGenerator.GetUniqueLocalName(model, loopStatement.SpanStart, "stdout");
        var writes = loop.OwnOperations()
            .OfType<IInvocationOperation>()
            .Where(invocation => ConsoleOutput.IsStandardOutputWrite(invocation, console))
            .Select(invocation => (InvocationExpressionSyntax)invocation.Syntax)
            .ToList();

        var rewritten = loopStatement.ReplaceNodes(writes, (original, current) =>
        {
            var method = original.Expression switch
            {
                MemberAccessExpressionSyntax access => access.Name,
                SimpleNameSyntax simple => simple,
                _ => IdentifierName("Write"),
            };
            return current.WithExpression(
                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName(name), method.WithoutTrivia())
                    .WithTriviaFrom(current.Expression));
        });

        // Parsed rather than built as a type name, so the tree is the one the text reads as; simplified to Console where
        // System is imported.
        var consoleType = ParseExpression("global::System.Console").WithAdditionalAnnotations(Simplifier.Annotation);
        var writerCreation = ObjectCreationExpression(IdentifierName("StreamWriter"))
            .WithArgumentList(ArgumentList(SeparatedList(new[]
            {
                Argument(InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, consoleType, IdentifierName("OpenStandardOutput")))),
                Argument(MemberAccessExpression(
                    SyntaxKind.SimpleMemberAccessExpression,
                    MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, consoleType, IdentifierName("Out")),
                    IdentifierName("Encoding"))),
                Argument(LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(ConsoleBufferSize))),
            })));
        var usingStatement = LoopWrapping.InUsing(rewritten, name, writerCreation);
        editor.ReplaceNode(loopStatement, usingStatement);
        return true;
    }

    /// <summary>Removes <c>AutoFlush = true</c> and adds <c>writer.Flush();</c> after each outermost loop that writes.</summary>
    private static void RemoveAutoFlush(DocumentEditor editor, SemanticModel model, SyntaxNode flagged, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (flagged.FirstAncestorOrSelf<AssignmentExpressionSyntax>() is not { } assignment)
        {
            return;
        }

        switch (assignment.Parent)
        {
            case InitializerExpressionSyntax { Parent: BaseObjectCreationExpressionSyntax creation } initializer when initializer.Expressions.Count == 1:
                editor.ReplaceNode(creation, creation.WithInitializer(null).WithTrailingTrivia(creation.GetTrailingTrivia()));
                break;
            case InitializerExpressionSyntax:
                editor.RemoveNode(assignment, SyntaxRemoveOptions.KeepNoTrivia);
                break;
            case ExpressionStatementSyntax statement:
                editor.RemoveNode(statement);
                break;
            default:
                return;
        }

        var loops = new HashSet<SyntaxNode>();
        foreach (var location in diagnostic.AdditionalLocations)
        {
            if (editor.OriginalRoot.FindNode(location.SourceSpan, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } write ||
                write.Expression is not MemberAccessExpressionSyntax { Expression: var writer } ||
                model.GetOperation(write, cancellationToken) is not IOperation operation)
            {
                continue;
            }

            var outermost = operation.GetOutermostLoop();

            if (outermost?.Syntax is StatementSyntax loopStatement && loops.Add(loopStatement))
            {
                // Indented like the loop, on the line after it; the blank line before the next statement stays where it was.
                var indentation = loopStatement.GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).LastOrDefault();
                var flush = ExpressionStatement(InvocationExpression(
                        MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, writer.WithoutTrivia(), IdentifierName("Flush"))))
                    .WithLeadingTrivia(indentation == default ? TriviaList() : TriviaList(indentation))
                    .WithTrailingTrivia(loopStatement.GetTrailingTrivia().Where(t => t.IsKind(SyntaxKind.EndOfLineTrivia)).Take(1));
                editor.InsertAfter(loopStatement, flush);
            }
        }
    }

    private sealed class TinyIoFixAll : DocumentBasedFixAllProvider
    {
        protected override string GetFixAllTitle(FixAllContext fixAllContext) => Resources.IOP006_CodeFixTitle;

        protected override async Task<Document?> FixAllAsync(FixAllContext fixAllContext, Document document, ImmutableArray<Diagnostic> diagnostics) =>
            await FixAsync(
                    document,
                    diagnostics.Where(TinyIoPayingLockOrFlushAnalyzer.Fixable.Get).InWellFormedMembers(fixAllContext.CancellationToken),
                    fixAllContext.CancellationToken)
                .ConfigureAwait(false);
    }
}
