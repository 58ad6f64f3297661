using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;

/// <summary>Where a value set handed to <c>IndexOfAny</c> comes from, which decides the message and the fix.</summary>
internal enum ValueSetOrigin
{
    /// <summary>Known at compile time: literals, constants, <c>static readonly</c> members initialised with them.</summary>
    Constant,

    /// <summary>Known at compile time, but a property builds a new array from it on every access.</summary>
    BuiltOnEveryAccess,

    /// <summary>Computed once at run time into a <c>static readonly</c> field (<c>Path.GetInvalidFileNameChars()</c>).</summary>
    ComputedAtRunTime,
}

/// <summary>A set of char or byte values (bytes are held as chars 0-255) and where it came from.</summary>
internal sealed class ValueSet
{
    public ValueSet(ValueSetOrigin origin, bool isBytes, string values, ISymbol? source, string? runTimeExpression)
    {
        Origin = origin;
        IsBytes = isBytes;
        Values = values;
        Source = source;
        RunTimeExpression = runTimeExpression;
        DistinctCount = values.Distinct().Count();
    }

    public ValueSetOrigin Origin { get; }

    public bool IsBytes { get; }

    /// <summary>The values in source order, duplicates included; empty for <see cref="ValueSetOrigin.ComputedAtRunTime"/>.</summary>
    public string Values { get; }

    public int DistinctCount { get; }

    /// <summary>The named member the values came from (field, constant, property), used to name the fix's field.</summary>
    public ISymbol? Source { get; }

    /// <summary>For <see cref="ValueSetOrigin.ComputedAtRunTime"/>: the initializer that computes the values.</summary>
    public string? RunTimeExpression { get; }

    public ValueSet WithOrigin(ValueSetOrigin origin, ISymbol? source) =>
        new(origin, IsBytes, Values, source ?? Source, RunTimeExpression);

    /// <summary>Order and duplicates do not change what a search finds: two sets with equal keys are the same set.</summary>
    public string Key => Origin == ValueSetOrigin.ComputedAtRunTime
        ? "field:" + Source?.ToDisplayString()
        : (IsBytes ? "u8:" : "c:") + new string(Values.Distinct().OrderBy(c => c).ToArray());
}

/// <summary>
/// Works out which values an <c>IndexOfAny</c>-style call searches for, following constants, <c>static readonly</c>
/// fields and read-only properties anywhere in the compilation. One instance per compilation: field results are cached.
/// Shared by IOP004's analyzer and its code fix (which must find the same set to create or reuse a field).
/// </summary>
internal sealed class SearchValueSets
{
    private const int MaxDepth = 4;

    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<ISymbol, Optional<ValueSet?>> _charMembers = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, Optional<ValueSet?>> _byteMembers = new(SymbolEqualityComparer.Default);

    public SearchValueSets(Compilation compilation)
    {
        _compilation = compilation;
    }

    /// <summary>The set an argument value stands for, or null when it is not known (locals, parameters, calls).</summary>
    public ValueSet? Evaluate(IOperation value, bool isBytes, CancellationToken cancellationToken) =>
        Evaluate(value, isBytes, depth: 0, cancellationToken);

    private ValueSet? Evaluate(IOperation operation, bool isBytes, int depth, CancellationToken cancellationToken)
    {
        if (depth > MaxDepth)
        {
            return null;
        }

        operation = operation.WalkDownConversions();
        if (operation.ConstantValue is { HasValue: true, Value: string text } && !isBytes)
        {
            return Constant(text, isBytes: false, source: (operation as IFieldReferenceOperation)?.Field);
        }

        switch (operation)
        {
            case IArrayCreationOperation { Initializer: { } initializer }:
                return FromElements(initializer.ElementValues.Select(e => e.ConstantValue), isBytes);

            case IArrayInitializerOperation initializer:
                return FromElements(initializer.ElementValues.Select(e => e.ConstantValue), isBytes);

            case IUtf8StringOperation utf8 when isBytes:
                return Constant(Latin1(Encoding.UTF8.GetBytes(utf8.Value)), isBytes: true, source: null);

            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Add } concatenation when !isBytes && concatenation.Type?.SpecialType == SpecialType.System_String:
                var left = Evaluate(concatenation.LeftOperand, isBytes: false, depth + 1, cancellationToken);
                var right = left is null ? null : Evaluate(concatenation.RightOperand, isBytes: false, depth + 1, cancellationToken);
                return left is { Origin: ValueSetOrigin.Constant } && right is { Origin: ValueSetOrigin.Constant }
                    ? Constant(left.Values + right.Values, isBytes: false, source: null)
                    : null;

            case IInvocationOperation { TargetMethod.Name: "ToCharArray" or "AsSpan", Arguments.Length: 0 or 1 } invocation when !isBytes && IsCharsOfWholeString(invocation):
                // "...".ToCharArray() and "...".AsSpan() (an extension: the string is the first argument).
                var receiver = invocation.Instance ?? invocation.Arguments[0].Value;
                return Evaluate(receiver, isBytes: false, depth + 1, cancellationToken);

            case IFieldReferenceOperation fieldReference:
                return EvaluateMember(fieldReference.Field, isBytes, depth, cancellationToken);

            case ILocalReferenceOperation { Local: { IsConst: false, IsRef: false } local } when operation.SemanticModel is { } localModel:
                return EvaluateLocal(local, isBytes, depth, localModel, cancellationToken);

            case IPropertyReferenceOperation { Property: { IsStatic: true, SetMethod: null, Parameters.IsEmpty: true } property }:
                return EvaluateMember(property, isBytes, depth, cancellationToken);
        }

        // Collection expressions ([ 'a', 'b' ]) have no operation interface in Roslyn 4.8: read their elements' constants.
        if (operation.Syntax is CollectionExpressionSyntax collection && operation.SemanticModel is { } model)
        {
            var constants = new List<Optional<object?>>(collection.Elements.Count);
            foreach (var element in collection.Elements)
            {
                constants.Add(element is ExpressionElementSyntax expression
                    ? model.GetConstantValue(expression.Expression, cancellationToken)
                    : default);
            }

            return FromElements(constants, isBytes);
        }

        return null;
    }

    private static bool IsCharsOfWholeString(IInvocationOperation invocation) =>
        invocation.TargetMethod.Name == "ToCharArray"
            ? invocation.TargetMethod.ContainingType.SpecialType == SpecialType.System_String && invocation.Arguments.IsEmpty
            : invocation.TargetMethod is { IsExtensionMethod: true, ContainingType.Name: "MemoryExtensions" } &&
              invocation.Arguments.Length == 1 &&
              invocation.TargetMethod.Parameters[0].Type.SpecialType == SpecialType.System_String;

    private ValueSet? EvaluateMember(ISymbol member, bool isBytes, int depth, CancellationToken cancellationToken)
    {
        var cached = (isBytes ? _byteMembers : _charMembers).GetOrAdd(member, m => new Optional<ValueSet?>(ComputeMember(m, isBytes, depth, cancellationToken)));
        return cached.Value;
    }

    private ValueSet? ComputeMember(ISymbol member, bool isBytes, int depth, CancellationToken cancellationToken)
    {
        if (member.DeclaringSyntaxReferences.Length != 1)
        {
            return null;
        }

        var declaration = member.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken);
        switch (member)
        {
            case IFieldSymbol { IsStatic: true, IsReadOnly: true } field when declaration is VariableDeclaratorSyntax { Initializer.Value: { } initializer }:
                var isArray = field.Type is IArrayTypeSymbol { IsSZArray: true };
                if (!isArray && field.Type.SpecialType != SpecialType.System_String)
                {
                    return null;
                }

                // Another assembly can write the elements of a visible array: only private arrays are followed, and only
                // when nothing in their type writes to them. Strings cannot change.
                if (isArray && (field.DeclaredAccessibility != Accessibility.Private || ArrayMayBeWritten(field, cancellationToken)))
                {
                    return null;
                }

                var value = EvaluateSyntax(initializer, isBytes, depth + 1, cancellationToken);
                if (value is not null)
                {
                    return value.WithOrigin(ValueSetOrigin.Constant, field);
                }

                // A call, a construction or a concatenation computes the values once, at type initialization. Not: an
                // alias of another field (which may be written elsewhere), new char[n] filled later, a lambda.
                return IsComputation(initializer) && !ContainsLambda(initializer)
                    ? new ValueSet(ValueSetOrigin.ComputedAtRunTime, isBytes, string.Empty, field, initializer.ToString())
                    : null;

            case IPropertySymbol property when GetSingleReturnedExpression(declaration) is { } returned:
                var returnedValue = EvaluateSyntax(returned, isBytes, depth + 1, cancellationToken);
                if (returnedValue is not { Origin: ValueSetOrigin.Constant })
                {
                    return null;
                }

                // A ReadOnlySpan property over a literal costs nothing; an array property allocates on each access.
                return returnedValue.WithOrigin(
                    property.Type is IArrayTypeSymbol ? ValueSetOrigin.BuiltOnEveryAccess : ValueSetOrigin.Constant,
                    property);

            default:
                return null;
        }
    }

    /// <summary>
    /// A local initialised with constants and never written afterwards (<c>var separators = new[] { ... };</c>): the same
    /// values on every call, built and analysed again each time.
    /// </summary>
    private ValueSet? EvaluateLocal(ILocalSymbol local, bool isBytes, int depth, SemanticModel model, CancellationToken cancellationToken)
    {
        if (local.DeclaringSyntaxReferences.Length != 1 ||
            local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator ||
            declarator.Parent?.Parent is not LocalDeclarationStatementSyntax { Parent: { } scope } ||
            !(local.Type is IArrayTypeSymbol { IsSZArray: true } || local.Type.SpecialType == SpecialType.System_String))
        {
            return null;
        }

        foreach (var identifier in IdentifierSearch.Find(scope, local.Name, cancellationToken))
        {
            if (IsWrite(identifier))
            {
                return null;
            }
        }

        var operation = model.GetOperation(initializer, cancellationToken);
        var value = operation is null ? null : Evaluate(operation, isBytes, depth + 1, cancellationToken);
        return value is { Origin: ValueSetOrigin.Constant } ? value.WithOrigin(ValueSetOrigin.Constant, local) : null;
    }

    private ValueSet? EvaluateSyntax(ExpressionSyntax expression, bool isBytes, int depth, CancellationToken cancellationToken)
    {
        var model = GetSemanticModel(expression.SyntaxTree);
        var operation = model.GetOperation(expression, cancellationToken);
        return operation is null ? null : Evaluate(operation, isBytes, depth, cancellationToken);
    }

#pragma warning disable RS1030 // A member's initializer may be in another file: bound once per member (cached above), only for members passed to IndexOfAny.
    private SemanticModel GetSemanticModel(SyntaxTree tree) => _compilation.GetSemanticModel(tree);
#pragma warning restore RS1030

    /// <summary><c>=> X</c>, <c>get => X</c> or <c>get { return X; }</c>.</summary>
    internal static ExpressionSyntax? GetSingleReturnedExpression(SyntaxNode declaration)
    {
        if (declaration is not PropertyDeclarationSyntax property)
        {
            return null;
        }

        if (property.ExpressionBody is { } arrow)
        {
            return arrow.Expression;
        }

        if (property.AccessorList?.Accessors is not { Count: 1 } accessors || !accessors[0].IsKind(SyntaxKind.GetAccessorDeclaration))
        {
            return null;
        }

        var getter = accessors[0];
        return getter.ExpressionBody?.Expression ??
               (getter.Body?.Statements is { Count: 1 } statements && statements[0] is ReturnStatementSyntax { Expression: { } returned } ? returned : null);
    }

    private static bool IsComputation(ExpressionSyntax initializer) =>
        initializer is InvocationExpressionSyntax or BaseObjectCreationExpressionSyntax or BinaryExpressionSyntax or InterpolatedStringExpressionSyntax;

    private static bool ContainsLambda(SyntaxNode node) =>
        node.DescendantNodesAndSelf().Any(n => n is AnonymousFunctionExpressionSyntax);

    /// <summary>
    /// Whether code in the field's type may change the array's contents: element assignments, <c>ref</c>/<c>out</c>,
    /// reassignment, or an <c>Array</c>/span method that writes. Passing it to other methods is assumed to only read it.
    /// </summary>
    private static bool ArrayMayBeWritten(IFieldSymbol field, CancellationToken cancellationToken)
    {
        foreach (var reference in field.ContainingType.DeclaringSyntaxReferences)
        {
            foreach (var identifier in IdentifierSearch.Find(reference.GetSyntax(cancellationToken), field.Name, cancellationToken))
            {
                if (IsWrite(identifier))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static readonly HashSet<string> WritingMethods = new(StringComparer.Ordinal)
    {
        "Sort", "Reverse", "Clear", "Fill", "Copy", "ConstrainedCopy", "Resize", "Initialize", "SetValue", "CopyTo", "TryCopyTo", "Replace",
    };

    private static bool IsWrite(IdentifierNameSyntax identifier)
    {
        SyntaxNode node = identifier;
        if (node.Parent is MemberAccessExpressionSyntax access && access.Name == node)
        {
            node = access;
        }

        var parent = node.Parent;
        if (parent is ElementAccessExpressionSyntax element && element.Expression == node)
        {
            node = element;
            parent = element.Parent;
        }

        switch (parent)
        {
            case AssignmentExpressionSyntax assignment when assignment.Left == node:
            case PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax:
            case ArgumentSyntax { RefKindKeyword.RawKind: not 0 }:
                return true;
            case ArgumentSyntax { Parent.Parent: InvocationExpressionSyntax call } when WritingMethods.Contains(GetMethodName(call.Expression)):
                // Array.Sort(values), Array.Copy(source, values, n), ...
                return true;
            case MemberAccessExpressionSyntax member when member.Expression == node:
                // values.AsSpan().Fill(' '), values.SetValue(...)
                var name = member.Name.Identifier.ValueText;
                return WritingMethods.Contains(name) ||
                       (name == "AsSpan" && member.Parent?.Parent is MemberAccessExpressionSyntax chained && WritingMethods.Contains(chained.Name.Identifier.ValueText));
            default:
                return false;
        }
    }

    private static string GetMethodName(ExpressionSyntax expression) => expression switch
    {
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        SimpleNameSyntax name => name.Identifier.ValueText,
        _ => string.Empty,
    };

    private static ValueSet? FromElements(IEnumerable<Optional<object?>> constants, bool isBytes)
    {
        var values = new StringBuilder();
        foreach (var constant in constants)
        {
            switch (constant.HasValue ? constant.Value : null)
            {
                case char c when !isBytes:
                    values.Append(c);
                    break;
                case byte b when isBytes:
                    values.Append((char)b);
                    break;
                case int i when isBytes && i is >= 0 and <= 255:
                    values.Append((char)i);
                    break;
                case char c when isBytes && c <= 255:
                    values.Append(c);
                    break;
                default:
                    return null;
            }
        }

        return Constant(values.ToString(), isBytes, source: null);
    }

    private static ValueSet Constant(string values, bool isBytes, ISymbol? source) =>
        new(ValueSetOrigin.Constant, isBytes, values, source, runTimeExpression: null);

    private static string Latin1(byte[] bytes) => new(bytes.Select(b => (char)b).ToArray());
}
