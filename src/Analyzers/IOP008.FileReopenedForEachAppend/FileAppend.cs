using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP008.FileReopenedForEachAppend;

/// <summary>
/// The <c>File.Append*</c> calls that open the file, seek to its end, write, flush and close it again on every call:
/// <c>AppendAllText</c>, <c>AppendAllLines</c> and their async forms. Shared by IOP008's analyzer and fix.
/// </summary>
internal sealed class FileAppend
{
    private FileAppend(IInvocationOperation invocation, IOperation path, IOperation contents, IOperation? encoding, IOperation? cancellationToken)
    {
        Invocation = invocation;
        Path = path;
        Contents = contents;
        Encoding = encoding;
        CancellationToken = cancellationToken;
    }

    public IInvocationOperation Invocation { get; }

    public IOperation Path { get; }

    /// <summary>The text (AppendAllText) or the lines (AppendAllLines).</summary>
    public IOperation Contents { get; }

    /// <summary>The encoding argument, when the call passes one (else UTF-8 without a BOM).</summary>
    public IOperation? Encoding { get; }

    /// <summary>The cancellation token argument of an async form, when the call passes one.</summary>
    public IOperation? CancellationToken { get; }

    public bool IsAsync => IsAsyncName(Invocation.TargetMethod.Name);

    public bool WritesLines => WritesLinesName(Invocation.TargetMethod.Name);

    /// <summary>The name is one of the four appends (a cheap filter before any symbol comparison).</summary>
    public static bool IsAppendName(string name) =>
        name is "AppendAllText" or "AppendAllLines" or "AppendAllTextAsync" or "AppendAllLinesAsync";

    public static bool IsAsyncName(string name) => name is "AppendAllTextAsync" or "AppendAllLinesAsync";

    public static bool WritesLinesName(string name) => name is "AppendAllLines" or "AppendAllLinesAsync";

    /// <summary>The call as a <see cref="FileAppend"/>, or null when it is not one of <c>File</c>'s appends.</summary>
    public static FileAppend? TryCreate(IInvocationOperation invocation, WellKnownIoTypes types)
    {
        var method = invocation.TargetMethod;
        if (!IsAppendName(method.Name) || !WellKnownIoTypes.Is(method.ContainingType, types.File) ||
            invocation.Arguments.GetArgument("path")?.Value is not { } path ||
            invocation.Arguments.GetArgument("contents")?.Value is not { } contents)
        {
            return null;
        }

        return new FileAppend(
            invocation,
            path,
            contents,
            invocation.Arguments.GetArgument("encoding")?.Value,
            invocation.Arguments.GetArgument("cancellationToken")?.Value);
    }
}
