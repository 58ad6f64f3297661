using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>Puts a loop inside a <c>using</c> that ends right after it: one writer for the whole loop, disposed (so flushed) when it ends.</summary>
internal static class LoopWrapping
{
    /// <summary>
    /// <c>[await] using (var name = value) { loop }</c>, or <c>using (resource) { loop }</c> when <paramref name="name"/>
    /// is null. Comments and blank lines before the loop stay above the <c>using</c>.
    /// </summary>
    public static UsingStatementSyntax InUsing(StatementSyntax loop, string? name, ExpressionSyntax value, bool isAwait = false)
    {
        var statement = UsingStatement(Block(loop.WithoutLeadingTrivia()));
        statement = name is null
            ? statement.WithExpression(value)
            : statement.WithDeclaration(VariableDeclaration(IdentifierName("var"))
                .WithVariables(SingletonSeparatedList(VariableDeclarator(name).WithInitializer(EqualsValueClause(value)))));
        if (isAwait)
        {
            statement = statement.WithAwaitKeyword(Token(SyntaxKind.AwaitKeyword));
        }

        return statement
            .WithLeadingTrivia(loop.GetLeadingTrivia())
            .WithTrailingTrivia(loop.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
    }

    /// <summary>
    /// The names the code inside <paramref name="node"/> declares (locals, loop and pattern variables, lambda parameters,
    /// local functions, catch variables): a local the fix declares around it must not reuse one of them.
    /// </summary>
    public static IEnumerable<string> NamesDeclaredIn(SyntaxNode node) =>
        node.DescendantNodesAndSelf().Select(descendant => descendant switch
        {
            VariableDeclaratorSyntax declarator => declarator.Identifier.ValueText,
            SingleVariableDesignationSyntax designation => designation.Identifier.ValueText,
            ForEachStatementSyntax forEach => forEach.Identifier.ValueText,
            ParameterSyntax parameter => parameter.Identifier.ValueText,
            LocalFunctionStatementSyntax function => function.Identifier.ValueText,
            CatchDeclarationSyntax catchDeclaration => catchDeclaration.Identifier.ValueText,
            _ => null,
        }).OfType<string>();
}
