using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// The framework types the rules look at, resolved once per compilation. A missing type is null, and the rules
/// that need it stay silent (old target frameworks, broken references, code typed without a framework).
/// </summary>
internal sealed class WellKnownIoTypes
{
    private WellKnownIoTypes(Compilation compilation)
    {
        File = compilation.GetTypeByMetadataName("System.IO.File");
        FileStream = compilation.GetTypeByMetadataName("System.IO.FileStream");
        StreamReader = compilation.GetTypeByMetadataName("System.IO.StreamReader");
        StreamWriter = compilation.GetTypeByMetadataName("System.IO.StreamWriter");
        Stream = compilation.GetTypeByMetadataName("System.IO.Stream");
        Encoding = compilation.GetTypeByMetadataName("System.Text.Encoding");
        Enumerable = compilation.GetTypeByMetadataName("System.Linq.Enumerable");
        ExpressionOfT = compilation.GetTypeByMetadataName("System.Linq.Expressions.Expression`1");
        IEnumerableOfT = compilation.GetSpecialType(SpecialType.System_Collections_Generic_IEnumerable_T);
        StringSplitOptions = compilation.GetTypeByMetadataName("System.StringSplitOptions");
        Environment = compilation.GetTypeByMetadataName("System.Environment");
    }

    public INamedTypeSymbol? File { get; }
    public INamedTypeSymbol? FileStream { get; }
    public INamedTypeSymbol? StreamReader { get; }
    public INamedTypeSymbol? StreamWriter { get; }
    public INamedTypeSymbol? Stream { get; }
    public INamedTypeSymbol? Encoding { get; }
    public INamedTypeSymbol? Enumerable { get; }
    public INamedTypeSymbol? ExpressionOfT { get; }
    public INamedTypeSymbol IEnumerableOfT { get; }
    public INamedTypeSymbol? StringSplitOptions { get; }
    public INamedTypeSymbol? Environment { get; }

    public static WellKnownIoTypes Create(Compilation compilation) => new(compilation);
}
