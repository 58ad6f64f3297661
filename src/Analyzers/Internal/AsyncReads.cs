using System;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>The asynchronous reads IOP005 counts: on streams, text readers, <c>File</c> and <c>RandomAccess</c>.</summary>
internal sealed class AsyncReads
{
    private readonly Lazy<INamedTypeSymbol?> _textReader;
    private readonly Lazy<INamedTypeSymbol?> _file;
    private readonly Lazy<INamedTypeSymbol?> _randomAccess;

    private AsyncReads(Compilation compilation, INamedTypeSymbol stream)
    {
        Stream = stream;

        // Looked up on first use: only compilations with awaits in loops need them.
        _textReader = new Lazy<INamedTypeSymbol?>(() => compilation.GetTypeByMetadataName("System.IO.TextReader"), LazyThreadSafetyMode.PublicationOnly);
        _file = new Lazy<INamedTypeSymbol?>(() => compilation.GetTypeByMetadataName("System.IO.File"), LazyThreadSafetyMode.PublicationOnly);
        _randomAccess = new Lazy<INamedTypeSymbol?>(() => compilation.GetTypeByMetadataName("System.IO.RandomAccess"), LazyThreadSafetyMode.PublicationOnly);
    }

    public INamedTypeSymbol Stream { get; }
    public INamedTypeSymbol? TextReader => _textReader.Value;
    public INamedTypeSymbol? File => _file.Value;
    public INamedTypeSymbol? RandomAccess => _randomAccess.Value;

    public static AsyncReads? Create(Compilation compilation) =>
        compilation.GetTypeByMetadataName("System.IO.Stream") is { } stream ? new AsyncReads(compilation, stream) : null;

    public bool IsRead(IMethodSymbol method)
    {
        switch (method.Name)
        {
            case "ReadAsync":
                return DerivesFrom(method.ContainingType, Stream) || DerivesFrom(method.ContainingType, TextReader) ||
                       SymbolEqualityComparer.Default.Equals(method.ContainingType, RandomAccess);
            case "ReadAtLeastAsync" or "ReadExactlyAsync" or "CopyToAsync":
                return DerivesFrom(method.ContainingType, Stream);
            case "ReadToEndAsync" or "ReadLineAsync" or "ReadBlockAsync":
                return DerivesFrom(method.ContainingType, TextReader);
            case "ReadAllTextAsync" or "ReadAllBytesAsync" or "ReadAllLinesAsync":
                return SymbolEqualityComparer.Default.Equals(method.ContainingType, File);
            default:
                return false;
        }
    }

    private static bool DerivesFrom(INamedTypeSymbol? type, INamedTypeSymbol? baseType)
    {
        for (var current = type; current is not null && baseType is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
            {
                return true;
            }
        }

        return false;
    }
}
