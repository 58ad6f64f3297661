using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace IoPerf.Analyzers.Internal;

/// <summary>One place in the compilation that names a method (a call or a method group), with the semantic model that binds it.</summary>
internal readonly struct MethodUse
{
    public MethodUse(IdentifierNameSyntax name, SemanticModel model)
    {
        Name = name;
        Model = model;
    }

    public IdentifierNameSyntax Name { get; }

    public SemanticModel Model { get; }
}

/// <summary>
/// Every place the compilation names one of its own methods - the callers of a method, across its types and files -
/// found once per method and remembered for the compilation. Only a method no other assembly can name has a complete
/// answer: private, or internal (the method or a type around it) in an assembly that gives its internals to no other
/// code than its tests; not virtual, not an interface's implementation (callers through the base or the interface name
/// another symbol), not generic (a use may name it with type arguments). For any other method <see cref="Of"/> is
/// null: its callers are not all in sight. Asked only for code a rule is about to report, so the walk over the tokens of
/// the trees that may name the method (a private method's own type's, else every tree of the compilation) is paid rarely;
/// only the names spelled like the method are bound.
/// </summary>
internal sealed class MethodUses
{
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<IMethodSymbol, ImmutableArray<MethodUse>?> _byMethod = new(SymbolEqualityComparer.Default);
    private int _internalsGivenAway; // 0: not asked yet, 1: no, 2: yes
    private readonly ConcurrentDictionary<INamedTypeSymbol, List<INamedTypeSymbol>> _implementers = new(SymbolEqualityComparer.Default);
    private TypeIndex? _typeIndex;

    public MethodUses(Compilation compilation)
    {
        _compilation = compilation;
    }

    /// <summary>The places that name <paramref name="method"/>, or null when code outside the compilation may call it.</summary>
    public ImmutableArray<MethodUse>? Of(IMethodSymbol method, CancellationToken cancellationToken)
    {
        method = method.OriginalDefinition;
        if (_byMethod.TryGetValue(method, out var known))
        {
            return known;
        }

        var uses = HasAllCallersInSight(method) ? Find(method, cancellationToken) : null;
        return _byMethod.GetOrAdd(method, uses);
    }

    private bool HasAllCallersInSight(IMethodSymbol method)
    {
        if (method.MethodKind == MethodKind.LocalFunction)
        {
            return !method.IsGenericMethod; // named only inside the member that declares it
        }

        if (method.MethodKind != MethodKind.Ordinary || method.IsVirtual || method.IsAbstract || method.IsOverride || method.IsExtern ||
            method.IsGenericMethod || method.ContainingType is null || !method.ContainingType.TypeParameters.IsEmpty ||
            ImplementsAnInterface(method))
        {
            return false;
        }

        for (ISymbol? symbol = method; symbol is INamedTypeSymbol or IMethodSymbol; symbol = symbol.ContainingSymbol)
        {
            switch (symbol.DeclaredAccessibility)
            {
                case Accessibility.Private:
                    return true;
                case Accessibility.Internal or Accessibility.ProtectedAndInternal:
                    return !GivesInternalsAway();
            }
        }

        return false;
    }

    private static bool ImplementsAnInterface(IMethodSymbol method)
    {
        if (!method.ExplicitInterfaceImplementations.IsEmpty)
        {
            return true;
        }

        foreach (var @interface in method.ContainingType.AllInterfaces)
        {
            foreach (var member in @interface.GetMembers(method.Name))
            {
                if (SymbolEqualityComparer.Default.Equals(method.ContainingType.FindImplementationForInterfaceMember(member), method))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// An <c>InternalsVisibleTo</c> naming an assembly other than a test project: internal methods have callers there,
    /// and internal types may be derived from or implemented there.
    /// </summary>
    public bool GivesInternalsAway()
    {
        if (Volatile.Read(ref _internalsGivenAway) == 0)
        {
            var givenAway = false;
            foreach (var attribute in _compilation.Assembly.GetAttributes())
            {
                if (attribute.AttributeClass is { Name: "InternalsVisibleToAttribute" } &&
                    !(attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is string friend &&
                      (TestCode.IsTestAssemblyName(friend.Split(',')[0].Trim()) || friend.StartsWith("DynamicProxyGenAssembly2", System.StringComparison.Ordinal))))
                {
                    givenAway = true;
                    break;
                }
            }

            Volatile.Write(ref _internalsGivenAway, givenAway ? 2 : 1);
        }

        return _internalsGivenAway == 2;
    }

    /// <summary>
    /// The one body a call to <paramref name="method"/> can run: the method itself when it is not virtual; a virtual or
    /// override method that nothing in the compilation overrides, in a type no other assembly can derive from; an
    /// interface's method when the interface is hidden from other assemblies and one type of the compilation implements
    /// it (coverlet's internal <c>IFileSystem</c> and its one <c>FileSystem</c>). Test projects given the internals are
    /// not counted: their doubles stand in for the real body only under test. Null when several bodies may run.
    /// </summary>
    public IMethodSymbol? OnlyBody(IMethodSymbol method)
    {
        var type = method.ContainingType;
        if (type is null)
        {
            return null;
        }

        if (type.TypeKind == TypeKind.Interface)
        {
            if (method.IsStatic || !IsHiddenFromOtherAssemblies(type))
            {
                return null;
            }

            // Every type that implements the interface counts, not only those that declare the name: one may implement it
            // explicitly, inherit the implementing method, or take an interface's default body.
            var implementers = ImplementersOf(type);
            if (implementers.Count != 1)
            {
                return null;
            }

            var implementer = implementers[0];
            return implementer.FindImplementationForInterfaceMember(method) is IMethodSymbol implementation &&
                   SymbolEqualityComparer.Default.Equals(implementation.ContainingType, implementer)
                ? OnlyBody(implementation.OriginalDefinition)
                : null;
        }

        if (!(method.IsVirtual || method.IsOverride || method.IsAbstract) || method.IsSealed || type.IsSealed)
        {
            return method.IsAbstract ? null : method;
        }

        if (!IsHiddenFromOtherAssemblies(type))
        {
            return null;
        }

        // A virtual method nothing overrides runs its own body; an abstract one overridden once runs that override's.
        IMethodSymbol? onlyOverride = null;
        foreach (var candidate in TypesDeclaring(method.Name))
        {
            foreach (var member in candidate.GetMembers(method.Name))
            {
                if (member is IMethodSymbol { OverriddenMethod: { } overridden } && SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, method))
                {
                    if (!method.IsAbstract || onlyOverride is not null)
                    {
                        return null;
                    }

                    onlyOverride = (IMethodSymbol)member;
                }
            }
        }

        return method.IsAbstract ? (onlyOverride is null ? null : OnlyBody(onlyOverride.OriginalDefinition)) : method;
    }

    /// <summary>The type, or one around it, is private or internal, and no assembly but a test project sees internals.</summary>
    private bool IsHiddenFromOtherAssemblies(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.ContainingType)
        {
            if (current.DeclaredAccessibility is Accessibility.Private or Accessibility.Internal or Accessibility.ProtectedAndInternal)
            {
                return current.DeclaredAccessibility == Accessibility.Private || !GivesInternalsAway();
            }
        }

        return false;
    }

    /// <summary>
    /// The compilation's types that derive from one of its own and declare a member named <paramref name="name"/>: only
    /// these can override a method of that name. From an index of those types' member names (<see cref="INamedTypeSymbol.MemberNames"/>: no type
    /// is asked for its members, no method body is bound), built once per compilation on the first question. The
    /// compiler's <c>GetSymbolsWithName</c> walks every declaration on each call: asked per called method it was most of
    /// the cost of reaching across methods (76 ms on sharpcompress, where no method body was read).
    /// </summary>
    private IReadOnlyList<INamedTypeSymbol> TypesDeclaring(string name) =>
        Index().ByMemberName.TryGetValue(name, out var types) ? types : Array.Empty<INamedTypeSymbol>();

    /// <summary>
    /// The compilation's classes and structs that implement <paramref name="interface"/> (directly or through a base or
    /// another interface), found once per interface: each question about one of its methods would otherwise scan every type.
    /// </summary>
    private List<INamedTypeSymbol> ImplementersOf(INamedTypeSymbol @interface) =>
        _implementers.TryGetValue(@interface, out var known) ? known : _implementers.GetOrAdd(@interface, FindImplementers(@interface));

    private List<INamedTypeSymbol> FindImplementers(INamedTypeSymbol @interface)
    {
        var implementers = new List<INamedTypeSymbol>();
        foreach (var candidate in Index().AllTypes)
        {
            if (candidate.TypeKind != TypeKind.Interface && Implements(candidate, @interface))
            {
                implementers.Add(candidate);
            }
        }

        return implementers;
    }

    private static bool Implements(INamedTypeSymbol type, INamedTypeSymbol @interface)
    {
        foreach (var implemented in type.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(implemented.OriginalDefinition, @interface))
            {
                return true;
            }
        }

        return false;
    }

    private TypeIndex Index()
    {
        var index = Volatile.Read(ref _typeIndex);
        if (index is null)
        {
            var start = ModelMeter.Start();
            Interlocked.CompareExchange(ref _typeIndex, TypeIndex.Build(_compilation.Assembly), null);
            ModelMeter.Stop(start);
            index = _typeIndex!;
        }

        return index;
    }

    /// <summary>Every source type of the compilation, and for each member name the types based on one of its own that declare it.</summary>
    private sealed class TypeIndex
    {
        private TypeIndex(List<INamedTypeSymbol> allTypes, Dictionary<string, List<INamedTypeSymbol>> byMemberName)
        {
            AllTypes = allTypes;
            ByMemberName = byMemberName;
        }

        public List<INamedTypeSymbol> AllTypes { get; }

        public Dictionary<string, List<INamedTypeSymbol>> ByMemberName { get; }

        public static TypeIndex Build(IAssemblySymbol assembly)
        {
            var root = assembly.GlobalNamespace;
            var allTypes = new List<INamedTypeSymbol>();
            var byMemberName = new Dictionary<string, List<INamedTypeSymbol>>(StringComparer.Ordinal);
            var namespaces = new Stack<INamespaceSymbol>();
            var types = new Stack<INamedTypeSymbol>();
            namespaces.Push(root);
            while (namespaces.Count > 0)
            {
                var current = namespaces.Pop();
                foreach (var ns in current.GetNamespaceMembers())
                {
                    namespaces.Push(ns);
                }

                foreach (var type in current.GetTypeMembers())
                {
                    types.Push(type);
                }
            }

            while (types.Count > 0)
            {
                var type = types.Pop();
                allTypes.Add(type);
                foreach (var nested in type.GetTypeMembers())
                {
                    types.Push(nested);
                }

                // Only a type whose base is one of the compilation's own can override the compilation's methods (no
                // referenced assembly derives from this one): the others' member names are never asked for, and
                // gathering them was most of the index's cost (about 30 ms per sharpcompress compilation).
                if (type.BaseType is not { } baseType || !SymbolEqualityComparer.Default.Equals(baseType.ContainingAssembly, assembly))
                {
                    continue;
                }

                foreach (var memberName in type.MemberNames)
                {
                    if (!byMemberName.TryGetValue(memberName, out var list))
                    {
                        byMemberName[memberName] = list = new List<INamedTypeSymbol>();
                    }

                    // Each type is visited once and its names are distinct: no list holds a type twice.
                    list.Add(type);
                }
            }

            return new TypeIndex(allTypes, byMemberName);
        }
    }

    private ImmutableArray<MethodUse>? Find(IMethodSymbol method, CancellationToken cancellationToken)
    {
        var trees = new List<SyntaxTree>();
        if (method.DeclaredAccessibility == Accessibility.Private || method.MethodKind == MethodKind.LocalFunction)
        {
            foreach (var part in method.ContainingType.DeclaringSyntaxReferences)
            {
                if (!trees.Contains(part.SyntaxTree))
                {
                    trees.Add(part.SyntaxTree);
                }
            }
        }
        else
        {
            trees.AddRange(_compilation.SyntaxTrees);
        }

        var uses = ImmutableArray.CreateBuilder<MethodUse>();
        foreach (var tree in trees)
        {
            if (!_compilation.ContainsSyntaxTree(tree))
            {
                return null;
            }

            SemanticModel? model = null;
            foreach (var token in tree.GetRoot(cancellationToken).DescendantTokens())
            {
                if (!token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != method.Name)
                {
                    continue;
                }

                if (token.Parent is GenericNameSyntax)
                {
                    return null; // A use with type arguments: not this method (not generic), but a reason not to conclude.
                }

                if (token.Parent is not IdentifierNameSyntax name)
                {
                    continue;
                }

#pragma warning disable RS1030 // A method's callers may be in any file: only that tree's semantic model can bind them. Reached only for a method a rule is about to report in.
                model ??= _compilation.GetSemanticModel(tree);
#pragma warning restore RS1030
                if (Names(model.GetSymbolInfo(name, cancellationToken), method))
                {
                    uses.Add(new MethodUse(name, model));
                }
            }
        }

        return uses.ToImmutable();
    }

    /// <summary>The name binds to the method, or (in code that does not bind yet) has it among its candidates.</summary>
    private static bool Names(SymbolInfo info, IMethodSymbol method)
    {
        if (IsThe(info.Symbol, method))
        {
            return true;
        }

        foreach (var candidate in info.CandidateSymbols)
        {
            if (IsThe(candidate, method))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The symbol is the method, also as an extension method called on its receiver (<c>x.Open()</c> binds to a reduced form).</summary>
    private static bool IsThe(ISymbol? symbol, IMethodSymbol method) =>
        SymbolEqualityComparer.Default.Equals((symbol is IMethodSymbol { ReducedFrom: { } declared } ? declared : symbol)?.OriginalDefinition, method);
}
