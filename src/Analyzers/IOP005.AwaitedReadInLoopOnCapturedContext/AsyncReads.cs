using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>The asynchronous reads IOP005 counts: on streams, text readers, <c>File</c> and <c>RandomAccess</c>.</summary>
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

    public bool IsRead(IMethodSymbol method)
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
}
