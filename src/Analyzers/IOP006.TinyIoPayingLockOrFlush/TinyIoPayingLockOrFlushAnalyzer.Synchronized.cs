using System.Collections.Generic;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

/// <summary>IOP006, third shape: TextWriter.Synchronized used from one thread.</summary>
public sealed partial class TinyIoPayingLockOrFlushAnalyzer
{
    /// <summary>
    /// <c>TextWriter.Synchronized(w)</c> kept in a local of this method, only written, in a loop, with no lambda, local
    /// function, task, thread or parallel construct in the method: every write takes a lock nobody else contends for.
    /// </summary>
    private static void AnalyzeSynchronized(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (invocation.TargetMethod.Name != "Synchronized" || !WellKnownIoTypes.Is(invocation.TargetMethod.ContainingType, types.TextWriter) ||
            invocation.Syntax.ContainsDiagnostics ||
            invocation.GetParentSkippingConversions(out _) is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator })
        {
            return;
        }

        var root = invocation.GetRoot();
        if (LocalValues.GetSingleAssignedValue(declarator.Symbol, root, context.CancellationToken) is null || MayRunConcurrently(root))
        {
            return;
        }

        var writesInLoops = new List<IOperation>();
        foreach (var operation in LocalReferences.Of(root).Of(declarator.Symbol))
        {
            if (operation is not ILocalReferenceOperation reference)
            {
                continue;
            }

            switch (reference.Parent)
            {
                case IInvocationOperation { TargetMethod.Name: "Write" or "WriteLine" } write when write.Instance == reference:
                    if (write.IsRepeatedWithout(invocation))
                    {
                        writesInLoops.Add(write);
                    }

                    break;
                case IInvocationOperation { TargetMethod.Name: "Flush" or "Dispose" or "Close" } other when other.Instance == reference:
                case IUsingOperation:
                    break;
                default:
                    // Handed to other code, which may share it between threads.
                    return;
            }
        }

        if (writesInLoops.Count > 0 && !AreFewWrites(context, writesInLoops))
        {
            Report(context, invocation.Syntax, TinyIoKind.Synchronized, fixable: invocation.Arguments.Length == 1, Enumerable.Empty<Location>(), writesInLoops.Count);
        }
    }

    private static bool MayRunConcurrently(IOperation root)
    {
        foreach (var operation in root.OperationsBelow())
        {
            switch (operation)
            {
                case IAnonymousFunctionOperation or ILocalFunctionOperation or IAwaitOperation:
                    return true;
                case IInvocationOperation { TargetMethod.ContainingNamespace: var ns } when ns?.ToDisplayString() is "System.Threading" or "System.Threading.Tasks":
                    return true;
                case IObjectCreationOperation { Type.ContainingNamespace: var ns } when ns?.ToDisplayString() is "System.Threading" or "System.Threading.Tasks":
                    return true;
            }
        }

        return false;
    }
}
