using System.Collections.Generic;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;

/// <summary>
/// IOP007's sense of the model's file effects: a lazy directory enumeration may meet entries that the code consuming it
/// creates (a loop that copies every file to "*.bak" could run for ever) or miss ones it moves, so a listing is reported
/// only when its consumer certainly creates, moves and deletes nothing, wherever. A method of another library counts
/// when it is handed the listed folder, the listing or one of its entries (or a value made from them): it may delete
/// them whatever its name says (another project's <c>TrySaferDelete(path)</c>, the one false positive of a fresh set).
/// </summary>
internal sealed class ListingChanges : IFileEffectFilter
{
    private readonly HashSet<ISymbol> _listed;
    private readonly WellKnownIoTypes _types;

    private ListingChanges(HashSet<ISymbol> listed, WellKnownIoTypes types)
    {
        _listed = listed;
        _types = types;
    }

    /// <summary>
    /// The filter for the code that runs while <paramref name="listing"/> is enumerated: what it hands on counts when it is
    /// the folder listed, the listing, an entry (the consumer's loop variable, a parameter of a lambda in the chain that
    /// consumes it) or a value made from one of these (<see cref="IsListedValue"/>), also through a local.
    /// </summary>
    public static ListingChanges For(IInvocationOperation listing, IVariableDeclaratorOperation? local, IOperation consumer, IEnumerable<IOperation> runWhileListed, WellKnownIoTypes types)
    {
        var listed = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        var changes = new ListingChanges(listed, types);
        if (local is not null)
        {
            listed.Add(local.Symbol);
        }

        foreach (var argument in listing.Arguments)
        {
            if (argument.Value.GetReferencedSymbol() is { } symbol)
            {
                listed.Add(symbol);
            }
        }

        if (listing.Instance?.GetReferencedSymbol() is { } directoryInfo)
        {
            listed.Add(directoryInfo);
        }

        if (consumer is IForEachLoopOperation loop)
        {
            listed.UnionWith(loop.Locals);
        }

        var chainStart = local is null ? listing : (IOperation?)SinglePassEnumeration.FindOnlyReadInSameFunction(local) ?? consumer;
        AddLambdaParametersOfTheChain(chainStart, consumer, listed);

        // In source order: a local made from an entry (var name = Path.GetFileName(file)) is declared after the entry is.
        foreach (var operation in runWhileListed)
        {
            if (operation is IVariableDeclaratorOperation { Initializer.Value: { } value } declarator && changes.IsListedValue(value))
            {
                listed.Add(declarator.Symbol);
            }
        }

        return changes;
    }

    /// <summary>The parameters of the lambdas handed to the calls between <paramref name="value"/> and its consumer (<c>.Where(f =&gt; ...)</c>): each is an entry.</summary>
    private static void AddLambdaParametersOfTheChain(IOperation value, IOperation consumer, HashSet<ISymbol> listed)
    {
        for (var current = value.Parent; current is not null && current != consumer.Parent; current = current.Parent)
        {
            if (current is not IInvocationOperation call)
            {
                continue;
            }

            foreach (var argument in call.Arguments)
            {
                if (argument.Value.WalkDownConversions() is IDelegateCreationOperation { Target: IAnonymousFunctionOperation lambda })
                {
                    listed.UnionWith(lambda.Symbol.Parameters);
                }
            }
        }
    }

    public bool Concerns(in FileEffect effect)
    {
        if ((effect.Change & FileChange.Unknown) != 0)
        {
            return true;
        }

        if (effect.IsHandOff)
        {
            return effect.Origin switch
            {
                PathOrigin.Expression => IsListedValue(effect.Path!),
                PathOrigin.Member => _listed.Contains(effect.Member!),
                _ => false,
            };
        }

        return (effect.Change & (FileChange.Creates | FileChange.Removes)) != 0;
    }

    /// <summary>
    /// The folder, the listing or an entry, or a value made from one: <c>file.FullName</c>, <c>Path.GetFileName(file)</c>,
    /// <c>new FileInfo(file)</c>, <c>files[i]</c>, and a string that starts with one (<c>file + ".bak"</c>,
    /// <c>$"{file}.bak"</c>) - a message that mentions it (<c>$"found {file}"</c>) is not a path.
    /// </summary>
    private bool IsListedValue(IOperation value) => value.WalkDownConversions() switch
    {
        IBinaryOperation { OperatorKind: BinaryOperatorKind.Add } concatenation => IsListedValue(concatenation.LeftOperand),
        IInterpolatedStringOperation { Parts.Length: > 0 } interpolated =>
            interpolated.Parts[0] is IInterpolationOperation { Expression: var first } && IsListedValue(first),
        ILocalReferenceOperation local => _listed.Contains(local.Local),
        IParameterReferenceOperation parameter => _listed.Contains(parameter.Parameter),
        IFieldReferenceOperation { Instance: { } instance } => IsListedValue(instance),
        IFieldReferenceOperation field => _listed.Contains(field.Field),
        IPropertyReferenceOperation { Instance: { } instance } => IsListedValue(instance),
        IPropertyReferenceOperation property => _listed.Contains(property.Property),
        IArrayElementReferenceOperation element => IsListedValue(element.ArrayReference),
        IInvocationOperation call when WellKnownIoTypes.Is(call.TargetMethod.ContainingType, _types.Path) => AnyListedArgument(call.Arguments),
        IObjectCreationOperation creation when WellKnownIoTypes.DerivesFrom(creation.Type, _types.FileSystemInfo) => AnyListedArgument(creation.Arguments),
        _ => false,
    };

    private bool AnyListedArgument(System.Collections.Immutable.ImmutableArray<IArgumentOperation> arguments)
    {
        foreach (var argument in arguments)
        {
            if (IsListedValue(argument.Value))
            {
                return true;
            }
        }

        return false;
    }
}
