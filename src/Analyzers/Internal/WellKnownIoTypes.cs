using System;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// The framework types the rules look at, resolved once per compilation. A missing type is null, and the rules
/// that need it stay silent (old target frameworks, broken references, code typed without a framework).
/// </summary>
internal sealed class WellKnownIoTypes
{
    private readonly Compilation _compilation;
    private readonly Lazy<INamedTypeSymbol?> _fileStream;
    private readonly Lazy<INamedTypeSymbol?> _streamReader;
    private readonly Lazy<INamedTypeSymbol?> _streamWriter;
    private readonly Lazy<INamedTypeSymbol?> _stream;
    private readonly Lazy<INamedTypeSymbol?> _encoding;
    private readonly Lazy<INamedTypeSymbol?> _enumerable;
    private readonly Lazy<INamedTypeSymbol?> _expressionOfT;
    private readonly Lazy<INamedTypeSymbol?> _stringSplitOptions;
    private readonly Lazy<INamedTypeSymbol?> _environment;

    private WellKnownIoTypes(Compilation compilation)
    {
        _compilation = compilation;

        // File decides whether a rule runs at all; the others are looked up when a rule first needs them (each lookup
        // searches every referenced assembly, and most compilations never need most of them).
        File = compilation.GetTypeByMetadataName("System.IO.File");
        IEnumerableOfT = compilation.GetSpecialType(SpecialType.System_Collections_Generic_IEnumerable_T);
        _fileStream = Lookup("System.IO.FileStream");
        _streamReader = Lookup("System.IO.StreamReader");
        _streamWriter = Lookup("System.IO.StreamWriter");
        _stream = Lookup("System.IO.Stream");
        _encoding = Lookup("System.Text.Encoding");
        _enumerable = Lookup("System.Linq.Enumerable");
        _expressionOfT = Lookup("System.Linq.Expressions.Expression`1");
        _stringSplitOptions = Lookup("System.StringSplitOptions");
        _environment = Lookup("System.Environment");
    }

    public INamedTypeSymbol? File { get; }
    public INamedTypeSymbol? FileStream => _fileStream.Value;
    public INamedTypeSymbol? StreamReader => _streamReader.Value;
    public INamedTypeSymbol? StreamWriter => _streamWriter.Value;
    public INamedTypeSymbol? Stream => _stream.Value;
    public INamedTypeSymbol? Encoding => _encoding.Value;
    public INamedTypeSymbol? Enumerable => _enumerable.Value;
    public INamedTypeSymbol? ExpressionOfT => _expressionOfT.Value;
    public INamedTypeSymbol? StringSplitOptions => _stringSplitOptions.Value;
    public INamedTypeSymbol? Environment => _environment.Value;
    public INamedTypeSymbol IEnumerableOfT { get; }

    private Lazy<INamedTypeSymbol?> Lookup(string metadataName) =>
        new(() => _compilation.GetTypeByMetadataName(metadataName), LazyThreadSafetyMode.PublicationOnly);

    public static WellKnownIoTypes Create(Compilation compilation) => new(compilation);
}
