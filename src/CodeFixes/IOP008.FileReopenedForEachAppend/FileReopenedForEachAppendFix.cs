using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP008.FileReopenedForEachAppend;
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

namespace IoPerf.Analyzers.CodeFixes.IOP008.FileReopenedForEachAppend;

/// <summary>
/// IOP008 fix: the loop goes inside <c>using (var writer = new StreamWriter(path, append: true[, encoding]))</c> and
/// each append to that file becomes a write: <c>AppendAllText(p, s)</c> -> <c>writer.Write(s)</c>,
/// <c>AppendAllLines(p, lines)</c> -> <c>foreach (var line in lines) writer.WriteLine(line)</c>, the async forms
/// <c>await writer.WriteAsync(...)</c> / <c>WriteLineAsync</c> with <c>await using</c> (and the call's cancellation token
/// and <c>ConfigureAwait</c>). StreamWriter's default encoding is UTF-8 without a BOM, as AppendAllText's, and it
/// writes the preamble of an encoding that has one only to an empty file, as AppendAllText does: the bytes are the same.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(FileReopenedForEachAppendFix)), Shared]
public sealed class FileReopenedForEachAppendFix : CodeFixProvider
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.FileReopenedForEachAppend);

    public override FixAllProvider GetFixAllProvider() => new OneWriterPerLoopFixAll();

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (!await IsPossibleAsync(context.Document, diagnostic, context.CancellationToken).ConfigureAwait(false))
            {
                continue;
            }

            var title = Resources.IOP008_CodeFixTitle;
            context.RegisterCodeFix(
                CodeAction.Create(title, cancellationToken => FixAsync(context.Document, new[] { diagnostic }, cancellationToken), equivalenceKey: nameof(Resources.IOP008_CodeFixTitle)),
                diagnostic);
        }
    }

    /// <summary>
    /// Not when an append's errors are caught in the loop (see <see cref="FileReopenedForEachAppendAnalyzer.Fixable"/>).
    /// A synchronous group can otherwise always be fixed. An async one needs <c>await using</c> (C# 8) and StreamWriter.DisposeAsync in
    /// every target of the document (.NET Core 3.0, .NET Standard 2.1): the writer must not flush synchronously in an
    /// async method.
    /// </summary>
    private static async Task<bool> IsPossibleAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null || !FileReopenedForEachAppendAnalyzer.Fixable.Get(diagnostic) ||
            AppendsOfTheLoop(root, model, diagnostic, cancellationToken) is not { } appends)
        {
            return false;
        }

        if (!appends.Exists(append => append.IsAsync))
        {
            return true;
        }

        if (root.SyntaxTree.Options is CSharpParseOptions { LanguageVersion: < LanguageVersion.CSharp8 })
        {
            return false;
        }

        return await TargetSplit.EveryTargetHasAsync(document, HasAsyncWriter, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The appends of the reported loop (the diagnostic's additional location), found as the analyzer found them: the
    /// analyzer reports a loop only when all of its appends go to one file, so they are the group one writer serves.
    /// </summary>
    private static List<FileAppend>? AppendsOfTheLoop(SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken) =>
        diagnostic.AdditionalLocations.Count >= 1 &&
        root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) is StatementSyntax loop &&
        model.GetOperation(loop, cancellationToken) is ILoopOperation operation
            ? FileReopenedForEachAppendAnalyzer.AppendsOf(operation, WellKnownIoTypes.For(model.Compilation))
            : null;

    private static bool HasAsyncWriter(Compilation compilation) =>
        WellKnownIoTypes.For(compilation).StreamWriter?.GetMembers("DisposeAsync").IsEmpty == false;

    private static async Task<Document> FixAsync(Document document, IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var types = WellKnownIoTypes.For(model.Compilation);
        var imports = new Imports();

        // One writer per reported loop. The analyzer reports at most one file per loop and no loop that contains another
        // reported loop, so the loops fixed here are disjoint and each picks its writer's name on its own.
        var loops = diagnostics
            .Where(diagnostic => diagnostic.AdditionalLocations.Count >= 1 && diagnostic.Location.SourceTree == root.SyntaxTree)
            .GroupBy(diagnostic => diagnostic.AdditionalLocations[0].SourceSpan)
            .Select(group => group.First());
        foreach (var diagnostic in loops)
        {
            FixGroup(editor, root, model, types, diagnostic, imports, cancellationToken);
        }

        if (imports.Tasks)
        {
            ImportHelper.EnsureUsing(editor, model, root.SpanStart, "System.Threading.Tasks", "TaskAsyncEnumerableExtensions");
        }

        if (imports.System)
        {
            ImportHelper.EnsureUsing(editor, model, root.SpanStart, "System", "MemoryExtensions");
        }

        return editor.GetChangedDocument();
    }

    private static void FixGroup(
        DocumentEditor editor,
        SyntaxNode root,
        SemanticModel model,
        WellKnownIoTypes types,
        Diagnostic diagnostic,
        Imports imports,
        CancellationToken cancellationToken)
    {
        if (root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) is not StatementSyntax loop ||
            AppendsOfTheLoop(root, model, diagnostic, cancellationToken) is not { Count: > 0 } found)
        {
            return;
        }

        var appends = new List<(FileAppend Append, ExpressionStatementSyntax Statement)>();
        foreach (var append in found)
        {
            if (append.Invocation.Syntax.FirstAncestorOrSelf<ExpressionStatementSyntax>() is not { } statement)
            {
                return; // The code changed under the diagnostic.
            }

            appends.Add((append, statement));
        }

        // "writer", or writer1, ... when that name is taken around the loop or inside it.
        var writer = NameGenerator.GetUniqueLocalName(model, loop.SpanStart, "writer", LoopWrapping.NamesDeclaredIn(loop));
        foreach (var (append, statement) in appends)
        {
            editor.ReplaceNode(statement, Write(append, statement, writer, model, imports));
        }

        var first = appends[0].Append;
        var arguments = new List<ArgumentSyntax>
        {
            Argument(((ExpressionSyntax)first.Path.Syntax).WithoutTrivia()),
            Argument(LiteralExpression(SyntaxKind.TrueLiteralExpression)).WithNameColon(NameColon("append")),
        };
        if (first.Encoding is { Syntax: ExpressionSyntax encoding })
        {
            arguments.Add(Argument(encoding.WithoutTrivia()).WithNameColon(NameColon("encoding")));
        }

        // Written in full and simplified to StreamWriter where System.IO is imported: adding the import could make another
        // File (a Models.File of the project) ambiguous with System.IO.File.
        var streamWriter = ParseTypeName("global::System.IO.StreamWriter").WithAdditionalAnnotations(Simplifier.Annotation);
        var creation = ObjectCreationExpression(streamWriter).WithArgumentList(ArgumentList(SeparatedList(arguments)));
        var isAsync = appends.Exists(pair => pair.Append.IsAsync);
        var configureAwait = appends.Select(pair => ConfigureAwaitArgument(pair.Append)).FirstOrDefault(argument => argument is not null);
        if (configureAwait is null)
        {
            editor.ReplaceNode(loop, (current, _) => LoopWrapping.InUsing((StatementSyntax)current, writer, creation, isAsync));
            return;
        }

        // await using (var w = ...) cannot take ConfigureAwait: the writer is declared first, then
        // await using (w.ConfigureAwait(false)) { loop } disposes it without coming back to the captured context.
        var declaration = LocalDeclarationStatement(VariableDeclaration(IdentifierName("var"))
            .WithVariables(SingletonSeparatedList(VariableDeclarator(writer).WithInitializer(EqualsValueClause(creation)))));
        var configured = InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName(writer), IdentifierName("ConfigureAwait")),
            ArgumentList(SingletonSeparatedList(Argument(configureAwait.WithoutTrivia()))));
        // The declaration and the await using stay in a block of their own, so that the writer's name is scoped like the
        // using statement's variable in the other form (two fixed loops side by side may both call it writer).
        imports.Tasks = true;
        editor.ReplaceNode(loop, (current, _) =>
        {
            var usingStatement = LoopWrapping.InUsing((StatementSyntax)current, name: null, configured, isAwait: true);
            return Block(declaration, usingStatement.WithoutLeadingTrivia().WithoutTrailingTrivia())
                .WithLeadingTrivia(usingStatement.GetLeadingTrivia())
                .WithTrailingTrivia(usingStatement.GetTrailingTrivia())
                .WithAdditionalAnnotations(Formatter.Annotation);
        });
    }

    /// <summary>The argument of <c>.ConfigureAwait(x)</c> on an awaited async append, or null.</summary>
    private static ExpressionSyntax? ConfigureAwaitArgument(FileAppend append) =>
        append.IsAsync && append.Invocation.Parent is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configured &&
        configured.Arguments.Length == 1 && configured.Arguments[0].Value.Syntax is ExpressionSyntax argument
            ? argument
            : null;

    /// <summary>The append's statement with the call turned into a write on <paramref name="writer"/> (a foreach for lines).</summary>
    private static StatementSyntax Write(FileAppend append, ExpressionStatementSyntax statement, string writer, SemanticModel model, Imports imports)
    {
        var invocation = (InvocationExpressionSyntax)append.Invocation.Syntax;
        // A null literal is typed by AppendAllText's parameter; Write(null) would be ambiguous (string, char[], object).
        var contents = append.Contents.WalkDownConversions().ConstantValue is { HasValue: true, Value: null }
            ? DefaultExpression(PredefinedType(Token(SyntaxKind.StringKeyword)))
            : ((ExpressionSyntax)append.Contents.Syntax).WithoutTrivia();
        string? line = null;
        if (append.WritesLines)
        {
            line = NameGenerator.GetUniqueLocalName(model, statement.SpanStart, "line", LoopWrapping.NamesDeclaredIn(contents).Append(writer));
        }

        var text = line is null ? contents : IdentifierName(line);
        var method = (append.IsAsync, append.WritesLines) switch
        {
            (false, false) => "Write",
            (false, true) => "WriteLine",
            (true, false) => "WriteAsync",
            (true, true) => "WriteLineAsync",
        };
        var arguments = new List<ArgumentSyntax>();
        if (append.CancellationToken is { Syntax: ExpressionSyntax token })
        {
            // WriteAsync(string) takes no token: the ReadOnlyMemory<char> overload does (AppendAllTextAsync's string, as memory).
            var isString = line is not null || append.Contents.Type?.SpecialType == SpecialType.System_String;
            arguments.Add(Argument(isString ? AsMemory(text) : text));
            arguments.Add(Argument(token.WithoutTrivia()));
            imports.System |= isString;
        }
        else
        {
            arguments.Add(Argument(text));
        }

        var write = InvocationExpression(
                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName(writer), IdentifierName(method)),
                ArgumentList(SeparatedList(arguments)))
            .WithTriviaFrom(invocation);
        var rewritten = statement.ReplaceNode(invocation, write);
        if (line is null)
        {
            return rewritten;
        }

        // AppendAllLines writes each line followed by a newline through a StreamWriter: WriteLine does exactly that.
        return ForEachStatement(IdentifierName("var"), Identifier(line), contents, rewritten.WithoutLeadingTrivia())
            .WithTriviaFrom(statement)
            .WithAdditionalAnnotations(Formatter.Annotation);
    }

    /// <summary><c>text.AsMemory()</c>, parenthesised when <paramref name="text"/> is not a primary expression.</summary>
    private static ExpressionSyntax AsMemory(ExpressionSyntax text)
    {
        var receiver = text is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or
            LiteralExpressionSyntax or InterpolatedStringExpressionSyntax or ParenthesizedExpressionSyntax
            ? text
            : ParenthesizedExpression(text);
        return InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, IdentifierName("AsMemory")));
    }

    private sealed class Imports
    {
        /// <summary>writer.ConfigureAwait(x) is an extension method of System.Threading.Tasks.TaskAsyncEnumerableExtensions.</summary>
        public bool Tasks { get; set; }

        public bool System { get; set; }
    }

    private sealed class OneWriterPerLoopFixAll : DocumentBasedFixAllProvider
    {
        protected override string GetFixAllTitle(FixAllContext fixAllContext) => Resources.IOP008_CodeFixTitle;

        protected override async Task<Document?> FixAllAsync(FixAllContext fixAllContext, Document document, ImmutableArray<Diagnostic> diagnostics)
        {
            var fixable = new List<Diagnostic>();
            foreach (var diagnostic in diagnostics.InWellFormedMembers(fixAllContext.CancellationToken))
            {
                if (await IsPossibleAsync(document, diagnostic, fixAllContext.CancellationToken).ConfigureAwait(false))
                {
                    fixable.Add(diagnostic);
                }
            }

            return await FixAsync(document, fixable, fixAllContext.CancellationToken).ConfigureAwait(false);
        }
    }
}
