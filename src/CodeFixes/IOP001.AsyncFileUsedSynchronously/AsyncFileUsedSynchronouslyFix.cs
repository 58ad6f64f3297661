using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP001.AsyncFileUsedSynchronously;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP001.AsyncFileUsedSynchronously;

/// <summary>
/// IOP001 fixes: (1) open the file for synchronous I/O - <c>false</c> for <c>useAsync</c>/<c>isAsync</c>, or
/// <c>FileOptions.Asynchronous</c> taken out of the flags, keeping the others and their layout; (2) offered second and
/// only in <c>async</c> code, await the asynchronous form of every read and write, with the Memory-based overloads
/// (CA1835) and the exact-read forms kept exact (CA2022).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(AsyncFileUsedSynchronouslyFix)), Shared]
public sealed class AsyncFileUsedSynchronouslyFix : CodeFixProvider
{
    private static string SynchronousTitle => Resources.IOP001_CodeFixTitle;

    private static string AsynchronousTitle => Resources.IOP001_AsyncCodeFixTitle;

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIdentifiers.AsyncFileUsedSynchronously);

    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics.InWellFormedMembers(context.CancellationToken))
        {
            context.RegisterCodeFix(
                CodeAction.Create(SynchronousTitle, ct => OpenSynchronouslyAsync(context.Document, diagnostic, ct), equivalenceKey: nameof(Resources.IOP001_CodeFixTitle)),
                diagnostic);

            if (AsyncFileUsedSynchronouslyAnalyzer.CanUseAsync.Get(diagnostic))
            {
                context.RegisterCodeFix(
                    CodeAction.Create(AsynchronousTitle, ct => UseAsyncMethodsAsync(context.Document, diagnostic, ct), equivalenceKey: nameof(Resources.IOP001_AsyncCodeFixTitle)),
                    diagnostic);
            }
        }

        return Task.CompletedTask;
    }

    private static async Task<Document> OpenSynchronouslyAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return document;
        }

        if (diagnostic.AdditionalLocations.Count == 0 || diagnostic.AdditionalLocations[0].SourceTree != root.SyntaxTree)
        {
            return document;
        }

        var flagged = root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true);
        var flag = flagged switch
        {
            ArgumentSyntax argument => argument.Expression,
            AssignmentExpressionSyntax assignment => assignment.Right,
            ExpressionSyntax expression => expression,
            _ => null,
        };
        if (flag is null)
        {
            return document;
        }

        ExpressionSyntax replacement;
        if (AsyncFileUsedSynchronouslyAnalyzer.FlagIsBoolean.Get(diagnostic))
        {
            replacement = LiteralExpression(SyntaxKind.FalseLiteralExpression);
        }
        else if (WellKnownIoTypes.For(model.Compilation).FileOptions is not { } fileOptions)
        {
            return document;
        }
        else
        {
            var asynchronous = fileOptions.GetMembers("Asynchronous").FirstOrDefault();
            ExpressionSyntax? removed = null;
            replacement = OnlyNamedFlags(flag, fileOptions, model, cancellationToken)
                ? RemoveFlag(flag, asynchronous, model, cancellationToken, out removed) ?? NoneLike(removed!)!
                : flag;
            if (removed is null)
            {
                // The flag comes from a variable or an expression: mask it out where the file is opened.
                var generator = SyntaxGenerator.GetGenerator(document);
                var mask = generator.BitwiseNotExpression(generator.MemberAccessExpression(generator.TypeExpression(fileOptions), "Asynchronous"));
                replacement = ((ExpressionSyntax)generator.BitwiseAndExpression(flag.WithoutTrivia(), mask))
                    .WithAdditionalAnnotations(Simplifier.Annotation, Formatter.Annotation);
            }
        }

        return document.WithSyntaxRoot(root.ReplaceNode(flag, replacement.WithTriviaFrom(flag)));
    }

    /// <summary>
    /// <paramref name="expression"/> without its <c>FileOptions.Asynchronous</c> operands; null when nothing is left.
    /// <paramref name="removed"/> is one removed operand (null when there was none to remove).
    /// </summary>
    private static ExpressionSyntax? RemoveFlag(ExpressionSyntax expression, ISymbol? asynchronous, SemanticModel model, CancellationToken cancellationToken, out ExpressionSyntax? removed)
    {
        removed = null;
        switch (expression)
        {
            case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.BitwiseOrExpression):
                var left = RemoveFlag(binary.Left, asynchronous, model, cancellationToken, out var removedLeft);
                var right = RemoveFlag(binary.Right, asynchronous, model, cancellationToken, out var removedRight);
                removed = removedLeft ?? removedRight;
                if (left is null)
                {
                    return right?.WithLeadingTrivia(binary.GetLeadingTrivia());
                }

                if (right is null)
                {
                    return left.WithTrailingTrivia(binary.GetTrailingTrivia());
                }

                return binary.WithLeft(left).WithRight(right);

            case ParenthesizedExpressionSyntax parenthesized:
                var inner = RemoveFlag(parenthesized.Expression, asynchronous, model, cancellationToken, out removed);
                return inner is null ? null : parenthesized.WithExpression(inner);

            case MemberAccessExpressionSyntax or IdentifierNameSyntax
                when asynchronous is not null && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(expression, cancellationToken).Symbol, asynchronous):
                removed = expression;
                return null;

            default:
                return expression;
        }
    }

    /// <summary>
    /// True when <paramref name="expression"/> is <c>FileOptions</c> members joined by <c>|</c>: then taking out the
    /// <c>Asynchronous</c> operand takes out the flag. A variable or constant among them may hold it too, and is masked.
    /// </summary>
    private static bool OnlyNamedFlags(ExpressionSyntax expression, INamedTypeSymbol fileOptions, SemanticModel model, CancellationToken cancellationToken) =>
        expression switch
        {
            BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.BitwiseOrExpression) =>
                OnlyNamedFlags(binary.Left, fileOptions, model, cancellationToken) && OnlyNamedFlags(binary.Right, fileOptions, model, cancellationToken),
            ParenthesizedExpressionSyntax parenthesized => OnlyNamedFlags(parenthesized.Expression, fileOptions, model, cancellationToken),
            MemberAccessExpressionSyntax or IdentifierNameSyntax =>
                model.GetSymbolInfo(expression, cancellationToken).Symbol is IFieldSymbol field &&
                SymbolEqualityComparer.Default.Equals(field.ContainingType, fileOptions),
            _ => false,
        };

    /// <summary><c>FileOptions.None</c>, spelled the way the removed <c>FileOptions.Asynchronous</c> was.</summary>
    private static ExpressionSyntax? NoneLike(ExpressionSyntax removed) => removed switch
    {
        MemberAccessExpressionSyntax access => access.WithName(IdentifierName("None")).WithoutTrivia(),
        IdentifierNameSyntax => IdentifierName("None"),
        _ => null,
    };

    private static async Task<Document> UseAsyncMethodsAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (model is null || root is null)
        {
            return document;
        }

        var types = WellKnownIoTypes.For(model.Compilation);
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        // The first additional location is the flag; the others are the synchronous calls.
        foreach (var location in diagnostic.AdditionalLocations.Skip(1))
        {
            if (location.SourceTree != root.SyntaxTree ||
                root.FindNode(location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax invocationSyntax ||
                model.GetOperation(invocationSyntax, cancellationToken) is not IInvocationOperation invocation ||
                !AsyncForms.TryGet(invocation, types, out var form))
            {
                // The code changed since the diagnostic was computed: leave it as it is rather than half-convert it.
                return document;
            }

            var argumentIndexes = invocation.Arguments
                .Where(a => a.Syntax is ArgumentSyntax)
                .ToDictionary(a => a.Parameter!.Ordinal, a => invocationSyntax.ArgumentList.Arguments.IndexOf((ArgumentSyntax)a.Syntax));
            var isLengthOfBuffer = IsWholeArray(invocation);
            editor.ReplaceNode(invocationSyntax, (current, _) => ToAwaitedAsync((InvocationExpressionSyntax)current, invocationSyntax, form, argumentIndexes, isLengthOfBuffer));
        }

        return editor.GetChangedDocument();
    }

    /// <summary>True for <c>Read(buffer, 0, buffer.Length)</c>: the Memory form is then just <c>buffer</c>.</summary>
    private static bool IsWholeArray(IInvocationOperation invocation)
    {
        var buffer = invocation.Arguments.GetArgument(0)?.Value.WalkDownConversions();
        var offset = invocation.Arguments.GetArgument(1)?.Value;
        var count = invocation.Arguments.GetArgument(2)?.Value.WalkDownConversions();
        return buffer is ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation &&
               offset?.ConstantValue is { HasValue: true, Value: 0 } &&
               count is IPropertyReferenceOperation { Property.Name: "Length", Instance: { } array } &&
               array.Syntax.ToString() == buffer.Syntax.ToString();
    }

    private static ExpressionSyntax ToAwaitedAsync(
        InvocationExpressionSyntax current,
        InvocationExpressionSyntax original,
        AsyncForm form,
        System.Collections.Generic.Dictionary<int, int> argumentIndexes,
        bool isWholeArray)
    {
        var expression = current.Expression switch
        {
            MemberAccessExpressionSyntax access => access.WithName(IdentifierName(form.MethodName).WithTriviaFrom(access.Name)),
            IdentifierNameSyntax name => IdentifierName(form.MethodName).WithTriviaFrom(name),
            var other => other,
        };

        var arguments = current.ArgumentList.Arguments;
        switch (form.Arguments)
        {
            case AsyncArguments.ArraySegmentToMemory
                when argumentIndexes.TryGetValue(form.BufferArgumentIndex, out var bufferIndex) &&
                     argumentIndexes.TryGetValue(form.BufferArgumentIndex + 1, out var offsetIndex) &&
                     argumentIndexes.TryGetValue(form.BufferArgumentIndex + 2, out var countIndex):
                var buffer = arguments[bufferIndex].Expression;
                ExpressionSyntax memory = isWholeArray
                    ? buffer.WithoutTrivia()
                    : InvocationExpression(
                        MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Parenthesize(buffer.WithoutTrivia()), IdentifierName("AsMemory")),
                        ArgumentList(SeparatedList(new[]
                        {
                            Argument(arguments[offsetIndex].Expression.WithoutTrivia()),
                            Argument(arguments[countIndex].Expression.WithoutTrivia()),
                        })));
                var rest = arguments.Where((_, i) => i != bufferIndex && i != offsetIndex && i != countIndex);
                arguments = SeparatedList(new[] { Argument(memory) }.Concat(rest));
                break;

            case AsyncArguments.SpanToMemory when argumentIndexes.TryGetValue(form.BufferArgumentIndex, out var spanIndex):
                var span = arguments[spanIndex];
                if (span.Expression is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "AsSpan" } asSpan } asSpanCall)
                {
                    arguments = arguments.Replace(span, span.WithExpression(asSpanCall.WithExpression(asSpan.WithName(IdentifierName("AsMemory")))));
                }

                break;
        }

        ExpressionSyntax awaited = AwaitExpression(
            current.WithExpression(expression).WithArgumentList(current.ArgumentList.WithArguments(arguments)).WithoutLeadingTrivia());
        if (original.Parent is MemberAccessExpressionSyntax or ElementAccessExpressionSyntax or ConditionalAccessExpressionSyntax or InvocationExpressionSyntax)
        {
            awaited = ParenthesizedExpression(awaited);
        }

        return awaited.WithLeadingTrivia(current.GetLeadingTrivia()).WithAdditionalAnnotations(Formatter.Annotation);
    }

    private static ExpressionSyntax Parenthesize(ExpressionSyntax expression) =>
        expression is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or ThisExpressionSyntax
            ? expression
            : ParenthesizedExpression(expression);
}
