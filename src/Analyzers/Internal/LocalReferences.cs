using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Every declaration of and reference to each local of one operation tree (a member body, with its lambdas and local
/// functions), found in one walk and kept while the tree lives. Questions such as "what is this local assigned?" or
/// "where else is it read?" used to walk the whole body each time they were asked: a method with N streams or N
/// listings then cost N walks of N statements. Now they cost a look-up.
/// </summary>
internal sealed class LocalReferences
{
    private static readonly ConditionalWeakTable<IOperation, LocalReferences> ByRoot = new();
    private static readonly ConditionalWeakTable<IOperation, LocalReferences>.CreateValueCallback Build = root => new LocalReferences(root);
    private static readonly IReadOnlyList<IOperation> None = new IOperation[0];

    private readonly Dictionary<ILocalSymbol, List<IOperation>> _byLocal = new(SymbolEqualityComparer.Default);

    private LocalReferences(IOperation root)
    {
        foreach (var operation in root.AllOperations())
        {
            var local = operation switch
            {
                ILocalReferenceOperation reference => reference.Local,
                IVariableDeclaratorOperation declarator => declarator.Symbol,
                _ => null,
            };
            if (local is null)
            {
                continue;
            }

            if (!_byLocal.TryGetValue(local, out var list))
            {
                list = new List<IOperation>();
                _byLocal.Add(local, list);
            }

            list.Add(operation);
        }
    }

    /// <summary>The index of the tree <paramref name="root"/> is the root of (built on first use, then shared).</summary>
    public static LocalReferences Of(IOperation root) => ByRoot.GetValue(root, Build);

    /// <summary>
    /// The declarators (<see cref="IVariableDeclaratorOperation"/>) and references (<see cref="ILocalReferenceOperation"/>)
    /// of <paramref name="local"/>, in source order.
    /// </summary>
    public IReadOnlyList<IOperation> Of(ILocalSymbol local) => _byLocal.TryGetValue(local, out var list) ? list : None;
}
