using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>The edits of the fixes that turn an array into a lazy sequence (IOP003, IOP007).</summary>
internal static class SequenceEdits
{
    /// <summary>The name of the invoked method in <c>x.M()</c>, <c>x?.M()</c> or <c>M()</c>.</summary>
    public static SimpleNameSyntax? InvokedName(InvocationExpressionSyntax invocation) => invocation.Expression switch
    {
        MemberAccessExpressionSyntax memberAccess => memberAccess.Name,
        MemberBindingExpressionSyntax memberBinding => memberBinding.Name,
        SimpleNameSyntax simpleName => simpleName,
        _ => null,
    };

    /// <summary><c>Type.Old(args)</c>, <c>x?.Old(args)</c> or <c>Old(args)</c> with the method name replaced; arguments and trivia kept.</summary>
    public static InvocationExpressionSyntax RenameInvocation(InvocationExpressionSyntax invocation, string newName)
    {
        var name = InvokedName(invocation);
        return name is null
            ? invocation
            : invocation.ReplaceNode(name, name.WithIdentifier(Identifier(newName).WithTriviaFrom(name.Identifier)));
    }

    /// <summary>
    /// <c>IEnumerable&lt;T&gt;</c> for <paramref name="elementType"/>, as written at <paramref name="replaced"/>'s place; a
    /// nullable <paramref name="replaced"/> (<c>string[]?</c>) keeps its <c>?</c>.
    /// </summary>
    public static TypeSyntax EnumerableOf(ITypeSymbol elementType, SemanticModel model, TypeSyntax replaced)
    {
        var element = ParseTypeName(elementType.ToMinimalDisplayString(model, replaced.SpanStart));
        TypeSyntax enumerable = GenericName(Identifier("IEnumerable"), TypeArgumentList(SingletonSeparatedList(element)));
        return replaced is NullableTypeSyntax ? NullableType(enumerable) : enumerable;
    }

    /// <summary>
    /// A local declared with an explicit type (<c>string[] files = ...</c>, <c>IList&lt;string&gt; files = ...</c>) is
    /// retyped to <c>IEnumerable&lt;T&gt;</c>, importing System.Collections.Generic when needed; <c>var</c> and a type
    /// that already is <c>IEnumerable&lt;T&gt;</c> are left alone.
    /// </summary>
    public static void RetypeLocalToEnumerable(DocumentEditor editor, Location? declaratorLocation, ITypeSymbol elementType)
    {
        if (declaratorLocation is null ||
            editor.OriginalRoot.FindNode(declaratorLocation.SourceSpan, getInnermostNodeForTie: true) is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } ||
            declaration.Type.IsVar ||
            editor.SemanticModel.GetTypeInfo(declaration.Type).Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Collections_Generic_IEnumerable_T })
        {
            return;
        }

        editor.ReplaceNode(declaration.Type, EnumerableOf(elementType, editor.SemanticModel, declaration.Type).WithTriviaFrom(declaration.Type));
        ImportHelper.EnsureUsing(editor, editor.SemanticModel, declaration.SpanStart, "System.Collections.Generic", "IEnumerable");
    }
}
