using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// What IOP006 needs to know about console output and loops: which calls write to the console's standard output
/// (each one takes Console.Out's lock and flushes), which read it interactively, and how many times a loop runs when
/// the code says so with constants.
/// </summary>
internal static class ConsoleOutput
{
    /// <summary>
    /// True for <c>Console.Write/WriteLine(...)</c> and <c>Console.Out.Write/WriteLine(...)</c>. Console.Error is left
    /// alone: it is unbuffered on purpose, so that diagnostics appear at once.
    /// </summary>
    public static bool IsStandardOutputWrite(IInvocationOperation invocation, INamedTypeSymbol console)
    {
        if (invocation.TargetMethod.Name is not ("Write" or "WriteLine"))
        {
            return false;
        }

        if (invocation.Instance is null)
        {
            return SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, console);
        }

        return invocation.Instance.WalkDownConversions() is IPropertyReferenceOperation { Property.Name: "Out", Instance: null } property &&
               SymbolEqualityComparer.Default.Equals(property.Property.ContainingType, console);
    }

    /// <summary>
    /// What one operation in a loop that writes to the console is: an output write, a change of the console's state,
    /// something that makes the loop more than output (reading the console, waiting, awaiting, file, network or process
    /// I/O, a call into the project's own code), or nothing that matters (formatting, arithmetic, collections).
    /// </summary>
    public static LoopWork Classify(IOperation operation, INamedTypeSymbol console)
    {
        switch (operation)
        {
            case IAwaitOperation:
            case IForEachLoopOperation { IsAsynchronous: true }:
                return LoopWork.NotJustOutput;

            case IInvocationOperation invocation:
                if (IsStandardOutputWrite(invocation, console))
                {
                    return LoopWork.StandardOutputWrite;
                }

                var method = invocation.TargetMethod;
                if (IsInteractiveRead(invocation, console) || !IsInTheBaseLibrary(method.ContainingNamespace) || IsWaitOrOutsideIo(method))
                {
                    return LoopWork.NotJustOutput;
                }

                return SymbolEqualityComparer.Default.Equals(method.ContainingType, console) ? LoopWork.ConsoleState : LoopWork.Other;

            case IObjectCreationOperation creation when !IsInTheBaseLibrary(creation.Type?.ContainingNamespace):
            case IInvalidOperation:
                // The project's own code, another library's, or code that does not bind: it may do real work, or print.
                return LoopWork.NotJustOutput;

            case IPropertyReferenceOperation { Property: var property } when SymbolEqualityComparer.Default.Equals(property.ContainingType, console):
                return IsInteractiveRead(operation, console) ? LoopWork.NotJustOutput
                    : property.Name == "Out" ? LoopWork.Other
                    : LoopWork.ConsoleState;

            case IPropertyReferenceOperation { Property.Name: "StandardOutput" or "StandardError", Property.ContainingType.Name: "Process" }:
                return LoopWork.NotJustOutput;

            default:
                return LoopWork.Other;
        }
    }

    /// <summary>
    /// True for the System namespaces: formatting, collections, strings, data readers. Anything else is the project's own
    /// code or another library's, whose cost and output the rule cannot see.
    /// </summary>
    private static bool IsInTheBaseLibrary(INamespaceSymbol? ns) => ns.IsSystemOrBelow();

    /// <summary>Sleeping, waiting, and file, network or process work: a loop that does these is not an output loop.</summary>
    private static bool IsWaitOrOutsideIo(IMethodSymbol method)
    {
        var ns = method.ContainingNamespace?.ToDisplayString() ?? "";
        if (ns is "System.Threading" or "System.Threading.Tasks")
        {
            return method.Name is "Sleep" or "Delay" or "Wait" or "WaitOne" or "WaitAll" or "WaitAny" or "SpinOnce" or "Join";
        }

        if (ns == "System.IO")
        {
            // Path arithmetic and writers (a StringWriter, the console's own) are not I/O on their own.
            return method.ContainingType.Name is not ("Path" or "StringWriter" or "TextWriter" or "StringReader");
        }

        return ns.StartsWith("System.Net", System.StringComparison.Ordinal) ||
               ns == "System.Diagnostics" && method.ContainingType.Name == "Process";
    }

    /// <summary>True for reads of the console's input (<c>ReadLine</c>, <c>ReadKey</c>, <c>Read</c>, <c>Console.In</c>): the loop is a conversation.</summary>
    public static bool IsInteractiveRead(IOperation operation, INamedTypeSymbol console) => operation switch
    {
        IInvocationOperation { Instance: null, TargetMethod: { Name: "ReadLine" or "ReadKey" or "Read" } method } =>
            SymbolEqualityComparer.Default.Equals(method.ContainingType, console),
        IPropertyReferenceOperation { Property.Name: "In" or "KeyAvailable", Instance: null } property =>
            SymbolEqualityComparer.Default.Equals(property.Property.ContainingType, console),
        _ => false,
    };

    /// <summary>
    /// The number of times <paramref name="loop"/> runs when the code states it with constants:
    /// <c>for (var i = 0; i &lt; 8; i++)</c>, <c>foreach</c> over an array or collection expression of constant length,
    /// <c>Enumerable.Range(a, 8)</c>. Null when it depends on data.
    /// </summary>
    public static long? GetConstantIterationCount(ILoopOperation loop)
    {
        switch (loop)
        {
            case IForLoopOperation { Condition: IBinaryOperation condition } forLoop
                when forLoop.Before.Length == 1 && forLoop.AtLoopBottom.Length == 1:
                var start = GetInitialValue(forLoop.Before[0]);
                var limit = condition.RightOperand.WalkDownConversions().ConstantValue;
                if (start is null || !limit.HasValue || !TryGetInt64(limit.Value, out var end) || !IsIncrementByOne(forLoop.AtLoopBottom[0]))
                {
                    return null;
                }

                return condition.OperatorKind switch
                {
                    BinaryOperatorKind.LessThan => System.Math.Max(0, end - start.Value),
                    BinaryOperatorKind.LessThanOrEqual => System.Math.Max(0, end - start.Value + 1),
                    _ => null,
                };

            case IForEachLoopOperation forEach:
                var collection = forEach.Collection.WalkDownConversions();
                switch (collection)
                {
                    case IArrayCreationOperation { DimensionSizes.Length: 1 } array
                        when array.DimensionSizes[0].ConstantValue is { HasValue: true, Value: int length }:
                        return length;
                    case IInvocationOperation { TargetMethod: { Name: "Range", ContainingType.Name: "Enumerable" } } range
                        when range.Arguments.Length == 2 && range.Arguments[1].Value.ConstantValue is { HasValue: true, Value: int count }:
                        return count;
                }

                // A collection expression ([a, b, c]) is not an operation Roslyn 4.8 models; count its elements in syntax.
                if (collection.Syntax is Microsoft.CodeAnalysis.CSharp.Syntax.CollectionExpressionSyntax expression)
                {
                    foreach (var element in expression.Elements)
                    {
                        if (element is not Microsoft.CodeAnalysis.CSharp.Syntax.ExpressionElementSyntax)
                        {
                            return null;
                        }
                    }

                    return expression.Elements.Count;
                }

                return null;

            default:
                return null;
        }
    }

    private static long? GetInitialValue(IOperation before)
    {
        IOperation? value = before switch
        {
            IVariableDeclarationGroupOperation { Declarations.Length: 1 } group when group.Declarations[0].Declarators.Length == 1 =>
                group.Declarations[0].Declarators[0].Initializer?.Value ?? group.Declarations[0].Initializer?.Value,
            IExpressionStatementOperation { Operation: ISimpleAssignmentOperation assignment } => assignment.Value,
            _ => null,
        };
        return value?.WalkDownConversions().ConstantValue is { HasValue: true } constant && TryGetInt64(constant.Value, out var start) ? start : null;
    }

    private static bool IsIncrementByOne(IOperation bottom) =>
        bottom is IExpressionStatementOperation { Operation: IIncrementOrDecrementOperation { Kind: OperationKind.Increment } } or
            IExpressionStatementOperation { Operation: ICompoundAssignmentOperation { OperatorKind: BinaryOperatorKind.Add, Value.ConstantValue: { HasValue: true, Value: 1 } } };

    private static bool TryGetInt64(object? value, out long result)
    {
        switch (value)
        {
            case int i: result = i; return true;
            case long l: result = l; return true;
            case short s: result = s; return true;
            case byte b: result = b; return true;
            default: result = 0; return false;
        }
    }

    /// <summary>
    /// How many times the code at <paramref name="operation"/> runs per run of <paramref name="outermost"/>, as the
    /// product of the constant iteration counts of the loops between them; null when any of them depends on data.
    /// </summary>
    public static long? GetConstantRepetitions(IOperation operation, ILoopOperation outermost)
    {
        long product = 1;
        for (var loop = operation.GetEnclosingLoop(); loop is not null; loop = loop.GetEnclosingLoop())
        {
            if (GetConstantIterationCount(loop) is not { } count)
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
}

/// <summary>How an operation in a loop bears on IOP006's console check.</summary>
internal enum LoopWork
{
    Other,
    StandardOutputWrite,
    ConsoleState,
    NotJustOutput,
}
