using System.Collections.Generic;
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
using Microsoft.CodeAnalysis.Operations;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// IOP004's field stage, for one document: the <c>SearchValues</c> field each planned call searches through - an existing
/// one over the same values (in any part of the type or an enclosing type), else a new one with a name nothing in its
/// scope takes - inserted at the top of its type (after the array a run-time set is read from, or in a partial Program
/// for top-level statements); and, once the calls are rewritten, the local or private field that held the values,
/// removed when nothing reads it any more.
/// </summary>
internal sealed class SearchValuesFields
{
    private readonly RewriteContext _context;
    private readonly DocumentEditor _editor;
    private readonly Dictionary<(SyntaxNode? Host, string Key), string> _names = new();
    private readonly Dictionary<SyntaxNode, List<MemberDeclarationSyntax>> _newFields = new();
    private readonly Dictionary<SyntaxNode, HashSet<string>> _takenNames = new();
    private readonly HashSet<ILocalSymbol> _sourceLocals = new(SymbolEqualityComparer.Default);
    private readonly HashSet<IFieldSymbol> _sourceFields = new(SymbolEqualityComparer.Default);

    public SearchValuesFields(RewriteContext context, DocumentEditor editor)
    {
        _context = context;
        _editor = editor;
    }

    /// <summary>True when a new field was written (it needs <c>using System.Buffers;</c>).</summary>
    public bool CreatedAny { get; private set; }

    /// <summary>New fields for top-level statements: they go in a partial <c>Program</c>.</summary>
    public List<MemberDeclarationSyntax> TopLevel { get; } = new();

    /// <summary>The field <paramref name="plan"/>'s call searches through: reused, or created once per set and type.</summary>
    public string FieldFor(CallPlan plan, CancellationToken cancellationToken)
    {
        var key = (Host: (SyntaxNode?)plan.Host, plan.Set.Key);
        if (_names.TryGetValue(key, out var name))
        {
            return name;
        }

        name = FindExistingField(plan, cancellationToken) ?? CreateField(plan, cancellationToken);
        _names[key] = name;
        return name;
    }

    /// <summary>The local or field the values came from may be left unread by the rewrite (see <see cref="MarkUnreadSources"/>).</summary>
    public void NoteSource(CallPlan plan)
    {
        if (plan.Set.Source is ILocalSymbol local)
        {
            _sourceLocals.Add(local);
        }
        else if (plan.Set.Source is IFieldSymbol sourceField && plan.Set.Origin != ValueSetOrigin.ComputedAtRunTime)
        {
            // The new field holds the values themselves; a set computed at run time is created from the old field.
            _sourceFields.Add(sourceField);
        }
    }

    /// <summary>
    /// Marks the declarations of the sources that may be removable, for <see cref="RemoveUnreadAsync"/> to look at once the
    /// rewritten code shows whether anything still reads them.
    /// </summary>
    public List<(SyntaxAnnotation Mark, string Name)> MarkUnreadSources(CancellationToken cancellationToken)
    {
        var removable = new List<(SyntaxAnnotation Mark, string Name)>();
        foreach (var declaration in _sourceLocals.Select(local => GetLocalDeclaration(local, cancellationToken))
                     .Concat(_sourceFields.Select(field => GetRemovableFieldDeclaration(field, cancellationToken))))
        {
            if (declaration.Node is not null)
            {
                var mark = new SyntaxAnnotation();
                _editor.ReplaceNode(declaration.Node, (current, _) => current.WithAdditionalAnnotations(mark));
                removable.Add((mark, declaration.Name));
            }
        }

        return removable;
    }

    /// <summary>Writes the new fields at the top of their types.</summary>
    public void InsertNewFields()
    {
        foreach (var pair in _newFields)
        {
            InsertAtTop((TypeDeclarationSyntax)pair.Key, pair.Value);
        }
    }

    private string CreateField(CallPlan plan, CancellationToken cancellationToken)
    {
        var scope = (SyntaxNode?)plan.Host ?? _context.Root;
        if (!_takenNames.TryGetValue(scope, out var taken))
        {
            _takenNames[scope] = taken = _context.CollectTakenNames(scope, plan.Host, cancellationToken);
        }

        var name = SearchValuesNaming.Choose(plan.Set, taken);
        taken.Add(name);
        CreatedAny = true;
        var field = CreateField(name, plan);
        if (plan.Anchor is not null)
        {
            _editor.InsertAfter(plan.Anchor, field);
        }
        else if (plan.Host is not null)
        {
            if (!_newFields.TryGetValue(plan.Host, out var list))
            {
                _newFields[plan.Host] = list = new List<MemberDeclarationSyntax>();
            }

            list.Add(field);
        }
        else
        {
            TopLevel.Add(field);
        }

        return name;
    }

    /// <summary>
    /// Removes each marked declaration whose name no identifier in its scope (the block of a local, the type of a field,
    /// doc-comment crefs included) spells any more in the rewritten code.
    /// </summary>
    public static async Task<Document> RemoveUnreadAsync(Document document, List<(SyntaxAnnotation Mark, string Name)> removable, CancellationToken cancellationToken)
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
            field.ContainingType.DeclaringSyntaxReferences[0].SyntaxTree == _context.Root.SyntaxTree &&
            !_context.Root.DescendantTrivia().Any(trivia => trivia.IsKind(SyntaxKind.DisabledTextTrivia) && trivia.ToString().Contains(field.Name));
        return (removable ? field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken).Parent!.Parent : null, field.Name);
    }

    /// <summary>
    /// New fields go after the SearchValues fields already at the top of the type (so one fix at a time and Fix All
    /// give the same order), followed by a blank line when the next member is not a field.
    /// </summary>
    private void InsertAtTop(TypeDeclarationSyntax host, List<MemberDeclarationSyntax> fields)
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
            fields[fields.Count - 1] = fields[fields.Count - 1].WithTrailingTrivia(fields[fields.Count - 1].GetTrailingTrivia().Add(_context.LineEnding));
        }

        _editor.InsertMembers(host, index, fields);
    }

    /// <summary>
    /// A <c>static readonly SearchValues&lt;T&gt;</c> field of the host (or an enclosing type) over the same set, in any
    /// part of a partial type, in this file or another.
    /// </summary>
    private string? FindExistingField(CallPlan plan, CancellationToken cancellationToken)
    {
        var start = (SyntaxNode?)plan.Host ?? plan.InvocationSyntax;
        var innermost = start.AncestorsAndSelf().OfType<TypeDeclarationSyntax>().FirstOrDefault();
        var type = innermost is null ? null : _context.Model.GetDeclaredSymbol(innermost, cancellationToken);
        for (; type is not null; type = type.ContainingType)
        {
            foreach (var field in type.GetMembers().OfType<IFieldSymbol>())
            {
                if (field is { IsStatic: true, IsReadOnly: true, Type: INamedTypeSymbol { Name: "SearchValues", TypeArguments.Length: 1 } fieldType } &&
                    SymbolEqualityComparer.Default.Equals(fieldType.OriginalDefinition.ContainingNamespace, _context.Methods.SearchValues.ContainingNamespace) &&
                    field.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: { } initializer } &&
                    _context.ModelFor(initializer.SyntaxTree).GetOperation(initializer, cancellationToken) is IInvocationOperation { TargetMethod.Name: "Create", Arguments.Length: 1 } create &&
                    SymbolEqualityComparer.Default.Equals(create.TargetMethod.ContainingType, _context.Methods.SearchValues) &&
                    _context.Sets.Evaluate(create.Arguments[0].Value, plan.IsBytes, cancellationToken) is { } existing &&
                    existing.IsBytes == plan.IsBytes &&
                    existing.Key == plan.Set.Key)
                {
                    return field.Name;
                }
            }
        }

        return null;
    }

    private MemberDeclarationSyntax CreateField(string name, CallPlan plan)
    {
        var elementType = plan.IsBytes ? "byte" : "char";
        var type = _context.SearchValuesType;
        var field = ParseMemberDeclaration(
            $"private static readonly {type}<{elementType}> {name} = {type}.Create({CreateArgument(plan)});")!;
        return _context.OnlyUnderSplit(field.WithTrailingTrivia(_context.LineEnding).WithAdditionalAnnotations(Formatter.Annotation));
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

        var languageVersion = (_context.Root.SyntaxTree.Options as CSharpParseOptions)?.LanguageVersion ?? LanguageVersion.CSharp7_3;
        return distinct.All(c => c < 0x80) && languageVersion >= LanguageVersion.CSharp11
            ? StringLiteral(distinct) + "u8"
            : "new byte[] { " + string.Join(", ", distinct.Select(c => "0x" + ((int)c).ToString("X2"))) + " }";
    }
}
