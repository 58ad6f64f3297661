using System.Collections.Generic;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;

/// <summary>A listing's <c>.Length</c> compared with zero, found by <see cref="DirectoryListings.FindLengthCheck"/>.</summary>
internal sealed class LengthCheck
{
    public LengthCheck(IPropertyReferenceOperation length, IVariableDeclaratorOperation? local, bool asksForAny)
    {
        Length = length;
        Local = local;
        AsksForAny = asksForAny;
    }

    /// <summary>True for "is there an entry" (<c>&gt; 0</c>), false for "is it empty" (<c>== 0</c>).</summary>
    public bool AsksForAny { get; }

    /// <summary>The <c>files.Length</c> compared (<c>files.Length &gt; 0</c>).</summary>
    public IPropertyReferenceOperation Length { get; }

    /// <summary>The local the array is stored in first, when it is.</summary>
    public IVariableDeclaratorOperation? Local { get; }
}

/// <summary>What IOP007 (and its fix) know about the array-returning directory listings and their lazy twins.</summary>
internal static class DirectoryListings
{
    /// <summary>The <c>Enumerate*</c> twin of an array-returning listing's name, or null for any other name.</summary>
    public static string? EnumeratingName(string name) => name switch
    {
        "GetFiles" => "EnumerateFiles",
        "GetDirectories" => "EnumerateDirectories",
        "GetFileSystemEntries" => "EnumerateFileSystemEntries",
        "GetFileSystemInfos" => "EnumerateFileSystemInfos",
        _ => null,
    };

    /// <summary><paramref name="method"/> is one of System.IO.Directory's or DirectoryInfo's listings returning an array.</summary>
    public static bool IsListing(IMethodSymbol method, WellKnownIoTypes types) =>
        method.ReturnType is IArrayTypeSymbol &&
        method.ContainingType is { } type &&
        (method.IsStatic
            ? SymbolEqualityComparer.Default.Equals(type, types.Directory)
            : SymbolEqualityComparer.Default.Equals(type, types.DirectoryInfo));

    /// <summary>
    /// The <c>Enumerate*</c> overload taking exactly the parameters <paramref name="method"/> takes, or null where the
    /// target framework lacks it (netstandard1.x, and the EnumerationOptions overloads before .NET Core 2.1): the fix
    /// then only changes a name and every argument still binds.
    /// </summary>
    public static IMethodSymbol? FindEnumeratingForm(IMethodSymbol method, string enumeratingName)
    {
        foreach (var member in method.ContainingType.GetMembers(enumeratingName))
        {
            if (member is IMethodSymbol candidate &&
                candidate.IsStatic == method.IsStatic &&
                candidate.Parameters.Length == method.Parameters.Length &&
                candidate.Parameters.Zip(method.Parameters, (a, b) => SymbolEqualityComparer.Default.Equals(a.Type, b.Type)).All(same => same))
            {
                return candidate;
            }
        }

        return null;
    }

    /// <summary>Fills of an existing collection: all or nothing from an array, partly done when a lazy listing throws.</summary>
    public static bool FillsACollection(IOperation consumer) =>
        consumer is IInvocationOperation { TargetMethod.Name: "AddRange" or "UnionWith" or "ExceptWith" or "IntersectWith" or "SymmetricExceptWith" };

    /// <summary>LINQ consumers that stop at the first element once the source is lazy.</summary>
    public static bool StopsEarly(string linqMethod, out bool first)
    {
        first = linqMethod is "First" or "FirstOrDefault";
        return first || linqMethod == "Any";
    }

    /// <summary>
    /// Where a consumer that stops early (<see cref="StopsEarly"/>) stops, for the message: at the first entry when only
    /// projections (<c>Select</c>, <c>Cast</c>) stand between it and <paramref name="origin"/> (the listing, or the read of
    /// the local holding it); at the first match when it or a step before it tests the entries (<c>Any(d =&gt; ...)</c>,
    /// <c>Where</c>, <c>OfType</c>); unclear for anything else (<c>Skip(1).First()</c>, the listing as the second
    /// sequence of a <c>Concat</c>), where the message says only that the array is enumerated once.
    /// </summary>
    public static EarlyStop WhereItStops(IInvocationOperation consumer, IOperation origin)
    {
        var stop = EarlyStop.AtTheFirstEntry;
        foreach (var argument in consumer.Arguments)
        {
            // A test of the consumer's own; FirstOrDefault(defaultValue) takes a value, not a test.
            if (argument.Parameter is { Ordinal: > 0, Type.TypeKind: TypeKind.Delegate })
            {
                stop = EarlyStop.AtTheFirstMatch;
            }
        }

        for (var operation = origin; ;)
        {
            var parent = operation.Parent;
            if (parent is IConversionOperation or IParenthesizedOperation)
            {
                operation = parent;
                continue;
            }

            // Each step takes the sequence as its source (the extension's first parameter), whatever the argument order.
            if (parent is not IArgumentOperation { Parameter.Ordinal: 0, Parent: IInvocationOperation { TargetMethod.IsExtensionMethod: true } step })
            {
                return EarlyStop.Unclear;
            }

            if (step == consumer)
            {
                return stop;
            }

            switch (step.TargetMethod.Name)
            {
                case "Select" or "Cast" or "AsEnumerable":
                    break;
                case "Where" or "OfType" or "SkipWhile" or "TakeWhile":
                    stop = EarlyStop.AtTheFirstMatch;
                    break;
                default:
                    return EarlyStop.Unclear;
            }

            operation = step;
        }
    }

    /// <summary>
    /// <c>Directory.GetFiles(d).Length &gt; 0</c> (or != 0, &gt;= 1, == 0, &lt; 1, &lt;= 0, either way round), directly
    /// or through a local that is read only there.
    /// </summary>
    public static LengthCheck? FindLengthCheck(IInvocationOperation listing)
    {
        IOperation array = listing;
        IVariableDeclaratorOperation? local = null;
        if (listing.GetParentSkippingImplicitConversions(out _) is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } &&
            declarator.Parent is IVariableDeclarationOperation { Declarators.Length: 1 } &&
            !declarator.Symbol.IsRef)
        {
            if (SinglePassEnumeration.FindOnlyReadInSameFunction(declarator) is not { } onlyRead)
            {
                return null;
            }

            array = onlyRead;
            local = declarator;
        }

        return array.GetParentSkippingImplicitConversions(out var child) is IPropertyReferenceOperation { Property.Name: "Length" } length &&
               length.Instance == child &&
               length.GetParentSkippingImplicitConversions(out var lengthChild) is IBinaryOperation comparison &&
               AsksForAny(comparison, lengthChild) is { } asksForAny
            ? new LengthCheck(length, local, asksForAny)
            : null;
    }

    /// <summary>
    /// True for a comparison that means "there is an entry", false for "there is none", null for any other comparison
    /// (a count compared with 2 needs the count).
    /// </summary>
    private static bool? AsksForAny(IBinaryOperation comparison, IOperation length)
    {
        var lengthOnLeft = comparison.LeftOperand == length;
        var other = (lengthOnLeft ? comparison.RightOperand : comparison.LeftOperand).WalkDownConversions();
        if (other.ConstantValue is not { HasValue: true, Value: int constant })
        {
            return null;
        }

        // Written as "Length op constant": mirror the operator when the constant is on the left.
        var kind = lengthOnLeft ? comparison.OperatorKind : Mirror(comparison.OperatorKind);
        return (kind, constant) switch
        {
            (BinaryOperatorKind.GreaterThan, 0) or (BinaryOperatorKind.NotEquals, 0) or (BinaryOperatorKind.GreaterThanOrEqual, 1) => true,
            (BinaryOperatorKind.Equals, 0) or (BinaryOperatorKind.LessThan, 1) or (BinaryOperatorKind.LessThanOrEqual, 0) => false,
            _ => null,
        };
    }

    private static BinaryOperatorKind Mirror(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.GreaterThan => BinaryOperatorKind.LessThan,
        BinaryOperatorKind.LessThan => BinaryOperatorKind.GreaterThan,
        BinaryOperatorKind.GreaterThanOrEqual => BinaryOperatorKind.LessThanOrEqual,
        BinaryOperatorKind.LessThanOrEqual => BinaryOperatorKind.GreaterThanOrEqual,
        _ => kind,
    };

    /// <summary>
    /// True when a recursive <paramref name="listing"/> would throw in another place: its call (<paramref name="call"/>,
    /// or the call of the method that returns it) and the place its array is consumed sit in different <c>try</c> blocks
    /// with <c>catch</c> clauses. The lazy form throws UnauthorizedAccessException or DirectoryNotFoundException for a
    /// subdirectory while it is enumerated, not at the call: the fix must not carry those out of (or into) a handler.
    /// For the listed folder itself both forms throw at the call (<see cref="ReturnedReads.MayRecurse"/>).
    /// </summary>
    public static bool ExceptionsWouldMove(IInvocationOperation listing, IOperation call, IOperation consumer) =>
        ReturnedReads.MayRecurse(listing) && !new HashSet<ITryOperation>(call.CatchingTries()).SetEquals(consumer.CatchingTries());
}

/// <summary>Where a consumer that stops early stops (<see cref="DirectoryListings.WhereItStops"/>).</summary>
internal enum EarlyStop
{
    AtTheFirstEntry,
    AtTheFirstMatch,
    Unclear,
}
