using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>Whether a file is opened for asynchronous I/O, as far as the compiler can tell.</summary>
internal enum AsyncMode
{
    Synchronous,
    Asynchronous,

    /// <summary>The flag comes from a value the compiler cannot see (a parameter, a field, a computation).</summary>
    Unknown,
}

/// <summary>
/// One place where code opens a file: <c>new FileStream(...)</c>, <c>File.Open/OpenRead/OpenWrite/Create/OpenHandle</c>,
/// <c>FileInfo.Open*</c>, or a <c>StreamReader</c>/<c>StreamWriter</c> created from a path. Says whether the file is
/// opened for asynchronous I/O and which buffer size was asked for, and where in the code each was said.
/// </summary>
internal sealed class FileOpening
{
    private const int FileOptionsAsynchronous = 0x40000000;
    private const int FileOptionsRandomAccess = 0x10000000;

    private FileOpening(IOperation creation, bool isHandle)
    {
        Creation = creation;
        IsHandle = isHandle;
    }

    /// <summary>The operation that opens the file (an object creation or an invocation).</summary>
    public IOperation Creation { get; }

    /// <summary>True for <c>File.OpenHandle</c> (a <c>SafeFileHandle</c>, used through <c>RandomAccess</c>).</summary>
    public bool IsHandle { get; }

    public AsyncMode Async { get; private set; }

    /// <summary>The value that asks for asynchronous I/O: a <c>FileOptions</c> or <c>bool</c> argument, or the value assigned to <c>FileStreamOptions.Options</c>.</summary>
    public IOperation? AsyncFlag { get; private set; }

    /// <summary>True when <see cref="AsyncFlag"/> is a <c>bool</c> (<c>useAsync</c>/<c>isAsync</c>) rather than <c>FileOptions</c>.</summary>
    public bool AsyncFlagIsBoolean { get; private set; }

    /// <summary>
    /// The options say <c>FileOptions.RandomAccess</c>: the code declares that it seeks between reads, where a larger
    /// buffer only reads more bytes it will not use.
    /// </summary>
    public bool DeclaresRandomAccess { get; private set; }

    /// <summary>The explicit buffer size: a <c>bufferSize</c> argument or the value assigned to <c>FileStreamOptions.BufferSize</c>.</summary>
    public IOperation? BufferSize { get; private set; }

    /// <summary>Recognises <paramref name="operation"/> as a file opening, or returns null.</summary>
    public static FileOpening? TryCreate(IOperation operation, WellKnownIoTypes types, CancellationToken cancellationToken)
    {
        FileOpening? opening = null;
        var arguments = ImmutableArray<IArgumentOperation>.Empty;
        switch (operation)
        {
            case IObjectCreationOperation { Constructor: { } constructor } creation when constructor.Parameters.Length > 0:
                var type = constructor.ContainingType;
                var first = constructor.Parameters[0].Type;
                if (WellKnownIoTypes.Is(type, types.FileStream))
                {
                    // FileStream(string path, ...), FileStream(SafeFileHandle handle, ...) and the obsolete IntPtr forms.
                    opening = new FileOpening(creation, isHandle: false);
                }
                else if ((WellKnownIoTypes.Is(type, types.StreamReader) || WellKnownIoTypes.Is(type, types.StreamWriter)) &&
                         first.SpecialType == SpecialType.System_String)
                {
                    opening = new FileOpening(creation, isHandle: false);
                }

                arguments = creation.Arguments;
                break;

            case IInvocationOperation invocation when IsOpeningMethod(invocation.TargetMethod, types, out var isHandle):
                opening = new FileOpening(invocation, isHandle);
                arguments = invocation.Arguments;
                break;
        }

        if (opening is null)
        {
            return null;
        }

        foreach (var argument in arguments)
        {
            if (argument.ArgumentKind == ArgumentKind.DefaultValue || argument.Parameter is not { } parameter)
            {
                continue;
            }

            var value = argument.Value;
            switch (parameter.Name)
            {
                case "options" when WellKnownIoTypes.Is(parameter.Type, types.FileOptions):
                    opening.SetAsyncFromOptions(value, cancellationToken);
                    break;
                case "options" when WellKnownIoTypes.Is(parameter.Type, types.FileStreamOptions):
                    opening.ReadFileStreamOptions(value, types, cancellationToken);
                    break;
                case "useAsync" or "isAsync" when parameter.Type.SpecialType == SpecialType.System_Boolean:
                    opening.AsyncFlagIsBoolean = true;
                    opening.AsyncFlag = value;
                    opening.Async = LocalValues.TryGetConstant(value, cancellationToken, out var flag, out _) && flag is bool isAsync
                        ? (isAsync ? AsyncMode.Asynchronous : AsyncMode.Synchronous)
                        : AsyncMode.Unknown;
                    break;
                case "bufferSize" when parameter.Type.SpecialType == SpecialType.System_Int32:
                    opening.BufferSize = value;
                    break;
            }
        }

        return opening;
    }

    /// <summary>True for the FileStreamOptions argument of a FileStream, StreamReader or StreamWriter constructor or a File/FileInfo Open.</summary>
    private static bool IsHandedToAFileOpening(IOperation? parent, WellKnownIoTypes types) =>
        parent is IArgumentOperation { Parameter: { } parameter } &&
        WellKnownIoTypes.Is(parameter.Type, types.FileStreamOptions) &&
        parameter.ContainingType is { } callee &&
        (WellKnownIoTypes.Is(callee, types.FileStream) || WellKnownIoTypes.Is(callee, types.File) || WellKnownIoTypes.Is(callee, types.FileInfo) ||
         WellKnownIoTypes.Is(callee, types.StreamReader) || WellKnownIoTypes.Is(callee, types.StreamWriter));

    private static bool IsOpeningMethod(IMethodSymbol method, WellKnownIoTypes types, out bool isHandle)
    {
        isHandle = false;
        var container = method.ContainingType;
        if (WellKnownIoTypes.Is(container, types.File))
        {
            switch (method.Name)
            {
                case "OpenHandle":
                    isHandle = true;
                    return true;
                case "Open" or "OpenRead" or "OpenWrite" or "Create" or "OpenText" or "CreateText" or "AppendText":
                    return true;
            }
        }
        else if (WellKnownIoTypes.Is(container, types.FileInfo))
        {
            return method.Name is "Open" or "OpenRead" or "OpenWrite" or "Create" or "OpenText" or "CreateText" or "AppendText";
        }

        return false;
    }

    private void SetAsyncFromOptions(IOperation value, CancellationToken cancellationToken)
    {
        AsyncFlag = value;
        AsyncFlagIsBoolean = false;
        var known = LocalValues.TryGetInteger(value, cancellationToken, out var options, out _);
        Async = known ? ((options & FileOptionsAsynchronous) != 0 ? AsyncMode.Asynchronous : AsyncMode.Synchronous) : AsyncMode.Unknown;
        DeclaresRandomAccess = known && (options & FileOptionsRandomAccess) != 0;
    }

    /// <summary>
    /// Reads <c>Options</c> and <c>BufferSize</c> from a <c>FileStreamOptions</c> created in the same member: inline
    /// (<c>new FileStreamOptions { ... }</c>) or in a local assigned once, whose properties may also be set later.
    /// Any other source (a parameter, a field, a local used elsewhere) leaves the mode unknown.
    /// </summary>
    private void ReadFileStreamOptions(IOperation value, WellKnownIoTypes types, CancellationToken cancellationToken)
    {
        Async = AsyncMode.Unknown;
        if (OptionsCreation(value, types, cancellationToken, out var optionsLocal) is not { } optionsCreation)
        {
            return;
        }

        var options = new OptionsSet();
        foreach (var initializer in optionsCreation.Initializer?.Initializers ?? ImmutableArray<IOperation>.Empty)
        {
            if (initializer is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation property } assignment)
            {
                Note(property.Property.Name, assignment.Value, options);
            }
        }

        if ((optionsLocal is not null && !NoteSetsBeforeTheOpen(optionsLocal, value, types, options)) || options.Assignments > 1)
        {
            return;
        }

        if (options.Value is null)
        {
            Async = AsyncMode.Synchronous;
            return;
        }

        SetAsyncFromOptions(options.Value, cancellationToken);
    }

    /// <summary>The <c>new FileStreamOptions</c> inline, or the one a local is assigned once; null for any other source.</summary>
    private static IObjectCreationOperation? OptionsCreation(IOperation value, WellKnownIoTypes types, CancellationToken cancellationToken, out ILocalSymbol? optionsLocal)
    {
        optionsLocal = null;
        var creation = value.WalkDownConversions() switch
        {
            IObjectCreationOperation inline => inline,
            ILocalReferenceOperation reference => LocalValues.GetSingleAssignedValue(optionsLocal = reference.Local, value.GetRoot(), cancellationToken)?.WalkDownConversions() as IObjectCreationOperation,
            _ => null,
        };
        return creation is not null && WellKnownIoTypes.Is(creation.Type, types.FileStreamOptions) ? creation : null;
    }

    /// <summary>
    /// Notes the properties set on the options local before the file is opened with it; false when the local is handed to
    /// something that may change it or written through a ref: the options are then not known.
    /// </summary>
    private bool NoteSetsBeforeTheOpen(ILocalSymbol optionsLocal, IOperation value, WellKnownIoTypes types, OptionsSet options)
    {
        foreach (var operation in LocalReferences.Of(value.GetRoot()).Of(optionsLocal))
        {
            if (operation is not ILocalReferenceOperation use || use.Parent is IVariableDeclaratorOperation)
            {
                continue;
            }

            if (use.Parent is IPropertyReferenceOperation property && property.Instance == use)
            {
                if (property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property)
                {
                    // A property set after the file is opened does not change how it was opened.
                    if (assignment.Syntax.SpanStart < value.Syntax.SpanStart)
                    {
                        Note(property.Property.Name, assignment.Value, options);
                    }
                }
                else if (LocalValues.IsWrite(property))
                {
                    return false;
                }
            }
            else if (!IsHandedToAFileOpening(use.Parent, types) && !(use.Parent is ISimpleAssignmentOperation s && s.Target == use))
            {
                return false; // Handed to something that may change it.
            }
        }

        return true;
    }

    private void Note(string name, IOperation assigned, OptionsSet options)
    {
        if (name == "Options")
        {
            options.Value = assigned;
            options.Assignments++;
        }
        else if (name == "BufferSize")
        {
            BufferSize = assigned;
        }
    }

    /// <summary>What a <c>FileStreamOptions</c>'s <c>Options</c> property was set to, and how many times.</summary>
    private sealed class OptionsSet
    {
        public IOperation? Value { get; set; }

        public int Assignments { get; set; }
    }
}
