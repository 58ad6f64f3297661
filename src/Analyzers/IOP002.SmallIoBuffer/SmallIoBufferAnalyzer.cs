using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Threading;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002: compile-time-constant I/O buffer sizes below the configured minimum where a file is read or written
/// sequentially (claims C4, C13, C17): the bytes asked for per read in a loop, the buffer sizes of
/// <c>FileStream</c>/<c>StreamReader</c>/<c>StreamWriter</c>/<c>BufferedStream</c> used in a loop, and <c>CopyTo</c>'s.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SmallIoBufferAnalyzer : DiagnosticAnalyzer
{
    /// <summary>The largest <c>stackalloc</c> a fix may produce.</summary>
    public const int MaxStackAllocBytes = 1024;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.SmallIoBuffer);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            // In a test project a buffer or chunk size is usually a test parameter (a decoder fed one byte at a time, a
            // filter fed 4 KiB chunks) and the files are fixtures: not where sequential I/O cost matters.
            var types = WellKnownIoTypes.For(start.Compilation);
            if (types.File is null || types.FileStream is null || IoModel.For(start.Compilation).IsTestProject(start.Options))
            {
                return;
            }

            // The project's own methods that read a file in chunks into a buffer they are given, when reaching across
            // methods is on (made once per compilation).
            var model = IoModel.For(start.Compilation);
            var chunkReaders = model.ReachesAcrossMethods(start.Options) ? new FileChunkReaders(start.Compilation, model) : null;

            start.RegisterOperationAction(c => AnalyzeCreation(c, types), OperationKind.ObjectCreation);
            start.RegisterOperationAction(c => AnalyzeInvocation(c, types, chunkReaders), OperationKind.Invocation);
        });
    }

    private static void AnalyzeCreation(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (creation.Type?.Name is not ("FileStream" or "StreamReader" or "StreamWriter" or "BufferedStream") ||
            creation.Constructor is not { } constructor ||
            creation.Syntax.ContainsDiagnostics)
        {
            return;
        }

        IOperation? bufferSize;
        if (FileOpening.TryCreate(creation, types, context.CancellationToken) is { } opening)
        {
            if (opening.DeclaresRandomAccess)
            {
                return; // the code seeks between reads: a bigger buffer reads more bytes it will not use
            }

            bufferSize = opening.BufferSize;
        }
        else if (creation.Arguments.GetArgument("bufferSize")?.Value is { } wrapperBufferSize &&
                 (WellKnownIoTypes.Is(creation.Type, types.StreamReader) || WellKnownIoTypes.Is(creation.Type, types.StreamWriter) ||
                  WellKnownIoTypes.Is(creation.Type, types.BufferedStream)) &&
                 constructor.Parameters.Length > 0 && IsFile(creation.Arguments.GetArgument(0)?.Value, types, context.CancellationToken))
        {
            // A reader, writer or BufferedStream over a file stream, given a buffer size. Without one there is nothing to
            // report, so the stream is not traced (tracing a local can walk the whole method: 50 us per reader or writer
            // over a MemoryStream in CsvHelper's tests, where they are created by the hundred).
            bufferSize = wrapperBufferSize;
        }
        else
        {
            return;
        }

        AnalyzeStreamBuffer(context, creation, bufferSize, types);
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, WellKnownIoTypes types, FileChunkReaders? chunkReaders)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        // The called name first (one set lookup: a reader's name, DeclaredNames), then the arguments, then the assembly (a
        // referenced library's method creates its parameter symbols when asked for them); a stream's own Read/Write
        // override is a stream read (below), not a helper.
        if (chunkReaders is not null &&
            chunkReaders.MayBeNamed(method.Name) &&
            HandsABufferSizedInThisMethod(invocation) &&
            SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, context.Compilation.Assembly) &&
            FileChunkReaders.TakesAByteBuffer(method) &&
            !WellKnownIoTypes.DerivesFrom(method.ContainingType, types.Stream))
        {
            AnalyzeHandedBuffer(context, invocation, types, chunkReaders);
        }

        switch (method.Name)
        {
            case "Create" when WellKnownIoTypes.Is(method.ContainingType, types.File):
            case "Open" when WellKnownIoTypes.Is(method.ContainingType, types.File) || WellKnownIoTypes.Is(method.ContainingType, types.FileInfo):
                if (!invocation.Syntax.ContainsDiagnostics && FileOpening.TryCreate(invocation, types, context.CancellationToken) is { BufferSize: { } size, DeclaresRandomAccess: false })
                {
                    AnalyzeStreamBuffer(context, invocation, size, types);
                }

                return;

            case "CopyTo" or "CopyToAsync" when WellKnownIoTypes.DerivesFrom(method.ContainingType, types.Stream):
                AnalyzeCopy(context, invocation, types);
                return;

            case "Read" or "ReadAsync" or "ReadAtLeast" or "ReadAtLeastAsync":
                AnalyzeRead(context, invocation, types);
                return;
        }
    }

    /// <summary>A stream, reader or writer created with a small buffer: reported when it is then read or written in a loop.</summary>
    private static void AnalyzeStreamBuffer(OperationAnalysisContext context, IOperation creation, IOperation? bufferSize, WellKnownIoTypes types)
    {
        // 0 and 1 turn FileStream's buffer off (right in front of large reads); negative values ask for the default.
        var size = BufferSizes.OfInteger(bufferSize, context.CancellationToken);
        var minimum = GetMinimum(context, creation);
        if (bufferSize is null || size is null || size.Bytes < 2 || size.Bytes >= minimum)
        {
            return;
        }

        var uses = FileUses.Collect(creation, types, context.Compilation, context.CancellationToken);
        var isFileStream = creation.Type is { } type && (WellKnownIoTypes.Is(type, types.FileStream) || WellKnownIoTypes.Is(type, types.BufferedStream));
        foreach (var use in uses.Uses)
        {
            if (!use.Operation.IsRepeatedWithout(creation))
            {
                continue;
            }

            // A stream's own buffer is bypassed by reads and writes at least as large as the minimum.
            if (isFileStream && use.Operation is IInvocationOperation call && use.Receiver.Type is { } receiverType &&
                SymbolEqualityComparer.Default.Equals(receiverType, creation.Type) &&
                GetRequestedSize(call, types, context.CancellationToken) is { } requested && requested.Bytes >= minimum)
            {
                continue;
            }

            Report(context, bufferSize, size, minimum, nameof(Resources.IOP002_StreamBuffer), creation.Type?.Name ?? "stream");
            return;
        }
    }

    private static void AnalyzeCopy(OperationAnalysisContext context, IInvocationOperation copy, WellKnownIoTypes types)
    {
        var bufferSize = copy.Arguments.GetArgument("bufferSize")?.Value;
        var destination = copy.Arguments.GetArgument("destination")?.Value;
        if (bufferSize is null || copy.Syntax.ContainsDiagnostics ||
            !(IsFile(copy.Instance, types, context.CancellationToken) || IsFile(destination, types, context.CancellationToken)))
        {
            return;
        }

        var size = BufferSizes.OfInteger(bufferSize, context.CancellationToken);
        var minimum = GetMinimum(context, copy);
        if (size is not null && size.Bytes >= 1 && size.Bytes < minimum)
        {
            Report(context, bufferSize, size, minimum, nameof(Resources.IOP002_CopyBuffer), copy.TargetMethod.Name);
        }
    }

    /// <summary>
    /// A read from a file in a loop that reads it front to back - one read per iteration whose count drives the loop -
    /// asking for fewer bytes than the minimum. A loop that reads several fields per iteration reads records, not chunks.
    /// </summary>
    private static void AnalyzeRead(OperationAnalysisContext context, IInvocationOperation read, WellKnownIoTypes types)
    {
        if (ChunkedStream(read, types, streamMayBeAParameter: false, context.CancellationToken, out var isRandomAccess) is null)
        {
            return;
        }

        var size = BufferSizes.OfRead(read, isRandomAccess ? 1 : 0, types, context.CancellationToken, out var sizeArgument);
        var minimum = GetMinimum(context, read);
        if (size is null || sizeArgument is null || size.Bytes < 1 || size.Bytes >= minimum)
        {
            return;
        }

        Report(context, sizeArgument.Syntax, size, minimum, nameof(Resources.IOP002_ReadBuffer), read.TargetMethod.Name);
    }

    /// <summary>
    /// A small buffer handed to a method of the compilation that reads a file in chunks into it
    /// (<see cref="FileChunkReaders"/>): the caller chose the bytes each of its reads asks for. Reported at the argument;
    /// the fix writes the minimum where the caller spelled the size, as for a read in the caller's own loop.
    /// </summary>
    private static void AnalyzeHandedBuffer(OperationAnalysisContext context, IInvocationOperation call, WellKnownIoTypes types, FileChunkReaders chunkReaders)
    {
        // The call hands on a buffer allocated here (its syntax, checked by the caller); then the called method's
        // declaration (a look remembered for the compilation) and its summary (its body bound once); only then the
        // argument's size, which binds the size expression: asked per call, it cost more on sharpcompress than
        // summarising the few methods a local buffer is handed to.
        if (call.Syntax.ContainsDiagnostics ||
            !chunkReaders.MayHaveOne(call.TargetMethod, context.CancellationToken) ||
            chunkReaders.Of(call.TargetMethod, context.CancellationToken) is not { } reader ||
            ArgumentFor(call, reader.BufferOrdinal) is not { } buffer ||
            !MayHaveAKnownSize(buffer, context.CancellationToken) ||
            BufferSizes.OfBuffer(buffer, types, context.CancellationToken) is not { Bytes: >= 1 } size)
        {
            return;
        }

        var minimum = GetMinimum(context, call); // the options are read only for a buffer of known size
        if (size.Bytes >= minimum ||
            reader.StreamOrdinal >= 0 && !IsFile(ArgumentFor(call, reader.StreamOrdinal), types, context.CancellationToken))
        {
            return;
        }

        Report(context, buffer.Syntax, size, minimum, nameof(Resources.IOP002_HandedBuffer), reader.ReadName, call.TargetMethod.Name);
    }

    /// <summary>
    /// A call hands on a byte buffer (<c>byte[]</c>, <c>Span&lt;byte&gt;</c>, <c>Memory&lt;byte&gt;</c>) that this method
    /// allocates, rents or slices, or holds in a local initialised by one (<see cref="IsAllocatedHere"/>): the only
    /// buffers whose size the caller may be seen to choose. Asked of every call while reaching across methods: syntax and
    /// kinds only, settled before the argument's type, and all of it before the called method's assembly, parameters
    /// and summary - a compression library hands its fields and parameters on from thousands of calls.
    /// </summary>
    private static bool HandsABufferSizedInThisMethod(IInvocationOperation call)
    {
        foreach (var argument in call.Arguments)
        {
            if (argument.ArgumentKind == ArgumentKind.Explicit && IsAllocatedHere(argument.Value) && FileChunkReaders.IsByteBuffer(argument.Value.Type))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// An allocation, a rent or a whole-array span, or a local whose declaration initialises it with one: the shapes
    /// <see cref="MayHaveAKnownSize"/> then asks the size of (syntax only; nothing is bound).
    /// </summary>
    private static bool IsAllocatedHere(IOperation argument) => argument.WalkDownConversions() switch
    {
        IArrayCreationOperation => true,
        IInvocationOperation { TargetMethod.Name: "Rent" or "AsSpan" or "AsMemory" } => true,
        ILocalReferenceOperation { Local: var local } => InitializerOf(local) is { } initializer && SizeExpressionOf(initializer) is not null,
        var other => other.Syntax is StackAllocArrayCreationExpressionSyntax,
    };

    /// <summary>
    /// A look at the argument before its size is traced: a shape <see cref="IsAllocatedHere"/> accepts, a local's only when
    /// its size is a constant or a name that may hold one (tracing a local walks its method, once per call that hands it on).
    /// </summary>
    private static bool MayHaveAKnownSize(IOperation argument, CancellationToken cancellationToken) =>
        argument.WalkDownConversions() is ILocalReferenceOperation { Local: var local } reference
            ? reference.SemanticModel is { } model && InitializerOf(local) is { } initializer && SizeExpressionOf(initializer) is { } size &&
              MayBeAKnownInteger(size, model, cancellationToken)
            : IsAllocatedHere(argument);

    private static ExpressionSyntax? InitializerOf(ILocalSymbol local) =>
        local.DeclaringSyntaxReferences is { Length: 1 } declarations && declarations[0].GetSyntax() is VariableDeclaratorSyntax { Initializer.Value: var initializer }
            ? initializer
            : null;

    /// <summary>
    /// The <c>n</c> of <c>new byte[n]</c>, <c>stackalloc byte[n]</c>, <c>ArrayPool&lt;byte&gt;.Shared.Rent(n)</c> or a
    /// whole-array <c>AsSpan()</c>/<c>AsMemory()</c> of one; null for any other initialiser.
    /// </summary>
    private static ExpressionSyntax? SizeExpressionOf(ExpressionSyntax initializer) => initializer switch
    {
        ArrayCreationExpressionSyntax { Type.RankSpecifiers: { Count: 1 } ranks } when ranks[0].Sizes.Count == 1 => ranks[0].Sizes[0],
        StackAllocArrayCreationExpressionSyntax { Type: ArrayTypeSyntax { RankSpecifiers: { Count: 1 } ranks } } when ranks[0].Sizes.Count == 1 => ranks[0].Sizes[0],
        InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Rent" }, ArgumentList.Arguments: { Count: 1 } arguments } =>
            arguments[0].Expression,
        InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "AsSpan" or "AsMemory", Expression: var array }, ArgumentList.Arguments.Count: 0 } =>
            SizeExpressionOf(array),
        _ => null,
    };

    /// <summary>A constant, or a name of a local, a static readonly field or a property (which may hold one).</summary>
    private static bool MayBeAKnownInteger(ExpressionSyntax size, SemanticModel model, CancellationToken cancellationToken) =>
        model.GetConstantValue(size, cancellationToken).HasValue ||
        size is IdentifierNameSyntax or MemberAccessExpressionSyntax &&
        model.GetSymbolInfo(size, cancellationToken).Symbol is ILocalSymbol or IFieldSymbol { IsStatic: true, IsReadOnly: true } or IPropertySymbol { IsStatic: true };

    private static IOperation? ArgumentFor(IInvocationOperation call, int ordinal) =>
        call.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == ordinal && a.ArgumentKind == ArgumentKind.Explicit)?.Value;

    /// <summary>
    /// The stream (or handle) <paramref name="read"/> reads when it is one chunk of a loop that reads one file front to
    /// back: one read per iteration, its count compared with 0, the stream opened outside the loop, no seeking, no second
    /// stream, no exit on what was read. With <paramref name="streamMayBeAParameter"/>, a <c>Stream</c> parameter also
    /// counts (its callers say whether it is a file: <see cref="FileChunkReaders"/>). Null otherwise.
    /// </summary>
    internal static IOperation? ChunkedStream(IInvocationOperation read, WellKnownIoTypes types, bool streamMayBeAParameter, CancellationToken cancellationToken, out bool isRandomAccess)
    {
        isRandomAccess = WellKnownIoTypes.Is(read.TargetMethod.ContainingType, types.RandomAccess);
        if (isRandomAccess ? read.TargetMethod.Name is not ("Read" or "ReadAsync") : !WellKnownIoTypes.DerivesFrom(read.TargetMethod.ContainingType, types.Stream))
        {
            return null;
        }

        var file = isRandomAccess ? read.Arguments.GetArgument(0)?.Value : read.Instance;
        var buffer = read.Arguments.GetArgument(isRandomAccess ? 1 : 0)?.Value;
        if (file is null || read.Syntax.ContainsDiagnostics || read.GetEnclosingLoop() is not { } loop ||
            !ReadsChunksToTheEnd(read, loop) ||
            !(isRandomAccess || IsFile(file, types, cancellationToken) || streamMayBeAParameter && IsStreamParameter(file, types)) ||
            !IsDeclaredOutside(file, loop) ||
            !ReadsSequentially(loop, read, file) ||
            ReadsAnotherStream(loop, read, file, types) ||
            StopsOnWhatItRead(loop, buffer) ||
            ReadsRecordsIgnoringTheCount(read, loop, buffer))
        {
            return null;
        }

        return file;
    }

    private static bool IsStreamParameter(IOperation stream, WellKnownIoTypes types) =>
        stream.WalkDownConversions() is IParameterReferenceOperation { Parameter: { RefKind: RefKind.None } parameter } &&
        WellKnownIoTypes.DerivesFrom(parameter.Type, types.Stream);

    /// <summary>
    /// A loop that also reads a second stream reads the two in lockstep - a comparison that stops at the first
    /// difference, or a merge - and its chunk size is part of that logic, not a copy's buffer.
    /// </summary>
    private static bool ReadsAnotherStream(ILoopOperation loop, IInvocationOperation read, IOperation file, WellKnownIoTypes types)
    {
        var fileSymbol = file.GetReferencedSymbol();
        foreach (var operation in loop.OperationsBelow())
        {
            if (operation is IInvocationOperation { TargetMethod.Name: "Read" or "ReadAsync" or "ReadAtLeast" or "ReadAtLeastAsync" or "ReadExactly" or "ReadExactlyAsync", Instance: { } other } call &&
                call != read &&
                WellKnownIoTypes.DerivesFrom(other.Type, types.Stream) &&
                !SymbolEqualityComparer.Default.Equals(other.GetReferencedSymbol(), fileSymbol))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A read whose count is only compared with 0 while the loop reads what the buffer holds - the OpenSubtitles hash sums
    /// the file's first 64 KiB as <c>BitConverter.ToInt64(buffer, 0)</c> after each 8-byte read - takes every read for a
    /// whole record of the size it asked for: that size is the record's, not a buffer's, and a bigger one would change
    /// what each iteration sees. A loop that keeps the count (<c>n = Read(...)</c>) or never looks at the bytes (a drain)
    /// still counts.
    /// </summary>
    private static bool ReadsRecordsIgnoringTheCount(IInvocationOperation read, ILoopOperation loop, IOperation? bufferArgument)
    {
        if (!IsComparedWithZero(WhereTheCountGoes(read, out var count), count) || BufferSymbol(bufferArgument) is not { } buffer)
        {
            return false;
        }

        foreach (var operation in loop.Body.OperationsBelow())
        {
            if (ReadsTheBytes(operation, buffer) && !read.Syntax.Span.Contains(operation.Syntax.Span))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The operation the read's count is handed to, past conversions and an <c>await</c>; <paramref name="count"/> is the
    /// operand that holds it there.
    /// </summary>
    private static IOperation? WhereTheCountGoes(IInvocationOperation read, out IOperation count)
    {
        var value = read.GetParentSkippingConversions(out count);
        if (value is IAwaitOperation awaited)
        {
            value = awaited.GetParentSkippingConversions(out count);
        }

        return value;
    }

    /// <summary>A reference to the buffer that reads what it holds (not its <c>Length</c>).</summary>
    private static bool ReadsTheBytes(IOperation operation, ISymbol buffer) =>
        SymbolEqualityComparer.Default.Equals(operation.GetReferencedSymbol(), buffer) &&
        operation.Parent is not IPropertyReferenceOperation { Property.Name: "Length" or "LongLength" };

    /// <summary>
    /// A loop that can leave on what it read - <c>if (buffer[i] != 0) return false;</c>, a match, a difference - is a scan
    /// that usually ends in its first read (a check for zeros, a search, a comparison), not a pass over the whole file.
    /// Exits that look only at the count (<c>if (n == 0) break;</c>, <c>if (n &lt; buffer.Length) break;</c>) do not count.
    /// </summary>
    private static bool StopsOnWhatItRead(ILoopOperation loop, IOperation? bufferArgument)
    {
        if (BufferSymbol(bufferArgument) is not { } buffer)
        {
            return false;
        }

        foreach (var operation in loop.Body.OperationsBelow())
        {
            if (!operation.LeavesLoop(loop) || operation.GetEnclosingFunctionBody() != loop.GetEnclosingFunctionBody())
            {
                continue;
            }

            for (IOperation? current = operation, parent = operation.Parent; parent is not null && current != loop; current = parent, parent = parent.Parent)
            {
                if (parent is IConditionalOperation conditional && conditional.Condition != current && ReadsContents(conditional.Condition, buffer))
                {
                    return true;
                }
            }
        }

        return false;

        static bool ReadsContents(IOperation condition, ISymbol buffer) =>
            condition.AllOperations().Any(reference => ReadsTheBytes(reference, buffer));
    }

    /// <summary>The array (or span) variable a read fills: <c>buffer</c>, <c>buffer.AsSpan(0, n)</c>, <c>memory.Slice(...)</c>.</summary>
    private static ISymbol? BufferSymbol(IOperation? value)
    {
        for (var depth = 0; value is not null && depth < 4; depth++)
        {
            value = value.WalkDownConversions();
            if (value is IInvocationOperation { TargetMethod.Name: "AsSpan" or "AsMemory" or "Slice" } slice)
            {
                value = slice.Instance ?? slice.Arguments.GetArgument(0)?.Value;
                continue;
            }

            return value.GetReferencedSymbol();
        }

        return null;
    }

    private static KnownSize? GetRequestedSize(IInvocationOperation call, WellKnownIoTypes types, CancellationToken cancellationToken)
    {
        var isRandomAccess = WellKnownIoTypes.Is(call.TargetMethod.ContainingType, types.RandomAccess);
        return call.TargetMethod.Name.StartsWith("Read", System.StringComparison.Ordinal) || call.TargetMethod.Name.StartsWith("Write", System.StringComparison.Ordinal)
            ? BufferSizes.OfRead(call, isRandomAccess ? 1 : 0, types, cancellationToken)
            : null;
    }

    /// <summary>
    /// True when the loop reads chunks until the end of the file: the count the read returns is compared with 0
    /// (<c>while ((n = stream.Read(buffer)) &gt; 0)</c>, <c>if (n == 0) break;</c>). A loop that compares it with the
    /// record size (<c>while (stream.Read(header, 0, 4) == 4)</c>) reads records, and a bigger buffer would change what
    /// it does.
    /// </summary>
    private static bool ReadsChunksToTheEnd(IInvocationOperation read, ILoopOperation loop)
    {
        var value = WhereTheCountGoes(read, out var child);
        if (IsComparedWithZero(value, child))
        {
            return true;
        }

        ILocalSymbol? count = value switch
        {
            ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } => target.Local,
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol,
            _ => null,
        };
        if (count is null)
        {
            return false;
        }

        if (value is ISimpleAssignmentOperation assignment && IsComparedWithZero(assignment.GetParentSkippingConversions(out var assigned), assigned))
        {
            return true;
        }

        foreach (var operation in loop.OperationsBelow())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, count) &&
                IsComparedWithZero(reference.GetParentSkippingConversions(out var compared), compared))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsComparedWithZero(IOperation? parent, IOperation operand) =>
        parent is IBinaryOperation { OperatorKind: BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual or BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual or BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } comparison &&
        (comparison.LeftOperand == operand ? comparison.RightOperand : comparison.LeftOperand).WalkDownConversions().ConstantValue is { HasValue: true, Value: 0 or 0L };

    /// <summary>The stream (or handle) was not created inside the loop: the loop reads one file, chunk after chunk.</summary>
    private static bool IsDeclaredOutside(IOperation file, ILoopOperation loop) => file.WalkDownConversions() switch
    {
        ILocalReferenceOperation local => local.Local.DeclaringSyntaxReferences.Length == 1 && !loop.Syntax.Span.Contains(local.Local.DeclaringSyntaxReferences[0].Span),
        IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation => true,
        _ => false,
    };

    /// <summary>One read of this file per iteration, and no seeking in the loop.</summary>
    private static bool ReadsSequentially(ILoopOperation loop, IInvocationOperation read, IOperation file)
    {
        var target = file.GetReferencedSymbol();
        if (target is null)
        {
            return false;
        }

        foreach (var operation in loop.OperationsBelow())
        {
            switch (operation)
            {
                case IInvocationOperation other when other != read && other.TargetMethod.Name.StartsWith("Read", System.StringComparison.Ordinal) &&
                                                     (Is(other.Instance, target) || other.Arguments.Any(a => Is(a.Value, target))):
                case IInvocationOperation { TargetMethod.Name: "Seek" } seek when Is(seek.Instance, target):
                case IPropertyReferenceOperation { Property.Name: "Position" } position when Is(position.Instance, target) && position.Parent is IAssignmentOperation:
                    return false;
            }
        }

        return true;

        static bool Is(IOperation? operation, ISymbol target) =>
            operation is not null && SymbolEqualityComparer.Default.Equals(operation.GetReferencedSymbol(), target);
    }

    /// <summary>True when <paramref name="stream"/> is a file: a <c>FileStream</c> by type, or a local assigned once from a file opening.</summary>
    internal static bool IsFile(IOperation? stream, WellKnownIoTypes types, CancellationToken cancellationToken)
    {
        if (stream is null)
        {
            return false;
        }

        var value = stream.WalkDownConversions();
        if (WellKnownIoTypes.DerivesFrom(value.Type, types.FileStream))
        {
            return true;
        }

        if (value is ILocalReferenceOperation local)
        {
            value = LocalValues.GetSingleAssignedValue(local.Local, value.GetRoot(), cancellationToken)?.WalkDownConversions() ?? value;
        }

        return value is IObjectCreationOperation or IInvocationOperation &&
               FileOpening.TryCreate(value, types, cancellationToken) is { IsHandle: false } opening &&
               WellKnownIoTypes.DerivesFrom(opening.Creation.Type, types.Stream);
    }

    private static int GetMinimum(OperationAnalysisContext context, IOperation operation) =>
        MinimumBufferSize.For(context.Options, operation.Syntax.SyntaxTree);

    private static void Report(OperationAnalysisContext context, IOperation at, KnownSize size, int minimum, string what, string name) =>
        Report(context, at.GetWrittenSyntax(), size, minimum, what, name);

    private static void Report(OperationAnalysisContext context, SyntaxNode at, KnownSize size, int minimum, string what, params string[] names)
    {
        var newSize = MinimumBufferSize.RoundedUp(minimum);
        var fixable = size.Fixable && size.FixTargets.Count > 0 && !(size.IsStackAlloc && newSize > MaxStackAllocBytes);
        var properties = fixable
            ? MinimumBufferSize.NewSize.With(ImmutableDictionary<string, string?>.Empty, newSize)
            : ImmutableDictionary<string, string?>.Empty;
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.SmallIoBuffer,
            at.GetLocation(),
            fixable ? size.FixTargets.Select(target => target.GetLocation()) : Enumerable.Empty<Location>(),
            properties,
            Rules.Format(what, names),
            size.Bytes.ToString(CultureInfo.InvariantCulture),
            minimum.ToString(CultureInfo.InvariantCulture)));
    }
}
