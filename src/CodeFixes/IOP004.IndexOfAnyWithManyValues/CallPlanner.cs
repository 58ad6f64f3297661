using System.Linq;
using System.Threading;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>IOP004's first stage: what each reported call becomes (<see cref="CallPlan"/>), or why it is left as it is.</summary>
internal static class CallPlanner
{
    /// <summary>What one diagnostic's rewrite needs, or null when it cannot be rewritten safely.</summary>
    public static CallPlan? TryPlan(RewriteContext context, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (diagnostic.Location.SourceTree != context.Root.SyntaxTree ||
            context.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not { } valuesNode ||
            valuesNode.FirstAncestorOrSelf<ArgumentSyntax>() is not { Parent.Parent: InvocationExpressionSyntax invocationSyntax } ||
            context.Model.GetOperation(invocationSyntax, cancellationToken) is not IInvocationOperation invocation ||
            invocationSyntax.ContainsDiagnostics ||
            !context.Methods.TryGetValuesArgument(invocation, out var valuesArgument, out var isBytes, out var isStringMethod) ||
            valuesArgument.Syntax is not ArgumentSyntax ||
            context.Sets.Evaluate(valuesArgument.Value, isBytes, cancellationToken) is not { } set)
        {
            return null;
        }

        if (invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>() is InterfaceDeclarationSyntax)
        {
            // A field or helper in an interface would be generated as an abstract member: not offered.
            return null;
        }

        var shape = GetShape(invocation, invocationSyntax, isStringMethod);
        if (shape == CallShape.None)
        {
            return null;
        }

        TypeDeclarationSyntax? host;
        FieldDeclarationSyntax? anchor = null;
        if (set.Origin == ValueSetOrigin.ComputedAtRunTime)
        {
            // The cached set must be created after the array it reads: right after that field, in the same declaration.
            anchor = set.Source?.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken).FirstAncestorOrSelf<FieldDeclarationSyntax>();
            if (anchor is null || anchor.SyntaxTree != context.Root.SyntaxTree || anchor.Parent is not TypeDeclarationSyntax anchorType)
            {
                return null;
            }

            host = anchorType;
        }
        else
        {
            host = invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
            if (host is null && invocationSyntax.FirstAncestorOrSelf<GlobalStatementSyntax>() is null)
            {
                return null;
            }
        }

        SyntaxNode? splitUnit = null;
        if (context.SplitSymbol is not null && (splitUnit = GetSplitUnit(invocationSyntax)) is null)
        {
            // No statement or member to write twice (a loop or if condition, a lambda, top-level code): left as it is.
            return null;
        }

        return new CallPlan(invocationSyntax, invocation, valuesArgument, set, isBytes, shape, host, anchor, splitUnit);
    }

    /// <summary>
    /// Where a multi-target split goes around <paramref name="call"/>: the statement of a block that holds it (an
    /// expression, return, declaration or throw statement), the header of a loop or <c>if</c> whose condition holds it
    /// (the body is not written twice), or an expression-bodied member or field declaration. Null when there is none.
    /// </summary>
    public static SyntaxNode? GetSplitUnit(SyntaxNode call)
    {
        foreach (var node in call.Ancestors())
        {
            switch (node)
            {
                case ExpressionStatementSyntax or ReturnStatementSyntax or LocalDeclarationStatementSyntax or ThrowStatementSyntax when node.Parent is BlockSyntax:
                    // Directives go on lines of their own: a statement sharing a line with other code cannot be split.
                    return TargetSplit.StartsItsLine(node) && TargetSplit.EndsItsLine(node) ? node : null;
                case StatementSyntax statement:
                    return TargetSplit.GetHeaderStatement(call) == statement ? statement : null;
                case AnonymousFunctionExpressionSyntax or GlobalStatementSyntax:
                    return null;
                case MethodDeclarationSyntax { ExpressionBody: not null } or PropertyDeclarationSyntax { ExpressionBody: not null } or FieldDeclarationSyntax:
                    return node.Parent is TypeDeclarationSyntax && TargetSplit.StartsItsLine(node) && TargetSplit.EndsItsLine(node) ? node : null;
                case MemberDeclarationSyntax:
                    return null;
            }
        }

        return null;
    }

    private static CallShape GetShape(IInvocationOperation invocation, InvocationExpressionSyntax syntax, bool isStringMethod)
    {
        if (!isStringMethod)
        {
            return CallShape.Span;
        }

        if (invocation.Instance is IConditionalAccessInstanceOperation)
        {
            // s?.IndexOfAny(values): only the one-argument form, as the whole ?. expression, on a receiver that can be
            // read twice (a null check, then the search).
            return invocation.Arguments.Length == 1 &&
                   syntax.Parent is ConditionalAccessExpressionSyntax conditional && conditional.WhenNotNull == syntax &&
                   IsSimpleReceiver(conditional.Expression)
                ? CallShape.ConditionalString
                : CallShape.None;
        }

        if (syntax.Expression is not MemberAccessExpressionSyntax)
        {
            return CallShape.None;
        }

        if (invocation.Arguments.Length == 1)
        {
            return CallShape.String;
        }

        // LastIndexOfAny(values, start[, count]) returns -1 on an empty string for any start, where a span slice throws:
        // no exact rewrite, so it is reported without a fix.
        if (invocation.TargetMethod.Name != "IndexOfAny" || invocation.Arguments.GetArgument(1)?.Value is not { } start || !IsSideEffectFree(start.Syntax))
        {
            return CallShape.None;
        }

        return invocation.Arguments.Length == 2 ? CallShape.StringStart : CallShape.StringStartCount;
    }

    private static bool IsSimpleReceiver(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax or ThisExpressionSyntax => true,
        MemberAccessExpressionSyntax { Expression: var inner } => IsSimpleReceiver(inner),
        _ => false,
    };

    /// <summary>Expressions the rewrite may evaluate twice: reads, literals and arithmetic over them.</summary>
    private static bool IsSideEffectFree(SyntaxNode expression) => expression switch
    {
        IdentifierNameSyntax or LiteralExpressionSyntax or ThisExpressionSyntax => true,
        MemberAccessExpressionSyntax access => IsSideEffectFree(access.Expression),
        ParenthesizedExpressionSyntax parenthesized => IsSideEffectFree(parenthesized.Expression),
        CastExpressionSyntax cast => IsSideEffectFree(cast.Expression),
        PrefixUnaryExpressionSyntax unary when unary.IsKind(SyntaxKind.UnaryMinusExpression) || unary.IsKind(SyntaxKind.UnaryPlusExpression) => IsSideEffectFree(unary.Operand),
        BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.AddExpression) || binary.IsKind(SyntaxKind.SubtractExpression) ||
                                           binary.IsKind(SyntaxKind.MultiplyExpression) =>
            IsSideEffectFree(binary.Left) && IsSideEffectFree(binary.Right),
        _ => false,
    };
}
