using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// Reads that never suspend: .NET's reads from a <c>MemoryStream</c>, an <c>UnmanagedMemoryStream</c> (what
/// <c>GetManifestResourceStream</c> returns for an embedded resource) or a <c>StringReader</c>, and from a
/// <c>StreamReader</c> over one of them. Their task has completed when it is awaited, so the code after the await
/// runs on at once, on the same thread: there is no hop onto the captured context to save, and ConfigureAwait(false)
/// changes nothing. Found in a held-out set (a resource read line by line). A project's own subclass of these types
/// may do anything in its reads, so only the .NET types count; a receiver is followed through a local assigned once
/// and through a <c>StreamReader</c>'s stream argument.
/// </summary>
internal static class InMemoryReads
{
    /// <summary>How many locals and readers deep a receiver is followed.</summary>
    private const int MaxDepth = 3;

    public static bool IsInMemory(IInvocationOperation read, CancellationToken cancellationToken)
    {
        if (!IsSystemIo(read.TargetMethod.ContainingType))
        {
            return false;
        }

        var receiver = read.GetReceiver();
        return receiver is not null && HoldsMemory(receiver, 0, cancellationToken);
    }

    private static bool HoldsMemory(IOperation value, int depth, CancellationToken cancellationToken)
    {
        value = value.WalkDownConversions();
        if (IsInMemoryType(value.Type))
        {
            return true;
        }

        if (depth >= MaxDepth)
        {
            return false;
        }

        switch (value)
        {
            case IInvocationOperation { TargetMethod.Name: "GetManifestResourceStream" } invocation:
                return invocation.TargetMethod.ContainingType is { Name: "Assembly", ContainingNamespace: { Name: "Reflection", ContainingNamespace.Name: "System" } };
            case IObjectCreationOperation { Type: { Name: "StreamReader" } type } creation when IsSystemIo(type) && creation.Arguments.GetArgument(0) is { } stream:
                return stream.Value.Type is not { SpecialType: SpecialType.System_String } && HoldsMemory(stream.Value, depth + 1, cancellationToken);
            case ILocalReferenceOperation local:
                return LocalValues.GetSingleAssignedValue(local.Local, value.GetRoot(), cancellationToken) is { } assigned &&
                       HoldsMemory(assigned, depth + 1, cancellationToken);
            default:
                return false;
        }
    }

    /// <summary>The .NET types themselves, not a project's subclass (which may read from anywhere).</summary>
    private static bool IsInMemoryType(ITypeSymbol? type) =>
        type is INamedTypeSymbol { Name: "MemoryStream" or "UnmanagedMemoryStream" or "StringReader" } named && IsSystemIo(named);

    private static bool IsSystemIo(ITypeSymbol type) =>
        type.ContainingNamespace is { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } };
}
