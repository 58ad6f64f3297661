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

    /// <summary>
    /// Whether the member holding <paramref name="node"/> parses, and so do the headers and braces of the types and
    /// namespaces around it. Roslyn's formatter, run on a fix's output, can fail an internal assertion when an
    /// enclosing brace is missing or skipped (found by the crash fuzzer), so fixes wait until the code parses.
    /// </summary>
    public static bool IsInWellFormedMember(this SyntaxNode node)
    {
        if (node.FirstAncestorOrSelf<MemberDeclarationSyntax>() is not { ContainsDiagnostics: false } member)
        {
            return false;
        }

        // Every part of each enclosing declaration but its members: keywords, names, base lists, constraints, braces,
        // the file's usings and its end. The enclosing declarations are checked in turn; a sibling being typed is not.
        foreach (var enclosing in member.Ancestors())
        {
            foreach (var part in enclosing.ChildNodesAndTokens())
            {
                if (part.AsNode() is MemberDeclarationSyntax)
                {
                    continue;
                }

                if (part.IsMissing || part.ContainsDiagnostics)
                {
                    return false;
                }
            }
        }

        return true;
    }
}
