using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;

/// <summary>Where a parse call sits: it decides how IOP009's fix can open the file just around the parse.</summary>
internal enum ParseSiteKind
{
    /// <summary>Anywhere else (an argument, an operand, a using declaration): reported, not rewritten.</summary>
    NotFixable,

    /// <summary><c>var x = Parse(...);</c> - becomes <c>T x; using (...) { x = Parse(stream); }</c>.</summary>
    Declaration,

    /// <summary><c>target = Parse(...);</c> with a target that evaluates nothing (a name, <c>this.name</c>).</summary>
    Assignment,

    /// <summary><c>doc.LoadXml(...);</c> or any parse whose value is dropped.</summary>
    ExpressionStatement,

    /// <summary><c>return Parse(...);</c>.</summary>
    Return,

    /// <summary>
    /// <c>=&gt; Parse(...)</c> or <c>=&gt; target = Parse(...)</c> as the body of a method, local function, accessor or lambda:
    /// becomes a block body.
    /// </summary>
    ExpressionBody,

    /// <summary>
    /// <c>using var document = JsonDocument.Parse(...);</c> or <c>using (var document = JsonDocument.Parse(...)) { }</c>:
    /// not rewritten (the document must outlive the file).
    /// </summary>
    UsingDeclaration,
}

/// <summary>The site of one parse call: its kind and the node the fix replaces (a statement or an expression body).</summary>
internal readonly struct ParseSite
{
    private ParseSite(ParseSiteKind kind, SyntaxNode? container)
    {
        Kind = kind;
        Container = container;
    }

    public ParseSiteKind Kind { get; }

    /// <summary>The statement, arrow clause or lambda the fix rewrites; null when not fixable (a using declaration: itself, not rewritten).</summary>
    public SyntaxNode? Container { get; }

    /// <summary>The parse call with the parentheses and <c>!</c> around it (they evaluate nothing).</summary>
    public static ExpressionSyntax Outermost(ExpressionSyntax parse)
    {
        var outermost = parse;
        while (outermost.Parent is ParenthesizedExpressionSyntax or PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression })
        {
            outermost = (ExpressionSyntax)outermost.Parent;
        }

        return outermost;
    }

    public static ParseSite Of(ExpressionSyntax parse)
    {
        var outermost = Outermost(parse);
        switch (outermost.Parent)
        {
            case EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax declaration } } }
                when declaration.UsingKeyword.IsKind(SyntaxKind.None) && !declaration.IsConst && IsInStatementList(declaration):
                return new ParseSite(ParseSiteKind.Declaration, declaration);

            case EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: LocalDeclarationStatementSyntax declaration } } }
                when !declaration.UsingKeyword.IsKind(SyntaxKind.None):
                return new ParseSite(ParseSiteKind.UsingDeclaration, declaration);

            // using (var document = JsonDocument.Parse(...)) { ... }: the statement is the site, as for a using declaration.
            case EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: UsingStatementSyntax statement } } }:
                return new ParseSite(ParseSiteKind.UsingDeclaration, statement);

            case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression, Parent: ExpressionStatementSyntax statement } assignment
                when assignment.Right == outermost && EvaluatesNothing(assignment.Left):
                return new ParseSite(ParseSiteKind.Assignment, statement);

            case AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment
                when assignment.Right == outermost && EvaluatesNothing(assignment.Left) && BodyOf(assignment) is { } body:
                return new ParseSite(ParseSiteKind.ExpressionBody, body);

            case ExpressionStatementSyntax statement:
                return new ParseSite(ParseSiteKind.ExpressionStatement, statement);

            case ReturnStatementSyntax statement:
                return new ParseSite(ParseSiteKind.Return, statement);

            case var _ when BodyOf(outermost) is { } body:
                return new ParseSite(ParseSiteKind.ExpressionBody, body);

            default:
                return default;
        }
    }

    /// <summary>The expression <paramref name="expression"/> is the body of: an arrow clause of a method, local function or accessor, or a lambda.</summary>
    private static SyntaxNode? BodyOf(ExpressionSyntax expression) => expression.Parent switch
    {
        ArrowExpressionClauseSyntax { Parent: BaseMethodDeclarationSyntax or LocalFunctionStatementSyntax or AccessorDeclarationSyntax } arrow => arrow,
        LambdaExpressionSyntax lambda when lambda.ExpressionBody == expression => lambda,
        _ => null,
    };

    /// <summary>The expression an <see cref="ParseSiteKind.ExpressionBody"/> site's body holds (the parse, or an assignment of it).</summary>
    public static ExpressionSyntax? BodyExpression(SyntaxNode container) => container switch
    {
        ArrowExpressionClauseSyntax arrow => arrow.Expression,
        LambdaExpressionSyntax lambda => lambda.ExpressionBody,
        _ => null,
    };

    /// <summary>A declaration that can become two statements: it sits in a block, a switch section or top-level code.</summary>
    public static bool IsInStatementList(StatementSyntax statement) =>
        statement.Parent is BlockSyntax or SwitchSectionSyntax or GlobalStatementSyntax;

    /// <summary>An assignment target that runs no code when evaluated: <c>x</c>, <c>this.x</c>, <c>a.b.c</c>.</summary>
    private static bool EvaluatesNothing(ExpressionSyntax target) => target switch
    {
        IdentifierNameSyntax => true,
        MemberAccessExpressionSyntax { RawKind: (int)SyntaxKind.SimpleMemberAccessExpression } access =>
            access.Expression is ThisExpressionSyntax || EvaluatesNothing(access.Expression),
        _ => false,
    };
}
