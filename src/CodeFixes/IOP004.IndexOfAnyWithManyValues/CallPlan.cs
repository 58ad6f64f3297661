using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

internal enum CallShape
{
    None,

    /// <summary>A span extension: only the values argument changes.</summary>
    Span,

    /// <summary><c>text.IndexOfAny(values)</c> becomes <c>text.AsSpan().IndexOfAny(field)</c>.</summary>
    String,

    /// <summary><c>text?.IndexOfAny(values)</c>.</summary>
    ConditionalString,

    /// <summary><c>text.IndexOfAny(values, start)</c>.</summary>
    StringStart,

    /// <summary><c>text.IndexOfAny(values, start, count)</c>.</summary>
    StringStartCount,
}

internal sealed class CallPlan
{
    public CallPlan(
        InvocationExpressionSyntax invocationSyntax,
        IInvocationOperation invocation,
        IArgumentOperation valuesArgument,
        ValueSet set,
        bool isBytes,
        CallShape shape,
        TypeDeclarationSyntax? host,
        FieldDeclarationSyntax? anchor,
        SyntaxNode? splitUnit)
    {
        InvocationSyntax = invocationSyntax;
        Invocation = invocation;
        ValuesArgument = valuesArgument;
        Set = set;
        IsBytes = isBytes;
        Shape = shape;
        Host = host;
        Anchor = anchor;
        SplitUnit = splitUnit;
    }

    public InvocationExpressionSyntax InvocationSyntax { get; }
    public IInvocationOperation Invocation { get; }
    public IArgumentOperation ValuesArgument { get; }
    public ValueSet Set { get; }
    public bool IsBytes { get; }
    public CallShape Shape { get; }

    /// <summary>The type that receives the field; null for top-level statements (a partial Program is added).</summary>
    public TypeDeclarationSyntax? Host { get; }

    /// <summary>For sets computed at run time: the array field the new field must follow.</summary>
    public FieldDeclarationSyntax? Anchor { get; }

    /// <summary>
    /// In a file compiled for targets with and without SearchValues: the statement or member that is written twice,
    /// the new code under <c>#if</c> and the old under <c>#else</c>. Null in a single-target file.
    /// </summary>
    public SyntaxNode? SplitUnit { get; }
}
