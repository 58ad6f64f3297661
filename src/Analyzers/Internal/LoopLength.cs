using System.Collections.Concurrent;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// How many times a loop runs, when the code says: constant bounds (<c>for (var i = 0; i &lt; 8; i++)</c>, a
/// <c>foreach</c> over an array or collection expression of constant length, <c>Enumerable.Range(a, 8)</c>), or a walk of
/// an exception's chain (one to three links in practice, on an error path). A per-iteration cost paid a handful of
/// times is not worth a rule's report: each rule compares the count with its own measured break-even. One place for
/// every rule (<see cref="IoModel.LoopLength"/>); each loop is counted once.
/// </summary>
internal sealed class LoopLength
{
    private readonly WellKnownIoTypes _types;
    private readonly ConcurrentDictionary<SyntaxNode, long?> _counts = new();

    public LoopLength(WellKnownIoTypes types) => _types = types;

    /// <summary>True when <paramref name="loop"/> walks an exception chain or its constant bounds give it at most <paramref name="iterations"/> iterations.</summary>
    public bool RunsAtMost(ILoopOperation loop, long iterations) =>
        WalksExceptionChain(loop) || ConstantIterations(loop) is { } count && count <= iterations;

    /// <summary>The number of iterations constants give <paramref name="loop"/>; null when it depends on data.</summary>
    public long? ConstantIterations(ILoopOperation loop) => _counts.GetOrAdd(loop.Syntax, _ => Count(loop));

    /// <summary>
    /// How many times the code at <paramref name="operation"/> runs per run of <paramref name="outermost"/>: the product of
    /// the constant iteration counts of the loops between them; null when any of them depends on data.
    /// </summary>
    public long? ConstantRepetitions(IOperation operation, ILoopOperation outermost)
    {
        long product = 1;
        for (var loop = operation.GetEnclosingLoop(); loop is not null; loop = loop.GetEnclosingLoop())
        {
            if (ConstantIterations(loop) is not { } count)
            {
                return null;
            }

            product *= count;
            if (loop == outermost)
            {
                break;
            }
        }

        return product;
    }

    /// <summary>
    /// An exception's chain: <c>e = e.InnerException</c> in the loop's own code (its body, condition or a for loop's
    /// header; not a nested loop, a catch clause or a lambda), the same variable on both sides; or a <c>foreach</c> over an
    /// exception's <c>InnerExceptions</c> (<c>AggregateException</c>'s, flattened or not). An error dump prints one to three
    /// links, once.
    /// </summary>
    public bool WalksExceptionChain(ILoopOperation loop)
    {
        if (loop is IForEachLoopOperation { Collection: var collection } &&
            collection.WalkDownConversions() is IPropertyReferenceOperation { Property: { Name: "InnerExceptions" } innerExceptions } &&
            WellKnownIoTypes.DerivesFrom(innerExceptions.ContainingType, _types.Exception))
        {
            return true;
        }

        foreach (var operation in loop.OwnOperations(skipInside: nested => nested is ILoopOperation or ICatchClauseOperation))
        {
            if (operation is ISimpleAssignmentOperation { Target: var target, Value: var value } &&
                value.WalkDownConversions() is IPropertyReferenceOperation { Property: { Name: "InnerException" } inner, Instance: { } instance } &&
                WellKnownIoTypes.DerivesFrom(inner.ContainingType, _types.Exception) &&
                target.GetReferencedSymbol() is { } walked &&
                SymbolEqualityComparer.Default.Equals(walked, instance.GetReferencedSymbol()))
            {
                return true;
            }
        }

        return false;
    }

    private long? Count(ILoopOperation loop) => loop switch
    {
        IForLoopOperation forLoop => CountedIterations(forLoop),
        IForEachLoopOperation forEach => ListedItems(forEach.Collection.WalkDownConversions()),
        _ => null,
    };

    /// <summary>
    /// <c>for (var i = a; i &lt; b; i++)</c> (or <c>&lt;=</c>, <c>++i</c>, <c>i += 1</c>) with constant a and b, the
    /// condition on the counter, and the counter not written in the body: b - a (+1 for <c>&lt;=</c>).
    /// </summary>
    private static long? CountedIterations(IForLoopOperation loop)
    {
        if (loop.Condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual } condition ||
            condition.LeftOperand.WalkDownConversions() is not ILocalReferenceOperation counter ||
            !TryGetInteger(condition.RightOperand, out var limit) ||
            loop.Before.Length != 1 || loop.AtLoopBottom.Length != 1 ||
            !IncrementsByOne(loop.AtLoopBottom[0], counter.Local) ||
            !TryGetInteger(InitialValue(loop.Before[0], counter.Local), out var start))
        {
            return null;
        }

        foreach (var reference in LocalReferences.Of(loop.GetRoot()).Of(counter.Local))
        {
            if (loop.Body.Syntax.Span.Contains(reference.Syntax.Span) &&
                (LocalValues.IsWrite(reference) || reference.Parent is ISimpleAssignmentOperation { Target: var target } && target == reference))
            {
                return null;
            }
        }

        var count = limit - start + (condition.OperatorKind == BinaryOperatorKind.LessThanOrEqual ? 1 : 0);
        return count < 0 ? 0 : count;
    }

    private static IOperation? InitialValue(IOperation before, ILocalSymbol counter) => before switch
    {
        IVariableDeclarationGroupOperation { Declarations: { Length: 1 } declarations } when declarations[0].Declarators.Length == 1 &&
            SymbolEqualityComparer.Default.Equals(declarations[0].Declarators[0].Symbol, counter) =>
            declarations[0].Declarators[0].Initializer?.Value ?? declarations[0].Initializer?.Value,
        IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment }
            when SymbolEqualityComparer.Default.Equals(target.Local, counter) => assignment.Value,
        _ => null,
    };

    private static bool IncrementsByOne(IOperation bottom, ILocalSymbol counter) => bottom switch
    {
        IExpressionStatementOperation { Operation: IIncrementOrDecrementOperation { Kind: OperationKind.Increment, Target: ILocalReferenceOperation target } } =>
            SymbolEqualityComparer.Default.Equals(target.Local, counter),
        IExpressionStatementOperation { Operation: ICompoundAssignmentOperation { OperatorKind: BinaryOperatorKind.Add, Target: ILocalReferenceOperation target } add } =>
            SymbolEqualityComparer.Default.Equals(target.Local, counter) && TryGetInteger(add.Value, out var step) && step == 1,
        _ => false,
    };

    /// <summary>
    /// <c>new T[n]</c> or <c>new[] { a, b }</c>, <c>[a, b]</c> (no spread), <c>Enumerable.Range(x, n)</c>: the number of items.
    /// </summary>
    private long? ListedItems(IOperation collection)
    {
        switch (collection)
        {
            case IArrayCreationOperation { DimensionSizes.Length: 1 } array when TryGetInteger(array.DimensionSizes[0], out var length):
                return length;
            case IInvocationOperation { TargetMethod.Name: "Range" } range
                when WellKnownIoTypes.Is(range.TargetMethod.ContainingType, _types.Enumerable) &&
                     TryGetInteger(range.Arguments.GetArgument(1)?.Value, out var count):
                return count;
        }

        // A collection expression ([a, b, c]) is not an operation Roslyn 4.8 models: its elements are counted in syntax.
        if (collection.Syntax is not CollectionExpressionSyntax { Elements: var elements })
        {
            return null;
        }

        foreach (var element in elements)
        {
            if (element is not ExpressionElementSyntax)
            {
                return null;
            }
        }

        return elements.Count;
    }

    private static bool TryGetInteger(IOperation? operation, out long value)
    {
        switch (operation?.WalkDownConversions().ConstantValue is { HasValue: true } constant ? constant.Value : null)
        {
            case int i: value = i; return true;
            case long l: value = l; return true;
            case short s: value = s; return true;
            case byte b: value = b; return true;
            default: value = 0; return false;
        }
    }
}
