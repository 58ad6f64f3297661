using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Text.RegularExpressions;
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
    /// <summary>The name of the helper the start-index overloads are rewritten to call (a suffix when it is taken).</summary>
    private const string StartHelperBaseName = "IndexOfAnyFrom";

    private readonly Document _document;
    private readonly SyntaxNode _root;
    private readonly SemanticModel _model;
    /// <summary>The first target framework symbol with SearchValues (.NET 8).</summary>
    private const string SearchValuesSymbol = "NET8_0_OR_GREATER";

    private readonly SearchMethods _methods;
    private readonly SearchValueSets _sets;

    /// <summary>Set when the file is also compiled for targets without SearchValues: the symbol the new code goes under.</summary>
    private readonly string? _splitSymbol;

    private readonly SyntaxTrivia _lineEnding;

    private SearchValuesRewriter(Document document, SyntaxNode root, SemanticModel model, SearchMethods methods, string? splitSymbol)
    {
        _document = document;
        _root = root;
        _model = model;
        _methods = methods;
        _sets = new SearchValueSets(model.Compilation);
        _splitSymbol = splitSymbol;
        _lineEnding = TargetSplit.LineEnding(root);
    }

    public static async Task<SearchValuesRewriter?> CreateAsync(Document document, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null || SearchMethods.Create(model.Compilation) is not { } methods)
        {
            return null;
        }

        // A multi-targeted project compiles this file again for each target. Where some have no SearchValues
        // (netstandard2.0, net7.0 and older) the new code goes under #if NET8_0_OR_GREATER and the old under #else;
        // when no symbol tells the targets apart, the fix is not offered.
        var decision = await TargetSplit.DecideAsync(document, compilation => SearchMethods.Create(compilation) is not null, SearchValuesSymbol, cancellationToken).ConfigureAwait(false);
        if (!decision.IsPossible)
        {
            return null;
        }

        var splitSymbol = decision.Symbol;
        return new SearchValuesRewriter(document, root, model, methods, splitSymbol);
    }

    /// <summary>
    /// Where a multi-target split goes around <paramref name="call"/>: the statement of a block that holds it (an
    /// expression, return, declaration or throw statement), the header of a loop or <c>if</c> whose condition holds it
    /// (the body is not written twice), or an expression-bodied member or field declaration. Null when there is none.
    /// </summary>
    private static SyntaxNode? GetSplitUnit(SyntaxNode call)
    {
        foreach (var node in call.Ancestors())
        {
            switch (node)
            {
                case ExpressionStatementSyntax or ReturnStatementSyntax or LocalDeclarationStatementSyntax or ThrowStatementSyntax when node.Parent is BlockSyntax:
                    // Directives go on lines of their own: a statement sharing a line with other code cannot be split.
                    return TargetSplit.StartsItsLine(node) && TargetSplit.EndsItsLine(node) ? node : null;
                case StatementSyntax statement:
                    return TargetSplit.GetHeaderStatement(call) == statement ? statement : null;
                case AnonymousFunctionExpressionSyntax or GlobalStatementSyntax:
                    return null;
                case MethodDeclarationSyntax { ExpressionBody: not null } or PropertyDeclarationSyntax { ExpressionBody: not null } or FieldDeclarationSyntax:
                    return node.Parent is TypeDeclarationSyntax && TargetSplit.StartsItsLine(node) && TargetSplit.EndsItsLine(node) ? node : null;
                case MemberDeclarationSyntax:
                    return null;
            }
        }

        return null;
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

        if (invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>() is InterfaceDeclarationSyntax)
        {
            // A field or helper in an interface would be generated as an abstract member: not offered.
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

        SyntaxNode? splitUnit = null;
        if (_splitSymbol is not null && (splitUnit = GetSplitUnit(invocationSyntax)) is null)
        {
            // No statement or member to write twice (a loop or if condition, a lambda, top-level code): left as it is.
            return null;
        }

        return new CallPlan(invocationSyntax, invocation, valuesArgument, set, isBytes, shape, host, anchor, splitUnit);
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
        var sourceLocals = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
        var sourceFields = new HashSet<IFieldSymbol>(SymbolEqualityComparer.Default);
        var startHelpers = new StartHelpers(this, cancellationToken);
        var splitUnits = new Dictionary<SyntaxNode, SyntaxAnnotation>();

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

            if (plan.Set.Source is ILocalSymbol local)
            {
                sourceLocals.Add(local);
            }
            else if (plan.Set.Source is IFieldSymbol sourceField && plan.Set.Origin != ValueSetOrigin.ComputedAtRunTime)
            {
                // The new field holds the values themselves; a set computed at run time is created from the old field.
                sourceFields.Add(sourceField);
            }

            var replaced = Rewrite(plan, fieldName, startHelpers, out var replacement);
            if (plan.SplitUnit is not null)
            {
                // Several calls in one statement share its split: the first call's marker finds it in the new tree.
                if (!splitUnits.TryGetValue(plan.SplitUnit, out var marker))
                {
                    splitUnits[plan.SplitUnit] = marker = new SyntaxAnnotation(SplitAnnotationKind);
                }

                replacement = replacement.WithAdditionalAnnotations(marker);
            }

            editor.ReplaceNode(replaced, replacement.WithTriviaFrom(replaced));
            usesAsSpan |= plan.Shape != CallShape.Span;
            changed = true;
        }

        if (!changed)
        {
            return _document;
        }

        // A local or private field that held the values may now be read by nothing: it is removed once the rewritten
        // code shows that (a split file's #else side still reads it, so nothing is removed there).
        var removable = new List<(SyntaxAnnotation Mark, string Name)>();
        if (_splitSymbol is null)
        {
            foreach (var declaration in sourceLocals.Select(local => GetLocalDeclaration(local, cancellationToken))
                         .Concat(sourceFields.Select(field => GetRemovableFieldDeclaration(field, cancellationToken))))
            {
                if (declaration.Node is not null)
                {
                    var mark = new SyntaxAnnotation();
                    editor.ReplaceNode(declaration.Node, (current, _) => current.WithAdditionalAnnotations(mark));
                    removable.Add((mark, declaration.Name));
                }
            }
        }

        foreach (var pair in newFields)
        {
            InsertAtTop(editor, (TypeDeclarationSyntax)pair.Key, pair.Value);
        }

        foreach (var pair in startHelpers.Created)
        {
            if (pair.Key is TypeDeclarationSyntax type)
            {
                // At the end of the type as it is after the other edits (fields added at the top, a dead one removed).
                foreach (var helper in pair.Value)
                {
                    editor.AddMember(type, helper);
                }
            }
            else
            {
                topLevelFields.AddRange(pair.Value);
            }
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
        if ((createdField || startHelpers.Created.Count > 0) && _splitSymbol is null)
        {
            // The new field's type, or the helper's parameter (the field it reuses may be declared in another file).
            ImportHelper.EnsureUsing(editor, _model, position, "System.Buffers", "SearchValues");
        }

        if (usesAsSpan)
        {
            ImportHelper.EnsureUsing(editor, _model, position, "System", "MemoryExtensions");
        }

        var changedDocument = editor.GetChangedDocument();
        return _splitSymbol is null
            ? await RemoveUnreadAsync(changedDocument, removable, cancellationToken).ConfigureAwait(false)
            : await SplitAsync(changedDocument, splitUnits, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Removes each marked declaration whose name no identifier in its scope (the block of a local, the type of a field,
    /// doc-comment crefs included) spells any more in the rewritten code.
    /// </summary>
    private static async Task<Document> RemoveUnreadAsync(Document document, List<(SyntaxAnnotation Mark, string Name)> removable, CancellationToken cancellationToken)
    {
        if (removable.Count == 0 || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return document;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        foreach (var (mark, name) in removable)
        {
            if (root.GetAnnotatedNodes(mark).FirstOrDefault() is { } declaration &&
                declaration.Parent is { } scope &&
                CountReads(scope, name) == 0)
            {
                editor.RemoveNode(declaration);
            }
        }

        return editor.GetChangedDocument();
    }

    private static (SyntaxNode? Node, string Name) GetLocalDeclaration(ILocalSymbol local, CancellationToken cancellationToken) =>
        (local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken).Parent?.Parent is LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1, Parent: BlockSyntax } declaration
            ? declaration
            : null, local.Name);

    private const string SplitAnnotationKind = "IOP004.Split";

    /// <summary>Marks a field or helper the fix added to a split file: it exists only under the split's symbol.</summary>
    private static readonly SyntaxAnnotation NewOnlyUnderSplit = new("IOP004.NewOnlyUnderSplit");

    /// <summary>
    /// In a file also compiled for targets without SearchValues, puts the rewritten statements and members under
    /// <c>#if NET8_0_OR_GREATER</c> with the original ones under <c>#else</c>, and the new fields and helpers under
    /// <c>#if</c> alone.
    /// </summary>
    private async Task<Document> SplitAsync(Document document, Dictionary<SyntaxNode, SyntaxAnnotation> splitUnits, CancellationToken cancellationToken)
    {
        // A header split re-reads its statement from text: give the new code its final spacing first.
        document = await Formatter.FormatAsync(document, SyntaxAnnotation.ElasticAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return document;
        }

        // Last first: a statement in a loop's body is split before the loop's header is, which re-reads the body as text.
        foreach (var pair in splitUnits.OrderByDescending(pair => pair.Key.SpanStart))
        {
            if (root.GetAnnotatedNodes(pair.Value).FirstOrDefault() is not { } rewritten || GetSplitUnit(rewritten) is not { } unit)
            {
                continue;
            }

            root = unit is StatementSyntax statement && TargetSplit.GetHeaderStatement(rewritten) == statement
                ? TargetSplit.SplitHeader(root, statement, (StatementSyntax)pair.Key, _splitSymbol!)
                : WrapInDirectives(root, unit, pair.Key);
        }

        while (root.GetAnnotatedNodes(NewOnlyUnderSplit).FirstOrDefault() is { } added)
        {
            root = WrapInDirectives(root, added, original: null);
        }

        return document.WithSyntaxRoot(root);
    }

    /// <summary>
    /// <c>#if symbol</c> before <paramref name="unit"/>, then <c>#else</c> and <paramref name="original"/> when there is
    /// one, and <c>#endif</c> before the next token: the directives sit in leading trivia, where the parser puts them.
    /// </summary>
    private SyntaxNode WrapInDirectives(SyntaxNode root, SyntaxNode unit, SyntaxNode? original)
    {
        var newLine = LineEnding().ToFullString();
        var last = new SyntaxAnnotation();
        // Everything above the code's own line - blank lines, comments, doc comments, directives (a neighbour's #endif, a
        // #region) - stays above the #if, for every target; only the indentation goes under it.
        var leading = unit.GetLeadingTrivia();
        var blankLines = leading.Count;
        while (blankLines > 0 && leading[blankLines - 1].IsKind(SyntaxKind.WhitespaceTrivia))
        {
            blankLines--;
        }

        var nodes = new List<SyntaxNode>
        {
            unit.WithoutAnnotations(NewOnlyUnderSplit)
                .WithLeadingTrivia(leading.Take(blankLines).Concat(ParseLeadingTrivia($"#if {_splitSymbol}{newLine}")).Concat(leading.Skip(blankLines)))
                .WithAdditionalAnnotations(original is null ? last : new SyntaxAnnotation()),
        };
        if (original is not null)
        {
            // The original keeps only its indentation: comments above it stay above the #if.
            var indentation = original.GetLeadingTrivia().Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse();
            nodes.Add(original.WithLeadingTrivia(ParseLeadingTrivia($"#else{newLine}").AddRange(indentation)).WithAdditionalAnnotations(last));
        }

        root = root.ReplaceNode(unit, nodes);
        var next = root.GetAnnotatedNodes(last).Single().GetLastToken().GetNextToken(includeZeroWidth: true);
        return root.ReplaceToken(next, next.WithLeadingTrivia(ParseLeadingTrivia($"#endif{newLine}").AddRange(next.LeadingTrivia)));
    }

    /// <summary>
    /// Every identifier spelled <paramref name="name"/> under <paramref name="scope"/>, doc-comment crefs included: a count
    /// that can only err towards keeping.
    /// </summary>
    private static int CountReads(SyntaxNode scope, string name) =>
        scope.DescendantNodesAndSelf(descendIntoTrivia: true).OfType<IdentifierNameSyntax>().Count(identifier => identifier.Identifier.ValueText == name);

    /// <summary>
    /// The declaration of <paramref name="field"/> if it may be removed once nothing reads it: a private field declared
    /// alone, in a type whose every part is in this document (the count of its reads then sees them all), and named by
    /// no code that another target framework compiles (an inactive <c>#if</c> branch).
    /// </summary>
    private (SyntaxNode? Node, string Name) GetRemovableFieldDeclaration(IFieldSymbol field, CancellationToken cancellationToken)
    {
        var removable =
            field.DeclaredAccessibility == Accessibility.Private &&
            field.DeclaringSyntaxReferences.Length == 1 &&
            field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Parent.Parent: FieldDeclarationSyntax { Declaration.Variables.Count: 1, Parent: TypeDeclarationSyntax } } &&
            field.ContainingType.DeclaringSyntaxReferences.Length == 1 &&
            field.ContainingType.DeclaringSyntaxReferences[0].SyntaxTree == _root.SyntaxTree &&
            !_root.DescendantTrivia().Any(trivia => trivia.IsKind(SyntaxKind.DisabledTextTrivia) && trivia.ToString().Contains(field.Name));
        return (removable ? field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken).Parent!.Parent : null, field.Name);
    }

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
            fields[fields.Count - 1] = fields[fields.Count - 1].WithTrailingTrivia(fields[fields.Count - 1].GetTrailingTrivia().Add(LineEnding()));
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

    private SyntaxNode Rewrite(CallPlan plan, string fieldName, StartHelpers startHelpers, out ExpressionSyntax replacement)
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
                // text.IndexOfAny(values, start[, count]) searches text[start..] but returns an index into text: a small
                // helper, added once per type, adds the start back (a reviewer reads one call, not a conditional).
                var stringAccess = (MemberAccessExpressionSyntax)syntax.Expression;
                var withCount = plan.Shape == CallShape.StringStartCount;
                var arguments = new List<ArgumentSyntax>
                {
                    Argument(stringAccess.Expression.WithoutTrivia()),
                    Argument((ExpressionSyntax)plan.Invocation.Arguments.GetArgument(1)!.Value.Syntax.WithoutTrivia()),
                };
                if (withCount)
                {
                    arguments.Add(Argument((ExpressionSyntax)plan.Invocation.Arguments.GetArgument(2)!.Value.Syntax.WithoutTrivia()));
                }

                arguments.Add(Argument(field));
                replacement = InvocationExpression(IdentifierName(startHelpers.NameFor(plan, withCount)), ArgumentList(SeparatedList(arguments)));
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
        var type = SearchValuesType();
        var field = ParseMemberDeclaration(
            $"private static readonly {type}<{elementType}> {name} = {type}.Create({CreateArgument(plan)});")!;
        return OnlyUnderSplit(field.WithTrailingTrivia(LineEnding()).WithAdditionalAnnotations(Formatter.Annotation));
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

    /// <summary>
    /// The <c>IndexOfAnyFrom(text, start[, count], values)</c> helpers the start-index rewrites call: one name per type
    /// (an existing helper of the same shape is reused, as after an earlier fix), each overload created once.
    /// </summary>
    private sealed class StartHelpers
    {
        private readonly SearchValuesRewriter _rewriter;
        private readonly CancellationToken _cancellationToken;

        // Keyed by the type's name, so that two parts of one partial type share one helper.
        private readonly Dictionary<string, string> _names = new();
        private readonly HashSet<(string Type, bool WithCount)> _present = new();

        public StartHelpers(SearchValuesRewriter rewriter, CancellationToken cancellationToken)
        {
            _rewriter = rewriter;
            _cancellationToken = cancellationToken;
        }

        /// <summary>The helpers to add, per type declaration (or per file root, for top-level statements).</summary>
        public Dictionary<SyntaxNode, List<MemberDeclarationSyntax>> Created { get; } = new();

        public string NameFor(CallPlan plan, bool withCount)
        {
            var declaration = plan.InvocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
            var type = declaration is null ? null : _rewriter._model.GetDeclaredSymbol(declaration, _cancellationToken);
            var host = (SyntaxNode?)declaration ?? _rewriter._root;
            var key = type?.ToDisplayString() ?? "<top-level>";
            var existing = Existing(type, host);
            if (!_names.TryGetValue(key, out var name))
            {
                // An earlier fix's helper of either shape names both overloads.
                name = existing.FirstOrDefault(m => IsHelper(m, withCount))?.Identifier.ValueText ??
                       existing.FirstOrDefault(m => IsHelper(m, !withCount))?.Identifier.ValueText ??
                       FreeName(plan, declaration);
                _names[key] = name;
            }

            if (_present.Add((key, withCount)) && !existing.Any(m => m.Identifier.ValueText == name && IsHelper(m, withCount)))
            {
                if (!Created.TryGetValue(host, out var list))
                {
                    Created[host] = list = new List<MemberDeclarationSyntax>();
                }

                list.Add(_rewriter.CreateStartHelper(name, withCount));
            }

            return name;
        }

        /// <summary>The methods of the type in every part, or of the file's partial Program for top-level statements.</summary>
        private List<MethodDeclarationSyntax> Existing(INamedTypeSymbol? type, SyntaxNode host) => type is not null
            ? type.DeclaringSyntaxReferences.Select(r => r.GetSyntax(_cancellationToken)).OfType<TypeDeclarationSyntax>().SelectMany(t => t.Members.OfType<MethodDeclarationSyntax>()).ToList()
            : host.ChildNodes().OfType<ClassDeclarationSyntax>().Where(c => c.Identifier.ValueText == "Program").SelectMany(c => c.Members.OfType<MethodDeclarationSyntax>()).ToList();

        /// <summary>A helper this fix wrote: its name, its parameters and, word for word, its body.</summary>
        private bool IsHelper(MethodDeclarationSyntax method, bool withCount) =>
            Regex.IsMatch(method.Identifier.ValueText, "^" + StartHelperBaseName + "[0-9]*$") &&
            method.Modifiers.Any(SyntaxKind.StaticKeyword) &&
            method.ParameterList.Parameters.Select(p => p.Type?.ToString().Replace("System.Buffers.", string.Empty)).SequenceEqual(
                withCount ? new[] { "string", "int", "int", "SearchValues<char>" } : new[] { "string", "int", "SearchValues<char>" }) &&
            method.Body is { } body &&
            body.NormalizeWhitespace().ToFullString() == ((MethodDeclarationSyntax)_rewriter.CreateStartHelper(method.Identifier.ValueText, withCount)).Body!.NormalizeWhitespace().ToFullString();

        /// <summary>A name nothing in the type or at the call already uses (a member, a base member, a local, a parameter).</summary>
        private string FreeName(CallPlan plan, TypeDeclarationSyntax? declaration)
        {
            var taken = declaration is null ? new HashSet<string>() : _rewriter.CollectTakenNames(declaration, declaration, _cancellationToken);
            var name = StartHelperBaseName;
            for (var suffix = 1; taken.Contains(name) || !_rewriter._model.LookupSymbols(plan.InvocationSyntax.SpanStart, name: name).IsEmpty; suffix++)
            {
                name = StartHelperBaseName + suffix;
            }

            return name;
        }
    }

    /// <summary>
    /// <c>SearchValues</c>, or in a split file <c>System.Buffers.SearchValues</c>: a <c>using System.Buffers;</c> would not
    /// compile for a target that has no such namespace.
    /// </summary>
    private string SearchValuesType() => _splitSymbol is null ? "SearchValues" : "System.Buffers.SearchValues";

    private MemberDeclarationSyntax OnlyUnderSplit(MemberDeclarationSyntax member) =>
        _splitSymbol is null ? member : member.WithAdditionalAnnotations(NewOnlyUnderSplit);

    private MemberDeclarationSyntax CreateStartHelper(string name, bool withCount)
    {
        var newLine = LineEnding().ToFullString();
        var text =
            $"private static int {name}(string text, int start, {(withCount ? "int count, " : "")}{SearchValuesType()}<char> values){newLine}" +
            $"{{{newLine}" +
            $"    var index = text.AsSpan({(withCount ? "start, count" : "start")}).IndexOfAny(values);{newLine}" +
            $"    return index < 0 ? -1 : index + start;{newLine}" +
            $"}}{newLine}";
        return OnlyUnderSplit(ParseMemberDeclaration(text)!
            .WithLeadingTrivia(LineEnding())
            .WithAdditionalAnnotations(Formatter.Annotation));
    }

    /// <summary>The file's own line ending, found once per rewrite (every new field, helper and directive uses it).</summary>
    private SyntaxTrivia LineEnding() => _lineEnding;

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
