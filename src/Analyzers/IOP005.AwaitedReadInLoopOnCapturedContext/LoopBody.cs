using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>Whether a loop can become the body of <c>async () => { ... }</c> and keep its meaning.</summary>
internal static class LoopBody
{
    public static bool CanMoveIntoLambda(ILoopOperation loop, ISymbol containingSymbol)
    {
        // return/yield/goto would change meaning or not compile in a lambda; a struct's this cannot be captured.
        foreach (var node in loop.Syntax.DescendantNodesAndSelf(n => n is not AnonymousFunctionExpressionSyntax and not LocalFunctionStatementSyntax))
        {
            if (node is ReturnStatementSyntax or YieldStatementSyntax or GotoStatementSyntax or LabeledStatementSyntax)
            {
                return false;
            }
        }

        foreach (var operation in loop.AllOperations())
        {
            switch (operation)
            {
                case IParameterReferenceOperation { Parameter.RefKind: not RefKind.None }:
                case ILocalReferenceOperation { Local.IsRef: true }:
                case ILocalReferenceOperation { Local.Type.IsRefLikeType: true } local when !loop.Syntax.Span.Contains(local.Local.DeclaringSyntaxReferences.Length > 0 ? local.Local.DeclaringSyntaxReferences[0].Span : default):
                case IParameterReferenceOperation { Parameter.Type.IsRefLikeType: true }:
                case IInstanceReferenceOperation when containingSymbol.ContainingType?.TypeKind == TypeKind.Struct:
                    return false;
            }
        }

        return true;
    }
}
