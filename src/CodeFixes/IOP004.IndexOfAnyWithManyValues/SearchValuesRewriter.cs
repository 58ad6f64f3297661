using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes;

/// <summary>One document's IOP004 rewrite: plans each call, then creates or reuses fields and rewrites the calls.</summary>
internal sealed class SearchValuesRewriter
{
    private const string IndexVariableBaseName = "index";

    private readonly Document _document;
    private readonly SyntaxNode _root;
    private readonly SemanticModel _model;
    private readonly SearchMethods _methods;
    private readonly SearchValueSets _sets;

    private SearchValuesRewriter(Document document, SyntaxNode root, SemanticModel model, SearchMethods methods)
    {
        _document = document;
        _root = root;
        _model = model;
        _methods = methods;
        _sets = new SearchValueSets(model.Compilation);
    }

    public static async Task<SearchValuesRewriter?> CreateAsync(Document document, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null || SearchMethods.Create(model.Compilation) is not { } methods)
        {
            return null;
        }

        // A multi-targeted project compiles this file again for each target: the rewrite would break a target
        // without SearchValues (netstandard2.0, net7.0 and older), so it is not offered there.
        foreach (var linkedId in document.GetLinkedDocumentIds())
        {
            var linked = document.Project.Solution.GetDocument(linkedId);
            var linkedCompilation = linked is null ? null : await linked.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
            if (linkedCompilation is null || SearchMethods.Create(linkedCompilation) is null)
            {
                return null;
            }
        }

        return new SearchValuesRewriter(document, root, model, methods);
    }

    /// <summary>What one diagnostic's rewrite needs, or null when it cannot be rewritten safely.</summary>
    public CallPlan? TryPlan(Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (diagnostic.Location.SourceTree != _root.SyntaxTree ||
            _root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not { } valuesNode ||
            valuesNode.FirstAncestorOrSelf<ArgumentSyntax>() is not { Parent.Parent: InvocationExpressionSyntax invocationSyntax } ||
            _model.GetOperation(invocationSyntax, cancellationToken) is not IInvocationOperation invocation ||
            invocationSyntax.ContainsDiagnostics ||
            !_methods.TryGetValuesArgument(invocation, out var valuesArgument, out var isBytes, out var isStringMethod) ||
            valuesArgument.Syntax is not ArgumentSyntax ||
            _sets.Evaluate(valuesArgument.Value, isBytes, cancellationToken) is not { } set)
        {
            return null;
        }

        var shape = GetShape(invocation, invocationSyntax, isStringMethod);
        if (shape == CallShape.None)
        {
            return null;
        }

        TypeDeclarationSyntax? host;
        FieldDeclarationSyntax? anchor = null;
        if (set.Origin == ValueSetOrigin.ComputedAtRunTime)
        {
            // The cached set must be created after the array it reads: right after that field, in the same declaration.
            anchor = set.Source?.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken).FirstAncestorOrSelf<FieldDeclarationSyntax>();
            if (anchor is null || anchor.SyntaxTree != _root.SyntaxTree || anchor.Parent is not TypeDeclarationSyntax anchorType)
            {
                return null;
            }

            host = anchorType;
        }
        else
        {
            host = invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
            if (host is null && invocationSyntax.FirstAncestorOrSelf<GlobalStatementSyntax>() is null)
            {
                return null;
            }
        }

        return new CallPlan(invocationSyntax, invocation, valuesArgument, set, isBytes, shape, host, anchor);
    }

    public async Task<Document> ApplyAsync(ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(_document, cancellationToken).ConfigureAwait(false);
        var fieldNames = new Dictionary<(SyntaxNode? Host, string Key), string>();
        var newFields = new Dictionary<SyntaxNode, List<MemberDeclarationSyntax>>();
        var topLevelFields = new List<MemberDeclarationSyntax>();
        var takenNames = new Dictionary<SyntaxNode, HashSet<string>>();
        var usesAsSpan = false;
        var createdField = false;
        var changed = false;
        var replacedLocalReads = new Dictionary<ILocalSymbol, int>(SymbolEqualityComparer.Default);

        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (TryPlan(diagnostic, cancellationToken) is not { } plan)
            {
                continue;
            }

            var key = (Host: (SyntaxNode?)plan.Host, plan.Set.Key);
            if (!fieldNames.TryGetValue(key, out var fieldName))
            {
                fieldName = FindExistingField(plan, cancellationToken);
                if (fieldName is null)
                {
                    var scope = (SyntaxNode?)plan.Host ?? _root;
                    if (!takenNames.TryGetValue(scope, out var taken))
                    {
                        taken = CollectTakenNames(scope, plan.Host, cancellationToken);
                        takenNames[scope] = taken;
                    }

                    fieldName = SearchValuesNaming.Choose(plan.Set, taken);
                    taken.Add(fieldName);
                    createdField = true;
                    var field = CreateField(fieldName, plan);
                    if (plan.Anchor is not null)
                    {
                        editor.InsertAfter(plan.Anchor, field);
                    }
                    else if (plan.Host is not null)
                    {
                        if (!newFields.TryGetValue(plan.Host, out var list))
                        {
                            newFields[plan.Host] = list = new List<MemberDeclarationSyntax>();
                        }

                        list.Add(field);
                    }
                    else
                    {
                        topLevelFields.Add(field);
                    }
                }

                fieldNames[key] = fieldName;
            }

            var memberScope = (SyntaxNode?)plan.InvocationSyntax.FirstAncestorOrSelf<MemberDeclarationSyntax>() ?? _root;
            if (!takenNames.TryGetValue(memberScope, out var memberNames))
            {
                memberNames = CollectTakenNames(memberScope, null, cancellationToken);
                takenNames[memberScope] = memberNames;
            }

            if (plan.Set.Source is ILocalSymbol local)
            {
                replacedLocalReads.TryGetValue(local, out var reads);
                replacedLocalReads[local] = reads + CountReads(plan.ValuesArgument.Syntax, local);
            }

            var replaced = Rewrite(plan, fieldName, memberNames, out var replacement);
            editor.ReplaceNode(replaced, replacement.WithTriviaFrom(replaced));
            usesAsSpan |= plan.Shape != CallShape.Span;
            changed = true;
        }

        if (!changed)
        {
            return _document;
        }

        // A local whose every read was replaced by the field is now dead: remove its declaration.
        foreach (var pair in replacedLocalReads)
        {
            if (pair.Key.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken).Parent?.Parent is LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1, Parent: { } scope } declaration &&
                CountReads(scope, pair.Key) == pair.Value)
            {
                editor.RemoveNode(declaration);
            }
        }

        foreach (var pair in newFields)
        {
            InsertAtTop(editor, (TypeDeclarationSyntax)pair.Key, pair.Value);
        }

        if (topLevelFields.Count > 0)
        {
            // Top-level statements compile into Program: its fields go in a partial declaration after the statements.
            var program = ClassDeclaration("Program")
                .AddModifiers(Token(SyntaxKind.PartialKeyword))
                .WithMembers(List(topLevelFields))
                .WithAdditionalAnnotations(Formatter.Annotation);
            editor.AddMember(_root, program);
        }

        var position = diagnostics[0].Location.SourceSpan.Start;
        if (createdField)
        {
            ImportHelper.EnsureUsing(editor, _model, position, "System.Buffers", "SearchValues");
        }

        if (usesAsSpan)
        {
            ImportHelper.EnsureUsing(editor, _model, position, "System", "MemoryExtensions");
        }

        return editor.GetChangedDocument();
    }

    private static int CountReads(SyntaxNode scope, ILocalSymbol local) =>
        scope.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>().Count(identifier => identifier.Identifier.ValueText == local.Name);

    /// <summary>
    /// New fields go after the SearchValues fields already at the top of the type (so one fix at a time and Fix All
    /// give the same order), followed by a blank line when the next member is not a field.
    /// </summary>
    private void InsertAtTop(DocumentEditor editor, TypeDeclarationSyntax host, List<MemberDeclarationSyntax> fields)
    {
        var index = 0;
        while (index < host.Members.Count &&
               host.Members[index] is FieldDeclarationSyntax { Declaration.Type: var type } &&
               type.ToString().Contains("SearchValues<"))
        {
            index++;
        }

        if (index < host.Members.Count && host.Members[index] is not FieldDeclarationSyntax)
        {
            fields[fields.Count - 1] = fields[fields.Count - 1].WithTrailingTrivia(LineEnding(), LineEnding());
        }

        editor.InsertMembers(host, index, fields);
    }

    private static CallShape GetShape(IInvocationOperation invocation, InvocationExpressionSyntax syntax, bool isStringMethod)
    {
        if (!isStringMethod)
        {
            return CallShape.Span;
        }

        if (invocation.Instance is IConditionalAccessInstanceOperation)
        {
            // s?.IndexOfAny(values): only the one-argument form, as the whole ?. expression, on a receiver that can be
            // read twice (a null check, then the search).
            return invocation.Arguments.Length == 1 &&
                   syntax.Parent is ConditionalAccessExpressionSyntax conditional && conditional.WhenNotNull == syntax &&
                   IsSimpleReceiver(conditional.Expression)
                ? CallShape.ConditionalString
                : CallShape.None;
        }

        if (syntax.Expression is not MemberAccessExpressionSyntax)
        {
            return CallShape.None;
        }

        if (invocation.Arguments.Length == 1)
        {
            return CallShape.String;
        }

        // LastIndexOfAny(values, start[, count]) returns -1 on an empty string for any start, where a span slice throws:
        // no exact rewrite, so it is reported without a fix.
        if (invocation.TargetMethod.Name != "IndexOfAny" || invocation.Arguments.GetArgument(1)?.Value is not { } start || !IsSideEffectFree(start.Syntax))
        {
            return CallShape.None;
        }

        return invocation.Arguments.Length == 2 ? CallShape.StringStart : CallShape.StringStartCount;
    }

    private SyntaxNode Rewrite(CallPlan plan, string fieldName, HashSet<string> takenNames, out ExpressionSyntax replacement)
    {
        var field = IdentifierName(fieldName);
        var syntax = plan.InvocationSyntax;
        switch (plan.Shape)
        {
            case CallShape.Span:
                var valuesSyntax = (ArgumentSyntax)plan.ValuesArgument.Syntax;
                replacement = syntax.ReplaceNode(valuesSyntax.Expression, field.WithTriviaFrom(valuesSyntax.Expression));
                return syntax;

            case CallShape.String:
                var access = (MemberAccessExpressionSyntax)syntax.Expression;
                replacement = SpanSearch(access.Expression, ArgumentList(), access.Name.Identifier.ValueText, field);
                return syntax;

            case CallShape.ConditionalString:
                var conditional = (ConditionalAccessExpressionSyntax)syntax.Parent!;
                var receiver = conditional.Expression.WithoutTrivia();
                var methodName = ((MemberBindingExpressionSyntax)syntax.Expression).Name.Identifier.ValueText;
                replacement = Parenthesize(conditional, ConditionalExpression(
                    IsPatternExpression(receiver, ConstantPattern(LiteralExpression(SyntaxKind.NullLiteralExpression))),
                    CastExpression(NullableType(PredefinedType(Token(SyntaxKind.IntKeyword))), LiteralExpression(SyntaxKind.NullLiteralExpression)),
                    SpanSearch(receiver, ArgumentList(), methodName, field)));
                return conditional;

            default:
                // text.IndexOfAny(values, start[, count]) searches text[start..] but returns an index into text.
                var stringAccess = (MemberAccessExpressionSyntax)syntax.Expression;
                var start = (ExpressionSyntax)plan.Invocation.Arguments.GetArgument(1)!.Value.Syntax.WithoutTrivia();
                var sliceArguments = SeparatedList(new[] { Argument(start) });
                if (plan.Shape == CallShape.StringStartCount)
                {
                    sliceArguments = sliceArguments.Add(Argument(((ExpressionSyntax)plan.Invocation.Arguments.GetArgument(2)!.Value.Syntax).WithoutTrivia()));
                }

                var variable = IndexVariableBaseName;
                for (var suffix = 1; takenNames.Contains(variable); suffix++)
                {
                    variable = IndexVariableBaseName + suffix;
                }

                takenNames.Add(variable);
                var found = IdentifierName(variable);
                var offset = start is IdentifierNameSyntax or LiteralExpressionSyntax or MemberAccessExpressionSyntax ? start : ParenthesizedExpression(start);
                replacement = Parenthesize(syntax, ConditionalExpression(
                    BinaryExpression(
                        SyntaxKind.LogicalAndExpression,
                        IsPatternExpression(
                            SpanSearch(stringAccess.Expression, ArgumentList(sliceArguments), "IndexOfAny", field),
                            VarPattern(SingleVariableDesignation(Identifier(variable)))),
                        BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, found, LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(0)))),
                    BinaryExpression(SyntaxKind.AddExpression, found, offset),
                    PrefixUnaryExpression(SyntaxKind.UnaryMinusExpression, LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(1)))));
                return syntax;
        }
    }

    /// <summary><c>receiver.AsSpan(slice).Method(field)</c>.</summary>
    private static InvocationExpressionSyntax SpanSearch(ExpressionSyntax receiver, ArgumentListSyntax slice, string method, ExpressionSyntax field) =>
        InvocationExpression(
            MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                InvocationExpression(
                    MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver.WithoutTrivia(), IdentifierName("AsSpan")),
                    slice),
                IdentifierName(method)),
            ArgumentList(SingletonSeparatedList(Argument(field))));

    /// <summary>Parentheses around a conditional expression unless the replaced node sits where none are needed.</summary>
    private static ExpressionSyntax Parenthesize(ExpressionSyntax replaced, ExpressionSyntax conditional) =>
        replaced.Parent switch
        {
            ArgumentSyntax or EqualsValueClauseSyntax or ReturnStatementSyntax or ArrowExpressionClauseSyntax or ParenthesizedExpressionSyntax => conditional,
            AssignmentExpressionSyntax assignment when assignment.Right == replaced => conditional,
            _ => ParenthesizedExpression(conditional),
        };

    private static bool IsSimpleReceiver(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax or ThisExpressionSyntax => true,
        MemberAccessExpressionSyntax { Expression: var inner } => IsSimpleReceiver(inner),
        _ => false,
    };

    /// <summary>Expressions the rewrite may evaluate twice: reads, literals and arithmetic over them.</summary>
    private static bool IsSideEffectFree(SyntaxNode expression) => expression switch
    {
        IdentifierNameSyntax or LiteralExpressionSyntax or ThisExpressionSyntax => true,
        MemberAccessExpressionSyntax access => IsSideEffectFree(access.Expression),
        ParenthesizedExpressionSyntax parenthesized => IsSideEffectFree(parenthesized.Expression),
        CastExpressionSyntax cast => IsSideEffectFree(cast.Expression),
        PrefixUnaryExpressionSyntax unary when unary.IsKind(SyntaxKind.UnaryMinusExpression) || unary.IsKind(SyntaxKind.UnaryPlusExpression) => IsSideEffectFree(unary.Operand),
        BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.AddExpression) || binary.IsKind(SyntaxKind.SubtractExpression) ||
                                           binary.IsKind(SyntaxKind.MultiplyExpression) =>
            IsSideEffectFree(binary.Left) && IsSideEffectFree(binary.Right),
        _ => false,
    };

    /// <summary>
    /// A <c>static readonly SearchValues&lt;T&gt;</c> field of the host (or an enclosing type) over the same set, in any
    /// part of a partial type, in this file or another.
    /// </summary>
    private string? FindExistingField(CallPlan plan, CancellationToken cancellationToken)
    {
        var start = (SyntaxNode?)plan.Host ?? plan.InvocationSyntax;
        var innermost = start.AncestorsAndSelf().OfType<TypeDeclarationSyntax>().FirstOrDefault();
        var type = innermost is null ? null : _model.GetDeclaredSymbol(innermost, cancellationToken);
        for (; type is not null; type = type.ContainingType)
        {
            foreach (var field in type.GetMembers().OfType<IFieldSymbol>())
            {
                if (field is { IsStatic: true, IsReadOnly: true, Type: INamedTypeSymbol { Name: "SearchValues", TypeArguments.Length: 1 } fieldType } &&
                    SymbolEqualityComparer.Default.Equals(fieldType.OriginalDefinition.ContainingNamespace, _methods.SearchValues.ContainingNamespace) &&
                    field.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: { } initializer } &&
                    ModelFor(initializer.SyntaxTree).GetOperation(initializer, cancellationToken) is IInvocationOperation { TargetMethod.Name: "Create", Arguments.Length: 1 } create &&
                    SymbolEqualityComparer.Default.Equals(create.TargetMethod.ContainingType, _methods.SearchValues) &&
                    _sets.Evaluate(create.Arguments[0].Value, plan.IsBytes, cancellationToken) is { } existing &&
                    existing.IsBytes == plan.IsBytes &&
                    existing.Key == plan.Set.Key)
                {
                    return field.Name;
                }
            }
        }

        return null;
    }

    private SemanticModel ModelFor(SyntaxTree tree) =>
        tree == _model.SyntaxTree ? _model : _model.Compilation.GetSemanticModel(tree);

    /// <summary>Every name a new field or variable must not take: identifiers used in the scope and the host's members.</summary>
    private HashSet<string> CollectTakenNames(SyntaxNode scope, TypeDeclarationSyntax? host, CancellationToken cancellationToken)
    {
        var taken = new HashSet<string>(scope.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText));
        var type = host is null ? null : _model.GetDeclaredSymbol(host, cancellationToken);
        for (var current = type; current is not null; current = current.BaseType)
        {
            taken.UnionWith(current.MemberNames);
        }

        for (var outer = type?.ContainingType; outer is not null; outer = outer.ContainingType)
        {
            taken.UnionWith(outer.MemberNames);
        }

        return taken;
    }

    private MemberDeclarationSyntax CreateField(string name, CallPlan plan)
    {
        var elementType = plan.IsBytes ? "byte" : "char";
        var field = ParseMemberDeclaration(
            $"private static readonly SearchValues<{elementType}> {name} = SearchValues.Create({CreateArgument(plan)});")!;
        return field.WithTrailingTrivia(LineEnding()).WithAdditionalAnnotations(Formatter.Annotation);
    }

    /// <summary>
    /// A C# string literal where every character is visible: printable ASCII as is, the usual escapes, and
    /// <c>\uXXXX</c> for everything else (a no-break space or a line separator would be invisible or break the line).
    /// </summary>
    private static string StringLiteral(string values)
    {
        var literal = new System.Text.StringBuilder("\"");
        foreach (var c in values)
        {
            literal.Append(c switch
            {
                '"' => "\\\"",
                '\\' => "\\\\",
                '\0' => "\\0",
                '\a' => "\\a",
                '\b' => "\\b",
                '\f' => "\\f",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                '\v' => "\\v",
                >= ' ' and <= '~' => c.ToString(),
                _ => "\\u" + ((int)c).ToString("X4", System.Globalization.CultureInfo.InvariantCulture),
            });
        }

        return literal.Append('"').ToString();
    }

    /// <summary>The file's own line ending, so that an LF file stays LF.</summary>
    private SyntaxTrivia LineEnding()
    {
        var existing = _root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
        return existing.IsKind(SyntaxKind.EndOfLineTrivia) ? existing : ElasticCarriageReturnLineFeed;
    }

    private string CreateArgument(CallPlan plan)
    {
        var set = plan.Set;
        if (set.Origin == ValueSetOrigin.ComputedAtRunTime)
        {
            return set.Source!.Name;
        }

        var distinct = new string(set.Values.Distinct().ToArray());
        if (!plan.IsBytes)
        {
            return StringLiteral(distinct);
        }

        var languageVersion = (_root.SyntaxTree.Options as CSharpParseOptions)?.LanguageVersion ?? LanguageVersion.CSharp7_3;
        return distinct.All(c => c < 0x80) && languageVersion >= LanguageVersion.CSharp11
            ? StringLiteral(distinct) + "u8"
            : "new byte[] { " + string.Join(", ", distinct.Select(c => "0x" + ((int)c).ToString("X2"))) + " }";
    }
}
