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
    /// Whether a consumer that stops early (<see cref="StopsEarly"/>) stops at the first entry that passes a test rather
    /// than at the first entry: a predicate of its own (<c>Any(d =&gt; d.Name == "src")</c>), or a step between it and
    /// <paramref name="listing"/> that can drop entries (<c>Where</c>, <c>OfType</c>, <c>Skip</c>); a projection
    /// (<c>Select</c>, <c>Cast</c>) keeps every entry. For the message only: the early stop is the same either way.
    /// </summary>
    public static bool StopsAtAMatch(IInvocationOperation consumer, IOperation listing)
    {
        if (!consumer.TargetMethod.IsExtensionMethod || consumer.Arguments.Length == 0)
        {
            return false;
        }

        for (var i = 1; i < consumer.Arguments.Length; i++)
        {
            // FirstOrDefault(defaultValue) takes a value, not a test.
            if (consumer.Arguments[i].Parameter?.Type.TypeKind == TypeKind.Delegate)
            {
                return true;
            }
        }

        var source = consumer.Arguments[0].Value.WalkDownConversions();
        while (source != listing && source is IInvocationOperation { TargetMethod.IsExtensionMethod: true, Arguments.Length: > 0 } step)
        {
            if (step.TargetMethod.Name is not ("Select" or "Cast" or "AsEnumerable"))
            {
                return true;
            }

            source = step.Arguments[0].Value.WalkDownConversions();
        }

        return false;
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
