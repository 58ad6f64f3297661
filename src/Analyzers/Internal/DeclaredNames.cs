using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
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
    private static readonly ConditionalWeakTable<SyntaxTree, ConcurrentDictionary<(WordList, bool), TreeNames>> s_byTree = new();

    private static readonly ConditionalWeakTable<SyntaxTree, ConcurrentDictionary<(WordList, bool), TreeNames>>.CreateValueCallback s_newAnswers =
        _ => new ConcurrentDictionary<(WordList, bool), TreeNames>();

    /// <summary>
    /// The names of <paramref name="compilation"/>'s methods and local functions whose declarations mention one of
    /// <paramref name="words"/>; with <paramref name="andTheirTypes"/>, also the names a wrapper of one of those methods
    /// may have in its type (all its parts; <see cref="AddWrappersIn"/>).
    /// </summary>
    public static HashSet<string> Of(Compilation compilation, WordList words, bool andTheirTypes)
    {
        var names = new HashSet<string>();
        foreach (var tree in compilation.SyntaxTrees)
        {
            var answers = s_byTree.GetValue(tree, s_newAnswers);
            if (!answers.TryGetValue((words, andTheirTypes), out var inTree))
            {
                inTree = answers.GetOrAdd((words, andTheirTypes), Find(tree, words, andTheirTypes));
            }

            names.UnionWith(inTree.Names);
            foreach (var partial in inTree.PartialTypes)
            {
                AddOtherParts(compilation, tree, partial, names);
            }
        }

        return names;
    }

    private static TreeNames Find(SyntaxTree tree, WordList words, bool andTheirTypes)
    {
        var places = SyntaxText.Places(tree.GetText(), words);
        if (places.Count == 0)
        {
            return TreeNames.None;
        }

        var root = tree.GetRoot();
        var names = new HashSet<string>();
        var readerTypes = new HashSet<SyntaxNode>(); // a type's declaration, or a script's compilation unit
        foreach (var place in places)
        {
            // Up to the nearest type: the methods and local functions whose text holds the place.
            for (var node = root.FindToken(place).Parent; node is not null and not BaseTypeDeclarationSyntax; node = node.Parent)
            {
                if (IdentifierOf(node) is not { } identifier)
                {
                    continue;
                }

                names.Add(identifier);
                if (andTheirTypes && node.Parent is TypeDeclarationSyntax or CompilationUnitSyntax)
                {
                    readerTypes.Add(node.Parent);
                }
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
