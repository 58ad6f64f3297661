using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>Syntax questions two or more fixes ask.</summary>
internal static class SyntaxHelpers
{
    /// <summary>The outermost parenthesized expression around <paramref name="expression"/>, or itself.</summary>
    public static ExpressionSyntax WalkUpParentheses(this ExpressionSyntax expression)
    {
        while (expression.Parent is ParenthesizedExpressionSyntax parenthesized)
        {
            expression = parenthesized;
        }

        return expression;
    }

    /// <summary>The expression inside any parentheses around it.</summary>
    public static ExpressionSyntax WalkDownParentheses(this ExpressionSyntax expression)
    {
        while (expression is ParenthesizedExpressionSyntax parenthesized)
        {
            expression = parenthesized.Expression;
        }

        return expression;
    }
}
