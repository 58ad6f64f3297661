using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// Code that starts on the thread pool, or on a thread of its own, so no SynchronizationContext is captured: a lambda or
/// a method group handed to <c>Task.Run</c>, <c>TaskFactory.StartNew</c> (on the default scheduler),
/// <c>ThreadPool.QueueUserWorkItem</c>, <c>Parallel.ForEachAsync</c> or <c>new Thread(...)</c>, and a private or
/// internal method that is only ever started that way, wherever in the compilation it is started. Decided from syntax and symbol candidates, so that a starter call still counts
/// when something inside its lambda does not bind (overload resolution then fails and the operation tree has no target).
/// </summary>
internal static class ThreadPoolStart
{
    /// <summary>Whether <paramref name="function"/> (a lambda or anonymous method) is an argument of a thread-pool starter.</summary>
    public static bool StartsLambda(SyntaxNode function, SemanticModel model, CancellationToken cancellationToken) =>
        IsStarterArgument(function, model, cancellationToken);

    /// <summary>
    /// Whether every use of <paramref name="method"/> in the compilation starts it on the thread pool: a method group
    /// argument of a starter, or a call that is all a starter's lambda does - in any type and file
    /// (<see cref="MethodUses"/>). Only a method no other assembly can call (private, or internal) has all its callers in
    /// sight; a method with no use in sight (called through reflection, an event wired elsewhere) is not known to start there.
    /// </summary>
    public static bool StartsOnlyMethod(IMethodSymbol method, Compilation compilation, CancellationToken cancellationToken)
    {
        if (IoModel.For(compilation).MethodUses.Of(method, cancellationToken) is not { IsEmpty: false } uses)
        {
            return false;
        }

        foreach (var use in uses)
        {
            if (!IsStartedUse(use.Name, use.Model, cancellationToken))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary><c>Task.Run(Method)</c>, or <c>Task.Run(() =&gt; Method(...))</c> / <c>async () =&gt; await Method(...)</c>.</summary>
    private static bool IsStartedUse(IdentifierNameSyntax name, SemanticModel model, CancellationToken cancellationToken)
    {
        SyntaxNode expression = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        if (IsStarterArgument(expression, model, cancellationToken))
        {
            return true;
        }

        if (expression.Parent is not InvocationExpressionSyntax call || call.Expression != expression)
        {
            return false;
        }

        SyntaxNode body = call.Parent is AwaitExpressionSyntax awaited ? awaited : call;
        var lambdaBody = body.Parent switch
        {
            AnonymousFunctionExpressionSyntax lambda when lambda.ExpressionBody == body => lambda,
            ExpressionStatementSyntax { Parent: BlockSyntax { Parent: AnonymousFunctionExpressionSyntax lambda, Statements.Count: 1 } } => lambda,
            _ => null,
        };
        return lambdaBody is not null && IsStarterArgument(lambdaBody, model, cancellationToken);
    }

    private static bool IsStarterArgument(SyntaxNode node, SemanticModel model, CancellationToken cancellationToken)
    {
        var current = node;
        while (current.Parent is ParenthesizedExpressionSyntax or CastExpressionSyntax)
        {
            current = current.Parent;
        }

        if (current.Parent is not ArgumentSyntax { Parent: ArgumentListSyntax { Parent: { } call } arguments })
        {
            return false;
        }

        var symbols = model.GetSymbolInfo(call, cancellationToken);
        if (symbols.Symbol is IMethodSymbol bound)
        {
            return IsStarter(bound) && !HasOwnScheduler(arguments, model, cancellationToken);
        }

        // Unbound (an error in the lambda, a missing type): any candidate that is a starter will do.
        foreach (var candidate in symbols.CandidateSymbols)
        {
            if (candidate is IMethodSymbol method && IsStarter(method))
            {
                return !HasOwnScheduler(arguments, model, cancellationToken);
            }
        }

        return false;
    }

    private static bool IsStarter(IMethodSymbol method)
    {
        var type = method.ContainingType;
        if (type is null)
        {
            return false;
        }

        var name = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        return method.MethodKind == MethodKind.Constructor
            ? name == "global::System.Threading.Thread"
            : (method.Name, name) switch
            {
                ("Run", "global::System.Threading.Tasks.Task") => true,
                ("StartNew", _) => type.OriginalDefinition.ToDisplayString() is "System.Threading.Tasks.TaskFactory" or "System.Threading.Tasks.TaskFactory<TResult>",
                ("QueueUserWorkItem" or "UnsafeQueueUserWorkItem", "global::System.Threading.ThreadPool") => true,
                ("ForEachAsync", "global::System.Threading.Tasks.Parallel") => true,
                _ => false,
            };
    }

    /// <summary><c>StartNew(..., TaskScheduler.FromCurrentSynchronizationContext())</c> runs on the context: only <c>TaskScheduler.Default</c> counts.</summary>
    private static bool HasOwnScheduler(ArgumentListSyntax arguments, SemanticModel model, CancellationToken cancellationToken)
    {
        foreach (var argument in arguments.Arguments)
        {
            if (model.GetTypeInfo(argument.Expression, cancellationToken).Type?.Name == "TaskScheduler" &&
                !(argument.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Default" }))
            {
                return true;
            }
        }

        return false;
    }
}
