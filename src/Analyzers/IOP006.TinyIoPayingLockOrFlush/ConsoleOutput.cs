using System.Collections.Generic;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

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
    /// I/O, a call into the project's own code), or nothing that matters (formatting, arithmetic, collections). Whether it
    /// waits is the model's judgement (<see cref="Pacing"/>), shared with the other rules.
    /// </summary>
    public static LoopWork Classify(IOperation operation, IoModel model)
    {
        var console = model.Types.Console;
        switch (operation)
        {
            case IAwaitOperation:
            case IForEachLoopOperation { IsAsynchronous: true }:
                return LoopWork.NotJustOutput;

            case IInvocationOperation invocation:
                if (console is not null && IsStandardOutputWrite(invocation, console))
                {
                    return LoopWork.StandardOutputWrite;
                }

                var method = invocation.TargetMethod;
                // A delegate runs code the loop was handed (an Action<T> is System's type, but not its code).
                if (model.Pacing.IsWait(invocation) || method.MethodKind == MethodKind.DelegateInvoke ||
                    !method.ContainingNamespace.IsSystemOrBelow() || IsOtherIo(method, model.Types))
                {
                    return LoopWork.NotJustOutput;
                }

                return SymbolEqualityComparer.Default.Equals(method.ContainingType, console) ? LoopWork.ConsoleState : LoopWork.Other;

            case IObjectCreationOperation creation when !(creation.Type?.ContainingNamespace).IsSystemOrBelow():
            case IInvalidOperation:
                // The project's own code, another library's, or code that does not bind: it may do real work, or print.
                return LoopWork.NotJustOutput;

            case IPropertyReferenceOperation { Property: var property } when SymbolEqualityComparer.Default.Equals(property.ContainingType, console):
                return model.Pacing.IsConsoleInput(operation) ? LoopWork.NotJustOutput
                    : property.Name == "Out" ? LoopWork.Other
                    : LoopWork.ConsoleState;

            case IPropertyReferenceOperation when model.Pacing.IsChildProcessOutput(operation):
                return LoopWork.NotJustOutput;

            default:
                return LoopWork.Other;
        }
    }

    /// <summary>
    /// A call of a Console method other than a read of its state (SetCursorPosition, ResetColor, Clear, SetOut, ...), or a
    /// write of a Console property: <c>ForegroundColor = ...</c>, <c>CursorLeft += 2</c>, <c>CursorLeft++</c>,
    /// <c>(Console.CursorLeft, Console.CursorTop) = ...</c>.
    /// </summary>
    public static bool ChangesTheTerminal(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => invocation.TargetMethod.Name is not ("GetCursorPosition" or "Read" or "ReadKey" or "ReadLine"),
        _ => operation.Parent switch
        {
            IAssignmentOperation assignment => assignment.Target == operation,
            IIncrementOrDecrementOperation increment => increment.Target == operation,
            ITupleOperation { Parent: IDeconstructionAssignmentOperation deconstruction } tuple => deconstruction.Target == tuple,
            _ => false,
        },
    };

    /// <summary>
    /// File, network or process work (System.IO but for path arithmetic and in-memory writers and readers, System.Net,
    /// Process): a loop doing it is not an output loop, whatever it prints. IOP006's own question: no other rule asks it.
    /// </summary>
    private static bool IsOtherIo(IMethodSymbol method, WellKnownIoTypes types)
    {
        var ns = method.ContainingNamespace?.ToDisplayString() ?? "";
        if (ns == "System.IO")
        {
            return method.ContainingType.Name is not ("Path" or "StringWriter" or "TextWriter" or "StringReader");
        }

        return ns.StartsWith("System.Net", System.StringComparison.Ordinal) || WellKnownIoTypes.Is(method.ContainingType, types.Process);
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
