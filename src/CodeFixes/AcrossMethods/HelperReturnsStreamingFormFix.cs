using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.AcrossMethods;

/// <summary>
/// IOP003 and IOP007 across methods: a private or internal method that returns <c>File.ReadAllLines</c> or a listing,
/// every call of which uses the result once (the analyzer says so: <see cref="ReturnedReads.HelperMayStream"/>), is
/// changed to return the streaming form - <c>File.ReadLines</c>, <c>Directory.EnumerateFiles</c>, ... - with its
/// return type and its callers' explicitly typed locals retyped to <c>IEnumerable&lt;T&gt;</c>. One change for all the
/// method's callers, in whatever files they are; Fix All changes each method once.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(HelperReturnsStreamingFormFix)), Shared]
public sealed class HelperReturnsStreamingFormFix : CodeFixProvider
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } =
        ImmutableArray.Create(RuleIdentifiers.LinesMaterializedForSinglePass, RuleIdentifiers.DirectoryListingMaterialized);

    public override FixAllProvider GetFixAllProvider() => OncePerMethod.Instance;

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            if (await HelperChange.CreateAsync(context.Document, diagnostic, context.CancellationToken).ConfigureAwait(false) is not { } change)
            {
                continue;
            }

            var solution = context.Document.Project.Solution;
            context.RegisterCodeFix(
                CodeAction.Create(
                    Rules.Format(nameof(Resources.HelperReturnsStreamingForm_CodeFixTitle), change.HelperName, change.StreamingForm),
                    cancellationToken => HelperChange.ApplyAsync(solution, new[] { change }, cancellationToken),
                    equivalenceKey: nameof(Resources.HelperReturnsStreamingForm_CodeFixTitle)),
                diagnostic);
        }
    }

    /// <summary>Fix All: every method named by the diagnostics in scope changes once, however many of its calls were reported.</summary>
    private sealed class OncePerMethod : FixAllProvider
    {
        public static readonly OncePerMethod Instance = new();

        public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
        {
            var solution = fixAllContext.Solution;
            var diagnostics = new List<Diagnostic>();
            switch (fixAllContext.Scope)
            {
                case FixAllScope.Project:
                    diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(fixAllContext.Project).ConfigureAwait(false));
                    break;
                case FixAllScope.Solution:
                    foreach (var project in solution.Projects)
                    {
                        diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                    }

                    break;
                default:
                    if (fixAllContext.Document is { } document)
                    {
                        diagnostics.AddRange(await fixAllContext.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false));
                    }

                    break;
            }

            var changes = new List<HelperChange>();
            foreach (var diagnostic in diagnostics)
            {
                if (solution.GetDocument(diagnostic.Location.SourceTree) is { } document &&
                    await HelperChange.CreateAsync(document, diagnostic, fixAllContext.CancellationToken).ConfigureAwait(false) is { } change &&
                    !changes.Exists(known => known.IsTheSameMethod(change)))
                {
                    changes.Add(change);
                }
            }

            return changes.Count == 0
                ? null
                : CodeAction.Create(
                    Rules.Format(nameof(Resources.HelperReturnsStreamingForm_FixAllTitle)),
                    cancellationToken => HelperChange.ApplyAsync(solution, changes, cancellationToken),
                    equivalenceKey: fixAllContext.CodeActionEquivalenceKey);
        }
    }

    /// <summary>
    /// The edits that let one method return the streaming form, found in the unchanged solution: the read renamed, the
    /// method's array return type and a local holding the read retyped, and each caller's explicitly typed local
    /// retyped. Null when any call is outside the method's project (a test project given its internals), is not a
    /// plain call, or a target framework of the method's file lacks the streaming form.
    /// </summary>
    private sealed class HelperChange
    {
        private readonly List<(DocumentId Document, Action<DocumentEditor> Edit)> _edits;
        private readonly Location _declaration;

        private HelperChange(string helperName, string streamingForm, Location declaration, List<(DocumentId, Action<DocumentEditor>)> edits)
        {
            HelperName = helperName;
            StreamingForm = streamingForm;
            _declaration = declaration;
            _edits = edits;
        }

        public string HelperName { get; }

        public string StreamingForm { get; }

        public bool IsTheSameMethod(HelperChange other) =>
            _declaration.SourceTree?.FilePath == other._declaration.SourceTree?.FilePath && _declaration.SourceSpan == other._declaration.SourceSpan;

        public static async Task<HelperChange?> CreateAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
        {
            if (!ReturnedReads.HelperMayStream.Get(diagnostic) ||
                !diagnostic.IsInWellFormedMembers(cancellationToken) ||
                await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root ||
                await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model ||
                root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax call ||
                model.GetSymbolInfo(call, cancellationToken).Symbol is not IMethodSymbol called)
            {
                return null;
            }

            var helper = (called.ReducedFrom ?? called).OriginalDefinition;
            var solution = document.Project.Solution;
            if (helper.DeclaringSyntaxReferences.Length != 1 ||
                MethodBodySyntax.Of(await helper.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } declaration ||
                !declaration.Node.IsInWellFormedMember() || // the helper is rewritten too, not only the places the diagnostic names
                solution.GetDocument(declaration.Node.SyntaxTree) is not { } helperDocument ||
                await helperDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } helperModel ||
                FindTheRead(declaration.Node, helperModel, diagnostic.Id, cancellationToken) is not var (read, streamingName, readType) ||
                SharesADeclaration(read) ||
                !await TargetSplit.EveryTargetHasAsync(helperDocument, compilation => HasMember(compilation, readType, streamingName), cancellationToken).ConfigureAwait(false))
            {
                return null;
            }

            var edits = new List<(DocumentId, Action<DocumentEditor>)>();
            var readSpan = read.Span;
            edits.Add((helperDocument.Id, editor =>
            {
                if (editor.OriginalRoot.FindNode(readSpan, getInnermostNodeForTie: true) is InvocationExpressionSyntax original)
                {
                    editor.ReplaceNode(original, SequenceEdits.RenameInvocation(original, streamingName));
                }
            }
            ));

            var array = helper.ReturnType as IArrayTypeSymbol;
            if (array is not null)
            {
                var returnTypeSpan = declaration.ReturnType.Span;
                edits.Add((helperDocument.Id, editor => RetypeToEnumerable(editor, returnTypeSpan, array.ElementType)));
                if (LocalDeclaredBy(read) is { } helperLocal)
                {
                    edits.Add((helperDocument.Id, editor => SequenceEdits.RetypeLocalToEnumerable(editor, helperLocal, array.ElementType)));
                }
            }

            // A method typed IEnumerable<T> keeps its type, but a caller in another project could still cast the array it
            // returned ((string[])Helper(path) in a test given the internals): its callers are checked the same way.
            if (!await AddCallersAsync(solution, helper, helperDocument.Project, array, edits, cancellationToken).ConfigureAwait(false))
            {
                return null;
            }

            var form = $"{readType.Name}.{streamingName}";
            return new HelperChange(helper.Name, form, declaration.Identifier.GetLocation(), edits);
        }

        /// <summary>Every edit of every change, document by document, on the solution as it was when the changes were found.</summary>
        public static async Task<Solution> ApplyAsync(Solution solution, IReadOnlyList<HelperChange> changes, CancellationToken cancellationToken)
        {
            var changed = solution;
            foreach (var byDocument in changes.SelectMany(change => change._edits).GroupBy(edit => edit.Document))
            {
                if (solution.GetDocument(byDocument.Key) is not { } document)
                {
                    continue;
                }

                var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
                foreach (var (_, edit) in byDocument)
                {
                    edit(editor);
                }

                changed = changed.WithDocumentSyntaxRoot(byDocument.Key, editor.GetChangedRoot());
            }

            return changed;
        }

        /// <summary>The one <c>File.ReadAllLines</c> (IOP003) or listing (IOP007) in the method, its streaming name and its type.</summary>
        private static (InvocationExpressionSyntax Read, string StreamingName, INamedTypeSymbol Type)? FindTheRead(SyntaxNode declaration, SemanticModel model, string ruleId, CancellationToken cancellationToken)
        {
            var types = WellKnownIoTypes.For(model.Compilation);
            (InvocationExpressionSyntax, string, INamedTypeSymbol)? found = null;
            foreach (var invocation in declaration.DescendantNodes().OfType<InvocationExpressionSyntax>())
            {
                if (SequenceEdits.InvokedName(invocation)?.Identifier.ValueText is not { } name ||
                    (ruleId == RuleIdentifiers.LinesMaterializedForSinglePass ? (name == "ReadAllLines" ? "ReadLines" : null) : DirectoryListings.EnumeratingName(name)) is not { } streamingName ||
                    model.GetSymbolInfo(invocation, cancellationToken).Symbol is not IMethodSymbol method ||
                    !(ruleId == RuleIdentifiers.LinesMaterializedForSinglePass
                        ? WellKnownIoTypes.Is(method.ContainingType, types.File)
                        : DirectoryListings.IsListing(method, types)))
                {
                    continue;
                }

                if (found is not null)
                {
                    return null; // two reads: not the one the summary followed
                }

                found = (invocation, streamingName, method.ContainingType);
            }

            return found;
        }

        private static bool HasMember(Compilation compilation, INamedTypeSymbol type, string name)
        {
            var types = WellKnownIoTypes.For(compilation);
            var there = type.Name switch
            {
                "File" => types.File,
                "Directory" => types.Directory,
                "DirectoryInfo" => types.DirectoryInfo,
                _ => null,
            };
            return there?.GetMembers(name).IsEmpty == false;
        }

        /// <summary>
        /// Each call's explicitly typed local (<c>string[] lines = Helper();</c>) retyped when the method returned an array
        /// (<paramref name="returnType"/>); false when a use is outside the method's project or not a plain call (the
        /// analyzer saw every use in its compilation, not in other projects).
        /// </summary>
        private static async Task<bool> AddCallersAsync(Solution solution, IMethodSymbol helper, Project project, IArrayTypeSymbol? returnType, List<(DocumentId, Action<DocumentEditor>)> edits, CancellationToken cancellationToken)
        {
            returnType = (IArrayTypeSymbol?)returnType?.WithNullableAnnotation(NullableAnnotation.None);
            foreach (var referenced in await SymbolFinder.FindReferencesAsync(helper, solution, cancellationToken).ConfigureAwait(false))
            {
                foreach (var location in referenced.Locations)
                {
                    if (location.Document.Project.Id != project.Id)
                    {
                        // Another project (a test project given the internals), or another target of a multi-targeted
                        // project, whose code under its own #if the analyzer did not check.
                        return false;
                    }

                    var root = await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                    if (root?.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true) is not { } name ||
                        !name.IsInWellFormedMember() ||
                        CallAround(name) is not { } call ||
                        SharesADeclaration(call))
                    {
                        return false;
                    }

                    if (returnType is { ElementType: var elementType } && LocalDeclaredBy(call) is { } local)
                    {
                        // Only a local of the method's own array type: an object[] or IList<object> local would change
                        // which overloads its elements pick once retyped to the method's element type.
                        var model = await location.Document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
                        if (local.SourceTree?.GetRoot(cancellationToken).FindNode(local.SourceSpan) is VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } &&
                            !declaration.Type.IsVar &&
                            !SymbolEqualityComparer.Default.Equals(model?.GetTypeInfo(declaration.Type, cancellationToken).Type?.WithNullableAnnotation(NullableAnnotation.None), returnType))
                        {
                            return false;
                        }

                        edits.Add((location.Document.Id, editor => SequenceEdits.RetypeLocalToEnumerable(editor, local, elementType)));
                    }
                }
            }

            return true;
        }

        private static InvocationExpressionSyntax? CallAround(SyntaxNode name)
        {
            var callee = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
            return callee.Parent is InvocationExpressionSyntax invocation && invocation.Expression == callee ? invocation : null;
        }

        /// <summary>The declarator of <c>T[] x = call;</c> (one variable), whose explicit type must follow the call's.</summary>
        private static Location? LocalDeclaredBy(ExpressionSyntax value)
        {
            var node = value.WalkUpParentheses();
            return node.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } } declarator }
                ? declarator.GetLocation()
                : null;
        }

        /// <summary><c>string[] a = call, b = ...;</c>: retyping the declaration would retype the other variable too.</summary>
        private static bool SharesADeclaration(ExpressionSyntax value) =>
            value.WalkUpParentheses().Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: > 1, Type.IsVar: false } } };

        private static void RetypeToEnumerable(DocumentEditor editor, TextSpan typeSpan, ITypeSymbol elementType)
        {
            if (editor.OriginalRoot.FindNode(typeSpan, getInnermostNodeForTie: true) is not TypeSyntax type)
            {
                return;
            }

            editor.ReplaceNode(type, SequenceEdits.EnumerableOf(elementType, editor.SemanticModel, type).WithTriviaFrom(type));
            ImportHelper.EnsureUsing(editor, editor.SemanticModel, type.SpanStart, "System.Collections.Generic", "IEnumerable");
        }
    }
}
