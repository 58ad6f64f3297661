using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// The names of the compilation's methods and local functions whose declarations hold one of a list of words: the first
/// gate of a method summary (<see cref="MethodSummaries{TSummary}.MayBeNamed"/>), asked with a called method's name
/// alone. Every call of a build passes that gate or not; reading anything of the called symbol beyond its name costs
/// about half a microsecond a call (docs/performance.md), a set lookup a few nanoseconds.
/// <para>
/// Found from where the words stand in each tree's text: the method and local function declarations around each place.
/// A call names the declaration's identifier (through an interface, a base or an explicit implementation too), so the
/// set holds every method whose summary could be made - but a local function that only wraps its type's reader, whose
/// calls <see cref="ReturnedReads"/> lets through by their syntax. Each tree's names are remembered per list: in the IDE
/// the next compilation shares the unedited trees. The first question of a compilation searches its trees without a
/// cancellation check, as the compiler's own declaration pass does: bounded by the text, and paid once.
/// </para>
/// </summary>
internal static class DeclaredNames
{
    /// <summary>
    /// Each tree's answers, two slots per list of <see cref="WatchedWords.All"/> (without and with the types' wrappers):
    /// an array read per tree and list; the dictionary keyed by both that it replaces held over a quarter of the search's
    /// samples in a profile (sharpcompress, reach on).
    /// </summary>
    private static readonly ConditionalWeakTable<SyntaxTree, TreeNames?[]> s_byTree = new();

    private static readonly ConditionalWeakTable<SyntaxTree, TreeNames?[]>.CreateValueCallback s_newAnswers =
        _ => new TreeNames?[WatchedWords.All.Length * 2];

    /// <summary>
    /// The names of <paramref name="compilation"/>'s methods and local functions whose declarations mention one of
    /// <paramref name="words"/>; with <paramref name="andTheirTypes"/>, also the names a wrapper of one of those methods
    /// may have in its type (all its parts; <see cref="AddWrappersIn"/>).
    /// </summary>
    public static HashSet<string> Of(Compilation compilation, WordList words, bool andTheirTypes)
    {
        var slot = WatchedWords.IndexOf(words) is var index and >= 0 ? (index * 2) + (andTheirTypes ? 1 : 0) : -1;
        var names = new HashSet<string>();
        foreach (var tree in compilation.SyntaxTrees)
        {
            var inTree = slot < 0 ? Find(tree, words, andTheirTypes) : Remembered(tree, slot, words, andTheirTypes); // a list declared elsewhere (tests) is not remembered
            names.UnionWith(inTree.Names);
            foreach (var partial in inTree.PartialTypes)
            {
                AddOtherParts(compilation, tree, partial, names);
            }
        }

        return names;
    }

    private static TreeNames Remembered(SyntaxTree tree, int slot, WordList words, bool andTheirTypes)
    {
        var answers = s_byTree.GetValue(tree, s_newAnswers);
        if (Volatile.Read(ref answers[slot]) is { } known)
        {
            return known;
        }

        var found = Find(tree, words, andTheirTypes);
        return Interlocked.CompareExchange(ref answers[slot], found, null) ?? found;
    }

    private static TreeNames Find(SyntaxTree tree, WordList words, bool andTheirTypes)
    {
        var places = TreeWords.Places(tree, words);
        if (places.Count == 0)
        {
            return TreeNames.None;
        }

        var names = new HashSet<string>();
        var readerTypes = new HashSet<SyntaxNode>(); // a type's declaration, or a script's compilation unit
        foreach (var declaration in DeclarationsAround(tree.GetRoot(), places))
        {
            names.Add(IdentifierOf(declaration)!);
            if (andTheirTypes && declaration.Parent is TypeDeclarationSyntax or CompilationUnitSyntax)
            {
                readerTypes.Add(declaration.Parent);
            }
        }

        var partialTypes = ImmutableArray.CreateBuilder<TextSpan>();
        foreach (var type in readerTypes)
        {
            AddWrappersIn(type, names);
            if (type is TypeDeclarationSyntax declaration && declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                partialTypes.Add(type.Span);
            }
        }

        return new TreeNames(names.ToImmutableArray(), partialTypes.ToImmutable());
    }

    /// <summary>
    /// The method and local function declarations whose text holds one of <paramref name="places"/> (ascending): one
    /// descent from the root, each node on the way to a place visited once for all the places below it. A search up from
    /// each place's token (<c>FindToken</c>) walked the path from the root again for every place, and a method that
    /// prints a help text holds a hundred. Iterative: a long concatenation makes a deep tree.
    /// </summary>
    private static IEnumerable<SyntaxNode> DeclarationsAround(SyntaxNode root, IReadOnlyList<int> places)
    {
        var pending = new Stack<(SyntaxNode Node, int From, int To)>();
        pending.Push((root, 0, places.Count));
        while (pending.Count > 0)
        {
            var (node, from, to) = pending.Pop();
            if (IdentifierOf(node) is not null)
            {
                yield return node;
            }

            // The children that hold places[from..to), each with its run of them (children and places are in order).
            for (var i = from; i < to;)
            {
                var child = node.ChildThatContainsPosition(places[i]);
                var end = child.FullSpan.End;
                var next = i + 1;
                while (next < to && places[next] < end)
                {
                    next++;
                }

                if (child.AsNode() is { } childNode)
                {
                    pending.Push((childNode, i, next));
                }

                i = next;
            }
        }
    }

    /// <summary>The identifier of a method's or a local function's declaration; null for any other node.</summary>
    private static string? IdentifierOf(SyntaxNode node) => node switch
    {
        MethodDeclarationSyntax method => method.Identifier.ValueText,
        LocalFunctionStatementSyntax local => local.Identifier.ValueText,
        _ => null,
    };

    /// <summary>
    /// The names a wrapper of a method of <paramref name="type"/> may have in one declaration of the type: every method
    /// that returns a value (its members only). A local function that wraps one is not named here: finding local
    /// functions walks every member's body (about 15 ms over duplicati's text, against 10-20 ms for the rest of the
    /// search); its calls are let through by their syntax instead (<see cref="ReturnedReads"/>).
    /// </summary>
    private static void AddWrappersIn(SyntaxNode type, HashSet<string> names)
    {
        // A script's methods are members of its compilation unit, in the script's class.
        var members = type is TypeDeclarationSyntax declaration ? declaration.Members : ((CompilationUnitSyntax)type).Members;
        foreach (var member in members)
        {
            if (member is MethodDeclarationSyntax method && method.ReturnType is not PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.VoidKeyword })
            {
                names.Add(method.Identifier.ValueText);
            }
        }
    }

    /// <summary>The wrappers in a partial type's other declarations (<see cref="AddWrappersIn"/>).</summary>
    private static void AddOtherParts(Compilation compilation, SyntaxTree tree, TextSpan span, HashSet<string> names)
    {
        var node = tree.GetRoot().FindNode(span, getInnermostNodeForTie: true);
        while (node is not null && !(node is TypeDeclarationSyntax && node.Span == span))
        {
            node = node.Parent;
        }

        if (node is null)
        {
            return;
        }

#pragma warning disable RS1030 // The type's other parts are in other trees; asked once per compilation, for a partial type whose method mentions a word.
        var symbol = compilation.GetSemanticModel(tree).GetDeclaredSymbol(node);
#pragma warning restore RS1030
        if (symbol is null)
        {
            return;
        }

        foreach (var reference in symbol.DeclaringSyntaxReferences)
        {
            if ((reference.SyntaxTree != tree || reference.Span != span) &&
                compilation.ContainsSyntaxTree(reference.SyntaxTree) &&
                reference.GetSyntax() is TypeDeclarationSyntax part)
            {
                AddWrappersIn(part, names);
            }
        }
    }

    /// <summary>One tree's answer for one list: the names found, and the partial types whose other parts must be read too.</summary>
    private sealed class TreeNames
    {
        public static readonly TreeNames None = new(ImmutableArray<string>.Empty, ImmutableArray<TextSpan>.Empty);

        public TreeNames(ImmutableArray<string> names, ImmutableArray<TextSpan> partialTypes)
        {
            Names = names;
            PartialTypes = partialTypes;
        }

        public ImmutableArray<string> Names { get; }

        public ImmutableArray<TextSpan> PartialTypes { get; }
    }
}
