using System;
using System.Collections.Immutable;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// IOP004: <c>IndexOfAny</c>-style searches for many values (or values computed once at run time) that rebuild their
/// search state on every call, where a cached <c>SearchValues&lt;T&gt;</c> would search vectorised (claims C12, C15).
/// Covers what the SDK's CA1870 skips and never reports a call CA1870 reports.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class IndexOfAnyWithManyValuesAnalyzer : DiagnosticAnalyzer
{
    /// <summary><c>dotnet_diagnostic.IOP004.min_values</c>: the smallest number of distinct values reported.</summary>
    public const string MinValuesOption = "min_values";

    /// <summary>
    /// E2IndexOfAnyThreshold (.NET 10, Linux x64): a cached SearchValues ran 2.2x as fast as IndexOfAny at 6 values and
    /// 3.3-7.1x at 8-25, but only 1.15x at 4, 1.33x at 5 and not faster at 2-3 values.
    /// </summary>
    public const int DefaultMinValues = 6;

    /// <summary>Where the values come from, for tools that read the diagnostic (the fix finds out again from the code).</summary>
    internal static readonly DiagnosticProperty<ValueSetOrigin?> Origin = DiagnosticProperty.Choice<ValueSetOrigin>("Origin");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.IndexOfAnyWithManyValues);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            // SearchValues and the span types are looked up at the compilation's first candidate call: four lookups at
            // every compilation start were 28 of IOP004's 62 ms on NLog's 71 compilations, most of which search nothing.
            var compilation = start.Compilation;
            if (!CompilationText.MayTrigger(compilation, WatchedWords.Searches, start.Options, followingMethods: false, start.CancellationToken))
            {
                return;
            }

            var methods = new Lazy<SearchMethods?>(() => SearchMethods.Create(compilation), System.Threading.LazyThreadSafetyMode.PublicationOnly);
            var sets = new SearchValueSets(compilation);
            var types = WellKnownIoTypes.For(compilation);
            start.RegisterOperationAction(
                operationContext => AnalyzeInvocation(operationContext, methods, sets, types),
                OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, Lazy<SearchMethods?> searchMethods, SearchValueSets sets, WellKnownIoTypes types)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (!SearchMethods.IsCandidateName(invocation.TargetMethod.Name) ||
            searchMethods.Value is not { } methods ||
            !methods.TryGetValuesArgument(invocation, out var valuesArgument, out var isBytes, out var isStringMethod))
        {
            return;
        }

        var values = valuesArgument.Value;
        // Half-typed calls are reported once they parse: before that the argument may not even be an argument.
        if (invocation.Syntax.ContainsDiagnostics ||
            invocation.IsInsideExpressionTree(types) ||
            Ca1870Coverage.Reports(invocation, values, isStringMethod, methods.ReadOnlySpan, context.CancellationToken))
        {
            return;
        }

        var minValues = RuleOptions.GetInt32(
            context.Options, invocation.Syntax.SyntaxTree, RuleIdentifiers.IndexOfAnyWithManyValues, MinValuesOption, DefaultMinValues, min: 1);
        ValueSet? set;
        if (values.WalkDownConversions() is IConditionalOperation { WhenFalse: { } whenFalse } conditional)
        {
            // cond ? SetA : SetB - reported when both branches are large known sets, with the smaller one's count. No fix:
            // it would need one SearchValues per branch, so Evaluate (which the fix shares) does not take conditionals.
            var whenTrue = sets.Evaluate(conditional.WhenTrue, isBytes, context.CancellationToken);
            var otherwise = sets.Evaluate(whenFalse, isBytes, context.CancellationToken);
            if (whenTrue is null || otherwise is null || !IsLarge(whenTrue, minValues) || !IsLarge(otherwise, minValues))
            {
                return;
            }

            set = whenTrue.Origin == ValueSetOrigin.ComputedAtRunTime || otherwise.DistinctCount < whenTrue.DistinctCount ? otherwise : whenTrue;
        }
        else
        {
            set = sets.Evaluate(values, isBytes, context.CancellationToken);
            if (set is null || !IsLarge(set, minValues))
            {
                return;
            }
        }

        var elementType = isBytes ? "byte" : "char";
        var description = set.Origin switch
        {
            ValueSetOrigin.ComputedAtRunTime => Rules.Format(nameof(Resources.IOP004_RunTimeValues), set.Source?.Name, set.RunTimeExpression),
            ValueSetOrigin.BuiltOnEveryAccess => Rules.Format(nameof(Resources.IOP004_EveryAccessValues), set.DistinctCount, set.Source?.Name),
            _ => Rules.Format(nameof(Resources.IOP004_ConstantValues), set.DistinctCount),
        };

        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.IndexOfAnyWithManyValues,
            values.Syntax.GetLocation(),
            Origin.With(ImmutableDictionary<string, string?>.Empty, set.Origin),
            invocation.TargetMethod.Name,
            description,
            elementType));
    }

    /// <summary>A set computed at run time (<c>Path.GetInvalidFileNameChars()</c>) counts as large; a known one from <c>min_values</c> on.</summary>
    private static bool IsLarge(ValueSet set, int minValues) =>
        set.Origin == ValueSetOrigin.ComputedAtRunTime || set.DistinctCount >= minValues;
}
