using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>Small questions every rule asks of the operation tree.</summary>
internal static class OperationHelpers
{
    /// <summary>The parent of <paramref name="operation"/>, skipping conversions and parentheses.</summary>
    public static IOperation? GetParentSkippingConversions(this IOperation operation, out IOperation child)
    {
        child = operation;
        var parent = operation.Parent;
        while (parent is IConversionOperation or IParenthesizedOperation)
        {
            child = parent;
            parent = parent.Parent;
        }

        return parent;
    }

    /// <summary>
    /// The parent of <paramref name="operation"/>, skipping parentheses and the conversions the compiler inserts (an array
    /// passed as IEnumerable&lt;T&gt;), but not a cast written in the code or a user-defined conversion: past those the value
    /// is used as another type, and replacing it by a lazy sequence could fail at run time or not compile.
    /// </summary>
    public static IOperation? GetParentSkippingImplicitConversions(this IOperation operation, out IOperation child)
    {
        child = operation;
        var parent = operation.Parent;
        while (parent is IParenthesizedOperation || parent is IConversionOperation { IsImplicit: true, Conversion.IsUserDefined: false })
        {
            child = parent;
            parent = parent.Parent;
        }

        return parent;
    }

    /// <summary><paramref name="operation"/> without the conversions and parentheses around its value.</summary>
    public static IOperation WalkDownConversions(this IOperation operation)
    {
        while (true)
        {
            switch (operation)
            {
                case IConversionOperation conversion:
                    operation = conversion.Operand;
                    break;
                case IParenthesizedOperation parenthesized:
                    operation = parenthesized.Operand;
                    break;
                default:
                    return operation;
            }
        }
    }

    /// <summary>The <c>await</c> of <paramref name="call"/>'s task, directly or through <c>.ConfigureAwait(x)</c>; null when it is not awaited there.</summary>
    public static IAwaitOperation? GetAwait(this IInvocationOperation call)
    {
        var parent = call.GetParentSkippingConversions(out _);
        if (parent is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configureAwait && configureAwait.Instance?.WalkDownConversions() == call)
        {
            parent = configureAwait.GetParentSkippingConversions(out _);
        }

        return parent as IAwaitOperation;
    }

    /// <summary>
    /// What <paramref name="awaitOperation"/> awaits, past conversions and a <c>.ConfigureAwait(x)</c> (returned in
    /// <paramref name="configureAwait"/>, null when there is none).
    /// </summary>
    public static IOperation GetAwaited(this IAwaitOperation awaitOperation, out IInvocationOperation? configureAwait)
    {
        var value = awaitOperation.Operation.WalkDownConversions();
        if (value is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } awaited } configured)
        {
            configureAwait = configured;
            return awaited.WalkDownConversions();
        }

        configureAwait = null;
        return value;
    }

    /// <summary>
    /// The innermost lambda, local function or member body that contains <paramref name="operation"/>:
    /// the scope whose async-ness and locals a rule reasons about.
    /// </summary>
    public static IOperation GetEnclosingFunctionBody(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is { } parent)
        {
            if (parent is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return parent;
            }

            current = parent;
        }

        return current;
    }

    /// <summary>True when the enclosing lambda, local function or method is <c>async</c>.</summary>
    public static bool IsInAsyncFunction(this IOperation operation, ISymbol? containingSymbol)
    {
        return operation.GetEnclosingFunctionBody() switch
        {
            IAnonymousFunctionOperation lambda => lambda.Symbol.IsAsync,
            ILocalFunctionOperation localFunction => localFunction.Symbol.IsAsync,
            _ => containingSymbol is IMethodSymbol { IsAsync: true },
        };
    }

    /// <summary>
    /// True inside a <c>lock</c> statement of the same function: an await cannot go there, and a lazy enumeration would
    /// hold the lock while it reads.
    /// </summary>
    public static bool IsInsideLock(this IOperation operation)
    {
        var function = operation.GetEnclosingFunctionBody();
        for (var current = operation.Parent; current is not null && current != function; current = current.Parent)
        {
            if (current is ILockOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The local, parameter, field or property <paramref name="operation"/> reads (through conversions), or null.</summary>
    public static ISymbol? GetReferencedSymbol(this IOperation operation) => operation.WalkDownConversions() switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        IFieldReferenceOperation field => field.Field,
        IPropertyReferenceOperation property => property.Property,
        _ => null,
    };

    /// <summary>
    /// True inside a lambda that is converted to an expression tree (<c>Expression&lt;T&gt;</c>). The type is looked up
    /// only when there is a lambda around the operation: most reported calls have none, and the first look-up in a
    /// compilation costs tens of microseconds.
    /// </summary>
    public static bool IsInsideExpressionTree(this IOperation operation, WellKnownIoTypes types)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            // The lambda's parent (a delegate creation or a conversion) carries the Expression<TDelegate> type.
            if (current is IAnonymousFunctionOperation &&
                current.Parent?.Type is INamedTypeSymbol targetType &&
                types.ExpressionOfT is { } expressionOfT &&
                SymbolEqualityComparer.Default.Equals(targetType.OriginalDefinition, expressionOfT))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The innermost loop of the same function that contains <paramref name="operation"/> (its body or condition), or
    /// null. A loop in an enclosing function does not count: a lambda may run once.
    /// </summary>
    public static ILoopOperation? GetEnclosingLoop(this IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case ILoopOperation loop:
                    return loop;
                case IAnonymousFunctionOperation or ILocalFunctionOperation:
                    return null;
            }
        }

        return null;
    }

    /// <summary>
    /// Where a value is written, as a diagnostic should underline it: the whole argument (<c>bufferSize: 4096</c>), the
    /// whole assignment in an initializer or statement (<c>BufferSize = 4096</c>), or else the value itself.
    /// </summary>
    public static SyntaxNode GetWrittenSyntax(this IOperation value) => value.Parent switch
    {
        IArgumentOperation argument => argument.Syntax,
        ISimpleAssignmentOperation assignment => assignment.Syntax,
        _ => value.Syntax,
    };

    /// <summary><paramref name="loop"/>, or the outermost loop of the same function that contains it.</summary>
    public static ILoopOperation GetOutermostLoopOrSelf(this ILoopOperation loop) => loop.GetOutermostLoop() ?? loop;

    /// <summary>The outermost loop of the same function that contains <paramref name="operation"/>, or null.</summary>
    public static ILoopOperation? GetOutermostLoop(this IOperation operation)
    {
        ILoopOperation? outermost = null;
        for (var loop = operation.GetEnclosingLoop(); loop is not null; loop = loop.GetEnclosingLoop())
        {
            outermost = loop;
        }

        return outermost;
    }

    /// <summary>
    /// True when <paramref name="operation"/> runs in a loop that repeats it without repeating
    /// <paramref name="origin"/> (the creation of the stream it uses): the loop works on one stream.
    /// </summary>
    public static bool IsRepeatedWithout(this IOperation operation, IOperation origin)
    {
        for (var loop = operation.GetEnclosingLoop(); loop is not null; loop = loop.GetEnclosingLoop())
        {
            if (!loop.Syntax.Span.Contains(origin.Syntax.Span) || loop.Syntax.SyntaxTree != origin.Syntax.SyntaxTree)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A local declared inside <paramref name="loop"/>: a new variable on every iteration.</summary>
    public static bool IsDeclaredIn(this ILocalSymbol local, ILoopOperation loop)
    {
        foreach (var reference in local.DeclaringSyntaxReferences)
        {
            if (reference.SyntaxTree == loop.Syntax.SyntaxTree && loop.Syntax.Span.Contains(reference.Span))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>What a call acts on: its instance, or an extension method's first argument (<c>reader.ReadLineAsync()</c> either way); null for a static call.</summary>
    public static IOperation? GetReceiver(this IInvocationOperation invocation) =>
        invocation.Instance ?? (invocation.TargetMethod.IsExtensionMethod ? invocation.Arguments.GetArgument(0)?.Value : null);

    /// <summary>The argument bound to the parameter at <paramref name="ordinal"/>, whatever order the call names them in.</summary>
    public static IArgumentOperation? GetArgument(this ImmutableArray<IArgumentOperation> arguments, int ordinal)
    {
        foreach (var argument in arguments)
        {
            if (argument.Parameter?.Ordinal == ordinal)
            {
                return argument;
            }
        }

        return null;
    }

    /// <summary>The argument written for the parameter named <paramref name="name"/> (null when it takes its default).</summary>
    public static IArgumentOperation? GetArgument(this ImmutableArray<IArgumentOperation> arguments, string name)
    {
        foreach (var argument in arguments)
        {
            if (argument.Parameter?.Name == name && argument.ArgumentKind != ArgumentKind.DefaultValue)
            {
                return argument;
            }
        }

        return null;
    }

    /// <summary>
    /// The operations under <paramref name="root"/> whose syntax starts within <paramref name="span"/>, visiting only the
    /// subtrees whose syntax overlaps it: a question about one statement range of a long method (or of a whole file of
    /// top-level statements) should not walk everything else in it.
    /// </summary>
    public static IEnumerable<IOperation> DescendantsStartingWithin(this IOperation root, TextSpan span)
    {
        long visited = 0;
        var pending = new Stack<IOperation>();
        pending.Push(root);
        try
        {
            while (pending.Count > 0)
            {
                var operation = pending.Pop();
                visited++;
                var syntaxSpan = operation.Syntax.Span;
                if (syntaxSpan.End < span.Start || syntaxSpan.Start > span.End)
                {
                    continue;
                }

                if (operation != root && span.Contains(syntaxSpan.Start))
                {
                    yield return operation;
                }

                if (operation is IBlockOperation block)
                {
                    // A block's statements are in source order: only those from the first one that reaches the span on
                    // are looked at, so a range in a long method does not cost a visit of every statement before it.
                    for (var i = FirstReaching(block.Operations, span.Start); i < block.Operations.Length && block.Operations[i].Syntax.SpanStart <= span.End; i++)
                    {
                        pending.Push(block.Operations[i]);
                    }

                    continue;
                }

                foreach (var child in operation.ChildOperations)
                {
                    pending.Push(child);
                }
            }
        }
        finally
        {
            OperationWalk.Count(visited);
        }
    }

    /// <summary>The index of the first statement of <paramref name="statements"/> (in source order) that ends at or after <paramref name="position"/>.</summary>
    private static int FirstReaching(ImmutableArray<IOperation> statements, int position)
    {
        int low = 0, high = statements.Length;
        while (low < high)
        {
            var middle = (low + high) / 2;
            if (statements[middle].Syntax.Span.End < position)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }

        return low;
    }

    /// <summary>True for <c>System</c> and the namespaces under it (the base library); false for the global namespace.</summary>
    public static bool IsSystemOrBelow(this INamespaceSymbol? ns)
    {
        if (ns is null || ns.IsGlobalNamespace)
        {
            return false;
        }

        while (!ns.ContainingNamespace.IsGlobalNamespace)
        {
            ns = ns.ContainingNamespace;
        }

        return ns.Name == "System";
    }

    /// <summary>
    /// <paramref name="root"/> and the operations under it that run as part of the same function: not those in nested
    /// lambdas or local functions, nor under a child <paramref name="skipInside"/> picks out (the root itself is never skipped).
    /// </summary>
    public static IEnumerable<IOperation> OwnOperations(this IOperation root, System.Func<IOperation, bool>? skipInside = null)
    {
        long visited = 0;
        var pending = new Stack<IOperation>();
        pending.Push(root);
        try
        {
            while (pending.Count > 0)
            {
                var current = pending.Pop();
                visited++;
                yield return current;
                foreach (var child in current.ChildOperations)
                {
                    if (child is not (IAnonymousFunctionOperation or ILocalFunctionOperation) && skipInside?.Invoke(child) != true)
                    {
                        pending.Push(child);
                    }
                }
            }
        }
        finally
        {
            OperationWalk.Count(visited);
        }
    }

    /// <summary>
    /// The <c>try</c> statements with <c>catch</c> clauses whose <c>try</c> block holds <paramref name="operation"/>,
    /// innermost first, up to (not including) <paramref name="stopAt"/>; all of them when it is null. Code there has its
    /// errors handled: a lazy form that throws later would carry them out of the handler.
    /// </summary>
    public static IEnumerable<ITryOperation> CatchingTries(this IOperation operation, IOperation? stopAt = null)
    {
        IOperation child = operation;
        for (var current = operation.Parent; current is not null && current != stopAt; child = current, current = current.Parent)
        {
            if (current is ITryOperation { Catches.Length: > 0 } guard && guard.Body == child)
            {
                yield return guard;
            }
        }
    }

    /// <summary>A <c>return</c> (not a <c>yield</c>), or a <c>break</c> whose target is the end of <paramref name="loop"/>.</summary>
    public static bool LeavesLoop(this IOperation operation, ILoopOperation loop) => operation switch
    {
        IReturnOperation { Kind: OperationKind.Return } => true,
        IBranchOperation { BranchKind: BranchKind.Break } branch => SymbolEqualityComparer.Default.Equals(branch.Target, loop.ExitLabel),
        _ => false,
    };
}
