using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// The searches a <c>SearchValues&lt;T&gt;</c> can replace: <c>string.{Last}IndexOfAny(char[] [, int [, int]])</c> and the
/// <c>MemoryExtensions</c> span methods <c>{Last}IndexOfAny{Except}</c> / <c>ContainsAny{Except}</c> whose values are a
/// <c>ReadOnlySpan&lt;char|byte&gt;</c>. Resolved once per compilation; null when SearchValues does not exist.
/// </summary>
internal sealed class SearchMethods
{
    private SearchMethods(INamedTypeSymbol searchValues, INamedTypeSymbol memoryExtensions, INamedTypeSymbol readOnlySpan, INamedTypeSymbol span)
    {
        SearchValues = searchValues;
        MemoryExtensions = memoryExtensions;
        ReadOnlySpan = readOnlySpan;
        Span = span;
    }

    public INamedTypeSymbol SearchValues { get; }

    public INamedTypeSymbol MemoryExtensions { get; }

    public INamedTypeSymbol ReadOnlySpan { get; }

    public INamedTypeSymbol Span { get; }

    public static SearchMethods? Create(Compilation compilation)
    {
        var types = WellKnownIoTypes.For(compilation);

        // SearchValues first: without it (most older targets) nothing else is looked up.
        var searchValues = types.SearchValues;
        if (searchValues is null)
        {
            return null;
        }

        var memoryExtensions = types.MemoryExtensions;
        var readOnlySpan = types.ReadOnlySpanOfT;
        var span = types.SpanOfT;
        return memoryExtensions is null || readOnlySpan is null || span is null
            ? null
            : new SearchMethods(searchValues, memoryExtensions, readOnlySpan, span);
    }

    /// <summary>The cheap filter that runs before any symbol comparison.</summary>
    public static bool IsCandidateName(string name) => name is
        "IndexOfAny" or "LastIndexOfAny" or "IndexOfAnyExcept" or "LastIndexOfAnyExcept" or "ContainsAny" or "ContainsAnyExcept";

    /// <summary>The argument holding the searched-for values, when <paramref name="invocation"/> is a watched search.</summary>
    public bool TryGetValuesArgument(IInvocationOperation invocation, out IArgumentOperation values, out bool isBytes, out bool isStringMethod)
    {
        values = null!;
        isBytes = false;
        isStringMethod = false;
        var method = invocation.TargetMethod;
        if (method.ContainingType?.SpecialType == SpecialType.System_String)
        {
            if (method.Name is not ("IndexOfAny" or "LastIndexOfAny") ||
                method.Parameters.Length is < 1 or > 3 ||
                method.Parameters[0].Type is not IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Char })
            {
                return false;
            }

            isStringMethod = true;
            values = invocation.Arguments.GetArgument(0)!;
            return values is not null;
        }

        if (!SymbolEqualityComparer.Default.Equals(method.ContainingType, MemoryExtensions) ||
            method.Parameters.Length != 2 ||
            method.TypeArguments.Length != 1 ||
            method.TypeArguments[0].SpecialType is not (SpecialType.System_Char or SpecialType.System_Byte) ||
            method.Parameters[0].Type.OriginalDefinition is not INamedTypeSymbol source ||
            !(SymbolEqualityComparer.Default.Equals(source, ReadOnlySpan) || SymbolEqualityComparer.Default.Equals(source, Span)) ||
            !SymbolEqualityComparer.Default.Equals(method.Parameters[1].Type.OriginalDefinition, ReadOnlySpan))
        {
            return false;
        }

        isBytes = method.TypeArguments[0].SpecialType == SpecialType.System_Byte;
        values = invocation.Arguments.GetArgument(1)!;
        return values is not null;
    }
}
