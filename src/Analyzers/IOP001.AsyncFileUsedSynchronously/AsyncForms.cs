using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP001.AsyncFileUsedSynchronously;

/// <summary>How the arguments of a synchronous call change in its asynchronous form.</summary>
internal enum AsyncArguments
{
    /// <summary>The same arguments (<c>CopyTo(destination)</c> to <c>CopyToAsync(destination)</c>).</summary>
    Same,

    /// <summary><c>(buffer, offset, count)</c> becomes <c>buffer.AsMemory(offset, count)</c>: the Memory overload CA1835 asks for.</summary>
    ArraySegmentToMemory,

    /// <summary>A span argument becomes memory: a <c>byte[]</c> stays as it is, <c>array.AsSpan(...)</c> becomes <c>array.AsMemory(...)</c>.</summary>
    SpanToMemory,
}

/// <summary>The asynchronous form of one synchronous read or write.</summary>
internal readonly struct AsyncForm
{
    public AsyncForm(string methodName, AsyncArguments arguments, int bufferArgumentIndex)
    {
        MethodName = methodName;
        Arguments = arguments;
        BufferArgumentIndex = bufferArgumentIndex;
    }

    public string MethodName { get; }

    public AsyncArguments Arguments { get; }

    /// <summary>The index of the buffer argument that <see cref="Arguments"/> rewrites.</summary>
    public int BufferArgumentIndex { get; }
}

/// <summary>
/// Which synchronous stream, reader, writer and <c>RandomAccess</c> calls have an asynchronous form that does the same
/// thing: the IOP001 fix "use the asynchronous methods" is offered only when every synchronous use has one.
/// </summary>
internal static class AsyncForms
{
    public static bool TryGet(IOperation use, WellKnownIoTypes types, out AsyncForm form)
    {
        // StreamReader.EndOfStream, await-less disposal and the like have no awaitable twin.
        var found = use is IInvocationOperation invocation && invocation.TargetMethod.ContainingType is { } type
            ? WellKnownIoTypes.Is(type, types.RandomAccess) ? OfRandomAccess(invocation, types)
            : WellKnownIoTypes.DerivesFrom(type, types.Stream) ? OfStream(invocation, types)
            : WellKnownIoTypes.DerivesFrom(type, types.TextReader) ? OfTextReader(invocation.TargetMethod)
            : WellKnownIoTypes.DerivesFrom(type, types.TextWriter) ? OfTextWriter(invocation.TargetMethod)
            : null
            : null;
        form = found ?? default;
        return found is not null;
    }

    private static AsyncForm? OfRandomAccess(IInvocationOperation invocation, WellKnownIoTypes types)
    {
        var method = invocation.TargetMethod;
        return method.Name is "Read" or "Write" && method.Parameters.Length == 3 && IsSpan(method.Parameters[1].Type) &&
               (method.Name == "Write" || IsResultUsed(invocation)) && CanBecomeMemory(invocation, 1, types)
            ? new AsyncForm(method.Name + "Async", AsyncArguments.SpanToMemory, 1)
            : null;
    }

    private static AsyncForm? OfStream(IInvocationOperation invocation, WellKnownIoTypes types)
    {
        var method = invocation.TargetMethod;
        var parameters = method.Parameters;
        switch (method.Name)
        {
            case "Read" when IsResultUsed(invocation):
            case "ReadExactly":
            case "Write":
                if (parameters.Length == 3 && parameters[0].Type is IArrayTypeSymbol)
                {
                    return new AsyncForm(method.Name + "Async", AsyncArguments.ArraySegmentToMemory, 0);
                }

                return parameters.Length == 1 && IsSpan(parameters[0].Type) && CanBecomeMemory(invocation, 0, types)
                    ? new AsyncForm(method.Name + "Async", AsyncArguments.SpanToMemory, 0)
                    : null;

            case "ReadAtLeast" when parameters.Length >= 2 && CanBecomeMemory(invocation, 0, types):
                return new AsyncForm("ReadAtLeastAsync", AsyncArguments.SpanToMemory, 0);

            case "CopyTo":
                return new AsyncForm("CopyToAsync", AsyncArguments.Same, -1);

            case "Flush" when parameters.Length == 0:
                return new AsyncForm("FlushAsync", AsyncArguments.Same, -1);

            default:
                return null;
        }
    }

    private static AsyncForm? OfTextReader(IMethodSymbol method) =>
        method.Name is "ReadLine" or "ReadToEnd" && method.Parameters.Length == 0 ? new AsyncForm(method.Name + "Async", AsyncArguments.Same, -1) : null;

    /// <summary>TextWriter has WriteAsync/WriteLineAsync for char, string and char[] only (not for numbers or format strings).</summary>
    private static AsyncForm? OfTextWriter(IMethodSymbol method)
    {
        var parameters = method.Parameters;
        if (method.Name is "Write" or "WriteLine" &&
            (parameters.Length == 0 && method.Name == "WriteLine" ||
             parameters.Length == 1 && (parameters[0].Type.SpecialType is SpecialType.System_String or SpecialType.System_Char ||
                                        parameters[0].Type is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Char })))
        {
            return new AsyncForm(method.Name + "Async", AsyncArguments.Same, -1);
        }

        return method.Name == "Flush" && parameters.Length == 0 ? new AsyncForm("FlushAsync", AsyncArguments.Same, -1) : null;
    }

    private static bool IsSpan(ITypeSymbol type) =>
        type is INamedTypeSymbol { Name: "Span" or "ReadOnlySpan", ContainingNamespace.Name: "System", TypeArguments.Length: 1 };

    /// <summary>Read's count is how the caller learns how much arrived: a read whose result is dropped has no faithful async form (CA2022).</summary>
    private static bool IsResultUsed(IInvocationOperation invocation) =>
        invocation.GetParentSkippingConversions(out _) is not (IExpressionStatementOperation or null);

    private static bool CanBecomeMemory(IInvocationOperation invocation, int argumentIndex, WellKnownIoTypes types)
    {
        if (invocation.Arguments.GetArgument(argumentIndex) is not { } argument)
        {
            return false;
        }

        var value = argument.Value.WalkDownConversions();
        if (value.Type is IArrayTypeSymbol)
        {
            return true;
        }

        return value is IInvocationOperation { TargetMethod.Name: "AsSpan" } asSpan &&
               WellKnownIoTypes.Is(asSpan.TargetMethod.ContainingType, types.MemoryExtensions) &&
               asSpan.Arguments.Length > 0 && asSpan.Arguments[0].Value.WalkDownConversions().Type is IArrayTypeSymbol;
    }
}
