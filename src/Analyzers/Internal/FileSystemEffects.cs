using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether code may create, write, open for writing, move, rename or delete a file or directory, and on which path.
/// System.IO's APIs are known by their symbols; other libraries' methods by the verbs that write files (Save, Extract*,
/// Delete, ...) and, whatever their name, when they are handed a path or an entry the rule asks about; the project's own
/// methods, accessors, constructors, operators, <c>Dispose</c> and local functions are followed (three calls deep, at
/// most 40 methods), each summarised once per compilation. What cannot be seen - a delegate or event, a virtual or
/// interface member, code that does not bind, another program - may do anything (<see cref="FileChange.Unknown"/>).
/// </summary>
internal sealed class FileSystemEffects
{
    // How deep and how many of the compilation's own methods to follow from one method before assuming anything.
    private const int MaxDepth = 3;
    private const int MaxMethods = 40;

    private readonly Compilation _compilation;
    private readonly WellKnownIoTypes _types;
    private readonly ConcurrentDictionary<IMethodSymbol, MethodEffects?> _summaries = new(SymbolEqualityComparer.Default);
    private readonly System.Func<IMethodSymbol, MethodEffects?> _summarize;
    private int _methodsRead;

    public FileSystemEffects(Compilation compilation, WellKnownIoTypes types)
    {
        _compilation = compilation;
        _types = types;
        _summarize = Summarize;
    }

    /// <summary>
    /// True when running <paramref name="operations"/> may make a change <paramref name="filter"/> is concerned with.
    /// Without <paramref name="followCalls"/> only what the operations themselves do counts: calls into the project's own
    /// code are not followed and nothing unseen is assumed.
    /// </summary>
    public bool MayChange(IEnumerable<IOperation> operations, IFileEffectFilter filter, bool followCalls = true)
    {
        var site = new SiteEffects(followCalls);
        foreach (var operation in operations)
        {
            // A yield return hands control to the iterator's caller in the middle: its code is not in view. Only at the
            // site: inside a method the model reads, a yield hands control back to code that is.
            if (followCalls && operation is IReturnOperation { Kind: OperationKind.YieldReturn } && filter.Concerns(FileEffect.UnknownCode))
            {
                return true;
            }

            site.Clear();
            Classify(operation, site);
            foreach (var effect in site.Effects)
            {
                if (filter.Concerns(effect))
                {
                    return true;
                }
            }

            foreach (var (method, arguments) in site.OwnCalls)
            {
                if (new CallSearch(this, filter).MayChange(method, arguments))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static IMethodSymbol Definition(IMethodSymbol method) => (method.PartialImplementationPart ?? method).OriginalDefinition;

    /// <summary>How many method bodies have been read for summaries (each at most once): for the tests that hold the model to it.</summary>
    public int MethodsRead => _methodsRead;

    /// <summary>Declared in this compilation, so its code can be read with this compilation's semantic model.</summary>
    private bool IsOwnCode(IMethodSymbol method) => SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, _compilation.Assembly);

    // ---- What one operation does -------------------------------------------------------------------------------

    /// <summary>The effects of <paramref name="operation"/> itself (not of the operations under it), told to <paramref name="sink"/>.</summary>
    private void Classify(IOperation operation, EffectSink sink)
    {
        switch (operation)
        {
            case IInvocationOperation invocation:
                Call(invocation.TargetMethod, new CallArguments(invocation.Arguments), invocation.Instance, sink);
                return;

            case IObjectCreationOperation { Constructor: { } constructor } creation:
                Call(constructor, new CallArguments(creation.Arguments), null, sink);
                return;

            // Backup passed as a method group (Select(Backup), ForEach(File.Delete)) runs just as a call does.
            case IMethodReferenceOperation reference:
                Call(reference.Method, default, null, sink);
                return;

            case IPropertyReferenceOperation property:
                Property(property, sink);
                return;

            // using (var temp = new TempFile(p)) calls TempFile.Dispose without a call in the code.
            case IUsingOperation or IUsingDeclarationOperation:
                Disposals(operation, sink);
                return;

            case IBinaryOperation { OperatorMethod: { } method } binary when IsOwnCode(method):
                sink.OwnCall(method, new CallArguments(binary.LeftOperand, binary.RightOperand));
                return;

            case IUnaryOperation { OperatorMethod: { } method } unary when IsOwnCode(method):
                sink.OwnCall(method, new CallArguments(unary.Operand, null));
                return;

            case IConversionOperation { OperatorMethod: { } method } conversion when IsOwnCode(method):
                sink.OwnCall(method, new CallArguments(conversion.Operand, null));
                return;

            // Code that does not bind (a missing reference, code being typed), dynamic dispatch, a function pointer: what
            // runs is not known.
            case IInvalidOperation or IDynamicInvocationOperation or IDynamicObjectCreationOperation or IDynamicMemberReferenceOperation or IFunctionPointerInvocationOperation:
                sink.Unknown();
                return;
        }
    }

    private void Call(IMethodSymbol method, CallArguments arguments, IOperation? instance, EffectSink sink)
    {
        if (method.MethodKind == MethodKind.DelegateInvoke)
        {
            sink.Unknown(); // A callback or an event: the model cannot see what it runs.
            return;
        }

        if (IsOwnCode(method))
        {
            sink.OwnCall(method, arguments);
            return;
        }

        if (method.ContainingType is not { } type)
        {
            sink.Unknown();
            return;
        }

        if (!SystemIo(method, type, arguments, instance, sink) && !OtherProgram(method, type, sink) && !WritesFilesByName(method, type, arguments, sink))
        {
            HandOffs(method, type, arguments, sink);
        }
    }

    /// <summary>
    /// System.IO's own APIs, by symbol. True when <paramref name="method"/> belongs to a type this knows (File, Directory,
    /// FileInfo, DirectoryInfo, a path-taking StreamWriter or FileStream constructor), whether or not the call changes files:
    /// such a call is never judged by its name.
    /// </summary>
    private bool SystemIo(IMethodSymbol method, INamedTypeSymbol type, CallArguments arguments, IOperation? instance, EffectSink sink)
    {
        if (!IsSystemIoNamespace(type.ContainingNamespace))
        {
            return false; // Most calls: one look at the namespace instead of six symbol comparisons and a walk of base types.
        }

        if (method.MethodKind == MethodKind.Constructor)
        {
            return ConstructorChanges(method, type, arguments, sink);
        }

        if (WellKnownIoTypes.Is(type, _types.File))
        {
            FileChanges(method, arguments, sink);
            return true;
        }

        if (WellKnownIoTypes.Is(type, _types.Directory))
        {
            DirectoryChanges(method.Name, arguments, sink);
            return true;
        }

        if (!WellKnownIoTypes.DerivesFrom(type, _types.FileSystemInfo))
        {
            return false;
        }

        FileSystemInfoChanges(method, arguments, instance, sink);
        return true;
    }

    /// <summary>
    /// new StreamWriter(path) (or a constructor passing a path on to it with : base(path)) creates the file; new
    /// FileStream(path, mode[, access]) may create it, and opens it for writing unless it only reads.
    /// </summary>
    private bool ConstructorChanges(IMethodSymbol constructor, INamedTypeSymbol type, CallArguments arguments, EffectSink sink)
    {
        if (constructor.Parameters.Length == 0 || constructor.Parameters[0].Type.SpecialType != SpecialType.System_String)
        {
            return false;
        }

        if (WellKnownIoTypes.Is(type, _types.StreamWriter))
        {
            sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(0));
            return true;
        }

        if (!WellKnownIoTypes.Is(type, _types.FileStream))
        {
            return false;
        }

        Opens(constructor, arguments, pathOrdinal: 0, readsByDefault: false, sink);
        return true;
    }

    /// <summary>File's changes. ReadAll*, ReadLines, OpenRead, OpenText, Exists, Get* and Set* (metadata) leave the files as they are.</summary>
    private static void FileChanges(IMethodSymbol method, CallArguments arguments, EffectSink sink)
    {
        var name = method.Name;
        switch (name)
        {
            case "Copy":
                sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(1)); // the source is only read
                return;
            case "Move":
                sink.Effect(FileChange.Removes, arguments.Get(0));
                sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(1));
                return;
            case "Replace":
                sink.Effect(FileChange.Removes, arguments.Get(0));
                sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(1));
                sink.Effect(FileChange.Creates, arguments.Get(2));
                return;
            case "Delete":
                sink.Effect(FileChange.Removes, arguments.Get(0));
                return;
            case "Open" or "OpenHandle":
                Opens(method, arguments, pathOrdinal: 0, readsByDefault: name == "OpenHandle", sink);
                return;
            case "OpenWrite" or "Encrypt" or "Decrypt":
                sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(0));
                return;
        }

        if (StartsWith(name, "Create") || StartsWith(name, "Write") || StartsWith(name, "Append"))
        {
            sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(0));
        }
    }

    /// <summary>Directory's changes: Delete, Move, Create*, and SetCurrentDirectory (relative paths name other files from then on).</summary>
    private static void DirectoryChanges(string name, CallArguments arguments, EffectSink sink)
    {
        switch (name)
        {
            case "Delete":
                sink.Effect(FileChange.Removes, arguments.Get(0));
                return;
            case "Move":
                sink.Effect(FileChange.Removes, arguments.Get(0));
                sink.Effect(FileChange.Creates, arguments.Get(1));
                return;
            case "SetCurrentDirectory":
                sink.Effect(FileChange.MovesCurrentDirectory, arguments.Get(0));
                return;
        }

        if (StartsWith(name, "Create"))
        {
            sink.Effect(FileChange.Creates, arguments.Get(0));
        }
    }

    /// <summary>FileInfo's and DirectoryInfo's changes, on the path the object was made with when the code shows it.</summary>
    private static void FileSystemInfoChanges(IMethodSymbol method, CallArguments arguments, IOperation? instance, EffectSink sink)
    {
        var self = instance?.WalkDownConversions() is IObjectCreationOperation { Arguments.Length: > 0 } creation ? creation.Arguments[0].Value : instance;
        switch (method.Name)
        {
            case "Delete":
                sink.Effect(FileChange.Removes, self);
                return;
            case "MoveTo":
                sink.Effect(FileChange.Removes, self);
                sink.Effect(FileChange.Creates, arguments.Get(0));
                return;
            case "CopyTo":
                sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(0));
                return;
            case "Replace":
                sink.Effect(FileChange.Removes, self);
                sink.Effect(FileChange.Creates | FileChange.Writes, arguments.Get(0));
                sink.Effect(FileChange.Creates, arguments.Get(1));
                return;
            case "Create" or "CreateText" or "AppendText" or "OpenWrite" or "Encrypt" or "Decrypt" or "CreateAsSymbolicLink":
                sink.Effect(FileChange.Creates | FileChange.Writes, self);
                return;
            case "CreateSubdirectory":
                sink.Effect(FileChange.Creates, null);
                return;
            case "Open":
                Opens(method, arguments, pathOrdinal: -1, readsByDefault: false, sink, self);
                return;
            default:
                return; // Exists, Refresh, GetFiles, attributes and times: the file stays as it is.
        }
    }

    /// <summary>
    /// An open of a path with a <c>FileMode</c> (and maybe a <c>FileAccess</c>): a mode other than Open or Truncate may
    /// create the file; an access other than Read opens it for writing (File.Open and FileStream default to ReadWrite,
    /// File.OpenHandle to Read). Options given as a <c>FileStreamOptions</c> object count as both.
    /// </summary>
    private static void Opens(IMethodSymbol method, CallArguments arguments, int pathOrdinal, bool readsByDefault, EffectSink sink, IOperation? self = null)
    {
        var path = pathOrdinal < 0 ? self : arguments.Get(pathOrdinal);
        IOperation? mode = null;
        IOperation? access = null;
        foreach (var parameter in method.Parameters)
        {
            switch (parameter.Type.Name)
            {
                case "FileMode":
                    mode = arguments.Get(parameter.Ordinal);
                    break;
                case "FileAccess":
                    access = arguments.Get(parameter.Ordinal);
                    break;
                case "FileStreamOptions":
                    sink.Effect(FileChange.Creates | FileChange.Writes, path);
                    return;
            }
        }

        var modeValue = mode?.WalkDownConversions().ConstantValue is { HasValue: true, Value: int m } ? m : (int?)null;
        const int OpenMode = 3, TruncateMode = 5, AppendMode = 6, ReadAccess = 1;
        var creates = modeValue is not (OpenMode or TruncateMode);
        var accessValue = access?.WalkDownConversions().ConstantValue is { HasValue: true, Value: int a } ? a : (int?)null;
        var writes = access is null ? !readsByDefault || modeValue is AppendMode or TruncateMode : accessValue != ReadAccess;
        var change = (creates ? FileChange.Creates : FileChange.None) | (writes ? FileChange.Writes : FileChange.None);
        if (change != FileChange.None)
        {
            sink.Effect(change, path);
        }
    }

    /// <summary>Process.Start runs another program, which may write anywhere; Path.GetTempFileName creates the file it names.</summary>
    private bool OtherProgram(IMethodSymbol method, INamedTypeSymbol type, EffectSink sink)
    {
        if (method.Name == "Start" && WellKnownIoTypes.Is(type, _types.Process))
        {
            sink.Unknown();
            return true;
        }

        if (method.Name == "GetTempFileName" && WellKnownIoTypes.Is(type, _types.Path))
        {
            sink.Effect(FileChange.Creates, null);
            return true;
        }

        return false;
    }

    /// <summary>
    /// Other libraries (archives, images, documents, file-system abstractions, VB's FileSystem), judged by name: the verbs
    /// that write, move or delete files, and Create/Open/OpenWrite given a path. Writing into an already open stream or
    /// writer (Console.Write, writer.Write, stream.CopyTo) does not change a directory. The path is the first string argument.
    /// </summary>
    private bool WritesFilesByName(IMethodSymbol method, INamedTypeSymbol type, CallArguments arguments, EffectSink sink)
    {
        var name = method.Name;
        if (IsCoreLibraryNamespace(type.ContainingNamespace) || name == "MoveNext")
        {
            return false; // Array.Copy, string.Copy, Buffer.*, collections, enumerators: memory only.
        }

        bool writes;
        if (StartsWith(name, "Save") || StartsWith(name, "Export") || StartsWith(name, "Extract") || StartsWith(name, "Delete") ||
            StartsWith(name, "Move") || StartsWith(name, "Rename") || StartsWith(name, "WriteAll") || StartsWith(name, "AppendAll") ||
            StartsWith(name, "CreateDirectory") || StartsWith(name, "CreateFrom") ||
            (StartsWith(name, "Copy") && name is not ("CopyTo" or "CopyToAsync")) || name is "WriteToDirectory" or "WriteToFile" or "WriteEntryToDirectory" or "WriteEntryToFile")
        {
            writes = true;
        }
        else if (name is "CopyTo" or "CopyToAsync")
        {
            writes = !WellKnownIoTypes.DerivesFrom(type, _types.Stream) && !HasArrayOrStructParameter(method);
        }
        else
        {
            writes = name is "Create" or "Open" or "OpenWrite" or "CreateText" or "AppendText" &&
                     method.Parameters.Length > 0 && method.Parameters[0].Type.SpecialType == SpecialType.System_String;
        }

        if (writes)
        {
            sink.Effect(FileChange.Creates | FileChange.Removes | FileChange.Writes, FirstStringArgument(method, arguments));
        }

        return writes;
    }

    /// <summary>
    /// A method of another library (not System, not Microsoft, not this project) handed a path, an entry or a list of them:
    /// the model knows nothing of what it does with it (see <see cref="FileEffect.IsHandOff"/>).
    /// </summary>
    private void HandOffs(IMethodSymbol method, INamedTypeSymbol type, CallArguments arguments, EffectSink sink)
    {
        if (IsFrameworkNamespace(type.ContainingNamespace) || IsQuestion(method))
        {
            return;
        }

        foreach (var parameter in method.Parameters)
        {
            if (IsPathLike(parameter.Type))
            {
                sink.Effect(FileChange.Creates | FileChange.Removes | FileChange.Writes, arguments.Get(parameter.Ordinal), isHandOff: true);
            }
        }
    }

    /// <summary>
    /// <c>bool IsImageFile(path)</c>, <c>HasExtension</c>, <c>CanRead</c>, <c>Contains</c>, <c>Exists</c>, <c>Matches</c>: a
    /// question about the path, answered with a yes or no, not a change to the file (a <c>TrySaferDelete</c> is not one).
    /// </summary>
    private static bool IsQuestion(IMethodSymbol method) =>
        method.ReturnType.SpecialType == SpecialType.System_Boolean &&
        (StartsWith(method.Name, "Is") || StartsWith(method.Name, "Has") || StartsWith(method.Name, "Can") || StartsWith(method.Name, "Contains") ||
         StartsWith(method.Name, "Matches") || method.Name is "Exists" or "Equals");

    /// <summary>A string, a FileInfo or DirectoryInfo, or an array or collection of them.</summary>
    private bool IsPathLike(ITypeSymbol type) => type switch
    {
        { SpecialType: SpecialType.System_String } => true,
        IArrayTypeSymbol array => IsPathLike(array.ElementType),
        INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1 } generic =>
            generic.TypeArguments[0].SpecialType == SpecialType.System_String || WellKnownIoTypes.DerivesFrom(generic.TypeArguments[0], _types.FileSystemInfo),
        _ => WellKnownIoTypes.DerivesFrom(type, _types.FileSystemInfo),
    };

    private void Property(IPropertyReferenceOperation property, EffectSink sink)
    {
        var isSet = property.Parent is IAssignmentOperation assignment && assignment.Target == property;
        if (isSet && property.Property.Name == "CurrentDirectory" && WellKnownIoTypes.Is(property.Property.ContainingType, _types.Environment))
        {
            sink.Effect(FileChange.MovesCurrentDirectory, ((IAssignmentOperation)property.Parent!).Value);
            return;
        }

        var accessor = isSet && property.Parent is ISimpleAssignmentOperation ? property.Property.SetMethod : property.Property.GetMethod;
        if (accessor is not null && IsOwnCode(accessor))
        {
            sink.OwnCall(accessor, isSet ? new CallArguments(((IAssignmentOperation)property.Parent!).Value, null) : default);
        }
    }

    private void Disposals(IOperation usingOperation, EffectSink sink)
    {
        var declarators = usingOperation switch
        {
            IUsingOperation { Resources: IVariableDeclarationGroupOperation group } => group.Declarations,
            IUsingDeclarationOperation declaration => declaration.DeclarationGroup.Declarations,
            _ => ImmutableArray<IVariableDeclarationOperation>.Empty,
        };
        foreach (var declaration in declarators)
        {
            foreach (var declarator in declaration.Declarators)
            {
                if (declarator.Symbol.Type is not INamedTypeSymbol type || !SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, _compilation.Assembly))
                {
                    continue;
                }

                foreach (var member in type.GetMembers())
                {
                    if (member is IMethodSymbol { Name: "Dispose" or "DisposeAsync", Parameters.Length: 0 } dispose)
                    {
                        sink.OwnCall(dispose, default);
                    }
                }
            }
        }
    }

    private static IOperation? FirstStringArgument(IMethodSymbol method, CallArguments arguments)
    {
        foreach (var parameter in method.Parameters)
        {
            if (parameter.Type.SpecialType == SpecialType.System_String)
            {
                return arguments.Get(parameter.Ordinal);
            }
        }

        return null;
    }

    private static bool HasArrayOrStructParameter(IMethodSymbol method)
    {
        foreach (var parameter in method.Parameters)
        {
            if (parameter.Type.TypeKind is TypeKind.Array or TypeKind.Struct)
            {
                return true;
            }
        }

        return false;
    }

    private static bool StartsWith(string name, string prefix) => name.StartsWith(prefix, System.StringComparison.Ordinal);

    /// <summary>System, System.Collections(.Generic, .Concurrent), System.Linq, System.Text, System.Buffers, System.Threading(.Tasks).</summary>
    private static bool IsCoreLibraryNamespace(INamespaceSymbol? ns)
    {
        if (ns is null || ns.IsGlobalNamespace)
        {
            return false;
        }

        var parent = ns.ContainingNamespace;
        if (parent.IsGlobalNamespace)
        {
            return ns.Name == "System";
        }

        if (parent.ContainingNamespace.IsGlobalNamespace)
        {
            return parent.Name == "System" && ns.Name is "Collections" or "Linq" or "Text" or "Buffers" or "Threading";
        }

        return parent.ContainingNamespace.ContainingNamespace.IsGlobalNamespace && parent.ContainingNamespace.Name == "System" &&
               (parent.Name == "Collections" && ns.Name is "Generic" or "Concurrent" || parent.Name == "Threading" && ns.Name == "Tasks");
    }

    private static bool IsSystemIoNamespace(INamespaceSymbol? ns) =>
        ns is { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } };

    /// <summary>System and Microsoft and the namespaces under them: APIs the model knows by symbol or by name.</summary>
    private static bool IsFrameworkNamespace(INamespaceSymbol? ns)
    {
        if (ns is null || ns.IsGlobalNamespace)
        {
            return false;
        }

        while (!ns.ContainingNamespace.IsGlobalNamespace)
        {
            ns = ns.ContainingNamespace;
        }

        return ns.Name is "System" or "Microsoft";
    }

    // ---- Receivers of effects ----------------------------------------------------------------------------------

    /// <summary>The arguments of a call, by the callee's parameter ordinal (or an operator's operands, a setter's value).</summary>
    private readonly struct CallArguments
    {
        private readonly ImmutableArray<IArgumentOperation> _arguments;
        private readonly IOperation? _first;
        private readonly IOperation? _second;

        public CallArguments(ImmutableArray<IArgumentOperation> arguments)
        {
            _arguments = arguments;
            _first = null;
            _second = null;
        }

        public CallArguments(IOperation? first, IOperation? second)
        {
            _arguments = default;
            _first = first;
            _second = second;
        }

        public IOperation? Get(int ordinal)
        {
            if (!_arguments.IsDefault)
            {
                return _arguments.GetArgument(ordinal)?.Value;
            }

            return ordinal switch
            {
                0 => _first,
                1 => _second,
                _ => null,
            };
        }
    }

    private abstract class EffectSink
    {
        public abstract void Effect(FileChange change, IOperation? path, bool isHandOff = false);

        public abstract void OwnCall(IMethodSymbol method, CallArguments arguments);

        public abstract void Unknown();
    }

    /// <summary>The effects at the code a rule asks about, with their paths as written there, and the project's own methods it calls.</summary>
    private sealed class SiteEffects : EffectSink
    {
        private readonly bool _followCalls;

        public SiteEffects(bool followCalls) => _followCalls = followCalls;

        public List<FileEffect> Effects { get; } = new();

        public List<(IMethodSymbol Method, FileEffect[] Arguments)> OwnCalls { get; } = new();

        public void Clear()
        {
            Effects.Clear();
            OwnCalls.Clear();
        }

        public override void Effect(FileChange change, IOperation? path, bool isHandOff = false) => Effects.Add(FileEffect.At(change, path, isHandOff));

        public override void OwnCall(IMethodSymbol method, CallArguments arguments)
        {
            if (!_followCalls)
            {
                return;
            }

            // Each parameter's path as the site writes it: the argument expression (or unknown when none is written).
            var callee = Definition(method);
            var paths = new FileEffect[callee.Parameters.Length];
            for (var i = 0; i < paths.Length; i++)
            {
                paths[i] = FileEffect.At(FileChange.None, arguments.Get(i));
            }

            OwnCalls.Add((method, paths));
        }

        public override void Unknown()
        {
            if (_followCalls)
            {
                Effects.Add(FileEffect.UnknownCode);
            }
        }
    }

    /// <summary>
    /// Whether a call into the project's own code may make a change the filter cares about: the called methods' summaries
    /// (each method read once per compilation) searched three calls deep and at most 40 methods, each path mapped back
    /// through the parameters to what the calling site passes, stopping at the first concerned effect - a helper that
    /// deletes a file before it does anything else is not read to its end, nor are the methods it calls after.
    /// </summary>
    private readonly struct CallSearch
    {
        private readonly FileSystemEffects _owner;
        private readonly IFileEffectFilter _filter;
        private readonly HashSet<IMethodSymbol> _visited;

        public CallSearch(FileSystemEffects owner, IFileEffectFilter filter)
        {
            _owner = owner;
            _filter = filter;
            _visited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        }

        /// <param name="method">A method of the project the site calls.</param>
        /// <param name="paths">What the site passes for each parameter of <paramref name="method"/>.</param>
        public bool MayChange(IMethodSymbol method, FileEffect[] paths)
        {
            var root = Definition(method);
            _visited.Add(root);
            return Search(root, paths, depth: 0);
        }

        private bool Search(IMethodSymbol method, FileEffect[] paths, int depth)
        {
            // An interface, abstract or virtual member: an implementation or override the model does not read may run.
            if (method.IsAbstract || method.IsExtern || method.IsVirtual || (method.IsOverride && !method.IsSealed && !method.ContainingType.IsSealed) ||
                _owner.SummaryOf(method) is not { } summary)
            {
                return _filter.Concerns(FileEffect.UnknownCode);
            }

            foreach (var effect in summary.Effects)
            {
                if (Seen(effect, paths) is { } seen && _filter.Concerns(seen))
                {
                    return true;
                }
            }

            foreach (var (called, arguments) in summary.Calls)
            {
                var callee = Definition(called);
                if (!_visited.Add(callee))
                {
                    continue; // Already searched (or being searched: recursion adds nothing new).
                }

                if (depth + 1 >= MaxDepth || _visited.Count > MaxMethods)
                {
                    if (_filter.Concerns(FileEffect.UnknownCode))
                    {
                        return true;
                    }

                    continue;
                }

                var calleePaths = new FileEffect[arguments.Length];
                for (var i = 0; i < arguments.Length; i++)
                {
                    calleePaths[i] = arguments[i].Origin == PathOrigin.Parameter ? PathOf(arguments[i].Ordinal, paths) : arguments[i];
                }

                if (Search(callee, calleePaths, depth + 1))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>
        /// The effect as the calling site sees it: a parameter's path replaced by what the site passes. A library handed
        /// something the site cannot name (a value the called method made itself) is not what the rule asks about.
        /// </summary>
        private static FileEffect? Seen(FileEffect effect, FileEffect[] paths)
        {
            if (effect.Origin != PathOrigin.Parameter)
            {
                return effect.ThroughACall();
            }

            var path = PathOf(effect.Ordinal, paths);
            return effect.IsHandOff && path.Origin is PathOrigin.Unknown or PathOrigin.Constant ? null : effect.OnPath(path).ThroughACall();
        }

        private static FileEffect PathOf(int ordinal, FileEffect[] paths) =>
            ordinal < paths.Length ? paths[ordinal] : FileEffect.WithUnknownPath(FileChange.None, isHandOff: false);
    }

    // ---- Summaries of the project's own methods ----------------------------------------------------------------

    /// <summary>What one method's own code does: its direct effects (paths in its own terms) and the own methods it calls.</summary>
    private sealed class MethodEffects : EffectSink
    {
        private readonly IMethodSymbol _method;

        public MethodEffects(IMethodSymbol method) => _method = method;

        public List<FileEffect> Effects { get; } = new();

        public List<(IMethodSymbol Method, FileEffect[] Arguments)> Calls { get; } = new();

        public override void Effect(FileChange change, IOperation? path, bool isHandOff = false)
        {
            var effect = OriginOf(change, path, isHandOff);

            // A library handed something this method made itself (not a parameter or member) cannot be what a caller asks about.
            if (!isHandOff || effect.Origin is PathOrigin.Parameter or PathOrigin.Member)
            {
                Effects.Add(effect);
            }
        }

        public override void OwnCall(IMethodSymbol method, CallArguments arguments)
        {
            var callee = Definition(method);
            var mapped = new FileEffect[callee.Parameters.Length];
            for (var i = 0; i < mapped.Length; i++)
            {
                mapped[i] = OriginOf(FileChange.None, arguments.Get(i), isHandOff: false);
            }

            Calls.Add((method, mapped));
        }

        public override void Unknown() => Effects.Add(FileEffect.UnknownCode);

        /// <summary>The path in this method's terms: one of its parameters, a constant, a field or property of its type, or unknown.</summary>
        private FileEffect OriginOf(FileChange change, IOperation? path, bool isHandOff)
        {
            if (path is null)
            {
                return FileEffect.WithUnknownPath(change, isHandOff);
            }

            if (path.ConstantValue is { HasValue: true, Value: string constant })
            {
                return FileEffect.FromConstant(change, constant, isHandOff);
            }

            return path.WalkDownConversions() switch
            {
                IParameterReferenceOperation parameter when SymbolEqualityComparer.Default.Equals(parameter.Parameter.ContainingSymbol?.OriginalDefinition, _method) =>
                    FileEffect.FromParameter(change, parameter.Parameter.Ordinal, isHandOff),
                IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation } field => FileEffect.FromMember(change, field.Field.OriginalDefinition, isHandOff),
                IPropertyReferenceOperation { Instance: null or IInstanceReferenceOperation } property => FileEffect.FromMember(change, property.Property.OriginalDefinition, isHandOff),
                _ => FileEffect.WithUnknownPath(change, isHandOff),
            };
        }
    }

    /// <summary>The summary of one method's own code, built once per compilation; null when its code cannot be read.</summary>
    private MethodEffects? SummaryOf(IMethodSymbol method) => _summaries.GetOrAdd(method, _summarize);

    private MethodEffects? Summarize(IMethodSymbol method)
    {
        var start = ModelMeter.Start();
        try
        {
            return SummarizeUnmetered(method);
        }
        finally
        {
            ModelMeter.Stop(start);
        }
    }

    private MethodEffects? SummarizeUnmetered(IMethodSymbol method)
    {
        System.Threading.Interlocked.Increment(ref _methodsRead);
        ModelMeter.MethodRead();
        var summary = new MethodEffects(method);
        foreach (var syntax in CodeOf(method))
        {
            if (!_compilation.ContainsSyntaxTree(syntax.SyntaxTree))
            {
                return null;
            }

#pragma warning disable RS1030 // The called method may be in another file: only that tree's semantic model can bind it. Reached only for code a rule asks about.
            var model = _compilation.GetSemanticModel(syntax.SyntaxTree);
#pragma warning restore RS1030
            if (model.GetOperation(syntax) is not { } body)
            {
                return null; // No operation tree for code that has a body: nothing was read, so nothing can be concluded.
            }

            foreach (var operation in body.AllOperations())
            {
                Classify(operation, summary);
            }
        }

        return summary;
    }

    /// <summary>
    /// The syntax whose operations run when <paramref name="method"/> is called: its declarations that have a body (not a
    /// partial method's defining part, an auto-property accessor or a primary constructor's type declaration), and for a
    /// constructor also the field and property initializers of its type.
    /// </summary>
    private static IEnumerable<SyntaxNode> CodeOf(IMethodSymbol method)
    {
        foreach (var reference in method.DeclaringSyntaxReferences)
        {
            var syntax = reference.GetSyntax();
            if (!HasNoBody(syntax))
            {
                yield return syntax;
            }
        }

        if (method.MethodKind is not (MethodKind.Constructor or MethodKind.StaticConstructor))
        {
            yield break;
        }

        foreach (var member in method.ContainingType.GetMembers())
        {
            if (member.IsStatic != method.IsStatic || member is not (IFieldSymbol or IPropertySymbol))
            {
                continue;
            }

            foreach (var reference in member.DeclaringSyntaxReferences)
            {
                var initializer = reference.GetSyntax() switch
                {
                    VariableDeclaratorSyntax { Initializer: { } value } => value,
                    PropertyDeclarationSyntax { Initializer: { } value } => value,
                    _ => (SyntaxNode?)null,
                };
                if (initializer is not null)
                {
                    yield return initializer;
                }
            }
        }
    }

    /// <summary>
    /// Declarations with no code of their own (see <see cref="CodeOf"/>): a positional record's property accessors are
    /// declared by its parameter and only read or set the property's field.
    /// </summary>
    private static bool HasNoBody(SyntaxNode syntax) => syntax switch
    {
        BaseMethodDeclarationSyntax method => method.Body is null && method.ExpressionBody is null,
        AccessorDeclarationSyntax accessor => accessor.Body is null && accessor.ExpressionBody is null,
        TypeDeclarationSyntax or ParameterSyntax => true,
        _ => false,
    };
}
