using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;

/// <summary>
/// A whole file read into one string: <c>File.ReadAllText(path[, encoding])</c>, or
/// <c>await File.ReadAllTextAsync(path[, encoding][, token])[.ConfigureAwait(x)]</c>.
/// </summary>
internal sealed class FileTextRead
{
    private FileTextRead(IInvocationOperation read, IOperation path, IOperation? encoding, IOperation? cancellationToken, IInvocationOperation? configureAwait)
    {
        Read = read;
        Path = path;
        Encoding = encoding;
        CancellationToken = cancellationToken;
        ConfigureAwait = configureAwait;
    }

    /// <summary>The File.ReadAllText or File.ReadAllTextAsync call.</summary>
    public IInvocationOperation Read { get; }

    public bool IsAsync => Read.TargetMethod.Name == "ReadAllTextAsync";

    public IOperation Path { get; }

    /// <summary>The encoding argument, null when the call gives none (UTF-8, with the byte order mark detected).</summary>
    public IOperation? Encoding { get; }

    /// <summary>The token the async read was given, null when none.</summary>
    public IOperation? CancellationToken { get; }

    /// <summary>The <c>.ConfigureAwait(x)</c> the read was awaited through, null when none.</summary>
    public IInvocationOperation? ConfigureAwait { get; }

    /// <summary>The read whose string <paramref name="value"/> is, directly (an awaited async read included), or null.</summary>
    public static FileTextRead? Match(IOperation value, WellKnownIoTypes types)
    {
        value = value.WalkDownConversions();
        IInvocationOperation? configureAwait = null;
        if (value is IAwaitOperation awaitOperation)
        {
            value = awaitOperation.GetAwaited(out configureAwait);
            if (value is not IInvocationOperation { TargetMethod.Name: "ReadAllTextAsync" })
            {
                return null;
            }
        }
        else if (value is not IInvocationOperation { TargetMethod.Name: "ReadAllText" })
        {
            return null;
        }

        return OfRead((IInvocationOperation)value, types, configureAwait);
    }

    /// <summary>
    /// <paramref name="read"/> as a read of a file's text: <c>File.ReadAllText</c>, or <c>File.ReadAllTextAsync</c>
    /// whose task a project method hands back (a summary's read, awaited by the caller); null for any other call.
    /// </summary>
    public static FileTextRead? OfRead(IInvocationOperation read, WellKnownIoTypes types, IInvocationOperation? configureAwait = null)
    {
        if (read.TargetMethod.Name is not ("ReadAllText" or "ReadAllTextAsync") ||
            !read.TargetMethod.IsStatic || !WellKnownIoTypes.Is(read.TargetMethod.ContainingType, types.File) ||
            read.Arguments.GetArgument(0)?.Value is not { } path)
        {
            return null;
        }

        IOperation? encoding = null;
        IOperation? token = null;
        foreach (var argument in read.Arguments)
        {
            if (argument.ArgumentKind == ArgumentKind.DefaultValue || argument.Parameter is not { } parameter)
            {
                continue;
            }

            if (WellKnownIoTypes.Is(parameter.Type, types.Encoding))
            {
                encoding = argument.Value;
            }
            else if (DocumentParser.IsCancellationToken(parameter.Type))
            {
                token = argument.Value;
            }
        }

        return new FileTextRead(read, path, encoding, token, configureAwait);
    }

    /// <summary>
    /// True when <see cref="Encoding"/> is absent or certainly UTF-8 (<c>Encoding.UTF8</c>, <c>new UTF8Encoding(...)</c>):
    /// the only encoding System.Text.Json reads from a stream. Any other, or one the code computes, is not.
    /// </summary>
    public bool DecodesAsUtf8()
    {
        switch (Encoding?.WalkDownConversions())
        {
            case null:
                return true;
            case IPropertyReferenceOperation { Property: { Name: "UTF8", IsStatic: true } property }:
                return property.ContainingType is { Name: "Encoding", ContainingNamespace.Name: "Text" };
            case IObjectCreationOperation { Type: { Name: "UTF8Encoding", ContainingNamespace.Name: "Text" } }:
                return true;
            default:
                return false;
        }
    }
}
