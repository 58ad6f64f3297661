using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP002.SmallIoBuffer;

/// <summary>A method of the compilation that reads a file in chunks into a buffer its caller hands it (<see cref="FileChunkReaders"/>).</summary>
internal sealed class FileChunkReader : IMethodSummary<FileChunkReader>
{
    public FileChunkReader(IMethodSymbol method, int bufferOrdinal, int streamOrdinal, string readName)
    {
        Method = method;
        BufferOrdinal = bufferOrdinal;
        StreamOrdinal = streamOrdinal;
        ReadName = readName;
    }

    /// <summary>The method a caller calls.</summary>
    public IMethodSymbol Method { get; }

    /// <summary>The parameter that holds the buffer: every read in the loop asks for all of it.</summary>
    public int BufferOrdinal { get; }

    /// <summary>The <c>Stream</c> parameter read, whose argument must be a file; -1 when the method reads a file of its own.</summary>
    public int StreamOrdinal { get; }

    /// <summary>The read's name (<c>Read</c>, <c>ReadAsync</c>), for the message.</summary>
    public string ReadName { get; }

    public FileChunkReader CalledAs(IMethodSymbol called) => new(called, BufferOrdinal, StreamOrdinal, ReadName);
}

/// <summary>
/// The compilation's own methods that read a file front to back into a buffer they are given - a
/// <c>Copy(string path, byte[] buffer)</c> whose loop is <c>while ((n = stream.Read(buffer, 0, buffer.Length)) &gt; 0)</c> -
/// the cross-method half of IOP002's read shape: the caller that allocates the buffer chooses the bytes every read asks
/// for, as surely as a loop that allocates its own. A method qualifies when one of its loops reads chunks in IOP002's
/// sense (<see cref="SmallIoBufferAnalyzer.ChunkedStream"/>) from a file it opens or is typed as one, or from a
/// <c>Stream</c> parameter (its caller must then pass a file), each read asking for the whole of a buffer parameter
/// the method never assigns. Each method is summarised once per compilation, on demand; methods of other assemblies never.
/// </summary>
internal sealed class FileChunkReaders : MethodSummaries<FileChunkReader>
{
    private readonly WellKnownIoTypes _types;

    public FileChunkReaders(Compilation compilation, IoModel model)
        : base(compilation, model.MethodUses)
    {
        _types = model.Types;
    }

    /// <summary>A cheap look at a called method's signature: it takes a byte buffer (array, span or memory) by value.</summary>
    public static bool TakesAByteBuffer(IMethodSymbol method)
    {
        foreach (var parameter in method.Parameters)
        {
            if (IsByteBuffer(parameter))
            {
                return true;
            }
        }

        return false;
    }

    protected override FileChunkReader? Summarize(IMethodSymbol method, out bool complete, CancellationToken cancellationToken)
    {
        complete = true;
        if (ReadBody(method, cancellationToken) is not { } body)
        {
            return null;
        }

        FileChunkReader? found = null;
        foreach (var operation in body.OwnOperations())
        {
            if (operation is IParameterReferenceOperation { Parameter: var written } reference && LocalValues.IsWrite(reference) &&
                (IsByteBuffer(written) || WellKnownIoTypes.DerivesFrom(written.Type, _types.Stream)))
            {
                return null; // the buffer or stream the caller chose may not be the one read (Array.Resize(ref buffer, ...), s = new BufferedStream(s))
            }

            if (found is null && operation is IInvocationOperation read &&
                read.TargetMethod.Name is "Read" or "ReadAsync" or "ReadAtLeast" or "ReadAtLeastAsync" &&
                SmallIoBufferAnalyzer.ChunkedStream(read, _types, streamMayBeAParameter: true, cancellationToken, out var isRandomAccess) is { } stream &&
                WholeBufferParameter(read, isRandomAccess ? 1 : 0) is { } buffer)
            {
                var streamOrdinal = stream.WalkDownConversions() is IParameterReferenceOperation { Parameter: var parameter } && !isRandomAccess &&
                                    !SmallIoBufferAnalyzer.IsFile(stream, _types, cancellationToken)
                    ? parameter.Ordinal
                    : -1;
                found = new FileChunkReader(method, buffer.Ordinal, streamOrdinal, read.TargetMethod.Name);
            }
        }

        return found;
    }

    protected override WordList? WordsEveryOneNames => WatchedWords.StreamReads;

    /// <summary>An <c>async</c> method that reads into the buffer it is given chooses no size either.</summary>
    protected override bool AsyncQualifies => true;

    /// <summary>The method takes a byte buffer and names a read; most methods are never bound.</summary>
    protected override bool LooksLikeOne(IMethodSymbol method, MethodBodySyntax declaration) =>
        TakesAByteBuffer(method) && SyntaxText.Mentions(declaration.Node, WatchedWords.StreamReads);

    /// <summary>
    /// The buffer parameter a read fills whole: <c>Read(buffer)</c>, <c>Read(buffer.AsSpan())</c>,
    /// <c>Read(buffer, 0, buffer.Length)</c>; null for a slice or a count of its own.
    /// </summary>
    private static IParameterSymbol? WholeBufferParameter(IInvocationOperation read, int bufferOrdinal)
    {
        var buffer = read.Arguments.GetArgument(bufferOrdinal)?.Value?.WalkDownConversions();
        if (buffer is IInvocationOperation { TargetMethod.Name: "AsSpan" or "AsMemory", Arguments.Length: 1 } whole)
        {
            buffer = whole.Arguments[0].Value.WalkDownConversions();
        }

        if (buffer is not IParameterReferenceOperation { Parameter: var parameter } || !IsByteBuffer(parameter))
        {
            return null;
        }

        var hasCount = read.TargetMethod.Parameters.Length > bufferOrdinal + 2 && read.TargetMethod.Parameters[bufferOrdinal + 2].Name == "count";
        if (!hasCount)
        {
            return parameter;
        }

        return read.Arguments.GetArgument(bufferOrdinal + 1)?.Value.ConstantValue is { HasValue: true, Value: 0 } &&
               read.Arguments.GetArgument(bufferOrdinal + 2)?.Value.WalkDownConversions() is IPropertyReferenceOperation { Property.Name: "Length", Instance: IParameterReferenceOperation lengthOf } &&
               SymbolEqualityComparer.Default.Equals(lengthOf.Parameter, parameter)
            ? parameter
            : null;
    }

    /// <summary>A <c>byte[]</c>, <c>Span&lt;byte&gt;</c> or <c>Memory&lt;byte&gt;</c> parameter taken by value.</summary>
    public static bool IsByteBuffer(IParameterSymbol parameter) =>
        parameter.RefKind == RefKind.None && !parameter.IsParams && IsByteBuffer(parameter.Type);

    /// <summary>
    /// <c>byte[]</c>, <c>Span&lt;byte&gt;</c> or <c>Memory&lt;byte&gt;</c>. Asked of many arguments: a special type (string,
    /// int, bool: most arguments) and the kind are settled before any cast to an interface or any name.
    /// </summary>
    public static bool IsByteBuffer(ITypeSymbol? type)
    {
        if (type is null || type.SpecialType != SpecialType.None)
        {
            return false;
        }

        return type.TypeKind switch
        {
            TypeKind.Array => type is IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte },
            TypeKind.Struct => type is INamedTypeSymbol { Arity: 1 } named && named.TypeArguments[0].SpecialType == SpecialType.System_Byte &&
                               named.Name is "Span" or "Memory" && named.ContainingNamespace.Name == "System",
            _ => false,
        };
    }
}
