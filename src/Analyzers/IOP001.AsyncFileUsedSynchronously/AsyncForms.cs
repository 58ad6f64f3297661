using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

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
        form = default;
        if (use is not IInvocationOperation invocation)
        {
            // StreamReader.EndOfStream, await-less disposal and the like have no awaitable twin.
            return false;
        }

        var method = invocation.TargetMethod;
        var parameters = method.Parameters;
        var type = method.ContainingType;
        if (WellKnownIoTypes.Is(type, types.RandomAccess))
        {
            if (method.Name is "Read" or "Write" && parameters.Length == 3 && IsSpan(parameters[1].Type) &&
                (method.Name == "Write" || IsResultUsed(invocation)) &&
                CanBecomeMemory(invocation, 1, types))
            {
                form = new AsyncForm(method.Name + "Async", AsyncArguments.SpanToMemory, 1);
                return true;
            }

            return false;
        }

        if (WellKnownIoTypes.DerivesFrom(type, types.Stream))
        {
            switch (method.Name)
            {
                case "Read" when IsResultUsed(invocation):
                case "ReadExactly":
                case "Write":
                    if (parameters.Length == 3 && parameters[0].Type is IArrayTypeSymbol)
                    {
                        form = new AsyncForm(method.Name + "Async", AsyncArguments.ArraySegmentToMemory, 0);
                        return true;
                    }

                    if (parameters.Length == 1 && IsSpan(parameters[0].Type) && CanBecomeMemory(invocation, 0, types))
                    {
                        form = new AsyncForm(method.Name + "Async", AsyncArguments.SpanToMemory, 0);
                        return true;
                    }

                    return false;

                case "ReadAtLeast" when parameters.Length >= 2 && CanBecomeMemory(invocation, 0, types):
                    form = new AsyncForm("ReadAtLeastAsync", AsyncArguments.SpanToMemory, 0);
                    return true;

                case "CopyTo":
                    form = new AsyncForm("CopyToAsync", AsyncArguments.Same, -1);
                    return true;

                case "Flush" when parameters.Length == 0:
                    form = new AsyncForm("FlushAsync", AsyncArguments.Same, -1);
                    return true;
            }

            return false;
        }

        if (WellKnownIoTypes.DerivesFrom(type, types.TextReader))
        {
            if (method.Name is "ReadLine" or "ReadToEnd" && parameters.Length == 0)
            {
                form = new AsyncForm(method.Name + "Async", AsyncArguments.Same, -1);
                return true;
            }

            return false;
        }

        if (WellKnownIoTypes.DerivesFrom(type, types.TextWriter))
        {
            // TextWriter has WriteAsync/WriteLineAsync for char, string and char[] only (not for numbers or format strings).
            if (method.Name is "Write" or "WriteLine" &&
                (parameters.Length == 0 && method.Name == "WriteLine" ||
                 parameters.Length == 1 && (parameters[0].Type.SpecialType is SpecialType.System_String or SpecialType.System_Char ||
                                            parameters[0].Type is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Char })))
            {
                form = new AsyncForm(method.Name + "Async", AsyncArguments.Same, -1);
                return true;
            }

            if (method.Name == "Flush" && parameters.Length == 0)
            {
                form = new AsyncForm("FlushAsync", AsyncArguments.Same, -1);
                return true;
            }
        }

        return false;
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
