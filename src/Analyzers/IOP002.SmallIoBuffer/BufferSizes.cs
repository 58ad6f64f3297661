using System.Collections.Generic;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP002.SmallIoBuffer;

/// <summary>A buffer size known at compile time, and where the code spells it.</summary>
internal sealed class KnownSize
{
    public KnownSize(long bytes)
    {
        Bytes = bytes;
    }

    public long Bytes { get; }

    /// <summary>
    /// The expressions a fix must rewrite to change the size: a literal at the use, the value of a <c>const</c> or of a
    /// local assigned once. Several when a count and the buffer behind it must grow together.
    /// </summary>
    public List<SyntaxNode> FixTargets { get; } = new();

    /// <summary>False when some part of the size cannot be rewritten (a constant from another file or assembly).</summary>
    public bool Fixable { get; set; } = true;

    /// <summary>True when the buffer is a <c>stackalloc</c>: a fix must not make it large.</summary>
    public bool IsStackAlloc { get; set; }
}

/// <summary>
/// How many bytes a read asks for, when the compiler can know: <c>new byte[N]</c>, <c>stackalloc byte[N]</c>,
/// <c>ArrayPool&lt;byte&gt;.Shared.Rent(N)</c>, <c>array.AsSpan(0, N)</c>, a count argument, through constants and locals
/// assigned once.
/// </summary>
internal static class BufferSizes
{
    private const int MaxDepth = 4;

    /// <summary>The size of an integer expression (a <c>bufferSize</c> argument, a count).</summary>
    public static KnownSize? OfInteger(IOperation? value, CancellationToken cancellationToken)
    {
        if (!LocalValues.TryGetInteger(value, cancellationToken, out var bytes, out var source) || source is null)
        {
            return OfStaticValue(value, cancellationToken);
        }

        var size = new KnownSize(bytes);
        AddFixTarget(size, source);
        return size;
    }

    /// <summary>The length of a buffer expression (an array, span or memory argument).</summary>
    public static KnownSize? OfBuffer(IOperation? buffer, WellKnownIoTypes types, CancellationToken cancellationToken) =>
        OfBuffer(buffer, types, 0, cancellationToken);

    private static KnownSize? OfBuffer(IOperation? buffer, WellKnownIoTypes types, int depth, CancellationToken cancellationToken)
    {
        if (buffer is null || depth > MaxDepth)
        {
            return null;
        }

        var value = buffer.WalkDownConversions();
        if (value.Syntax is StackAllocArrayCreationExpressionSyntax { Type: ArrayTypeSyntax { RankSpecifiers: { Count: 1 } ranks } } &&
            ranks[0].Sizes.Count == 1 &&
            value.SemanticModel?.GetOperation(ranks[0].Sizes[0], cancellationToken) is { } stackSize)
        {
            var size = OfInteger(stackSize, cancellationToken);
            if (size is not null)
            {
                size.IsStackAlloc = true;
            }

            return size;
        }

        switch (value)
        {
            case IArrayCreationOperation { DimensionSizes.Length: 1 } creation when creation.Type is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte }:
                return OfInteger(creation.DimensionSizes[0], cancellationToken);

            case IInvocationOperation { TargetMethod.Name: "Rent", Arguments.Length: 1 } rent
                when WellKnownIoTypes.Is(rent.TargetMethod.ContainingType, types.ArrayPoolOfT):
                return OfInteger(rent.Arguments[0].Value, cancellationToken);

            case IInvocationOperation { TargetMethod.Name: "AsSpan" or "AsMemory" } slice
                when WellKnownIoTypes.Is(slice.TargetMethod.ContainingType, types.MemoryExtensions):
                switch (slice.Arguments.Length)
                {
                    case 1:
                        return OfBuffer(slice.Arguments[0].Value, types, depth + 1, cancellationToken);
                    case 3 when slice.TargetMethod.Parameters[2].Name == "length":
                        return WithArray(
                            OfInteger(slice.Arguments.GetArgument(2)?.Value, cancellationToken),
                            slice.Arguments.GetArgument(0)?.Value,
                            slice.Arguments.GetArgument(1)?.Value,
                            types,
                            depth,
                            cancellationToken);
                    default:
                        return null;
                }

            case ILocalReferenceOperation local:
                return OfBuffer(LocalValues.GetSingleAssignedValue(local.Local, value.GetRoot(), cancellationToken), types, depth + 1, cancellationToken);

            default:
                return null;
        }
    }

    /// <summary>
    /// The bytes one read asks for: the count of <c>Read(byte[], int, int)</c> (or the array's length when the count is
    /// <c>array.Length</c>), or the length of the span or memory handed to the other overloads.
    /// </summary>
    public static KnownSize? OfRead(IInvocationOperation read, int bufferOrdinal, WellKnownIoTypes types, CancellationToken cancellationToken) =>
        OfRead(read, bufferOrdinal, types, cancellationToken, out _);

    /// <summary><see cref="OfRead(IInvocationOperation, int, WellKnownIoTypes, CancellationToken)"/>, and the argument that decides the size.</summary>
    public static KnownSize? OfRead(IInvocationOperation read, int bufferOrdinal, WellKnownIoTypes types, CancellationToken cancellationToken, out IOperation? sizeArgument)
    {
        sizeArgument = read.Arguments.GetArgument(bufferOrdinal);
        var buffer = read.Arguments.GetArgument(bufferOrdinal)?.Value;
        var count = read.TargetMethod.Parameters.Length > bufferOrdinal + 2 &&
                    read.TargetMethod.Parameters[bufferOrdinal].Type is IArrayTypeSymbol &&
                    read.TargetMethod.Parameters[bufferOrdinal + 2].Name == "count"
            ? read.Arguments.GetArgument(bufferOrdinal + 2)?.Value
            : null;
        if (count is null)
        {
            return OfBuffer(buffer, types, cancellationToken);
        }

        if (count.WalkDownConversions() is IPropertyReferenceOperation { Property.Name: "Length", Instance: { } lengthOf } &&
            SameVariable(lengthOf, buffer))
        {
            return OfBuffer(buffer, types, cancellationToken);
        }

        sizeArgument = count.Parent;
        var requested = OfInteger(count, cancellationToken);
        return WithArray(requested, buffer, read.Arguments.GetArgument(bufferOrdinal + 1)?.Value, types, 0, cancellationToken);
    }

    /// <summary>
    /// A count (or slice length) within an array: asking for more bytes needs a bigger array as well, so the fix rewrites
    /// both (or their shared constant) - and only when the slice starts at 0 and the array's size is known.
    /// </summary>
    private static KnownSize? WithArray(KnownSize? requested, IOperation? array, IOperation? offset, WellKnownIoTypes types, int depth, CancellationToken cancellationToken)
    {
        if (requested is null)
        {
            return null;
        }

        var arraySize = OfBuffer(array, types, depth + 1, cancellationToken);
        if (arraySize is null || offset?.ConstantValue is not { HasValue: true, Value: 0 })
        {
            requested.Fixable = false;
            return requested;
        }

        foreach (var target in arraySize.FixTargets)
        {
            if (!requested.FixTargets.Contains(target))
            {
                requested.FixTargets.Add(target);
            }
        }

        requested.Fixable &= arraySize.Fixable;
        requested.IsStackAlloc |= arraySize.IsStackAlloc;
        return requested;
    }

    private static bool SameVariable(IOperation first, IOperation? second) =>
        (first.WalkDownConversions(), second?.WalkDownConversions()) switch
        {
            (ILocalReferenceOperation a, ILocalReferenceOperation b) => SymbolEqualityComparer.Default.Equals(a.Local, b.Local),
            (IParameterReferenceOperation a, IParameterReferenceOperation b) => SymbolEqualityComparer.Default.Equals(a.Parameter, b.Parameter),
            (IFieldReferenceOperation a, IFieldReferenceOperation b) => SymbolEqualityComparer.Default.Equals(a.Field, b.Field),
            _ => false,
        };

    /// <summary>
    /// A size that is not a C# constant but cannot change either: a <c>static readonly</c> field initialised with an
    /// integer literal and assigned nowhere else (its static constructor included), or a static property whose getter
    /// returns one (<c>static int BufferSize =&gt; 1024;</c>, <c>static int BufferSize { get; } = 1024;</c>) - a size
    /// chosen in one type and used in another. Read from the declaration's syntax: no other file is bound. Reported
    /// without a fix: the declaration may serve other uses than this read.
    /// </summary>
    private static KnownSize? OfStaticValue(IOperation? value, CancellationToken cancellationToken)
    {
        var (member, initializer) = value?.WalkDownConversions() switch
        {
            IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true, IsConst: false } field } =>
                ((ISymbol)field, field.DeclaringSyntaxReferences.Length == 1 && field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: var fieldValue } ? fieldValue : null),
            IPropertyReferenceOperation { Property: { IsStatic: true, SetMethod: null, IsVirtual: false, IsAbstract: false } property } =>
                (property, property.DeclaringSyntaxReferences.Length == 1 && property.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is PropertyDeclarationSyntax declaration
                    ? declaration.ExpressionBody?.Expression ?? (declaration.AccessorList is { Accessors.Count: 1 } accessors && accessors.Accessors[0] is { Body: null, ExpressionBody: null } ? declaration.Initializer?.Value : null)
                    : null),
            _ => (null, null),
        };
        if (member is null ||
            initializer is not LiteralExpressionSyntax { Token.Value: int or long } literal ||
            IsAssignedOutsideItsDeclaration(member, cancellationToken))
        {
            return null;
        }

        return new KnownSize(System.Convert.ToInt64(literal.Token.Value, System.Globalization.CultureInfo.InvariantCulture)) { Fixable = false };
    }

    /// <summary>
    /// The member's name is written in its type: assigned, passed by <c>ref</c>/<c>out</c>, incremented, or named at all
    /// in a static constructor (where a readonly static field may be set again). Read as syntax.
    /// </summary>
    private static bool IsAssignedOutsideItsDeclaration(ISymbol member, CancellationToken cancellationToken)
    {
        foreach (var part in member.ContainingType.DeclaringSyntaxReferences)
        {
            foreach (var node in part.GetSyntax(cancellationToken).DescendantNodes())
            {
                if (node is not IdentifierNameSyntax { Identifier.ValueText: var name } identifier || name != member.Name)
                {
                    continue;
                }

                SyntaxNode used = identifier.Parent is MemberAccessExpressionSyntax access && access.Name == identifier ? access : identifier;
                if (used.Parent is AssignmentExpressionSyntax assignment && assignment.Left == used ||
                    used.Parent is ArgumentSyntax { RefKindKeyword.RawKind: not 0 } ||
                    used.Parent is PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax or TupleExpressionSyntax or ArgumentSyntax { Parent: TupleExpressionSyntax } ||
                    used.FirstAncestorOrSelf<ConstructorDeclarationSyntax>() is { } constructor && constructor.Modifiers.Any(Microsoft.CodeAnalysis.CSharp.SyntaxKind.StaticKeyword))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>Records where the fix would write the new size for <paramref name="source"/>, or marks the size unfixable.</summary>
    private static void AddFixTarget(KnownSize size, IOperation source)
    {
        ISymbol? constant = source switch
        {
            IFieldReferenceOperation { Field.IsConst: true } field => field.Field,
            ILocalReferenceOperation { Local.IsConst: true } local => local.Local,
            _ => null,
        };
        if (constant is null)
        {
            size.FixTargets.Add(source.Syntax);
            return;
        }

        // A const is changed where it is declared, so every use keeps agreeing; only when that is in the same file.
        if (constant.DeclaringSyntaxReferences.Length == 1 &&
            constant.DeclaringSyntaxReferences[0] is var reference &&
            reference.SyntaxTree == source.Syntax.SyntaxTree &&
            reference.GetSyntax() is VariableDeclaratorSyntax { Initializer.Value: { } initializer })
        {
            size.FixTargets.Add(initializer);
        }
        else
        {
            size.Fixable = false;
        }
    }
}
