using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// One document's IOP004 rewrite, in stages: each call planned (<see cref="CallPlanner"/>), its field found or created
/// (<see cref="SearchValuesFields"/>), a start helper where the overload needs one (<see cref="StartHelpers"/>), the call
/// rewritten (<see cref="CallRewriter"/>); then, in a file also compiled for targets without SearchValues, the new code
/// put under <c>#if</c> beside the old (<see cref="TargetSplit"/>).
/// </summary>
internal sealed class SearchValuesRewriter
{
    private const string SplitAnnotationKind = "IOP004.Split";

    private readonly RewriteContext _context;

    private SearchValuesRewriter(RewriteContext context) => _context = context;

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
        var decision = await TargetSplit.DecideAsync(document, compilation => SearchMethods.Create(compilation) is not null, RewriteContext.SearchValuesSymbol, cancellationToken).ConfigureAwait(false);
        return decision.IsPossible ? new SearchValuesRewriter(new RewriteContext(document, root, model, methods, decision.Symbol)) : null;
    }

    /// <summary>What one diagnostic's rewrite needs, or null when it cannot be rewritten safely.</summary>
    public CallPlan? TryPlan(Diagnostic diagnostic, CancellationToken cancellationToken) => CallPlanner.TryPlan(_context, diagnostic, cancellationToken);

    public async Task<Document> ApplyAsync(ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(_context.Document, cancellationToken).ConfigureAwait(false);
        var state = new Rewrite(_context, editor, cancellationToken);
        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (CallPlanner.TryPlan(_context, diagnostic, cancellationToken) is { } plan)
            {
                state.Apply(plan);
            }
        }

        if (!state.Changed)
        {
            return _context.Document;
        }

        // A local or private field that held the values may now be read by nothing: it is removed once the rewritten
        // code shows that (a split file's #else side still reads it, so nothing is removed there).
        var removable = _context.SplitSymbol is null ? state.Fields.MarkUnreadSources(cancellationToken) : new List<(SyntaxAnnotation, string)>();
        state.AddNewMembers(diagnostics[0].Location.SourceSpan.Start);
        var changedDocument = editor.GetChangedDocument();
        return _context.SplitSymbol is null
            ? await SearchValuesFields.RemoveUnreadAsync(changedDocument, removable, cancellationToken).ConfigureAwait(false)
            : await SplitAsync(changedDocument, state.SplitUnits, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The state of one Fix All pass over a document: fields and helpers shared by its calls, what was rewritten.</summary>
    private sealed class Rewrite
    {
        private readonly RewriteContext _context;
        private readonly DocumentEditor _editor;
        private readonly CancellationToken _cancellationToken;
        private readonly StartHelpers _startHelpers;
        private bool _usesAsSpan;

        public Rewrite(RewriteContext context, DocumentEditor editor, CancellationToken cancellationToken)
        {
            _context = context;
            _editor = editor;
            _cancellationToken = cancellationToken;
            Fields = new SearchValuesFields(context, editor);
            _startHelpers = new StartHelpers(context, cancellationToken);
        }

        public SearchValuesFields Fields { get; }

        /// <summary>The statements or members of a split file that are written twice, each with the marker of its first rewritten call.</summary>
        public Dictionary<SyntaxNode, SyntaxAnnotation> SplitUnits { get; } = new();

        public bool Changed { get; private set; }

        public void Apply(CallPlan plan)
        {
            var fieldName = Fields.FieldFor(plan, _cancellationToken);
            Fields.NoteSource(plan);
            var replaced = CallRewriter.Rewrite(plan, fieldName, _startHelpers, out var replacement);
            if (plan.SplitUnit is not null)
            {
                // Several calls in one statement share its split: the first call's marker finds it in the new tree.
                if (!SplitUnits.TryGetValue(plan.SplitUnit, out var marker))
                {
                    SplitUnits[plan.SplitUnit] = marker = new SyntaxAnnotation(SplitAnnotationKind);
                }

                replacement = replacement.WithAdditionalAnnotations(marker);
            }

            _editor.ReplaceNode(replaced, replacement.WithTriviaFrom(replaced));
            _usesAsSpan |= plan.Shape != CallShape.Span;
            Changed = true;
        }

        /// <summary>The new fields at the top of their types, the start helpers at the end, and the usings they need.</summary>
        public void AddNewMembers(int position)
        {
            Fields.InsertNewFields();
            var topLevel = new List<MemberDeclarationSyntax>(Fields.TopLevel);
            foreach (var pair in _startHelpers.Created)
            {
                if (pair.Key is TypeDeclarationSyntax type)
                {
                    // At the end of the type as it is after the other edits (fields added at the top, a dead one removed).
                    foreach (var helper in pair.Value)
                    {
                        _editor.AddMember(type, helper);
                    }
                }
                else
                {
                    topLevel.AddRange(pair.Value);
                }
            }

            if (topLevel.Count > 0)
            {
                // Top-level statements compile into Program: its fields go in a partial declaration after the statements.
                _editor.AddMember(_context.Root, ClassDeclaration("Program")
                    .AddModifiers(Token(SyntaxKind.PartialKeyword))
                    .WithMembers(List(topLevel))
                    .WithAdditionalAnnotations(Formatter.Annotation));
            }

            if ((Fields.CreatedAny || _startHelpers.Created.Count > 0) && _context.SplitSymbol is null)
            {
                // The new field's type, or the helper's parameter (the field it reuses may be declared in another file).
                ImportHelper.EnsureUsing(_editor, _context.Model, position, "System.Buffers", "SearchValues");
            }

            if (_usesAsSpan)
            {
                ImportHelper.EnsureUsing(_editor, _context.Model, position, "System", "MemoryExtensions");
            }
        }
    }

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

        var symbol = _context.SplitSymbol!;

        // Last first: a statement in a loop's body is split before the loop's header is, which re-reads the body as text.
        foreach (var pair in splitUnits.OrderByDescending(pair => pair.Key.SpanStart))
        {
            if (root.GetAnnotatedNodes(pair.Value).FirstOrDefault() is not { } rewritten || CallPlanner.GetSplitUnit(rewritten) is not { } unit)
            {
                continue;
            }

            root = unit is StatementSyntax statement && TargetSplit.GetHeaderStatement(rewritten) == statement
                ? TargetSplit.SplitHeader(root, statement, (StatementSyntax)pair.Key, symbol)
                : TargetSplit.Split(root, unit, pair.Key, symbol, _context.LineEnding);
        }

        while (root.GetAnnotatedNodes(RewriteContext.NewOnlyUnderSplit).FirstOrDefault() is { } added)
        {
            root = TargetSplit.Split(root, added, original: null, symbol, _context.LineEnding, writtenAs: added.WithoutAnnotations(RewriteContext.NewOnlyUnderSplit));
        }

        return document.WithSyntaxRoot(root);
    }
}
