using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;

/// <summary>
/// IOP007: <c>Directory.GetFiles</c> (and the other array-returning listings of <c>Directory</c> and
/// <c>DirectoryInfo</c>) whose array is enumerated once front to back, asked whether it is empty, or asked for its
/// first entry: the <c>Enumerate*</c> form yields the same entries as they are read, stops as soon as the consumer
/// does, and holds one entry at a time (claims C23-C25).
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class DirectoryListingMaterializedAnalyzer : DiagnosticAnalyzer
{
    /// <summary>For the fix: how the array is used, which decides what besides the method name it rewrites.</summary>
    internal static readonly DiagnosticProperty<ListingUse?> Use = DiagnosticProperty.Choice<ListingUse>("Use");

    /// <summary>For the fix: a <see cref="ListingUse.LengthCheck"/> that asks whether the listing is empty (<c>== 0</c>).</summary>
    internal static readonly DiagnosticProperty<bool> AsksForNone = DiagnosticProperty.Flag("AsksForNone");

    /// <summary>For the fix: the call is to a project method that returns a listing; nothing at the call to rewrite.</summary>
    internal static readonly DiagnosticProperty<bool> AcrossMethods = DiagnosticProperty.Flag("AcrossMethods");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.DirectoryListingMaterialized);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var types = WellKnownIoTypes.For(start.Compilation);
            if (types.File is null || RuleOptions.AlsoTargetsAFrameworkWithoutStreamingFileApis(start.Options) ||
                !CompilationText.MayCall(start.Compilation, WatchedWords.ListingCalls, WatchedWords.Listings, "Directory", start.Options, RuleOptions.ReachesAcrossMethods(start.Options), start.CancellationToken))
            {
                return;
            }

            var model = IoModel.For(start.Compilation);
            var returns = model.ReachesAcrossMethods(start.Options) ? model.Returns : null; // once per compilation
            var handedOn = returns is null ? null : model.SinglePassParameters;
            start.RegisterOperationAction(operationContext => AnalyzeInvocation(operationContext, model, returns, handedOn), OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, IoModel model, ReturnedReads? returns, SinglePassParameters? handedOn)
    {
        var types = model.Types;
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;

        // Cheap name filter before any symbol comparison.
        if (DirectoryListings.EnumeratingName(method.Name) is not { } enumeratingName ||
            !DirectoryListings.IsListing(method, types))
        {
            if (returns is not null && returns.MayReturnASequence(invocation))
            {
                AnalyzeCallReturningListing(context, invocation, model, handedOn);
            }

            return;
        }

        if (DirectoryListings.FindEnumeratingForm(method, enumeratingName) is null ||
            invocation.Syntax.ContainsDiagnostics ||
            invocation.IsInsideExpressionTree(types))
        {
            return;
        }

        if (!TryClassifyUse(invocation, types, handedOn, context.CancellationToken, out var use, out var consumer, out var local, out var asksForNone) ||
            consumer.Syntax.ContainsDiagnostics ||
            DirectoryListings.ExceptionsWouldMove(invocation, invocation, consumer) ||
            (DirectoryListings.FillsACollection(consumer) && ReturnedReads.MayRecurse(invocation)) ||
            !RenamedCallBindsTheSameWay(invocation, enumeratingName))
        {
            return;
        }

        var runWhileListed = RunWhileListed(invocation, consumer).ToList();
        if (model.Effects.MayChange(runWhileListed, ListingChanges.For(invocation, local, consumer, runWhileListed, types)))
        {
            return;
        }

        var typeName = method.ContainingType.Name;
        Report(context, invocation, consumer, local, use, asksForNone, $"{typeName}.{method.Name}", $"{typeName}.{enumeratingName}", acrossMethods: false);
    }

    private static void Report(
        OperationAnalysisContext context,
        IInvocationOperation call,
        IOperation consumer,
        IVariableDeclaratorOperation? local,
        ListingUse use,
        bool asksForNone,
        string listing,
        string lazyForm,
        bool acrossMethods,
        bool helperMayStream = false)
    {
        var additionalLocations = new List<Location> { consumer.Syntax.GetLocation() };
        if (local is not null)
        {
            additionalLocations.Add(local.Syntax.GetLocation());
        }

        var stop = use is ListingUse.Any or ListingUse.First ? DirectoryListings.WhereItStops((IInvocationOperation)consumer, OriginOf(call, local)) : EarlyStop.Unclear;
        var reason = (use, stop) switch
        {
            (ListingUse.LengthCheck, _) => nameof(Resources.IOP007_ExistenceCheck),
            (ListingUse.Any, EarlyStop.AtTheFirstEntry) => nameof(Resources.IOP007_ExistenceCheck),
            (ListingUse.Any, EarlyStop.AtTheFirstMatch) => nameof(Resources.IOP007_MatchCheck),
            (ListingUse.First, EarlyStop.AtTheFirstEntry) => nameof(Resources.IOP007_FirstEntry),
            (ListingUse.First, EarlyStop.AtTheFirstMatch) => nameof(Resources.IOP007_FirstMatch),
            _ => nameof(Resources.IOP007_SinglePass),
        };
        var properties = AsksForNone.With(Use.With(ImmutableDictionary<string, string?>.Empty, use), asksForNone);
        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.DirectoryListingMaterialized,
            call.Syntax.GetLocation(),
            additionalLocations,
            ReturnedReads.HelperMayStream.With(AcrossMethods.With(properties, acrossMethods), helperMayStream),
            listing,
            Rules.Format(reason),
            lazyForm));
    }

    /// <summary>
    /// A call to a method of the compilation that returns a listing's array (<see cref="ReturnedReads"/>), used once by
    /// the caller in the same senses as a listing itself: reported at the call, which has nothing to rewrite (the lazy form
    /// belongs in the method, and its other callers decide whether it may change: <see cref="ReturnedReads.HelperMayStream"/>). The listing's errors must not be handled inside
    /// the method (the model's summary says so) nor move between handlers at the caller.
    /// </summary>
    private static void AnalyzeCallReturningListing(OperationAnalysisContext context, IInvocationOperation call, IoModel model, SinglePassParameters? handedOn)
    {
        // The method's declaration is looked at first (its text, once per method): most sequence-returning methods name no
        // listing, and classifying the use indexes the caller's locals. Then the use: the method is read (once) only for a
        // call whose result is used once.
        var types = model.Types;
        if (!model.Returns.MayHaveOne(call.TargetMethod, context.CancellationToken) ||
            !TryClassifyCallUse(call, types, handedOn, context.CancellationToken, out var use, out var consumer, out var local, out var asksForNone) ||
            model.Returns.Of(call.TargetMethod, context.CancellationToken) is not { Result: ReadResult.Listing } returned ||
            DirectoryListings.EnumeratingName(returned.Read.TargetMethod.Name) is not { } enumeratingName ||
            !MayListLazily(call, consumer, local, returned, model))
        {
            return;
        }

        // The method itself may return the lazy form when every call of it only enumerates (an emptiness check through
        // Length would need its caller rewritten too).
        var owned = returned.IsOwnedByTheCompilation(model.MethodUses);
        var helperMayStream = owned && model.Returns.EveryCallUsesItOnce(
            returned,
            other => TryClassifyCallUse(other, types, handedOn, context.CancellationToken, out var otherUse, out var otherConsumer, out var otherLocal, out _) &&
                     otherUse != ListingUse.LengthCheck &&
                     MayListLazily(other, otherConsumer, otherLocal, returned, model),
            context.CancellationToken);
        Report(context, call, consumer, local, use, asksForNone, returned.Describe(), Rules.Format(
            owned ? nameof(Resources.IOP007_ReturnEnumerating) : nameof(Resources.IOP007_EnumeratingOverload),
            $"{returned.Read.TargetMethod.ContainingType.Name}.{enumeratingName}"), acrossMethods: true, helperMayStream);
    }

    private static bool TryClassifyCallUse(
        IInvocationOperation call,
        WellKnownIoTypes types,
        SinglePassParameters? handedOn,
        System.Threading.CancellationToken cancellationToken,
        out ListingUse use,
        out IOperation consumer,
        out IVariableDeclaratorOperation? local,
        out bool asksForNone) =>
        TryClassifyUse(call, types, handedOn, cancellationToken, out use, out consumer, out local, out asksForNone) &&
        !call.Syntax.ContainsDiagnostics &&
        !consumer.Syntax.ContainsDiagnostics &&
        !call.IsInsideExpressionTree(types);

    /// <summary>
    /// The listing's errors stay where they were handled, a recursive listing does not fill a collection, and nothing run
    /// while the lazy listing is read may change the directory.
    /// </summary>
    private static bool MayListLazily(IInvocationOperation call, IOperation consumer, IVariableDeclaratorOperation? local, ReturnedRead returned, IoModel model)
    {
        if (DirectoryListings.ExceptionsWouldMove(returned.Read, call, consumer) ||
            (DirectoryListings.FillsACollection(consumer) && ReturnedReads.MayRecurse(returned.Read)))
        {
            return false;
        }

        var runWhileListed = RunWhileListed(call, consumer).ToList();
        return !model.Effects.MayChange(runWhileListed, ListingChanges.For(call, local, consumer, runWhileListed, model.Types));
    }

    /// <summary>
    /// <c>GetFiles(root)</c> under <c>using static System.IO.Directory</c> becomes <c>EnumerateFiles(root)</c>, which a
    /// member of the same name in the calling type would capture instead.
    /// </summary>
    private static bool RenamedCallBindsTheSameWay(IInvocationOperation invocation, string enumeratingName)
    {
        if (invocation.Syntax is not InvocationExpressionSyntax { Expression: SimpleNameSyntax } || invocation.SemanticModel is not { } model)
        {
            return true;
        }

        foreach (var symbol in model.LookupSymbols(invocation.Syntax.SpanStart, name: enumeratingName))
        {
            if (!SymbolEqualityComparer.Default.Equals(symbol.ContainingType, invocation.TargetMethod.ContainingType))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The code that runs between the listing and the end of its consumer: with the lazy form, a file it creates there
    /// (<c>File.Create(zipPath)</c> before the loop that zips every file) can show up in the listing. An operation that
    /// encloses the consumer (<c>GetFiles(d).First().Delete()</c>) starts with the listing but runs after the enumeration;
    /// the listing's own arguments (the folder, computed by the project's methods) run before it.
    /// </summary>
    private static IEnumerable<IOperation> RunWhileListed(IOperation listing, IOperation consumer)
    {
        var end = consumer.Syntax.Span.End;
        var runWhileListed = listing.GetRoot().DescendantsStartingWithin(TextSpan.FromBounds(listing.Syntax.Span.End, System.Math.Max(listing.Syntax.Span.End, end)))
            .Where(operation => operation.Syntax.Span.End <= end);

        // A method of the compilation the listing is handed to (the only consumer that is one) runs while it is listed,
        // though its call starts before the listing.
        return consumer is IInvocationOperation { TargetMethod.ContainingAssembly: var assembly } &&
               SymbolEqualityComparer.Default.Equals(assembly, consumer.SemanticModel?.Compilation.Assembly)
            ? runWhileListed.Concat(new[] { consumer })
            : runWhileListed;
    }

    /// <summary>
    /// Where the sequence the consumer reads starts: the listing's call, or the one read of the local holding it (the
    /// read the single pass was found through, <see cref="SinglePassEnumeration.FindOnlyReadInSameFunction"/>).
    /// </summary>
    private static IOperation OriginOf(IInvocationOperation call, IVariableDeclaratorOperation? local) =>
        local is not null && SinglePassEnumeration.FindOnlyReadInSameFunction(local) is { } read ? read : call;

    /// <summary>
    /// How the listing's array is used, when it is one of the uses the rule reports: <paramref name="consumer"/> is
    /// where the enumeration happens (the foreach, the outermost LINQ call, the length comparison).
    /// </summary>
    private static bool TryClassifyUse(
        IInvocationOperation invocation,
        WellKnownIoTypes types,
        SinglePassParameters? handedOn,
        System.Threading.CancellationToken cancellationToken,
        out ListingUse use,
        out IOperation consumer,
        out IVariableDeclaratorOperation? local,
        out bool asksForNone)
    {
        use = default;
        asksForNone = false;
        consumer = invocation;
        local = null;

        if (DirectoryListings.FindLengthCheck(invocation) is { } lengthCheck)
        {
            // The fix is told where the .Length is (the comparison may have a .Length on each side).
            use = ListingUse.LengthCheck;
            consumer = lengthCheck.Length;
            local = lengthCheck.Local;
            asksForNone = !lengthCheck.AsksForAny;
            return true;
        }

        // Sorting, reversing or grouping collects every entry first: the listing is materialised either way.
        // A method the listing is handed to that fills a collection with it is not followed: a recursive listing's access
        // error would leave the collection half filled, and the caller cannot see which listing it was handed.
        if (SinglePassEnumeration.TryFind(invocation, types, handedOn, cancellationToken) is not { BuffersWholeSequence: false } singlePass ||
            singlePass.HandedTo is { } inner && DirectoryListings.FillsACollection(inner.ConsumingOperation))
        {
            return false;
        }

        consumer = singlePass.ConsumingOperation;
        local = singlePass.Local;
        use = singlePass.HandedTo is null && consumer is IInvocationOperation { TargetMethod.Name: var name } && DirectoryListings.StopsEarly(name, out var first)
            ? first ? ListingUse.First : ListingUse.Any
            : ListingUse.SinglePass;
        return true;
    }
}

/// <summary>How IOP007 found a listing's array used.</summary>
public enum ListingUse
{
    /// <summary>Enumerated once, front to back (foreach, a LINQ chain, <c>string.Join</c>, <c>AddRange</c>, ...).</summary>
    SinglePass,

    /// <summary><c>.Length</c> compared with zero: the fix writes <c>.Any()</c>.</summary>
    LengthCheck,

    /// <summary><c>.Any()</c>: stops at the first entry once lazy.</summary>
    Any,

    /// <summary><c>.First()</c>/<c>.FirstOrDefault()</c>: stops at the first match once lazy.</summary>
    First,
}
