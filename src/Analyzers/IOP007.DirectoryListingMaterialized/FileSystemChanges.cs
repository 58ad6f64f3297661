using System.Collections.Concurrent;
using System.Collections.Generic;
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
            switch (operation)
            {
                case IInvocationOperation invocation when MightChange(invocation.TargetMethod, invocation, depth):
                    return true;
                case IObjectCreationOperation { Constructor: { } constructor } creation when CreatesFile(constructor, creation, depth):
                    return true;
                case IPropertyReferenceOperation property when Accessor(property) is { } accessor &&
                                                                IsOwnCode(accessor) && FollowOwnCode(accessor, depth):
                    return true;
            }
        }

        return false;
    }

    private bool MightChange(IMethodSymbol method, IInvocationOperation invocation, int depth)
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

        if (Is(type, _types.File))
        {
            return method.Name is "Copy" or "Move" or "Delete" or "Replace" or "Encrypt" or "Decrypt" or "CreateSymbolicLink" ||
                   method.Name.StartsWith("Create", System.StringComparison.Ordinal) ||
                   method.Name.StartsWith("Write", System.StringComparison.Ordinal) ||
                   method.Name.StartsWith("Append", System.StringComparison.Ordinal) ||
                   method.Name == "OpenWrite" ||
                   (method.Name == "Open" && MayCreate(invocation.Arguments.GetArgument(1)?.Value));
        }

        if (Is(type, _types.Directory))
        {
            return method.Name is "CreateDirectory" or "CreateTempSubdirectory" or "Delete" or "Move" or "CreateSymbolicLink";
        }

        if (WellKnownIoTypes.DerivesFrom(type, _types.FileSystemInfo))
        {
            return method.Name is "CopyTo" or "MoveTo" or "Delete" or "Create" or "CreateText" or "AppendText" or "OpenWrite" or
                       "Replace" or "CreateSubdirectory" or "Encrypt" or "Decrypt" or "CreateAsSymbolicLink" ||
                   (method.Name == "Open" && MayCreate(invocation.Arguments.GetArgument(0)?.Value));
        }

        if (type.Name == "Process" && method.Name == "Start")
        {
            return true; // Another program may write anywhere.
        }

        // Other libraries: by name. Stream.CopyTo copies bytes between open streams, not files.
        return method.Name is "Save" or "SaveAs" or "SaveTo" or "Export" or "Delete" or "Move" or "MoveTo" or "Rename" or
                   "ExtractToDirectory" or "ExtractToFile" or "ExtractAll" or "WriteToDirectory" or "WriteToFile" or
                   "CreateFromDirectory" or "Copy" ||
               (method.Name == "CopyTo" && !WellKnownIoTypes.DerivesFrom(type, _types.Stream));
    }

    private bool CreatesFile(IMethodSymbol constructor, IObjectCreationOperation creation, int depth)
    {
        var type = constructor.ContainingType;
        if (IsOwnCode(constructor))
        {
            return FollowOwnCode(constructor, depth);
        }

        if (constructor.Parameters.Length == 0 || constructor.Parameters[0].Type.SpecialType != SpecialType.System_String)
        {
            return false;
        }

        // new StreamWriter(path) creates the file; new FileStream(path, mode) may.
        return Is(type, _types.StreamWriter) ||
               (Is(type, _types.FileStream) && MayCreate(creation.Arguments.GetArgument(1)?.Value));
    }

    /// <summary>A FileMode argument other than Open or Truncate (which need the file to exist) may create a file.</summary>
    private static bool MayCreate(IOperation? mode) =>
        mode?.WalkDownConversions().ConstantValue is not { HasValue: true, Value: int value } || (value != 3 && value != 5);

    /// <summary>Declared in this compilation's source (so its body, if it has one, can be read).</summary>
    private static bool IsOwnCode(IMethodSymbol method) => !method.DeclaringSyntaxReferences.IsEmpty;

    private static IMethodSymbol? Accessor(IPropertyReferenceOperation property) =>
        property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property
            ? property.Property.SetMethod
            : property.Property.GetMethod;

    private bool FollowOwnCode(IMethodSymbol method, int depth)
    {
        if (method.IsAbstract || method.IsExtern || method.DeclaringSyntaxReferences.IsEmpty)
        {
            return true; // An interface or abstract member: any implementation may run.
        }

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

        foreach (var reference in method.DeclaringSyntaxReferences)
        {
            var syntax = reference.GetSyntax();
            if (HasNoBody(syntax))
            {
                continue;
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
    /// Declarations with no code of their own: a partial method's defining part, an auto-property accessor, a record's
    /// or class's primary constructor (its parameters are only stored).
    /// </summary>
    private static bool HasNoBody(SyntaxNode syntax) => syntax switch
    {
        BaseMethodDeclarationSyntax method => method.Body is null && method.ExpressionBody is null,
        AccessorDeclarationSyntax accessor => accessor.Body is null && accessor.ExpressionBody is null,
        TypeDeclarationSyntax => true,
        _ => false,
    };

    private static bool Is(INamedTypeSymbol type, INamedTypeSymbol? expected) =>
        expected is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, expected);
}
