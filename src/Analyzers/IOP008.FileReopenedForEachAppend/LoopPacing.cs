using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// How often a loop's appends run, as far as IOP008 can tell: a loop that waits between iterations (a heartbeat with
/// <c>Task.Delay</c>, a consumer blocked on a queue, channel, socket or child process) appends at the pace of what it
/// waits for, and a loop bounded by constants to a handful of iterations pays a handful of opens. Neither is worth a
/// rule: E6 measured about 14 us per append, the cost that one writer saves per iteration.
/// </summary>
internal static class LoopPacing
{
    /// <summary>A constant bound at or below this many iterations is too few to report (4 appends cost about 56 us).</summary>
    public const int TooFewIterations = 4;

    // Types whose every call in a loop means the loop is paced by the network, a device or another process.
    private static readonly string[] WaitingTypes =
    {
        "Socket", "NetworkStream", "TcpClient", "TcpListener", "UdpClient", "HttpListener", "WebSocket", "ClientWebSocket",
        "SerialPort", "NamedPipeServerStream", "NamedPipeClientStream", "PipeReader",
    };

    /// <summary>True when something in the loop (its header included) waits: a delay, a blocking take, user input, I/O from a peer.</summary>
    public static bool Waits(ILoopOperation loop)
    {
        if (loop is IForEachLoopOperation { IsAsynchronous: true })
        {
            return true; // await foreach: the source may hand out items as they arrive (a channel, a network stream).
        }

        foreach (var operation in loop.DescendantsAndSelf())
        {
            if (operation is IInvocationOperation invocation && IsWait(invocation))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsWait(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        var name = method.Name;
        var typeName = method.ContainingType?.Name ?? "";
        if (name.StartsWith("Wait", System.StringComparison.Ordinal) || name.StartsWith("SignalAndWait", System.StringComparison.Ordinal) ||
            name is "Delay" or "Sleep" or "SpinUntil" or "GetConsumingEnumerable")
        {
            return true;
        }

        switch (typeName)
        {
            case "Thread" when name == "Join":
            case "BlockingCollection" when name == "Take" || (name == "TryTake" && invocation.Arguments.Length > 1):
            case "Console" when name is "ReadLine" or "Read" or "ReadKey" or "ReadLineAsync":
            case "ChannelReader" when name is "ReadAsync" or "ReadAllAsync":
                return true;
        }

        if (WaitingTypes.Contains(typeName))
        {
            return true;
        }

        // process.StandardOutput.ReadLine(), Console.In.ReadLine(), or a local holding either: the loop runs at the pace
        // of the child process or of the user.
        var receiver = invocation.Instance?.WalkDownConversions();
        if (receiver is ILocalReferenceOperation local)
        {
            receiver = LocalValues.GetSingleAssignedValue(local.Local, invocation.GetRoot(), default)?.WalkDownConversions();
        }

        return receiver is IPropertyReferenceOperation
        {
            Property: { Name: "StandardOutput" or "StandardError", ContainingType.Name: "Process" } or { Name: "In", ContainingType.Name: "Console" },
        };
    }

    /// <summary>
    /// True when constants bound the loop to <see cref="TooFewIterations"/> iterations or fewer, or when it walks an
    /// exception's chain of inner exceptions (one to three links in practice, on an error path).
    /// </summary>
    public static bool RunsOnlyAFewTimes(ILoopOperation loop) => loop switch
    {
        IForLoopOperation forLoop => CountedIterations(forLoop) is <= TooFewIterations || loop.WalksInnerExceptions(),
        IForEachLoopOperation forEach => ListedItems(forEach.Collection.WalkDownConversions()) is <= TooFewIterations,
        _ => loop.WalksInnerExceptions(),
    };

    /// <summary><c>for (var i = a; i &lt; b; i++)</c> with constant a and b and i not written in the body: b - a.</summary>
    private static long? CountedIterations(IForLoopOperation loop)
    {
        if (loop.Condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual } condition ||
            condition.LeftOperand.WalkDownConversions() is not ILocalReferenceOperation counter ||
            condition.RightOperand.ConstantValue is not { HasValue: true, Value: int limit } ||
            loop.AtLoopBottom.Length != 1 ||
            loop.AtLoopBottom[0] is not IExpressionStatementOperation { Operation: IIncrementOrDecrementOperation { Kind: OperationKind.Increment, Target: ILocalReferenceOperation incremented } } ||
            !SymbolEqualityComparer.Default.Equals(incremented.Local, counter.Local))
        {
            return null;
        }

        var start = loop.Before.SelectMany(statement => statement.DescendantsAndSelf())
            .OfType<IVariableDeclaratorOperation>()
            .FirstOrDefault(declarator => SymbolEqualityComparer.Default.Equals(declarator.Symbol, counter.Local))
            ?.Initializer?.Value.ConstantValue;
        if (start is not { HasValue: true, Value: int first } ||
            loop.Body.DescendantsAndSelf().OfType<ILocalReferenceOperation>().Any(reference =>
                SymbolEqualityComparer.Default.Equals(reference.Local, counter.Local) && (LocalValues.IsWrite(reference) || reference.Parent is ISimpleAssignmentOperation)))
        {
            return null;
        }

        return (long)limit - first + (condition.OperatorKind == BinaryOperatorKind.LessThanOrEqual ? 1 : 0);
    }

    /// <summary><c>new[] { a, b }</c>, <c>[a, b]</c> (no spread) or <c>Enumerable.Range(x, n)</c>: the number of items.</summary>
    private static long? ListedItems(IOperation collection)
    {
        switch (collection)
        {
            case IArrayCreationOperation { Initializer: { } initializer }:
                return initializer.ElementValues.Length;
            case IInvocationOperation { TargetMethod: { Name: "Range", ContainingType.Name: "Enumerable" } } range
                when range.Arguments.GetArgument(1)?.Value.ConstantValue is { HasValue: true, Value: int count }:
                return count;
        }

        // A collection expression ([a, b, c]) without a spread element.
        return collection.Syntax is CollectionExpressionSyntax { Elements: var elements } && elements.All(element => element is ExpressionElementSyntax)
            ? elements.Count
            : null;
    }
}
