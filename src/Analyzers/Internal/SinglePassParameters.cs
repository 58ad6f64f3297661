using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>The sequence parameters a method of the compilation enumerates once, front to back (<see cref="SinglePassParameters"/>).</summary>
internal sealed class ParametersEnumeratedOnce : IMethodSummary<ParametersEnumeratedOnce>
{
    private readonly ImmutableArray<SinglePassUse?> _byOrdinal;

    public ParametersEnumeratedOnce(IMethodSymbol method, ImmutableArray<SinglePassUse?> byOrdinal)
    {
        Method = method;
        _byOrdinal = byOrdinal;
    }

    /// <summary>The method a caller calls.</summary>
    public IMethodSymbol Method { get; }

    /// <summary>How the body enumerates the parameter at <paramref name="ordinal"/>; null when it does not qualify.</summary>
    public SinglePassUse? UseOf(int ordinal) => ordinal >= 0 && ordinal < _byOrdinal.Length ? _byOrdinal[ordinal] : null;

    public ParametersEnumeratedOnce CalledAs(IMethodSymbol called) => new(called, _byOrdinal);
}

/// <summary>
/// The compilation's own methods that take an <c>IEnumerable&lt;T&gt;</c> and enumerate it once, front to back - a
/// <c>MessageLines(IEnumerable&lt;string&gt; lines)</c> whose body is <c>foreach (var line in lines) Send(line);</c> - so
/// that an array read whole and handed to one is used once as surely as one a <c>foreach</c> reads in the caller, and a
/// lazy sequence binds to the same parameter. A parameter qualifies when the body names it exactly once, outside any
/// lambda, local function or repeating loop, where <see cref="SinglePassEnumeration"/> finds a single pass (not handed on
/// again), with no <c>catch</c> around it (a lazy read's I/O errors would move there); iterators and <c>async</c> methods
/// never qualify (they enumerate after the caller has gone on). Each method is summarised once per compilation, on
/// demand; methods of other assemblies never.
/// </summary>
internal sealed class SinglePassParameters : MethodSummaries<ParametersEnumeratedOnce>
{
    private readonly WellKnownIoTypes _types;

    public SinglePassParameters(Compilation compilation, WellKnownIoTypes types, MethodUses methodUses)
        : base(compilation, methodUses)
    {
        _types = types;
    }

    /// <summary>How <paramref name="method"/> enumerates the argument it binds to <paramref name="parameter"/>; null when it is not known to do it once.</summary>
    public SinglePassUse? UseOf(IMethodSymbol method, IParameterSymbol parameter, CancellationToken cancellationToken) =>
        SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, Compilation.Assembly) && IsSequence(parameter)
            ? Of(method, cancellationToken)?.UseOf(parameter.Ordinal)
            : null;

    protected override ParametersEnumeratedOnce? Summarize(IMethodSymbol method, out bool complete, CancellationToken cancellationToken)
    {
        complete = true;
        if (ReadBody(method, cancellationToken) is not { } body)
        {
            return null;
        }

        var references = new IParameterReferenceOperation?[method.Parameters.Length];
        var counts = new int[method.Parameters.Length];
        foreach (var operation in body.AllOperations())
        {
            if (operation is IReturnOperation { Kind: OperationKind.YieldReturn or OperationKind.YieldBreak })
            {
                return null; // an iterator runs its body when its result is enumerated, after the call has returned
            }

            if (operation is IParameterReferenceOperation reference &&
                SymbolEqualityComparer.Default.Equals(reference.Parameter.ContainingSymbol, method) &&
                reference.Parameter.Ordinal < counts.Length)
            {
                counts[reference.Parameter.Ordinal]++;
                references[reference.Parameter.Ordinal] = reference;
            }
        }

        var uses = new SinglePassUse?[method.Parameters.Length];
        var any = false;
        for (var ordinal = 0; ordinal < uses.Length; ordinal++)
        {
            if (counts[ordinal] == 1 && IsSequence(method.Parameters[ordinal]) && references[ordinal] is { } only &&
                only.GetEnclosingFunctionBody() == body &&
                !SinglePassEnumeration.IsRepeatedRelativeTo(only, body) &&
                SinglePassEnumeration.TryFind(only, _types) is { } use &&
                !use.ConsumingOperation.Syntax.ContainsDiagnostics &&
                !use.ConsumingOperation.CatchingTries(stopAt: body).Any() &&
                !use.ConsumingOperation.IsInsideExpressionTree(_types))
            {
                uses[ordinal] = use;
                any = true;
            }
        }

        return any ? new ParametersEnumeratedOnce(method, ImmutableArray.Create(uses)) : null;
    }

    /// <summary>A method that takes a sequence; most are never bound.</summary>
    protected override bool LooksLikeOne(IMethodSymbol method, MethodBodySyntax declaration)
    {
        foreach (var parameter in method.Parameters)
        {
            if (IsSequence(parameter))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>An <c>IEnumerable&lt;T&gt;</c> taken by value: an array and a lazy sequence of the same elements both bind to it.</summary>
    private bool IsSequence(IParameterSymbol parameter) =>
        parameter.RefKind == RefKind.None && !parameter.IsParams && SinglePassEnumeration.IsSequenceParameter(parameter, _types);

}
