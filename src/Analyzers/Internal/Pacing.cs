using System;
using System.Collections.Concurrent;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether code waits: a delay or a sleep, a blocking take from a queue or channel, a lock or event, a socket, pipe or
/// device, the console's input, a child process's output. A loop that waits runs at the pace of what it waits for, and
/// a per-iteration cost the rules measure in microseconds (an open per append, a context hop per read, a lock per
/// console write) does not decide its speed. One list for every rule (<see cref="IoModel.Pacing"/>).
/// </summary>
internal sealed class Pacing
{
    private readonly WellKnownIoTypes _types;
    private readonly MethodUses _methodUses;
    private readonly ConcurrentDictionary<SyntaxNode, bool> _loopWaits = new();
    private readonly ConcurrentDictionary<IParameterSymbol, bool> _outputParameters = new(SymbolEqualityComparer.Default);

    public Pacing(WellKnownIoTypes types, MethodUses methodUses)
    {
        _types = types;
        _methodUses = methodUses;
    }

    /// <summary>
    /// True when something in <paramref name="loop"/> (its header and any lambda in it included) waits, or when it is an
    /// <c>await foreach</c>, whose source may hand out items as they arrive (a channel, a network stream). Judged once per loop.
    /// </summary>
    public bool Waits(ILoopOperation loop) => _loopWaits.GetOrAdd(loop.Syntax, _ => AnyWait(loop));

    private bool AnyWait(ILoopOperation loop)
    {
        if (loop is IForEachLoopOperation { IsAsynchronous: true })
        {
            return true;
        }

        foreach (var operation in loop.AllOperations())
        {
            if (IsWait(operation))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True when <paramref name="operation"/> (a call, or a reference to the console's input) waits.</summary>
    public bool IsWait(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => IsWaitingCall(invocation),
        IPropertyReferenceOperation property => IsConsoleInput(property),
        _ => false,
    };

    private bool IsWaitingCall(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        var name = method.Name;
        var type = method.ContainingType;
        if (type is null)
        {
            return false;
        }

        // The synchronisation types are many (WaitHandle and its events, SemaphoreSlim, Monitor, Barrier, Task,
        // Process.WaitForExit ...) and name their waits alike; a project's own WaitForIdle() has no symbol to ask.
        if (name.StartsWith("Wait", StringComparison.Ordinal) || name is "SignalAndWait" or "SpinUntil" or "SpinOnce")
        {
            return true;
        }

        if (!type.ContainingNamespace.IsSystemOrBelow())
        {
            return name is "Delay" or "Sleep"; // A project's or a library's own delay helper.
        }

        // Names first, symbols after: this runs for every call in the loops the rules look at.
        switch (name)
        {
            case "Sleep" or "Join" or "SpinWait" when WellKnownIoTypes.Is(type, _types.Thread):
            case "Delay" when WellKnownIoTypes.Is(type, _types.Task):
            case "ReadLine" or "Read" or "ReadKey" when WellKnownIoTypes.Is(type, _types.Console):
            case "ReadAsync" or "ReadAllAsync" when WellKnownIoTypes.Is(type, _types.ChannelReaderOfT):
                return true;
            case "Take" or "GetConsumingEnumerable" or "TakeFromAny" or "TryTake" or "TryTakeFromAny":
                return IsBlockingTake(invocation, name, type);
        }

        if (IsInPeerNamespace(type.ContainingNamespace) && WellKnownIoTypes.DerivesFromAny(type, _types.PeerTypes))
        {
            return true;
        }

        // process.StandardOutput.ReadLine(), Console.In.ReadLine(), or a local holding either: the loop runs at the pace
        // of the child process or of the user. Only reads of a text reader need their receiver looked at.
        if (!(name.StartsWith("Read", StringComparison.Ordinal) || name.StartsWith("Peek", StringComparison.Ordinal)) ||
            !WellKnownIoTypes.DerivesFrom(method.IsExtensionMethod && method.Parameters.Length > 0 ? method.Parameters[0].Type : type, _types.TextReader))
        {
            return false;
        }

        var receiver = invocation.GetReceiver();
        return receiver is not null && (IsChildProcessOutput(receiver) || IsConsoleInput(receiver));
    }

    /// <summary>System.Net and below, System.IO.Pipes, System.IO.Ports, System.IO.Pipelines: where <see cref="WellKnownIoTypes.PeerTypes"/> live.</summary>
    private static bool IsInPeerNamespace(INamespaceSymbol? ns)
    {
        // Walk up to the namespace just below System (System.Net) or two below (System.IO.Pipes).
        INamespaceSymbol? below = null, belowBelow = null;
        for (var current = ns; current is not null && !current.IsGlobalNamespace; current = current.ContainingNamespace)
        {
            if (current.ContainingNamespace is { IsGlobalNamespace: true } && current.Name == "System")
            {
                return below?.Name == "Net" || below?.Name == "IO" && belowBelow?.Name is "Pipes" or "Ports" or "Pipelines";
            }

            belowBelow = below;
            below = current;
        }

        return false;
    }

    private bool IsBlockingTake(IInvocationOperation invocation, string name, INamedTypeSymbol type) =>
        WellKnownIoTypes.Is(type, _types.BlockingCollectionOfT) &&
        (name is "Take" or "GetConsumingEnumerable" or "TakeFromAny" ||
         name is "TryTake" or "TryTakeFromAny" && invocation.Arguments.Length > (invocation.TargetMethod.IsStatic ? 2 : 1)); // with a timeout

    /// <summary>
    /// <c>process.StandardOutput</c> or <c>StandardError</c>, directly or through a local assigned once: what is read
    /// from it comes when the child process writes it. Also a parameter of a method of the compilation that every call
    /// hands a child process's output (a <c>ReadOutputAsync(process.StandardOutput)</c> helper), one method deep.
    /// </summary>
    public bool IsChildProcessOutput(IOperation receiver) => ThroughSingleAssignment(receiver) switch
    {
        IParameterReferenceOperation parameter => CanHoldStreamReader(parameter.Parameter.Type) &&
                                                  _outputParameters.GetOrAdd(parameter.Parameter, EveryCallPassesChildProcessOutput),
        var value => IsProcessOutputProperty(value),
    };

    /// <summary>
    /// A parameter of a type <c>process.StandardOutput</c> (a StreamReader) converts to: StreamReader, TextReader, an
    /// interface it implements, object. Checked before the parameter's callers are looked for: most parameters a loop
    /// reads from are streams, and finding an internal method's callers walks every tree's tokens.
    /// </summary>
    private bool CanHoldStreamReader(ITypeSymbol type) =>
        type.SpecialType == SpecialType.System_Object ||
        (_types.StreamReader is { } streamReader &&
         ((type is INamedTypeSymbol named && WellKnownIoTypes.DerivesFrom(streamReader, named)) ||
          (type.TypeKind == TypeKind.Interface && streamReader.AllInterfaces.Contains((INamedTypeSymbol)type, SymbolEqualityComparer.Default))));

    private bool IsProcessOutputProperty(IOperation value) =>
        value is IPropertyReferenceOperation { Property: { Name: "StandardOutput" or "StandardError" } property } &&
        WellKnownIoTypes.Is(property.ContainingType, _types.Process);

    private bool EveryCallPassesChildProcessOutput(IParameterSymbol parameter)
    {
        // Not cancellable: the answer is cached for the compilation, and the uses are found once per method anyway.
        if (parameter.ContainingSymbol is not IMethodSymbol { MethodKind: MethodKind.Ordinary } method ||
            _methodUses.Of(method, default) is not { IsEmpty: false } uses)
        {
            return false;
        }

        foreach (var use in uses)
        {
            SyntaxNode callee = use.Name.Parent is MemberAccessExpressionSyntax access && access.Name == use.Name ? access : use.Name;
            if (callee.Parent is not InvocationExpressionSyntax call ||
                use.Model.GetOperation(call) is not IInvocationOperation invocation ||
                invocation.Arguments.GetArgument(parameter.Ordinal) is not { } argument ||
                !IsProcessOutputProperty(ThroughSingleAssignment(argument.Value)))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary><c>Console.In</c> or <c>Console.KeyAvailable</c> (directly or through a local assigned once): the user's input.</summary>
    public bool IsConsoleInput(IOperation operation) =>
        ThroughSingleAssignment(operation) is IPropertyReferenceOperation { Instance: null, Property: { Name: "In" or "KeyAvailable" } property } &&
        WellKnownIoTypes.Is(property.ContainingType, _types.Console);

    private static IOperation ThroughSingleAssignment(IOperation operation)
    {
        var value = operation.WalkDownConversions();
        return value is ILocalReferenceOperation local &&
               LocalValues.GetSingleAssignedValue(local.Local, value.GetRoot(), default) is { } assigned
            ? assigned.WalkDownConversions()
            : value;
    }
}
