using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// The asynchronous reads IOP005 counts: on streams, text readers, <c>File</c> and <c>RandomAccess</c>, and a project's
/// own <c>Read*Async</c> methods on its stream and reader types.
/// </summary>
internal sealed class AsyncReads
{
    private readonly WellKnownIoTypes _types;

    private AsyncReads(WellKnownIoTypes types, INamedTypeSymbol stream)
    {
        _types = types;
        Stream = stream;
    }

    public INamedTypeSymbol Stream { get; }

    // Looked up on first use (shared with the other rules): only compilations with awaits in loops need them.
    public INamedTypeSymbol? TextReader => _types.TextReader;

    public INamedTypeSymbol? File => _types.File;

    public INamedTypeSymbol? RandomAccess => _types.RandomAccess;

    public static AsyncReads? Create(Compilation compilation) =>
        WellKnownIoTypes.For(compilation) is { Stream: { } stream } types ? new AsyncReads(types, stream) : null;

    public bool IsRead(IMethodSymbol method) => IsDotNetRead(method) || IsOwnReadOfAStreamOrReader(method);

    private bool IsDotNetRead(IMethodSymbol method)
    {
        switch (method.Name)
        {
            case "ReadAsync":
                return WellKnownIoTypes.DerivesFrom(method.ContainingType, Stream) || WellKnownIoTypes.DerivesFrom(method.ContainingType, TextReader) ||
                       SymbolEqualityComparer.Default.Equals(method.ContainingType, RandomAccess);
            case "ReadAtLeastAsync" or "ReadExactlyAsync" or "CopyToAsync":
                return WellKnownIoTypes.DerivesFrom(method.ContainingType, Stream);
            case "ReadToEndAsync" or "ReadLineAsync" or "ReadBlockAsync":
                return WellKnownIoTypes.DerivesFrom(method.ContainingType, TextReader);
            case "ReadAllTextAsync" or "ReadAllBytesAsync" or "ReadAllLinesAsync":
                return SymbolEqualityComparer.Default.Equals(method.ContainingType, File);
            default:
                return false;
        }
    }

    /// <summary>
    /// A project's own <c>Read*Async</c> method on its <c>Stream</c> or <c>TextReader</c> subclass (FluentFTP's
    /// <c>FtpSocketStream.ReadLineAsync</c>), or an extension method on one (<c>stream.ReadChunkAsync(...)</c>): awaited in a
    /// loop, each call resumes on the captured context once, as a .NET read does, whatever it awaits inside. Only
    /// methods returning <c>Task</c> or <c>ValueTask</c>: the fix appends <c>.ConfigureAwait(false)</c>.
    /// </summary>
    private bool IsOwnReadOfAStreamOrReader(IMethodSymbol method)
    {
        if (!method.Name.StartsWith("Read", System.StringComparison.Ordinal) ||
            !method.Name.EndsWith("Async", System.StringComparison.Ordinal) ||
            method.ReturnType is not INamedTypeSymbol { Name: "Task" or "ValueTask", ContainingNamespace: { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace.Name: "System" } } })
        {
            return false;
        }

        var unreduced = method.ReducedFrom ?? method;
        var receiver = unreduced.IsExtensionMethod && unreduced.Parameters.Length > 0 ? unreduced.Parameters[0].Type : method.ContainingType;
        return WellKnownIoTypes.DerivesFrom(receiver, Stream) || WellKnownIoTypes.DerivesFrom(receiver, TextReader);
    }
}
