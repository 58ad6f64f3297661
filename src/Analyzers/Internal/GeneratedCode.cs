using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>How every rule keeps out of generated code: the driver skips it, and each report checks the few places it does not.</summary>
internal static class GeneratedCode
{
    /// <summary>
    /// <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/> without <see cref="GeneratedCodeAnalysisFlags.Analyze"/>:
    /// the driver makes no callback in generated code (a file named or headed as generated, a declaration marked
    /// <c>[GeneratedCode]</c> or inside one, code after <c>#line hidden</c>), and does not check each report again. With
    /// <see cref="GeneratedCodeAnalysisFlags.None"/> it did, and the first report in a file made it walk every token of
    /// that file looking for a <c>GeneratedCode</c> attribute, charged to the rule that reported (IOP007 on NLog: 57 ms,
    /// 37 without; the package on duplicati 278 -> 236 ms, docs/performance.md). What that walk caught and the driver's
    /// skipping does not, <see cref="Report"/> checks at the report: GeneratedCodeTests holds both for all nine rules.
    /// </summary>
    public const GeneratedCodeAnalysisFlags Flags = GeneratedCodeAnalysisFlags.ReportDiagnostics;

    /// <summary>
    /// Reports <paramref name="diagnostic"/> unless it stands in generated code the driver analysed anyway: an accessor of
    /// a property, indexer or event marked <c>[GeneratedCode]</c> (the attribute is on the property, and the driver asks
    /// the accessor), or a place after <c>#line hidden</c> inside the operation (the driver asks where the operation
    /// starts). Every rule reports through here; the check runs per report, never per callback.
    /// </summary>
    public static void Report(OperationAnalysisContext context, Diagnostic diagnostic)
    {
        if (context.ContainingSymbol is IMethodSymbol { AssociatedSymbol: { } } accessor && IsMarked(accessor))
        {
            return;
        }

        if (diagnostic.Location.SourceTree is { } tree && IsHidden(tree, diagnostic.Location.SourceSpan.Start, context.CancellationToken))
        {
            return;
        }

#pragma warning disable RS0030 // The one place that reports (BannedSymbols.txt).
        context.ReportDiagnostic(diagnostic);
#pragma warning restore RS0030
    }

    /// <summary>
    /// Whether <paramref name="operation"/>, found outside the operation a callback was handed (another member of the
    /// type), is in generated code: after <c>#line hidden</c>, or in a member marked <c>[GeneratedCode]</c> or inside one.
    /// </summary>
    public static bool Contains(IOperation operation, System.Threading.CancellationToken cancellationToken)
    {
        if (IsHidden(operation.Syntax.SyntaxTree, operation.Syntax.SpanStart, cancellationToken))
        {
            return true;
        }

        for (var symbol = operation.SemanticModel?.GetEnclosingSymbol(operation.Syntax.SpanStart, cancellationToken);
             symbol is not null and not INamespaceSymbol;
             symbol = symbol.ContainingSymbol)
        {
            if (IsMarked(symbol))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsHidden(SyntaxTree tree, int position, System.Threading.CancellationToken cancellationToken) =>
        tree.HasHiddenRegions() && tree.GetLineVisibility(position, cancellationToken) == LineVisibility.Hidden;

    /// <summary>The symbol carries <c>[GeneratedCode]</c>, or an accessor's property, indexer or event does.</summary>
    private static bool IsMarked(ISymbol symbol) =>
        HasTheAttribute(symbol) || (symbol is IMethodSymbol { AssociatedSymbol: { } associated } && HasTheAttribute(associated));

    /// <summary>As the driver asks: a declaration in several parts (a partial type) does not count, since the attribute
    /// on its generated part would otherwise mark the hand-written one.</summary>
    private static bool HasTheAttribute(ISymbol symbol)
    {
        if (symbol.DeclaringSyntaxReferences.Length > 1)
        {
            return false;
        }

        foreach (var attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass is { Name: "GeneratedCodeAttribute", ContainingNamespace: { Name: "Compiler", ContainingNamespace: { Name: "CodeDom", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } })
            {
                return true;
            }
        }

        return false;
    }
}
