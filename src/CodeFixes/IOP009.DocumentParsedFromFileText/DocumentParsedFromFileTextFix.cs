using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;
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

namespace IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText;

/// <summary>
/// IOP009 fix: the file is opened just around the parse and the parser reads it -
/// <c>using (var stream = File.OpenRead(path)) { x = JsonSerializer.Deserialize&lt;T&gt;(stream, options); }</c>, or for XML
/// <c>using (var reader = File.OpenText(path)) { doc = XDocument.Load(reader, loadOptions); }</c>; an awaited read
/// becomes <c>await DeserializeAsync / ParseAsync / LoadAsync</c> with the read's token and ConfigureAwait.
/// </summary>
/// <remarks>
/// The file is closed as soon as the parse returns (a <c>using</c> block, not a using declaration), so code after it can
/// write the file again as before.
/// </remarks>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(DocumentParsedFromFileTextFix)), Shared]
public sealed class DocumentParsedFromFileTextFix : CodeFixProvider
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.DocumentParsedFromFileText);

    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            if (!DocumentParsedFromFileTextAnalyzer.Fixable.Get(diagnostic) ||
                await PlanAsync(context.Document, diagnostic, context.CancellationToken).ConfigureAwait(false) is not { } plan)
            {
                continue;
            }

            // A file compiled for several targets: every one must have the stream or reader overload (async ones are newer).
            if (!await TargetSplit.EveryTargetHasAsync(context.Document, plan.ExistsIn, context.CancellationToken).ConfigureAwait(false))
            {
                continue;
            }

            context.RegisterCodeFix(
                CodeAction.Create(Resources.IOP009_CodeFixTitle, cancellationToken => FixAsync(context.Document, diagnostic, cancellationToken), equivalenceKey: nameof(Resources.IOP009_CodeFixTitle)),
                diagnostic);
        }
    }

    /// <summary>The nodes and symbols of one diagnostic, found again in the document.</summary>
    private sealed class Plan
    {
        public Plan(InvocationExpressionSyntax parse, IInvocationOperation parseOperation, FileTextRead read, DocumentParser parser, IMethodSymbol replacement, LocalDeclarationStatementSyntax? declaration)
        {
            Parse = parse;
            ParseOperation = parseOperation;
            Read = read;
            Parser = parser;
            Replacement = replacement;
            Declaration = declaration;
        }

        public InvocationExpressionSyntax Parse { get; }

        public IInvocationOperation ParseOperation { get; }

        public FileTextRead Read { get; }

        public DocumentParser Parser { get; }

        public IMethodSymbol Replacement { get; }

        /// <summary>The <c>string json = File.ReadAllText(p);</c> just before the parse, when the read went through a local.</summary>
        public LocalDeclarationStatementSyntax? Declaration { get; }

        public bool ExistsIn(Compilation compilation) => Parser.HasReplacementIn(compilation, ParseOperation.TargetMethod, Read.IsAsync);
    }

    private static async Task<Plan?> PlanAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null || diagnostic.AdditionalLocations.Count == 0 ||
            root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax parse ||
            !parse.IsInWellFormedMember() ||
            model.GetOperation(parse, cancellationToken) is not IInvocationOperation parseOperation ||
            parseOperation.Arguments.GetArgument(0)?.Value is not { } document0)
        {
            return null;
        }

        var declaration = diagnostic.AdditionalLocations.Count > 1
            ? root.FindNode(diagnostic.AdditionalLocations[1].SourceSpan, getInnermostNodeForTie: true) as LocalDeclarationStatementSyntax
            : null;
        var readValue = declaration?.Declaration.Variables[0].Initializer?.Value is { } initializer
            ? model.GetOperation(initializer, cancellationToken)
            : document0;
        var types = WellKnownIoTypes.For(model.Compilation);
        var parser = DocumentParser.All.FirstOrDefault(p => p.TypeName == parseOperation.TargetMethod.ContainingType.OriginalDefinition.ToDisplayString());
        if (readValue is null || parser is null || FileTextRead.Match(readValue, types) is not { } read ||
            (parser.Input == ParserInput.Stream ? types.Stream : types.TextReader) is not { } input ||
            parser.FindReplacement(parseOperation.TargetMethod, read.IsAsync, input) is not { } replacement)
        {
            return null;
        }

        return new Plan(parse, parseOperation, read, parser, replacement, declaration);
    }

    private static async Task<Document> FixAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (await PlanAsync(document, diagnostic, cancellationToken).ConfigureAwait(false) is not { } plan ||
            ParseSite.Of(plan.Parse) is not { Container: { } container } site)
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var model = editor.SemanticModel;
        var name = NameGenerator.GetUniqueLocalName(
            model,
            container.SpanStart,
            plan.Parser.Input == ParserInput.Stream ? "stream" : "reader",
            LoopWrapping.NamesDeclaredIn(container));
        var outermost = ParseSite.Outermost(plan.Parse);
        var parsed = outermost.ReplaceNode(plan.Parse, NewParse(plan, name)).WithoutTrivia();
        var open = Open(plan);

        UsingStatementSyntax InUsing(StatementSyntax body) =>
            UsingStatement(Block(body.WithoutLeadingTrivia().WithTrailingTrivia(ElasticCarriageReturnLineFeed)))
                .WithDeclaration(VariableDeclaration(IdentifierName("var")).WithVariables(SingletonSeparatedList(VariableDeclarator(name).WithInitializer(EqualsValueClause(open)))))
                .WithAdditionalAnnotations(Formatter.Annotation);

        switch (site.Kind)
        {
            case ParseSiteKind.Declaration:
                {
                    // var x = Parse(File.ReadAllText(p));  ->  T x; using (var stream = File.OpenRead(p)) { x = Parse(stream); }
                    var declaration = (LocalDeclarationStatementSyntax)container;
                    var variable = declaration.Declaration.Variables[0];
                    var type = declaration.Declaration.Type.IsVar
                        ? ParseTypeName(DeclaredType(model, variable.Initializer!.Value, cancellationToken).ToMinimalDisplayString(model, declaration.SpanStart, NullableAware))
                        : declaration.Declaration.Type.WithoutTrivia();
                    var declared = LocalDeclarationStatement(VariableDeclaration(type).WithVariables(SingletonSeparatedList(VariableDeclarator(variable.Identifier.WithoutTrivia()))))
                        .WithModifiers(declaration.Modifiers)
                        .WithLeadingTrivia(LeadingTrivia(plan, declaration))
                        .WithAdditionalAnnotations(Formatter.Annotation);
                    var assigned = ExpressionStatement(AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName(variable.Identifier.WithoutTrivia()), parsed));
                    Replace(editor, declaration, new StatementSyntax[] { declared, InUsing(assigned).WithTrailingTrivia(declaration.GetTrailingTrivia()) });
                    break;
                }

            case ParseSiteKind.Assignment or ParseSiteKind.ExpressionStatement or ParseSiteKind.Return:
                {
                    var statement = (StatementSyntax)container;
                    var rewritten = statement.ReplaceNode(outermost, parsed.WithTriviaFrom(outermost));
                    var replacement = InUsing(rewritten).WithLeadingTrivia(LeadingTrivia(plan, statement)).WithTrailingTrivia(statement.GetTrailingTrivia());
                    Replace(editor, statement, new StatementSyntax[] { replacement });
                    break;
                }

            case ParseSiteKind.ExpressionBody:
                {
                    // => Parse(...) or => x = Parse(...): returned when the member returns it, else a statement.
                    var expression = ParseSite.BodyExpression(container)!;
                    var rewritten = expression.ReplaceNode(outermost, parsed.WithTriviaFrom(outermost)).WithoutTrivia();
                    var body = model.GetOperation(expression, cancellationToken)?.GetParentSkippingConversions(out _) is IReturnOperation
                        ? (StatementSyntax)ReturnStatement(rewritten)
                        : ExpressionStatement(rewritten);
                    editor.ReplaceNode(container.Parent is { } member && container is ArrowExpressionClauseSyntax ? member : container, WithBlockBody(container, Block(InUsing(body))));
                    break;
                }

            default:
                return document;
        }

        if (plan.Declaration is not null)
        {
            editor.RemoveNode(plan.Declaration, SyntaxRemoveOptions.KeepNoTrivia);
        }

        return editor.GetChangedDocument();
    }

    /// <summary>
    /// The type a <c>var</c> local gets from the parse - <c>Settings?</c> for Deserialize&lt;Settings&gt;, <c>XDocument</c> for
    /// XDocument.Parse, not annotated after a <c>!</c> (a <c>var</c> local itself is always annotated).
    /// </summary>
    private static ITypeSymbol DeclaredType(SemanticModel model, ExpressionSyntax initializer, CancellationToken cancellationToken)
    {
        var type = model.GetTypeInfo(initializer, cancellationToken).Type!;
        return initializer.WalkDownParentheses() is PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression }
            ? type.WithNullableAnnotation(NullableAnnotation.NotAnnotated)
            : type;
    }

    private static readonly SymbolDisplayFormat NullableAware =
        SymbolDisplayFormat.MinimallyQualifiedFormat.AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>The first new statement keeps the comments above the declaration of the string, when there was one.</summary>
    private static SyntaxTriviaList LeadingTrivia(Plan plan, StatementSyntax statement)
    {
        var own = statement.GetLeadingTrivia();
        if (plan.Declaration is null)
        {
            return own;
        }

        var removed = plan.Declaration.GetLeadingTrivia();
        return own.All(trivia => trivia.IsKind(SyntaxKind.WhitespaceTrivia) || trivia.IsKind(SyntaxKind.EndOfLineTrivia))
            ? removed
            : removed.AddRange(own.SkipWhile(trivia => trivia.IsKind(SyntaxKind.WhitespaceTrivia)));
    }

    private static void Replace(DocumentEditor editor, StatementSyntax statement, StatementSyntax[] statements)
    {
        if (statements.Length == 1)
        {
            editor.ReplaceNode(statement, statements[0]);
        }
        else if (statement.Parent is GlobalStatementSyntax global)
        {
            editor.InsertBefore(global, statements.Take(statements.Length - 1).Select(GlobalStatement));
            editor.ReplaceNode(global, GlobalStatement(statements[statements.Length - 1]));
        }
        else
        {
            editor.InsertBefore(statement, statements.Take(statements.Length - 1));
            editor.ReplaceNode(statement, statements[statements.Length - 1]);
        }
    }

    /// <summary><c>=&gt; expression</c> of a member, local function, accessor or lambda replaced by <paramref name="block"/>.</summary>
    private static SyntaxNode WithBlockBody(SyntaxNode container, BlockSyntax block)
    {
        block = block.WithAdditionalAnnotations(Formatter.Annotation);
        return container switch
        {
            ArrowExpressionClauseSyntax { Parent: BaseMethodDeclarationSyntax method } =>
                method.WithExpressionBody(null).WithSemicolonToken(default).WithBody(block).WithTrailingTrivia(method.GetTrailingTrivia()),
            ArrowExpressionClauseSyntax { Parent: LocalFunctionStatementSyntax function } =>
                function.WithExpressionBody(null).WithSemicolonToken(default).WithBody(block).WithTrailingTrivia(function.GetTrailingTrivia()),
            ArrowExpressionClauseSyntax { Parent: AccessorDeclarationSyntax accessor } =>
                accessor.WithExpressionBody(null).WithSemicolonToken(default).WithBody(block).WithTrailingTrivia(accessor.GetTrailingTrivia()),
            LambdaExpressionSyntax lambda => lambda.WithExpressionBody(null).WithBlock(block),
            _ => container,
        };
    }

    /// <summary><c>File.OpenRead(path)</c> for JSON; <c>File.OpenText(path)</c> or <c>new StreamReader(path, encoding)</c> for XML.</summary>
    private static ExpressionSyntax Open(Plan plan)
    {
        var read = (InvocationExpressionSyntax)plan.Read.Read.Syntax;
        var pathArgument = read.ArgumentList.Arguments.First(argument => argument.Expression == plan.Read.Path.Syntax || argument.Span.Contains(plan.Read.Path.Syntax.Span));
        if (plan.Parser.Input == ParserInput.TextReader && plan.Read.Encoding is { } encoding)
        {
            return ObjectCreationExpression(ParseTypeName("global::System.IO.StreamReader").WithAdditionalAnnotations(Simplifier.Annotation))
                .WithArgumentList(ArgumentList(SeparatedList(new[] { Argument(pathArgument.Expression.WithoutTrivia()), Argument(((ExpressionSyntax)encoding.Syntax).WithoutTrivia()) })));
        }

        var opened = SequenceEdits.RenameInvocation(read, plan.Parser.Input == ParserInput.Stream ? "OpenRead" : "OpenText");
        return opened.WithArgumentList(ArgumentList(SingletonSeparatedList(pathArgument.WithoutTrivia()))).WithoutTrivia();
    }

    /// <summary>
    /// The parse call reading <paramref name="name"/>: the string argument replaced (its name, if written, renamed to the
    /// new parameter's), the method renamed; the async form also gets the read's token and is awaited as the read was.
    /// </summary>
    private static ExpressionSyntax NewParse(Plan plan, string name)
    {
        var parse = plan.Parse;
        var documentArgument = (ArgumentSyntax)plan.ParseOperation.Arguments.GetArgument(0)!.Syntax;
        var newArgument = documentArgument.WithExpression(IdentifierName(name));
        if (documentArgument.NameColon is { } nameColon)
        {
            newArgument = newArgument.WithNameColon(nameColon.WithName(IdentifierName(plan.Replacement.Parameters[0].Name)));
        }

        var call = SequenceEdits.RenameInvocation(parse.ReplaceNode(documentArgument, newArgument), plan.Replacement.Name);
        if (!plan.Read.IsAsync)
        {
            return call;
        }

        var added = new List<ArgumentSyntax>();
        var original = plan.ParseOperation.TargetMethod.OriginalDefinition;
        foreach (var parameter in plan.Replacement.Parameters.Skip(original.Parameters.Length))
        {
            ExpressionSyntax? value = null;
            if (DocumentParser.IsCancellationToken(parameter.Type))
            {
                value = plan.Read.CancellationToken is { } token
                    ? ((ExpressionSyntax)token.Syntax).WithoutTrivia()
                    : parameter.IsOptional ? null : Qualified("global::System.Threading.CancellationToken.None");
            }
            else if (!parameter.IsOptional && parameter.Type is INamedTypeSymbol { TypeKind: TypeKind.Enum } enumType &&
                     enumType.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(field => field.HasConstantValue && System.Convert.ToInt64(field.ConstantValue) == 0) is { } zero)
            {
                value = Qualified(enumType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + "." + zero.Name);
            }

            if (value is not null)
            {
                added.Add(Argument(NameColon(IdentifierName(parameter.Name)), default, value));
            }
        }

        call = call.WithArgumentList(call.ArgumentList.AddArguments(added.ToArray()));
        ExpressionSyntax awaited = call;
        if (plan.Read.ConfigureAwait is { Syntax: InvocationExpressionSyntax configureAwait })
        {
            awaited = InvocationExpression(
                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, call, IdentifierName("ConfigureAwait")),
                configureAwait.ArgumentList.WithoutTrivia());
        }

        return AwaitExpression(awaited);
    }

    private static ExpressionSyntax Qualified(string text) => ParseExpression(text).WithAdditionalAnnotations(Simplifier.Annotation);
}
