using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>How one use of an opened file touches it.</summary>
internal enum FileUseKind
{
    /// <summary>A synchronous read or write (<c>Read</c>, <c>Write</c>, <c>ReadLine</c>, <c>CopyTo</c>, <c>RandomAccess.Read</c>, ...).</summary>
    SynchronousIo,

    /// <summary>An asynchronous read, write, flush or dispose (<c>ReadAsync</c>, <c>await using</c>, <c>BeginRead</c>, ...).</summary>
    AsynchronousIo,
}

/// <summary>One read or write on an opened file, directly or through a reader/writer wrapped around it.</summary>
internal readonly struct FileUse
{
    public FileUse(IOperation operation, FileUseKind kind, string member, IOperation receiver)
    {
        Operation = operation;
        Kind = kind;
        Member = member;
        Receiver = receiver;
    }

    /// <summary>The invocation, property reference or <c>using</c> that does the I/O.</summary>
    public IOperation Operation { get; }

    public FileUseKind Kind { get; }

    public string Member { get; }

    /// <summary>The reference to the stream, handle or wrapper the I/O goes through.</summary>
    public IOperation Receiver { get; }
}

/// <summary>
/// Follows an opened file (see <see cref="FileOpening"/>) from where it is created to every read and write, through
/// locals, <c>using</c> declarations and statements, private fields of the same type, and the readers, writers and
/// streams wrapped around it. When the file goes somewhere the analysis cannot follow - returned, passed to another
/// method, stored in a visible field or property, captured by a lambda - it <see cref="Escapes"/>, and the rules that
/// depend on knowing every use stay silent.
/// </summary>
internal sealed class FileUses
{
    private const int MaxWrapperDepth = 4;

    private readonly WellKnownIoTypes _types;
    private readonly CancellationToken _cancellationToken;
    private readonly List<FileUse> _uses = new();
    private readonly List<IOperation> _autoFlushSets = new();

    private readonly bool _throughLambdasAndBaseStream;

    private FileUses(WellKnownIoTypes types, bool throughLambdasAndBaseStream, CancellationToken cancellationToken)
    {
        _types = types;
        _throughLambdasAndBaseStream = throughLambdasAndBaseStream;
        _cancellationToken = cancellationToken;
    }

    public IReadOnlyList<FileUse> Uses => _uses;

    /// <summary>The <c>AutoFlush = true</c> assignments on a writer around the file, wherever in the type they are.</summary>
    public IReadOnlyList<IOperation> AutoFlushSets => _autoFlushSets;

    /// <summary>True when a writer's or reader's <c>BaseStream</c> is used: bytes go to the file around the text.</summary>
    public bool BaseStreamUsed { get; private set; }

    /// <summary>True when the file goes somewhere the analysis cannot see.</summary>
    public bool Escapes { get; private set; }

    /// <summary>The local or private field the file was stored in, if any (for messages).</summary>
    public ISymbol? Holder { get; private set; }

    /// <summary>
    /// Collects the file's uses. With <paramref name="throughLambdasAndBaseStream"/>, uses inside lambdas and local
    /// functions of the same method (<c>Parallel.For(..., i =&gt; stream.Read(...))</c>) and through a reader's or writer's
    /// <c>BaseStream</c> count as the file's own instead of making it escape - for a rule that asks how the file is read
    /// and written, not when (IOP001); the others keep the stricter view, as their fixes reorder writes and flushes.
    /// </summary>
    public static FileUses Collect(IOperation creation, WellKnownIoTypes types, Compilation compilation, CancellationToken cancellationToken, bool throughLambdasAndBaseStream = false)
    {
        var uses = new FileUses(types, throughLambdasAndBaseStream, cancellationToken);
        uses.FollowValue(creation, compilation, depth: 0);
        return uses;
    }

    /// <summary>Follows a value (a creation, or a wrapper around it) to where it is stored or used.</summary>
    private void FollowValue(IOperation value, Compilation compilation, int depth)
    {
        if (depth > MaxWrapperDepth)
        {
            Escapes = true;
            return;
        }

        var parent = value.GetParentSkippingConversions(out var child);
        switch (parent)
        {
            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                if (declarator.Parent?.Parent?.Parent is IUsingDeclarationOperation { IsAsynchronous: true } or IUsingOperation { IsAsynchronous: true })
                {
                    // await using: DisposeAsync flushes a writer asynchronously.
                    _uses.Add(new FileUse(declarator, FileUseKind.AsynchronousIo, "DisposeAsync", value));
                }

                FollowLocal(declarator.Symbol, value, compilation, depth);
                return;

            case IVariableInitializerOperation { Parent: IVariableDeclarationOperation { Declarators.Length: 1 } declaration }:
                FollowLocal(declaration.Declarators[0].Symbol, value, compilation, depth);
                return;

            case ISimpleAssignmentOperation assignment when assignment.Value == child:
                switch (assignment.Target)
                {
                    case ILocalReferenceOperation local:
                        FollowLocal(local.Local, value, compilation, depth);
                        return;
                    case IFieldReferenceOperation field when IsTrackableField(field.Field, value):
                        FollowField(field.Field, assignment, compilation, depth);
                        return;
                }

                Escapes = true;
                return;

            case IFieldInitializerOperation { InitializedFields.Length: 1 } initializer when IsTrackableField(initializer.InitializedFields[0], value):
                // private readonly FileStream _file = new FileStream(...): the field holds it from construction on.
                FollowField(initializer.InitializedFields[0], creatingAssignment: null, compilation, depth);
                return;

            case IUsingOperation:
                // using (new FileStream(...)) { } - opened and closed, never used.
                return;

            default:
                ClassifyUse(child, compilation, depth);
                return;
        }
    }

    private void FollowLocal(ILocalSymbol local, IOperation value, Compilation compilation, int depth)
    {
        Holder ??= local;
        var root = value.GetRoot();
        if (LocalValues.GetSingleAssignedValue(local, root, _cancellationToken) is not { } assigned ||
            assigned.WalkDownConversions() != value.WalkDownConversions())
        {
            // Reassigned: which stream a later use sees is not known.
            Escapes = true;
            return;
        }

        var function = value.GetEnclosingFunctionBody();
        foreach (var operation in LocalReferences.Of(root).Of(local))
        {
            _cancellationToken.ThrowIfCancellationRequested();
            if (operation is not ILocalReferenceOperation reference ||
                reference.Parent is ISimpleAssignmentOperation { Target: var target } && target == reference)
            {
                continue;
            }

            if (reference.GetEnclosingFunctionBody() != function && !_throughLambdasAndBaseStream)
            {
                // Captured by a lambda or local function, which may run later or on another thread.
                Escapes = true;
                return;
            }

            ClassifyUse(reference, compilation, depth);
        }
    }

    /// <summary>A private field of the type that creates the file: every reference is in that type's declarations.</summary>
    private static bool IsTrackableField(IFieldSymbol field, IOperation value) =>
        field.DeclaredAccessibility == Accessibility.Private &&
        !field.IsConst &&
        field.DeclaringSyntaxReferences.Length > 0 &&
        SymbolEqualityComparer.Default.Equals(field.ContainingType, value.SemanticModel?.GetEnclosingSymbol(value.Syntax.SpanStart)?.ContainingType);

#pragma warning disable RS1030 // The field's other uses are in other members (and maybe other files) of the same type: only a semantic model of those trees can see them. Reached only for a private field that holds a file opened in a way a rule cares about.
    private void FollowField(IFieldSymbol field, ISimpleAssignmentOperation? creatingAssignment, Compilation compilation, int depth)
    {
        Holder ??= field;
        foreach (var typeReference in field.ContainingType.DeclaringSyntaxReferences)
        {
            var typeSyntax = typeReference.GetSyntax(_cancellationToken);
            var model = compilation.GetSemanticModel(typeSyntax.SyntaxTree);
            foreach (var node in typeSyntax.DescendantNodes())
            {
                _cancellationToken.ThrowIfCancellationRequested();
                if (node is not Microsoft.CodeAnalysis.CSharp.Syntax.IdentifierNameSyntax identifier ||
                    identifier.Identifier.ValueText != field.Name ||
                    model.GetOperation(identifier, _cancellationToken) is not IFieldReferenceOperation reference ||
                    !SymbolEqualityComparer.Default.Equals(reference.Field, field))
                {
                    continue;
                }

                if (reference.Parent is ISimpleAssignmentOperation assignment && assignment.Target == reference)
                {
                    // The creating assignment, or clearing the field (_stream = null) on dispose; any other stream stored
                    // in the field makes its uses ambiguous.
                    if (assignment.Syntax != creatingAssignment?.Syntax && !assignment.Value.WalkDownConversions().ConstantValue.HasValue)
                    {
                        Escapes = true;
                        return;
                    }

                    continue;
                }

                if (reference.GetEnclosingFunctionBody() is IAnonymousFunctionOperation or ILocalFunctionOperation && !_throughLambdasAndBaseStream)
                {
                    Escapes = true;
                    return;
                }

                ClassifyUse(reference, compilation, depth);
            }
        }
    }
#pragma warning restore RS1030

    /// <summary>Classifies one use of the file (or of a wrapper around it), given the operation that yields it.</summary>
    private void ClassifyUse(IOperation reference, Compilation compilation, int depth)
    {
        var parent = reference.GetParentSkippingConversions(out var child);
        switch (parent)
        {
            case IInvocationOperation invocation when invocation.Instance == child:
                ClassifyMember(invocation, invocation.TargetMethod.Name, child);
                return;

            case IPropertyReferenceOperation { Property.Name: "BaseStream" } property when property.Instance == child && _throughLambdasAndBaseStream:
                // reader.BaseStream is the stream the reader was built on: its uses are the file's.
                BaseStreamUsed = true;
                FollowValue(property, compilation, depth + 1);
                return;

            case IPropertyReferenceOperation property when property.Instance == child:
                ClassifyProperty(property, child);
                return;

            case IConditionalAccessOperation conditional when conditional.Operation == child:
                // stream?.Read(...): the member is applied to the conditional access's placeholder.
                foreach (var operation in conditional.WhenNotNull.AllOperations())
                {
                    if (operation is IConditionalAccessInstanceOperation placeholder)
                    {
                        ClassifyUse(placeholder, compilation, depth);
                        return;
                    }
                }

                Escapes = true;
                return;

            case IUsingOperation usingStatement:
                if (usingStatement.IsAsynchronous)
                {
                    _uses.Add(new FileUse(usingStatement, FileUseKind.AsynchronousIo, "DisposeAsync", child));
                }

                return;

            case IIsPatternOperation:
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals }:
                return;

            case IArgumentOperation argument when argument.Parent is { } callee:
                ClassifyArgument(argument, callee, child, compilation, depth);
                return;

            default:
                Escapes = true;
                return;
        }
    }

    private void ClassifyArgument(IArgumentOperation argument, IOperation callee, IOperation child, Compilation compilation, int depth)
    {
        switch (callee)
        {
            case IObjectCreationOperation { Constructor: { } constructor } creation when IsWrapper(constructor, argument):
                // A StreamReader, StreamWriter, BinaryReader, BinaryWriter, BufferedStream or FileStream(handle) around the
                // file: its reads and writes are the file's.
                FollowValue(creation, compilation, depth + 1);
                return;

            case IInvocationOperation invocation:
                var method = invocation.TargetMethod;
                if (WellKnownIoTypes.Is(method.ContainingType, _types.RandomAccess) && argument.Parameter?.Ordinal == 0)
                {
                    switch (method.Name)
                    {
                        case "Read" or "Write":
                            _uses.Add(new FileUse(invocation, FileUseKind.SynchronousIo, "RandomAccess." + method.Name, child));
                            return;
                        case "ReadAsync" or "WriteAsync":
                            _uses.Add(new FileUse(invocation, FileUseKind.AsynchronousIo, "RandomAccess." + method.Name, child));
                            return;
                        case "GetLength" or "SetLength" or "FlushToDisk":
                            return;
                    }
                }
                else if (method.Name is "CopyTo" or "CopyToAsync" &&
                         WellKnownIoTypes.DerivesFrom(method.ContainingType, _types.Stream) &&
                         argument.Parameter?.Name == "destination")
                {
                    // source.CopyTo(file) writes the file.
                    _uses.Add(new FileUse(invocation, method.Name == "CopyTo" ? FileUseKind.SynchronousIo : FileUseKind.AsynchronousIo, method.Name, child));
                    return;
                }

                break;
        }

        Escapes = true;
    }

    private bool IsWrapper(IMethodSymbol constructor, IArgumentOperation argument)
    {
        if (argument.Parameter is not { Ordinal: 0 } parameter)
        {
            return false;
        }

        var type = constructor.ContainingType;
        if (WellKnownIoTypes.Is(type, _types.FileStream))
        {
            return WellKnownIoTypes.Is(parameter.Type, _types.SafeFileHandle);
        }

        return WellKnownIoTypes.Is(parameter.Type, _types.Stream) &&
               (WellKnownIoTypes.Is(type, _types.StreamReader) || WellKnownIoTypes.Is(type, _types.StreamWriter) ||
                WellKnownIoTypes.Is(type, _types.BinaryReader) || WellKnownIoTypes.Is(type, _types.BinaryWriter) ||
                WellKnownIoTypes.Is(type, _types.BufferedStream));
    }

    private void ClassifyMember(IOperation operation, string name, IOperation receiver)
    {
        if (name.EndsWith("Async", System.StringComparison.Ordinal) || name.StartsWith("Begin", System.StringComparison.Ordinal) ||
            name.StartsWith("End", System.StringComparison.Ordinal))
        {
            _uses.Add(new FileUse(operation, FileUseKind.AsynchronousIo, name, receiver));
            return;
        }

        switch (name)
        {
            case "Dispose" or "Close" or "Seek" or "SetLength" or "Lock" or "Unlock" or "DiscardBufferedData" or
                 "GetType" or "ToString" or "Equals" or "GetHashCode":
                return;
        }

        if (name.StartsWith("Read", System.StringComparison.Ordinal) || name.StartsWith("Write", System.StringComparison.Ordinal) ||
            name is "Peek" or "CopyTo" or "Flush")
        {
            _uses.Add(new FileUse(operation, FileUseKind.SynchronousIo, name, receiver));
            return;
        }

        // A method the analysis does not know may do anything with the stream.
        Escapes = true;
    }

    private void ClassifyProperty(IPropertyReferenceOperation property, IOperation receiver)
    {
        switch (property.Property.Name)
        {
            case "EndOfStream":
                // StreamReader.EndOfStream fills the buffer when it is empty: a synchronous read.
                _uses.Add(new FileUse(property, FileUseKind.SynchronousIo, "EndOfStream", receiver));
                return;
            case "Length" or "Position" or "CanRead" or "CanWrite" or "CanSeek" or "CanTimeout" or "Name" or "IsAsync" or
                 "CurrentEncoding" or "Encoding" or "NewLine" or "FormatProvider":
                return;
            case "AutoFlush":
                if (property.Parent is ISimpleAssignmentOperation { Value.ConstantValue: { HasValue: true, Value: true } } set && set.Target == property)
                {
                    _autoFlushSets.Add(set);
                }

                return;
            default:
                // BaseStream, SafeFileHandle, Handle and the like hand the file to code the analysis does not follow.
                BaseStreamUsed |= property.Property.Name == "BaseStream";
                Escapes = true;
                return;
        }
    }
}
