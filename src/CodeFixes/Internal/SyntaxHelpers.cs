using System.Collections.Generic;
using System.Threading;
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
    /// The diagnostics a fix may rewrite (<see cref="IsInWellFormedMembers"/>): every fix offers only these, and every
    /// Fix All rewrites only these.
    /// </summary>
    public static IEnumerable<Diagnostic> InWellFormedMembers(this IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        foreach (var diagnostic in diagnostics)
        {
            if (diagnostic.IsInWellFormedMembers(cancellationToken))
            {
                yield return diagnostic;
            }
        }
    }

    /// <summary>
    /// Whether every place <paramref name="diagnostic"/> names (the one it is reported at and the additional ones: the
    /// code a fix rewrites) lies in a member that parses (<see cref="IsInWellFormedMember(SyntaxNode)"/>): a read to
    /// await inside <c>while [(...)</c> made Roslyn's formatter fail an assertion while cleaning up IOP001's and
    /// IOP004's output (a 60,000-variant fuzz run).
    /// </summary>
    public static bool IsInWellFormedMembers(this Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (!IsInWellFormedMember(diagnostic.Location, cancellationToken))
        {
            return false;
        }

        foreach (var location in diagnostic.AdditionalLocations)
        {
            if (!IsInWellFormedMember(location, cancellationToken))
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsInWellFormedMember(Location location, CancellationToken cancellationToken) =>
        location.SourceTree is not { } tree ||
        tree.GetRoot(cancellationToken) is not { } root ||
        !root.FullSpan.Contains(location.SourceSpan) ||
        root.FindNode(location.SourceSpan, getInnermostNodeForTie: true).IsInWellFormedMember();

    /// <summary>
    /// Whether the member holding <paramref name="node"/> parses, and so do the headers and braces of the types and
    /// namespaces around it. Roslyn's formatter, run on a fix's output, can fail an internal assertion when an
    /// enclosing brace is missing or skipped (found by the crash fuzzer), so fixes wait until the code parses.
    /// </summary>
    public static bool IsInWellFormedMember(this SyntaxNode node)
    {
        if (node.FirstAncestorOrSelf<MemberDeclarationSyntax>() is not { } member || HasSyntaxErrors(member))
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

                if (part.IsMissing || HasSyntaxErrors(part))
                {
                    return false;
                }
            }
        }

        return true;
    }

    /// <summary>
    /// A syntax error in <paramref name="part"/>: <c>ContainsDiagnostics</c> alone would also count a <c>#warning</c>
    /// directive, which parses (its diagnostics are looked at only when the flag is set, which is rare).
    /// </summary>
    private static bool HasSyntaxErrors(SyntaxNodeOrToken part)
    {
        if (!part.ContainsDiagnostics)
        {
            return false;
        }

        foreach (var diagnostic in part.GetDiagnostics())
        {
            if (diagnostic.Severity == DiagnosticSeverity.Error)
            {
                return true;
            }
        }

        return false;
    }
}
