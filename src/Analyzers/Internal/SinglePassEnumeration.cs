using System;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>How a sequence value is consumed, when it is consumed exactly once, front to back.</summary>
internal enum SinglePassConsumer
{
    /// <summary>The value is the collection of a (synchronous) <c>foreach</c>.</summary>
    ForEach,

    /// <summary>The value feeds a LINQ chain, <c>string.Join</c>, a collection constructor or the like.</summary>
    Sequence,
}

/// <summary>The result of <see cref="SinglePassEnumeration.TryFind(IOperation, WellKnownIoTypes)"/>.</summary>
internal sealed class SinglePassUse
{
    public SinglePassUse(SinglePassConsumer consumer, IOperation consumingOperation, IVariableDeclaratorOperation? local, bool buffersWholeSequence = false, SinglePassUse? handedTo = null)
    {
        Consumer = consumer;
        ConsumingOperation = consumingOperation;
        Local = local;
        BuffersWholeSequence = buffersWholeSequence;
        HandedTo = handedTo;
    }

    public SinglePassConsumer Consumer { get; }

    /// <summary>The foreach loop, or the outermost operation of the chain that consumes the value.</summary>
    public IOperation ConsumingOperation { get; }

    /// <summary>The local the value is first stored in, when it is (<c>var lines = File.ReadAllLines(p);</c>).</summary>
    public IVariableDeclaratorOperation? Local { get; }

    /// <summary>
    /// A lazy operator on the way (<c>OrderBy</c>, <c>Reverse</c>, ...) collects every element before yielding the
    /// first: still one pass over the source, but nothing is gained by producing the source lazily.
    /// </summary>
    public bool BuffersWholeSequence { get; }

    /// <summary>
    /// When the value is handed to a method of the compilation that enumerates it once (<see cref="SinglePassParameters"/>):
    /// how that method's body does it. <see cref="ConsumingOperation"/> is then the call.
    /// </summary>
    public SinglePassUse? HandedTo { get; }
}

/// <summary>
/// Decides whether a sequence (an array read from a file) is only enumerated once, front to back, so that a lazy
/// sequence could replace it. Anything it does not recognise - indexing, <c>Length</c>, a second enumeration,
/// storing, returning, passing to an unknown method, <c>ref</c> - means "no". With reach across methods on, a method of
/// the compilation that enumerates its <c>IEnumerable&lt;T&gt;</c> parameter once is a known one (<see cref="SinglePassParameters"/>).
/// </summary>
internal static class SinglePassEnumeration
{
    // Beyond this many locals chained one into the next, give up rather than walk further.
    private const int MaxDepth = 8;

    public static SinglePassUse? TryFind(IOperation value, WellKnownIoTypes types) => TryFind(value, new Context(types, null, default), null, 0);

    /// <summary>The single pass over <paramref name="value"/>, also through the compilation's methods <paramref name="handedOn"/> knows.</summary>
    public static SinglePassUse? TryFind(IOperation value, WellKnownIoTypes types, SinglePassParameters? handedOn, CancellationToken cancellationToken) =>
        TryFind(value, new Context(types, handedOn, cancellationToken), null, 0);

    private static SinglePassUse? TryFind(IOperation value, Context context, IVariableDeclaratorOperation? local, int depth)
    {
        if (depth > MaxDepth)
        {
            return null;
        }

        var parent = value.GetParentSkippingImplicitConversions(out var child);
        switch (parent)
        {
            case IForEachLoopOperation loop when !loop.IsAsynchronous && loop.Collection == child:
                return new SinglePassUse(SinglePassConsumer.ForEach, loop, local);

            case IArgumentOperation { ArgumentKind: not ArgumentKind.ParamArray } argument when argument.Parameter is { RefKind: RefKind.None } parameter:
                return TryFindThroughArgument(argument, parameter, context, local, depth);

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } when local is null:
                return TryFindThroughLocal(declarator, context, depth);

            default:
                return null;
        }
    }

    private static SinglePassUse? TryFindThroughArgument(
        IArgumentOperation argument,
        IParameterSymbol parameter,
        Context context,
        IVariableDeclaratorOperation? local,
        int depth)
    {
        var types = context.Types;
        switch (argument.Parent)
        {
            case IInvocationOperation invocation when IsLinq(invocation.TargetMethod, types) && (IsSequenceParameter(parameter, types) || IsUntypedSequenceParameter(parameter)):
                // A lazy operator (Where, Select, ...) passes the single pass on: its own result must be consumed once.
                return ReturnsLazySequence(invocation.TargetMethod, types)
                    ? TryFind(invocation, context, local, depth + 1) is { } outer
                        ? new SinglePassUse(SinglePassConsumer.Sequence, outer.ConsumingOperation, local, outer.BuffersWholeSequence || BuffersWholeSequence(invocation.TargetMethod), outer.HandedTo)
                        : null
                    : new SinglePassUse(SinglePassConsumer.Sequence, invocation, local);

            case IInvocationOperation invocation when IsStringJoinOrConcat(invocation.TargetMethod, parameter, types):
                return new SinglePassUse(SinglePassConsumer.Sequence, invocation, local);

            case IInvocationOperation invocation when IsCollectionFill(invocation.TargetMethod) && IsSequenceParameter(parameter, types):
                return new SinglePassUse(SinglePassConsumer.Sequence, invocation, local);

            case IObjectCreationOperation creation when IsGenericCollection(creation.Constructor?.ContainingType) && IsSequenceParameter(parameter, types):
                return new SinglePassUse(SinglePassConsumer.Sequence, creation, local);

            case IInvocationOperation invocation when context.HandedOn?.UseOf(invocation.TargetMethod, parameter, context.CancellationToken) is { } inner:
                // A method of the compilation that enumerates the parameter once (its own body's single pass).
                return new SinglePassUse(SinglePassConsumer.Sequence, invocation, local, inner.BuffersWholeSequence, inner);

            default:
                return null;
        }
    }

    private static SinglePassUse? TryFindThroughLocal(IVariableDeclaratorOperation declarator, Context context, int depth)
    {
        var symbol = declarator.Symbol;
        if (symbol.IsRef || declarator.Parent is not IVariableDeclarationOperation declaration)
        {
            return null;
        }

        // string[] a = ..., b = ...; would need one declaration split in two to change a's type.
        if (declaration.Declarators.Length != 1)
        {
            return null;
        }

        return FindOnlyReadInSameFunction(declarator) is { } onlyReference
            ? TryFind(onlyReference, context, declarator, depth + 1)
            : null;
    }

    /// <summary>
    /// The one reference to the local <paramref name="declarator"/> declares, when there is exactly one, in the same
    /// function (not a lambda) and not repeated by a loop the declaration is outside of; otherwise null.
    /// </summary>
    public static ILocalReferenceOperation? FindOnlyReadInSameFunction(IVariableDeclaratorOperation declarator)
    {
        var root = declarator.GetEnclosingFunctionBody();

        // The tree's index of locals (built once) answers where else the local is used: no walk of the rest of the method.
        ILocalReferenceOperation? onlyReference = null;
        foreach (var operation in LocalReferences.Of(declarator.GetRoot()).Of(declarator.Symbol))
        {
            if (operation is ILocalReferenceOperation reference)
            {
                if (onlyReference is not null)
                {
                    return null;
                }

                onlyReference = reference;
            }
        }

        if (onlyReference is null ||
            onlyReference.GetEnclosingFunctionBody() != root ||
            IsRepeatedRelativeTo(onlyReference, declarator))
        {
            return null;
        }

        return onlyReference;
    }

    /// <summary>True when <paramref name="reference"/> sits in a loop that does not also hold <paramref name="declaration"/> (a method's body: any loop).</summary>
    public static bool IsRepeatedRelativeTo(IOperation reference, IOperation declaration)
    {
        for (var current = reference.Parent; current is not null; current = current.Parent)
        {
            if (current is not ILoopOperation loop || IsAncestorOf(loop, declaration))
            {
                continue;
            }

            // A foreach evaluates its collection once; a for loop runs its initializers once.
            var evaluatedOnce =
                (loop is IForEachLoopOperation forEach && forEach.Collection.Syntax.Span.Contains(reference.Syntax.Span)) ||
                (loop is IForLoopOperation forLoop && forLoop.Before.Any(b => b.Syntax.Span.Contains(reference.Syntax.Span)));
            if (!evaluatedOnce)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsAncestorOf(IOperation ancestor, IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current == ancestor)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>What one search carries: the types, and the compilation's methods known to enumerate a parameter once (null: none followed).</summary>
    private readonly struct Context
    {
        public Context(WellKnownIoTypes types, SinglePassParameters? handedOn, CancellationToken cancellationToken)
        {
            Types = types;
            HandedOn = handedOn;
            CancellationToken = cancellationToken;
        }

        public WellKnownIoTypes Types { get; }

        public SinglePassParameters? HandedOn { get; }

        public CancellationToken CancellationToken { get; }
    }

    private static bool IsLinq(IMethodSymbol method, WellKnownIoTypes types) =>
        types.Enumerable is not null && SymbolEqualityComparer.Default.Equals(method.ContainingType, types.Enumerable);

    /// <summary>The parameter is typed <c>IEnumerable&lt;T&gt;</c>.</summary>
    internal static bool IsSequenceParameter(IParameterSymbol parameter, WellKnownIoTypes types) =>
        parameter.Type is INamedTypeSymbol named &&
        SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, types.IEnumerableOfT);

    // OfType and Cast take the non-generic IEnumerable; they enumerate their source once like every other operator.
    private static bool IsUntypedSequenceParameter(IParameterSymbol parameter) =>
        parameter.Type.SpecialType == SpecialType.System_Collections_IEnumerable;

    private static bool ReturnsLazySequence(IMethodSymbol method, WellKnownIoTypes types) =>
        method.ReturnType is INamedTypeSymbol { TypeKind: TypeKind.Interface } returnType &&
        (SymbolEqualityComparer.Default.Equals(returnType.OriginalDefinition, types.IEnumerableOfT) ||
         returnType.OriginalDefinition.Name == "IOrderedEnumerable");

    private static bool BuffersWholeSequence(IMethodSymbol method) =>
        method.Name is "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" or "Order" or "OrderDescending" or "Reverse" or "GroupBy";

    private static bool IsStringJoinOrConcat(IMethodSymbol method, IParameterSymbol parameter, WellKnownIoTypes types)
    {
        if (method.ContainingType?.SpecialType != SpecialType.System_String ||
            (method.Name != "Join" && method.Name != "Concat"))
        {
            return false;
        }

        // Join(separator, string[] value, startIndex, count) indexes into the array. An array of anything but strings
        // binds to params object[], whose sequence twin Join<T>(IEnumerable<T>) is ambiguous with it for a lazy argument.
        return parameter.Type is IArrayTypeSymbol array
            ? array.ElementType.SpecialType == SpecialType.System_String && method.Parameters.Length == parameter.Ordinal + 1
            : IsSequenceParameter(parameter, types);
    }

    private static bool IsCollectionFill(IMethodSymbol method) =>
        method.Name is "AddRange" or "UnionWith" or "ExceptWith" or "IntersectWith" or "SymmetricExceptWith" &&
        IsGenericCollection(method.ContainingType);

    /// <summary>One of System.Collections.Generic's collections that can be built from a sequence (List, HashSet, ...).</summary>
    internal static bool IsGenericCollection(INamedTypeSymbol? type) =>
        type is { IsGenericType: true } &&
        type.ContainingNamespace?.ToDisplayString() == "System.Collections.Generic" &&
        type.Name is "List" or "HashSet" or "SortedSet" or "Queue" or "Stack" or "LinkedList";
}
