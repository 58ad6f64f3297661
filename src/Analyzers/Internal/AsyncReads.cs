using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>The asynchronous reads IOP005 counts: on streams, text readers, <c>File</c> and <c>RandomAccess</c>.</summary>
internal sealed class AsyncReads
{
    private AsyncReads(INamedTypeSymbol stream, INamedTypeSymbol? textReader, INamedTypeSymbol? file, INamedTypeSymbol? randomAccess)
    {
        Stream = stream;
        TextReader = textReader;
        File = file;
        RandomAccess = randomAccess;
    }

    public INamedTypeSymbol Stream { get; }
    public INamedTypeSymbol? TextReader { get; }
    public INamedTypeSymbol? File { get; }
    public INamedTypeSymbol? RandomAccess { get; }

    public static AsyncReads? Create(Compilation compilation) =>
        compilation.GetTypeByMetadataName("System.IO.Stream") is { } stream
            ? new AsyncReads(
                stream,
                compilation.GetTypeByMetadataName("System.IO.TextReader"),
                compilation.GetTypeByMetadataName("System.IO.File"),
                compilation.GetTypeByMetadataName("System.IO.RandomAccess"))
            : null;

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
