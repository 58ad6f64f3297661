using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// Which <c>IndexOfAny</c>-style calls the SDK's CA1870 reports under default settings (on by default as an IDE
/// suggestion since .NET 8), so that IOP004 never reports the same call twice. Written from CA1870's documented and
/// tested behaviour; the tests run the real CA1870 over every IOP004 test input and fail on any shared span.
/// </summary>
internal static class Ca1870Coverage
{
    private const int MinLength = 6;

    /// <summary>
    /// True when CA1870 reports this call under default settings. <paramref name="isStringMethod"/>: the call is
    /// <c>string.IndexOfAny</c>/<c>LastIndexOfAny</c> rather than a span extension.
    /// </summary>
    public static bool Reports(IInvocationOperation invocation, IOperation values, bool isStringMethod, INamedTypeSymbol readOnlySpan, CancellationToken cancellationToken)
    {
        if (isStringMethod)
        {
            // Only the one-parameter overloads, and never through ?.
            if (invocation.Arguments.Length != 1 || invocation.Instance is IConditionalAccessInstanceOperation)
            {
                return false;
            }

            return values switch
            {
                IArrayCreationOperation creation => IsLiteralArray(creation, out _),
                IFieldReferenceOperation field => IsLiteralArrayField(field.Field, cancellationToken),
                IInvocationOperation call => IsToCharArrayOfConstant(call),
                _ => IsLiteralCollectionExpression(values, out _),
            };
        }

        if (values is IPropertyReferenceOperation { Property: { IsReadOnly: true } property } &&
            property.Type is INamedTypeSymbol propertyType &&
            SymbolEqualityComparer.Default.Equals(propertyType.OriginalDefinition, readOnlySpan))
        {
            return property.DeclaringSyntaxReferences.Length == 1 &&
                   property.DeclaringSyntaxReferences[0].GetSyntax() is PropertyDeclarationSyntax declaration &&
                   SearchValueSets.GetSingleReturnedExpression(declaration) is { } returned &&
                   (IsLiteralArraySyntax(returned, out var length) || IsUtf8Literal(returned, out length)) &&
                   length >= MinLength;
        }

        if (values is IUtf8StringOperation utf8)
        {
            return utf8.Value.Length >= MinLength;
        }

        if (values is not IConversionOperation conversion)
        {
            return IsLiteralCollectionExpression(values, out var count) && count >= MinLength;
        }

        var operand = conversion.Operand;
        switch (operand)
        {
            case ILiteralOperation or IFieldReferenceOperation or ILocalReferenceOperation
                when operand.Type?.SpecialType == SpecialType.System_String && operand.ConstantValue is { HasValue: true, Value: string text }:
                return text.Length >= MinLength;
            case IArrayCreationOperation creation:
                return IsLiteralArray(creation, out var length) && length >= MinLength;
            case IFieldReferenceOperation field:
                return IsLiteralArrayField(field.Field, cancellationToken);
            case IInvocationOperation call:
                return IsToCharArrayOfConstant(call);
            default:
                return IsLiteralCollectionExpression(operand, out length) && length >= MinLength;
        }
    }

    private static bool IsLiteralArray(IArrayCreationOperation creation, out int length)
    {
        length = 0;
        if (creation.Type is not IArrayTypeSymbol { IsSZArray: true, ElementType.SpecialType: SpecialType.System_Char or SpecialType.System_Byte } ||
            creation.Initializer is not { } initializer)
        {
            return false;
        }

        foreach (var element in initializer.ElementValues)
        {
            var value = element is IConversionOperation elementConversion ? elementConversion.Operand : element;
            if (value is not ILiteralOperation { ConstantValue.HasValue: true })
            {
                return false;
            }
        }

        length = initializer.ElementValues.Length;
        return true;
    }

    /// <summary>A collection expression of literals only (the newer CA1870 reads these the same way as arrays).</summary>
    private static bool IsLiteralCollectionExpression(IOperation operation, out int length)
    {
        length = 0;
        if (operation.Syntax is not CollectionExpressionSyntax collection)
        {
            return false;
        }

        foreach (var element in collection.Elements)
        {
            if (element is not ExpressionElementSyntax { Expression: var expression } || !IsCharOrByteLiteral(expression))
            {
                return false;
            }
        }

        length = collection.Elements.Count;
        return true;
    }

    /// <summary>
    /// A readonly private (or default-accessibility) char/byte array field initialised with at least <see cref="MinLength"/>
    /// literals and not obviously written (the length first: the write check searches the whole type).
    /// </summary>
    private static bool IsLiteralArrayField(IFieldSymbol field, CancellationToken cancellationToken)
    {
        return field.IsReadOnly &&
               field.DeclaredAccessibility is Accessibility.Private or Accessibility.NotApplicable &&
               field.Type is IArrayTypeSymbol { IsSZArray: true, ElementType.SpecialType: SpecialType.System_Char or SpecialType.System_Byte } &&
               field.DeclaringSyntaxReferences.Length == 1 &&
               field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator &&
               IsLiteralArraySyntax(initializer, out var length) && length >= MinLength &&
               !HasSimpleWrites(declarator, cancellationToken);
    }

    private static bool IsToCharArrayOfConstant(IInvocationOperation call) =>
        call.TargetMethod is { Name: "ToCharArray", ContainingType.SpecialType: SpecialType.System_String } &&
        call.Arguments.IsEmpty &&
        call.Instance is ILiteralOperation or IFieldReferenceOperation or ILocalReferenceOperation &&
        call.Instance.ConstantValue is { HasValue: true, Value: string };

    /// <summary><c>new[] { 'a', (byte)'b' }</c>, <c>new char[] { ... }</c> or <c>"abc".ToCharArray()</c>, read from syntax.</summary>
    private static bool IsLiteralArraySyntax(ExpressionSyntax expression, out int length)
    {
        length = 0;
        var initializer = expression switch
        {
            ArrayCreationExpressionSyntax creation => creation.Initializer,
            ImplicitArrayCreationExpressionSyntax implicitCreation => implicitCreation.Initializer,
            _ => null,
        };

        if (initializer is null)
        {
            if (expression is InvocationExpressionSyntax
                {
                    Expression: MemberAccessExpressionSyntax { Expression: LiteralExpressionSyntax { Token.Value: string text }, Name.Identifier.ValueText: "ToCharArray" } receiver,
                    ArgumentList.Arguments.Count: 0,
                } && receiver.Expression.IsKind(SyntaxKind.StringLiteralExpression))
            {
                length = text.Length;
                return true;
            }

            return false;
        }

        if (!initializer.Expressions.All(IsCharOrByteLiteral))
        {
            return false;
        }

        length = initializer.Expressions.Count;
        return true;
    }

    private static bool IsCharOrByteLiteral(ExpressionSyntax expression)
    {
        if (expression is CastExpressionSyntax { Type: PredefinedTypeSyntax type } cast && type.Keyword.IsKind(SyntaxKind.ByteKeyword))
        {
            expression = cast.Expression;
        }

        return expression.IsKind(SyntaxKind.CharacterLiteralExpression);
    }

    private static bool IsUtf8Literal(ExpressionSyntax expression, out int length)
    {
        length = 0;
        if (expression is LiteralExpressionSyntax { Token.Value: string text } literal && literal.Token.IsKind(SyntaxKind.Utf8StringLiteralToken))
        {
            length = text.Length;
            return true;
        }

        return false;
    }

    /// <summary>
    /// CA1870's optimistic check: <c>field[i] = x</c> anywhere in the type, or <c>field = x</c> in a constructor. The
    /// field's mentions are found through the type's text (<see cref="IdentifierSearch"/>), not by walking its nodes.
    /// </summary>
    private static bool HasSimpleWrites(VariableDeclaratorSyntax declarator, CancellationToken cancellationToken)
    {
        var name = declarator.Identifier.ValueText;
        if (declarator.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } type)
        {
            return true;
        }

        foreach (var identifier in IdentifierSearch.Find(type, name, cancellationToken))
        {
            if (identifier.Parent is ElementAccessExpressionSyntax element && element.Expression == identifier &&
                IsSimpleAssignmentTo(element))
            {
                return true;
            }

            if (IsSimpleAssignmentTo(identifier) &&
                identifier.FirstAncestorOrSelf<SyntaxNode>(node => node.Parent == type) is { } member &&
                member.IsKind(SyntaxKind.ConstructorDeclaration))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsSimpleAssignmentTo(ExpressionSyntax target) =>
        target.Parent is AssignmentExpressionSyntax assignment && assignment.IsKind(SyntaxKind.SimpleAssignmentExpression) && assignment.Left == target;
}
