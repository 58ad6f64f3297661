using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether code may create, copy, move, rename or delete files or directories. A lazy directory enumeration may meet
/// entries that the code consuming it creates (a loop that copies every file to "*.bak" could run for ever), so
/// IOP007 only reports a listing whose consumer certainly does none of that. "Certainly" here: calls into this
/// compilation's own methods are followed (a few levels, within a budget); calls the rule cannot see into - delegates,
/// abstract and interface members declared here, Process.Start - count as changes; calls into other libraries count
/// when their name says they write files (Save, Extract*, Delete, ...).
/// </summary>
internal sealed class FileSystemChanges
{
    // How deep and how many of the compilation's own methods to follow before giving up (and assuming a change).
    private const int MaxDepth = 3;
    private const int MaxMethods = 40;

    private readonly Compilation _compilation;
    private readonly WellKnownIoTypes _types;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _methodResults;
    private readonly HashSet<IMethodSymbol> _visited = new(SymbolEqualityComparer.Default);

    private FileSystemChanges(Compilation compilation, WellKnownIoTypes types, ConcurrentDictionary<IMethodSymbol, bool> methodResults)
    {
        _compilation = compilation;
        _types = types;
        _methodResults = methodResults;
    }

    /// <summary>One per compilation: what each of its methods called straight from a consumer was found to do.</summary>
    public static ConcurrentDictionary<IMethodSymbol, bool> NewMethodResults() => new(SymbolEqualityComparer.Default);

    /// <summary>True when running <paramref name="operations"/> (and what they call) may change the file system.</summary>
    public static bool MightChange(IEnumerable<IOperation> operations, Compilation compilation, WellKnownIoTypes types, ConcurrentDictionary<IMethodSymbol, bool> methodResults) =>
        new FileSystemChanges(compilation, types, methodResults).MightChange(operations, depth: 0);

    private bool MightChange(IEnumerable<IOperation> operations, int depth)
    {
        foreach (var operation in operations)
        {
            var changes = operation switch
            {
                IInvocationOperation invocation => MightChange(invocation.TargetMethod, invocation.Arguments, depth),
                IObjectCreationOperation { Constructor: { } constructor } creation => MightChange(constructor, creation.Arguments, depth),

                // Backup passed as a method group (Select(Backup)) runs just as a call does.
                IMethodReferenceOperation reference => MightChange(reference.Method, ImmutableArray<IArgumentOperation>.Empty, depth),
                IPropertyReferenceOperation property => Accessor(property) is { } accessor && IsOwnCode(accessor) && FollowOwnCode(accessor, depth),

                // using (var temp = new TempFile(p)) calls TempFile.Dispose without a call in the code.
                IUsingOperation or IUsingDeclarationOperation => DisposesOwnType(operation, depth),

                // Code that does not bind (a missing reference, code being typed): what it calls is not known.
                IInvalidOperation => true,
                _ => false,
            };
            if (changes)
            {
                return true;
            }
        }

        return false;
    }

    private bool MightChange(IMethodSymbol method, ImmutableArray<IArgumentOperation> arguments, int depth)
    {
        if (method.MethodKind == MethodKind.DelegateInvoke)
        {
            return true; // A callback: the rule cannot see what it runs.
        }

        if (IsOwnCode(method))
        {
            return FollowOwnCode(method, depth);
        }

        var type = method.ContainingType;
        if (type is null)
        {
            return true;
        }

        var name = method.Name;
        if (method.MethodKind == MethodKind.Constructor)
        {
            // new StreamWriter(path) (or a constructor passing a path on to it with : base(path)) creates the file;
            // new FileStream(path, mode) may.
            return method.Parameters.Length > 0 && method.Parameters[0].Type.SpecialType == SpecialType.System_String &&
                   (WellKnownIoTypes.Is(type, _types.StreamWriter) || (WellKnownIoTypes.Is(type, _types.FileStream) && MayCreate(arguments.GetArgument(1)?.Value)));
        }

        if (WellKnownIoTypes.Is(type, _types.File))
        {
            return name is "Copy" or "Move" or "Delete" or "Replace" or "Encrypt" or "Decrypt" or "OpenWrite" ||
                   StartsWith(name, "Create") || StartsWith(name, "Write") || StartsWith(name, "Append") ||
                   (name is "Open" or "OpenHandle" && MayCreate(arguments.GetArgument(1)?.Value));
        }

        if (WellKnownIoTypes.Is(type, _types.Directory))
        {
            return name is "Delete" or "Move" || StartsWith(name, "Create");
        }

        if (WellKnownIoTypes.DerivesFrom(type, _types.FileSystemInfo))
        {
            return name is "CopyTo" or "MoveTo" or "Delete" or "Create" or "CreateText" or "AppendText" or "OpenWrite" or
                       "Replace" or "CreateSubdirectory" or "Encrypt" or "Decrypt" or "CreateAsSymbolicLink" ||
                   (name == "Open" && MayCreate(arguments.GetArgument(0)?.Value));
        }

        if ((type.Name == "Process" && name == "Start") || (type.Name == "Path" && name == "GetTempFileName"))
        {
            return true; // Another program may write anywhere; GetTempFileName creates the file it names.
        }

        return WritesFilesByName(method, type);
    }

    /// <summary>
    /// Other libraries (archives, images, documents, file-system abstractions, VB's FileSystem), judged by name: the
    /// verbs that write, move or delete files, and Create/Open/OpenWrite given a path. Writing into an already open
    /// stream or writer (Console.Write, writer.Write, stream.CopyTo) does not change a directory.
    /// </summary>
    private bool WritesFilesByName(IMethodSymbol method, INamedTypeSymbol type)
    {
        var name = method.Name;
        if (IsCoreLibraryNamespace(type.ContainingNamespace?.ToDisplayString()) || name == "MoveNext")
        {
            return false; // Array.Copy, string.Copy, Buffer.*, collections, enumerators: memory only.
        }

        if (StartsWith(name, "Save") || StartsWith(name, "Export") || StartsWith(name, "Extract") || StartsWith(name, "Delete") ||
            StartsWith(name, "Move") || StartsWith(name, "Rename") || StartsWith(name, "WriteAll") || StartsWith(name, "AppendAll") ||
            StartsWith(name, "CreateDirectory") || StartsWith(name, "CreateFrom") ||
            (StartsWith(name, "Copy") && name is not ("CopyTo" or "CopyToAsync")) || name is "WriteToDirectory" or "WriteToFile" or "WriteEntryToDirectory" or "WriteEntryToFile")
        {
            return true;
        }

        if (name is "CopyTo" or "CopyToAsync")
        {
            return !WellKnownIoTypes.DerivesFrom(type, _types.Stream) && !method.Parameters.Any(p => p.Type.TypeKind is TypeKind.Array or TypeKind.Struct);
        }

        return name is "Create" or "Open" or "OpenWrite" or "CreateText" or "AppendText" &&
               method.Parameters.Length > 0 && method.Parameters[0].Type.SpecialType == SpecialType.System_String;
    }

    private bool DisposesOwnType(IOperation usingOperation, int depth)
    {
        foreach (var declarator in usingOperation.DescendantsAndSelf().OfType<IVariableDeclaratorOperation>())
        {
            if (declarator.Symbol.Type is INamedTypeSymbol type && IsOwnType(type))
            {
                foreach (var dispose in type.GetMembers("Dispose").Concat(type.GetMembers("DisposeAsync")).OfType<IMethodSymbol>())
                {
                    if (FollowOwnCode(dispose, depth))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    /// <summary>A FileMode argument other than Open or Truncate (which need the file to exist) may create a file.</summary>
    private static bool MayCreate(IOperation? mode) =>
        mode?.WalkDownConversions().ConstantValue is not { HasValue: true, Value: int value } || (value != 3 && value != 5);

    private static bool IsCoreLibraryNamespace(string? name) =>
        name is "System" or "System.Collections" or "System.Collections.Generic" or "System.Collections.Concurrent" or "System.Linq" or
            "System.Text" or "System.Buffers" or "System.Threading" or "System.Threading.Tasks";

    private static bool StartsWith(string name, string prefix) => name.StartsWith(prefix, System.StringComparison.Ordinal);

    /// <summary>
    /// Declared in this compilation (in its source, or implicitly: a default constructor runs the field initializers), so
    /// its code can be read with this compilation's semantic model. A method of another project of the solution has
    /// declaring syntax too, in a tree of that project's compilation (in the IDE): it is judged by name, like a library's,
    /// as it is in a command-line build, where it comes from the project's DLL.
    /// </summary>
    private bool IsOwnCode(IMethodSymbol method) => SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, _compilation.Assembly);

    private bool IsOwnType(INamedTypeSymbol type) => SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, _compilation.Assembly);

    private static IMethodSymbol? Accessor(IPropertyReferenceOperation property) =>
        property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property
            ? property.Property.SetMethod
            : property.Property.GetMethod;

    private bool FollowOwnCode(IMethodSymbol method, int depth)
    {
        // An interface, abstract or virtual member: an implementation or override the rule does not look at may run.
        if (method.IsAbstract || method.IsExtern || method.IsVirtual || (method.IsOverride && !method.IsSealed && !method.ContainingType.IsSealed) ||
            !IsOwnCode(method) || method.MethodKind == MethodKind.DelegateInvoke)
        {
            return true;
        }

        // A partial method is called through its declaration: its code is in the implementing part.
        method = method.PartialImplementationPart ?? method;

        // A method called straight from a consumer is judged once per compilation, on its own (a fresh budget), so the
        // answer does not depend on which consumer asked first: many loops call the same few helpers.
        return depth == 0
            ? _methodResults.GetOrAdd(method.OriginalDefinition, m => new FileSystemChanges(_compilation, _types, _methodResults).Follow(m, depth: 0))
            : Follow(method, depth);
    }

    private bool Follow(IMethodSymbol method, int depth)
    {
        if (!_visited.Add(method.OriginalDefinition))
        {
            return false; // Already followed (or being followed: recursion adds nothing new).
        }

        if (depth >= MaxDepth || _visited.Count > MaxMethods)
        {
            return true;
        }

        foreach (var syntax in CodeOf(method))
        {
            if (!_compilation.ContainsSyntaxTree(syntax.SyntaxTree))
            {
                return true;
            }

#pragma warning disable RS1030 // The called method may be in another file: only that tree's semantic model can bind it. Reached only for a listing the rule would otherwise report.
            var model = _compilation.GetSemanticModel(syntax.SyntaxTree);
#pragma warning restore RS1030
            // No operation tree for code that has a body: nothing was read, so "no change" cannot be concluded.
            if (model.GetOperation(syntax) is not { } body || MightChange(body.DescendantsAndSelf(), depth + 1))
            {
                return true;
            }
        }

        return false;
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
                    _ => null,
                };
                if (initializer is not null)
                {
                    yield return initializer;
                }
            }
        }
    }

    /// <summary>Declarations with no code of their own (see <see cref="CodeOf"/>).</summary>
    private static bool HasNoBody(SyntaxNode syntax) => syntax switch
    {
        BaseMethodDeclarationSyntax method => method.Body is null && method.ExpressionBody is null,
        AccessorDeclarationSyntax accessor => accessor.Body is null && accessor.ExpressionBody is null,
        TypeDeclarationSyntax => true,
        _ => false,
    };
}
