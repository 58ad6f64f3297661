using System.Collections.Generic;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// IOP004's last stage: the call rewritten to search through the field - a span call's values argument replaced,
/// <c>text.IndexOfAny(values)</c> as <c>text.AsSpan().IndexOfAny(field)</c>, <c>text?.IndexOfAny(...)</c> as a null check
/// and the span search, a start-index overload as a call of the start helper. Returns the node replaced (the whole
/// <c>?.</c> expression for the conditional form) and its replacement.
/// </summary>
internal static class CallRewriter
{
    public static SyntaxNode Rewrite(CallPlan plan, string fieldName, StartHelpers startHelpers, out ExpressionSyntax replacement)
    {
        var field = IdentifierName(fieldName);
        var syntax = plan.InvocationSyntax;
        switch (plan.Shape)
        {
            case CallShape.Span:
                var valuesSyntax = (ArgumentSyntax)plan.ValuesArgument.Syntax;
                replacement = syntax.ReplaceNode(valuesSyntax.Expression, field.WithTriviaFrom(valuesSyntax.Expression));
                return syntax;

            case CallShape.String:
                var access = (MemberAccessExpressionSyntax)syntax.Expression;
                replacement = SpanSearch(access.Expression, ArgumentList(), access.Name.Identifier.ValueText, field);
                return syntax;

            case CallShape.ConditionalString:
                var conditional = (ConditionalAccessExpressionSyntax)syntax.Parent!;
                var receiver = conditional.Expression.WithoutTrivia();
                var methodName = ((MemberBindingExpressionSyntax)syntax.Expression).Name.Identifier.ValueText;
                replacement = Parenthesize(conditional, ConditionalExpression(
                    IsPatternExpression(receiver, ConstantPattern(LiteralExpression(SyntaxKind.NullLiteralExpression))),
                    CastExpression(NullableType(PredefinedType(Token(SyntaxKind.IntKeyword))), LiteralExpression(SyntaxKind.NullLiteralExpression)),
                    SpanSearch(receiver, ArgumentList(), methodName, field)));
                return conditional;

            default:
                // text.IndexOfAny(values, start[, count]) searches text[start..] but returns an index into text: a small
                // helper, added once per type, adds the start back (a reviewer reads one call, not a conditional).
                var stringAccess = (MemberAccessExpressionSyntax)syntax.Expression;
                var withCount = plan.Shape == CallShape.StringStartCount;
                var arguments = new List<ArgumentSyntax>
                {
                    Argument(stringAccess.Expression.WithoutTrivia()),
                    Argument((ExpressionSyntax)plan.Invocation.Arguments.GetArgument(1)!.Value.Syntax.WithoutTrivia()),
                };
                if (withCount)
                {
                    arguments.Add(Argument((ExpressionSyntax)plan.Invocation.Arguments.GetArgument(2)!.Value.Syntax.WithoutTrivia()));
                }

                arguments.Add(Argument(field));
                replacement = InvocationExpression(IdentifierName(startHelpers.NameFor(plan, withCount)), ArgumentList(SeparatedList(arguments)));
                return syntax;
        }
    }

    /// <summary><c>receiver.AsSpan(slice).Method(field)</c>.</summary>
    private static InvocationExpressionSyntax SpanSearch(ExpressionSyntax receiver, ArgumentListSyntax slice, string method, ExpressionSyntax field) =>
        InvocationExpression(
            MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                InvocationExpression(
                    MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver.WithoutTrivia(), IdentifierName("AsSpan")),
                    slice),
                IdentifierName(method)),
            ArgumentList(SingletonSeparatedList(Argument(field))));

    /// <summary>Parentheses around a conditional expression unless the replaced node sits where none are needed.</summary>
    private static ExpressionSyntax Parenthesize(ExpressionSyntax replaced, ExpressionSyntax conditional) =>
        replaced.Parent switch
        {
            ArgumentSyntax or EqualsValueClauseSyntax or ReturnStatementSyntax or ArrowExpressionClauseSyntax or ParenthesizedExpressionSyntax => conditional,
            AssignmentExpressionSyntax assignment when assignment.Right == replaced => conditional,
            _ => ParenthesizedExpression(conditional),
        };
}
