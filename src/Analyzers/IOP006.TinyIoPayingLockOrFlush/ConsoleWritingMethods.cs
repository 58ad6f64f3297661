using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

/// <summary>A method of the compilation that writes to the console's standard output on every call (<see cref="ConsoleWritingMethods"/>).</summary>
internal sealed class ConsoleWritingMethod : IMethodSummary<ConsoleWritingMethod>
{
    public ConsoleWritingMethod(IMethodSymbol method, int writes)
    {
        Method = method;
        Writes = writes;
    }

    /// <summary>The method a caller calls.</summary>
    public IMethodSymbol Method { get; }

    /// <summary>The Console writes every call makes (at least one): each takes the console's lock and flushes.</summary>
    public int Writes { get; }

    public ConsoleWritingMethod CalledAs(IMethodSymbol called) => new(called, Writes);
}

/// <summary>
/// The compilation's own methods that print - a <c>PrintRow(row)</c> whose body is <c>Console.Write(...)</c> calls -
/// the cross-method half of IOP006's console shape: a loop that calls one pays the console's lock and flush once per
/// write it makes, as surely as a loop that writes itself. A method qualifies when it returns nothing, its body makes at
/// least one standard-output write on every call (nothing but blocks and a <c>try</c> body around it, before any
/// <c>return</c> or <c>throw</c>), and does nothing else that matters: no loop, no other I/O, no wait, no call into the
/// project's own code or a delegate it is given, nothing that changes the terminal (colours, cursor); not
/// <c>[Conditional]</c>. Each method is summarised once per
/// compilation, on demand; methods of other assemblies never.
/// </summary>
internal sealed class ConsoleWritingMethods : MethodSummaries<ConsoleWritingMethod>
{
    private readonly IoModel _model;

    public ConsoleWritingMethods(Compilation compilation, IoModel model)
        : base(compilation, model.MethodUses)
    {
        _model = model;
    }

    protected override WordList? WordsEveryOneNames => WatchedWords.ConsoleWrites;

    protected override ConsoleWritingMethod? Summarize(IMethodSymbol method, out bool complete, CancellationToken cancellationToken)
    {
        complete = true;
        if (!method.ReturnsVoid || HandsOffWork(method) || IsConditional(method) || ReadBody(method, cancellationToken) is not { } body)
        {
            return null;
        }

        var firstExit = FirstExit(body);
        var writes = 0;
        foreach (var operation in body.OwnOperations())
        {
            if (operation is ILoopOperation)
            {
                return null; // how many writes a call makes is not in the code
            }

            if (operation is IInvocationOperation { TargetMethod.MethodKind: MethodKind.DelegateInvoke })
            {
                return null; // runs code the caller chose: the loop's real work may be there
            }

            switch (ConsoleOutput.Classify(operation, _model))
            {
                case LoopWork.StandardOutputWrite when RunsOnEveryCall((IInvocationOperation)operation, body, firstExit):
                    writes++;
                    break;
                case LoopWork.ConsoleState when ConsoleOutput.ChangesTheTerminal(operation):
                case LoopWork.NotJustOutput:
                    return null;
            }
        }

        return writes == 0 ? null : new ConsoleWritingMethod(method, writes);
    }

    /// <summary>
    /// A parameter of a delegate type (or an expression tree of one): <c>Step(name, () => Process(file))</c> prints around
    /// work its caller hands it, which the loop's own walk does not see (it skips lambdas).
    /// </summary>
    private static bool HandsOffWork(IMethodSymbol method)
    {
        foreach (var parameter in method.Parameters)
        {
            if (parameter.Type.TypeKind == TypeKind.Delegate ||
                parameter.Type is INamedTypeSymbol { Name: "Expression", TypeArguments.Length: 1 })
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>[Conditional("TRACE")]</c>: its calls are compiled away in a build without the symbol.</summary>
    private static bool IsConditional(IMethodSymbol method)
    {
        foreach (var attribute in method.GetAttributes())
        {
            if (attribute.AttributeClass is { Name: "ConditionalAttribute" })
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The declaration names the console (<c>Console.</c>) and has no loop of its own: most methods that mention a write
    /// are a stream's or a writer's, and a method with a loop never qualifies, so neither is bound (NLog's tools bound two
    /// methods with loops in each of two compilations). Only <c>Console.</c> is searched for, not the write itself: a
    /// method under <c>using static System.Console</c> that names <c>Console.WindowWidth</c> and calls a bare
    /// <c>WriteLine</c>, or one with a line break after the dot, prints as surely. A method that never names
    /// <c>Console.</c> (only bare <c>WriteLine</c> calls) is not looked for.
    /// </summary>
    protected override bool LooksLikeOne(IMethodSymbol method, MethodBodySyntax declaration) =>
        SyntaxText.Mentions(declaration.Node, WatchedWords.ConsoleWrites) && !HasALoop(declaration);

    /// <summary>A loop statement in the declaration's own code (not in a lambda or local function, as <see cref="Summarize"/> walks).</summary>
    private static bool HasALoop(MethodBodySyntax declaration)
    {
        foreach (var node in declaration.OwnNodes())
        {
            if (node is ForStatementSyntax or CommonForEachStatementSyntax or WhileStatementSyntax or DoStatementSyntax)
            {
                return true;
            }
        }

        return false;
    }
}
