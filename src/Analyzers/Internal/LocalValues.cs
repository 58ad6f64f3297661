using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// What a local holds when it is assigned exactly once, and what an expression's compile-time value is when it comes
/// from a literal, a <c>const</c> or such a local. Real code passes flags and sizes through locals
/// (<c>var options = FileOptions.Asynchronous | FileOptions.SequentialScan;</c>), so the rules look through them.
/// </summary>
internal static class LocalValues
{
    /// <summary>The root of the operation tree that holds <paramref name="operation"/> (the whole member body).</summary>
    public static IOperation GetRoot(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is { } parent)
        {
            current = parent;
        }

        return current;
    }

    /// <summary>
    /// The value <paramref name="local"/> is initialised with when that is its only assignment in
    /// <paramref name="root"/> (a declaration <c>var x = value;</c>, or a declaration without a value followed by one
    /// assignment); null when it is written more than once, by <c>ref</c>/<c>out</c>, or not at all. The root must be
    /// the root of its tree (<see cref="GetRoot"/>): the answer comes from that tree's <see cref="LocalReferences"/>.
    /// </summary>
    public static IOperation? GetSingleAssignedValue(ILocalSymbol local, IOperation root, CancellationToken cancellationToken)
    {
        if (local.IsRef)
        {
            return null;
        }

        IOperation? value = null;
        var assignments = 0;
        foreach (var operation in LocalReferences.Of(root).Of(local))
        {
            cancellationToken.ThrowIfCancellationRequested();
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator:
                    var initializer = declarator.Initializer ?? (declarator.Parent as IVariableDeclarationOperation)?.Initializer;
                    if (initializer is not null)
                    {
                        value = initializer.Value;
                        assignments++;
                    }

                    break;

                case ILocalReferenceOperation reference:
                    if (reference.Parent is ISimpleAssignmentOperation simple && simple.Target == reference)
                    {
                        value = simple.Value;
                        assignments++;
                    }
                    else if (IsWrite(reference))
                    {
                        return null;
                    }

                    break;
            }
        }

        return assignments == 1 ? value : null;
    }

    /// <summary>
    /// The compile-time value of <paramref name="operation"/>: a literal, a constant, an enum flags expression, or a
    /// local assigned once from one of those. <paramref name="source"/> is the operation that spells the value.
    /// </summary>
    public static bool TryGetConstant(IOperation? operation, CancellationToken cancellationToken, out object? value, out IOperation? source)
    {
        value = null;
        source = null;
        if (operation is null)
        {
            return false;
        }

        if (operation.ConstantValue.HasValue)
        {
            value = operation.ConstantValue.Value;
            source = operation;
            return true;
        }

        if (operation.WalkDownConversions() is ILocalReferenceOperation reference &&
            GetSingleAssignedValue(reference.Local, operation.GetRoot(), cancellationToken) is { ConstantValue.HasValue: true } assigned)
        {
            value = assigned.ConstantValue.Value;
            source = assigned;
            return true;
        }

        return false;
    }

    /// <summary>An <see cref="int"/> (or other integral) compile-time value, as <see cref="long"/>.</summary>
    public static bool TryGetInteger(IOperation? operation, CancellationToken cancellationToken, out long value, out IOperation? source)
    {
        value = 0;
        if (!TryGetConstant(operation, cancellationToken, out var constant, out source))
        {
            return false;
        }

        switch (constant)
        {
            case int i: value = i; return true;
            case long l: value = l; return true;
            case short s: value = s; return true;
            case uint u: value = u; return true;
            case ushort us: value = us; return true;
            case byte b: value = b; return true;
            case sbyte sb: value = sb; return true;
            default: return false;
        }
    }

    /// <summary>
    /// True when <paramref name="reference"/> writes its variable other than by a plain assignment: compound
    /// assignment, increment, <c>ref</c>/<c>out</c> argument, deconstruction, <c>ref</c> alias or address-of.
    /// </summary>
    public static bool IsWrite(IOperation reference)
    {
        switch (reference.Parent)
        {
            case IAssignmentOperation assignment when assignment.Target == reference:
            case IIncrementOrDecrementOperation:
            case IArgumentOperation { Parameter.RefKind: RefKind.Ref or RefKind.Out }:
            case ITupleOperation:
            case IAddressOfOperation:
            case IDeclarationExpressionOperation:
                return true;
        }

        return reference.Syntax.Parent is RefExpressionSyntax;
    }
}
