using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;

/// <summary>What the parser of IOP009 reads when it is handed the file instead of a string.</summary>
internal enum ParserInput
{
    /// <summary>UTF-8 bytes from a <c>Stream</c> (System.Text.Json: <c>File.OpenRead(path)</c>).</summary>
    Stream,

    /// <summary>Characters from a <c>TextReader</c> (XML: <c>File.OpenText(path)</c>, which decodes as ReadAllText did).</summary>
    TextReader,
}

/// <summary>
/// One parse API that IOP009 knows: a method taking the whole document as a string, and the methods of the same type
/// that read it from a stream or reader instead (same remaining parameters), synchronous and asynchronous.
/// </summary>
internal sealed class DocumentParser
{
    private DocumentParser(string typeName, string stringMethod, string syncMethod, string? asyncMethod, ParserInput input)
    {
        TypeName = typeName;
        StringMethod = stringMethod;
        SyncMethod = syncMethod;
        AsyncMethod = asyncMethod;
        Input = input;
    }

    /// <summary>The parsers, by metadata name. XmlDocument has no LoadAsync: an awaited read into LoadXml is left alone.</summary>
    public static readonly DocumentParser[] All =
    {
        new("System.Text.Json.JsonSerializer", "Deserialize", "Deserialize", "DeserializeAsync", ParserInput.Stream),
        new("System.Text.Json.JsonDocument", "Parse", "Parse", "ParseAsync", ParserInput.Stream),
        new("System.Text.Json.Nodes.JsonNode", "Parse", "Parse", "ParseAsync", ParserInput.Stream),
        new("System.Xml.Linq.XDocument", "Parse", "Load", "LoadAsync", ParserInput.TextReader),
        new("System.Xml.Linq.XElement", "Parse", "Load", "LoadAsync", ParserInput.TextReader),
        new("System.Xml.XmlDocument", "LoadXml", "Load", null, ParserInput.TextReader),
    };

    /// <summary>A name one of the parsers takes the document as a string by (a syntax-only filter: Deserialize, Parse, LoadXml).</summary>
    public static bool IsStringMethodName(string name) => name is "Deserialize" or "Parse" or "LoadXml";

    public string TypeName { get; }

    /// <summary>The method that takes the document as a string (its first parameter).</summary>
    public string StringMethod { get; }

    public string SyncMethod { get; }

    public string? AsyncMethod { get; }

    public ParserInput Input { get; }

    /// <summary>How diagnostics name the call: <c>JsonSerializer.Deserialize</c>.</summary>
    public string DisplayName => TypeName.Substring(TypeName.LastIndexOf('.') + 1) + "." + StringMethod;

    /// <summary>
    /// The method of <paramref name="parse"/>'s type that takes <paramref name="input"/> (Stream or TextReader) where
    /// <paramref name="parse"/> takes the string, with the same remaining parameters in the same order; the async one
    /// may add a CancellationToken and, after those, parameters it lets the fix leave out or fill with an enum's zero
    /// (XDocument.LoadAsync's LoadOptions). Null when the framework has none.
    /// </summary>
    public IMethodSymbol? FindReplacement(IMethodSymbol parse, bool isAsync, INamedTypeSymbol input)
    {
        var name = isAsync ? AsyncMethod : SyncMethod;
        if (name is null)
        {
            return null;
        }

        var original = parse.OriginalDefinition;
        foreach (var candidate in original.ContainingType.GetMembers(name).OfType<IMethodSymbol>())
        {
            if (candidate.IsStatic == original.IsStatic &&
                candidate.Arity == original.Arity &&
                candidate.Parameters.Length >= original.Parameters.Length &&
                WellKnownIoTypes.Is(candidate.Parameters[0].Type, input) &&
                TakesTheSameRest(original, candidate, isAsync))
            {
                return candidate;
            }
        }

        return null;
    }

    /// <summary>
    /// Whether <paramref name="compilation"/> (another target of a multi-targeted project) has the same string method as
    /// <paramref name="parse"/> and its replacement.
    /// </summary>
    public bool HasReplacementIn(Compilation compilation, IMethodSymbol parse, bool isAsync)
    {
        var types = WellKnownIoTypes.For(compilation);
        var input = Input == ParserInput.Stream ? types.Stream : types.TextReader;
        var type = types.ResolveAll(new[] { TypeName }).FirstOrDefault();
        if (input is null || type is null)
        {
            return false;
        }

        var signature = Signature(parse.OriginalDefinition);
        return type.GetMembers(parse.Name).OfType<IMethodSymbol>()
            .Any(method => Signature(method) == signature && FindReplacement(method, isAsync, input) is not null);
    }

    private static string Signature(IMethodSymbol method) =>
        method.Arity + "(" + string.Join(",", method.Parameters.Select(parameter => parameter.Type.ToDisplayString())) + ")";

    private static bool TakesTheSameRest(IMethodSymbol original, IMethodSymbol candidate, bool isAsync)
    {
        for (var i = 1; i < original.Parameters.Length; i++)
        {
            // Display strings, so that a generic method's TValue matches the other method's TValue.
            if (original.Parameters[i].Type.ToDisplayString() != candidate.Parameters[i].Type.ToDisplayString())
            {
                return false;
            }
        }

        for (var i = original.Parameters.Length; i < candidate.Parameters.Length; i++)
        {
            var parameter = candidate.Parameters[i];
            var fillable = parameter.IsOptional ||
                           (isAsync && IsCancellationToken(parameter.Type)) ||
                           (isAsync && parameter.Type.TypeKind == TypeKind.Enum);
            if (!fillable)
            {
                return false;
            }
        }

        return true;
    }

    public static bool IsCancellationToken(ITypeSymbol type) =>
        type is { Name: "CancellationToken", ContainingNamespace: { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };
}
