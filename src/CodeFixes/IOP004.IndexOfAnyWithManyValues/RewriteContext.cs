using System.Collections.Generic;
using System.Linq;
using System.Threading;
using IoPerf.Analyzers.CodeFixes.Internal;
using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;

/// <summary>
/// What every stage of one document's IOP004 rewrite shares (<see cref="CallPlanner"/>, <see cref="SearchValuesFields"/>,
/// <see cref="StartHelpers"/>, <see cref="CallRewriter"/>): the document, its model, the search methods and value sets of
/// its compilation, and - in a file also compiled for targets without SearchValues - the symbol new code goes under.
/// </summary>
internal sealed class RewriteContext
{
    /// <summary>The first target framework symbol with SearchValues (.NET 8).</summary>
    public const string SearchValuesSymbol = "NET8_0_OR_GREATER";

    /// <summary>Marks a field or helper the fix added to a split file: it exists only under the split's symbol.</summary>
    public static readonly SyntaxAnnotation NewOnlyUnderSplit = new("IOP004.NewOnlyUnderSplit");

    public RewriteContext(Document document, SyntaxNode root, SemanticModel model, SearchMethods methods, string? splitSymbol)
    {
        Document = document;
        Root = root;
        Model = model;
        Methods = methods;
        Sets = new SearchValueSets(model.Compilation);
        SplitSymbol = splitSymbol;
        LineEnding = TargetSplit.LineEnding(root);
    }

    public Document Document { get; }

    public SyntaxNode Root { get; }

    public SemanticModel Model { get; }

    public SearchMethods Methods { get; }

    public SearchValueSets Sets { get; }

    /// <summary>Set when the file is also compiled for targets without SearchValues: the symbol the new code goes under.</summary>
    public string? SplitSymbol { get; }

    /// <summary>The file's own line ending, found once per rewrite (every new field, helper and directive uses it).</summary>
    public SyntaxTrivia LineEnding { get; }

    /// <summary>
    /// <c>SearchValues</c>, or in a split file <c>System.Buffers.SearchValues</c>: a <c>using System.Buffers;</c> would not
    /// compile for a target that has no such namespace.
    /// </summary>
    public string SearchValuesType => SplitSymbol is null ? "SearchValues" : "System.Buffers.SearchValues";

    public MemberDeclarationSyntax OnlyUnderSplit(MemberDeclarationSyntax member) =>
        SplitSymbol is null ? member : member.WithAdditionalAnnotations(NewOnlyUnderSplit);

    public SemanticModel ModelFor(SyntaxTree tree) =>
        tree == Model.SyntaxTree ? Model : Model.Compilation.GetSemanticModel(tree);

    /// <summary>Every name a new field or variable must not take: identifiers used in the scope and the host's members.</summary>
    public HashSet<string> CollectTakenNames(SyntaxNode scope, TypeDeclarationSyntax? host, CancellationToken cancellationToken)
    {
        var taken = new HashSet<string>(scope.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText));
        var type = host is null ? null : Model.GetDeclaredSymbol(host, cancellationToken);
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
}
