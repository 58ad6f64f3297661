using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether a compilation's source names a rule's framework methods at all: every diagnostic of IOP003, IOP004, IOP007,
/// IOP008 and IOP009 needs a call to one of a few methods (<c>File.ReadAllLines</c>, <c>Directory.GetFiles</c>,
/// <c>File.AppendAllText</c>, ...) in the compilation's own code - through a project method of the same compilation
/// too - and a call names its method in the text. Such a rule registers nothing in a compilation whose text holds none
/// of its words, so the driver never calls it there: most compilations of a solution read no file's lines and list no
/// folder, and a callback costs even when it returns at once (docs/performance.md). IOP006 asks it for one callback
/// only, the one for <c>writer.AutoFlush = true;</c> statements: its other shapes (console writes, unbuffered streams)
/// are common words.
/// <para>
/// A word in a comment, a string or an <c>#if</c>'d-out region only means the rule runs. The search stops at the first
/// tree that holds a word (<see cref="MayCall"/>: a called one); each tree is read once for every rule's words
/// (<see cref="TreeWords"/>), and its answer is remembered, so that in the IDE the next compilation searches only the
/// trees that were edited.
/// </para>
/// </summary>
internal static class CompilationText
{
    /// <summary>A file shorter than this is searched without asking whether it is generated.</summary>
    internal const int ShortestFileWorthAsking = 16 * 1024;

    /// <summary>Whether some tree of <paramref name="compilation"/>, generated or not, holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(Compilation compilation, WordList words, CancellationToken cancellationToken) =>
        Mentions(compilation.SyntaxTrees, words, cancellationToken);

    /// <summary>
    /// A rule's gate: whether some tree of <paramref name="compilation"/> in which the rule could find its call holds one
    /// of <paramref name="words"/>. A generated file (<see cref="GeneratedCode.IsGeneratedFile"/>) is left out unless
    /// <paramref name="followingMethods"/>: the driver makes no callback in it, so a word only there triggers nothing, but
    /// a method declared there is followed across methods like any other. Its text is then never read: in projects with
    /// much generated code (EF migrations, bindings, designers: a fifth to four fifths of the text in five of eighteen
    /// checkouts run here) that can be most of the search (docs/performance.md, "Generated files left out of the gates").
    /// </summary>
    public static bool MayTrigger(Compilation compilation, WordList words, AnalyzerOptions options, bool followingMethods, CancellationToken cancellationToken)
    {
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (MaySearch(tree, options, followingMethods, cancellationToken) && TreeWords.Mentions(tree, words))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The gate of a rule whose every diagnostic needs a call to a static or instance method of <c>System.IO</c>'s
    /// <paramref name="staticType"/> or its instance twin (<c>Directory</c> and <c>DirectoryInfo</c>; <c>File</c>): a call
    /// names the method after a dot (<paramref name="calls"/>, a <see cref="WordList.OfMembers"/> list) unless a
    /// <c>using static</c> of the type lets it be called bare (<paramref name="names"/>, the same names anywhere). A
    /// project that only declares a method of the same name (an archive library's own <c>GetFiles</c>) gets no callback:
    /// on sharpcompress that spared three quarters of IOP007's callbacks (docs/performance.md).
    /// </summary>
    public static bool MayCall(Compilation compilation, WordList calls, WordList names, string staticType, AnalyzerOptions options, bool followingMethods, CancellationToken cancellationToken)
    {
        // One pass over the trees (a second for the bare names asked each long tree again whether it is generated), noting
        // the few that name the method bare.
        List<SyntaxTree>? namingItBare = null;
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (MaySearch(tree, options, followingMethods, cancellationToken))
            {
                if (TreeWords.Mentions(tree, calls))
                {
                    return true;
                }

                if (TreeWords.Mentions(tree, names))
                {
                    (namingItBare ??= new List<SyntaxTree>()).Add(tree);
                }
            }
        }

        return namingItBare is not null && ImportsStatically(compilation, namingItBare, staticType, cancellationToken);
    }

    /// <summary>
    /// Whether a <c>using static</c> directive that reaches one of <paramref name="namingItBare"/> names a type called
    /// <paramref name="typeName"/>, whichever its namespace: one at the top of any file (a global one reaches every file;
    /// a file's own is taken as reaching too, which only lets the rule run), or one in a namespace of those files. Only
    /// those files' declarations are looked into: reading every file's (a profile of sharpcompress: 2 ms) cost more than
    /// the top lines.
    /// </summary>
    private static bool ImportsStatically(Compilation compilation, List<SyntaxTree> namingItBare, string typeName, CancellationToken cancellationToken)
    {
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (tree.GetRoot(cancellationToken) is CompilationUnitSyntax root && ImportsStatically(root.Usings, typeName))
            {
                return true;
            }
        }

        foreach (var tree in namingItBare)
        {
            if (tree.GetRoot(cancellationToken) is CompilationUnitSyntax root && ImportsStatically(root.Members, typeName))
            {
                return true;
            }
        }

        return false;
    }

    private static bool ImportsStatically(SyntaxList<MemberDeclarationSyntax> members, string typeName)
    {
        foreach (var member in members)
        {
            if (member is BaseNamespaceDeclarationSyntax space &&
                (ImportsStatically(space.Usings, typeName) || ImportsStatically(space.Members, typeName)))
            {
                return true;
            }
        }

        return false;
    }

    private static bool ImportsStatically(SyntaxList<UsingDirectiveSyntax> usings, string typeName)
    {
        foreach (var directive in usings)
        {
            if (directive.StaticKeyword.IsKind(SyntaxKind.StaticKeyword) && RightmostName(directive.Name) == typeName)
            {
                return true;
            }
        }

        return false;
    }

    private static string? RightmostName(NameSyntax? name) => name switch
    {
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax aliased => aliased.Name.Identifier.ValueText,
        SimpleNameSyntax simple => simple.Identifier.ValueText,
        _ => null,
    };

    /// <summary>
    /// Whether a gate reads <paramref name="tree"/>: every tree when <paramref name="followingMethods"/>, otherwise not a
    /// generated one (<see cref="MayTrigger"/>). Each tree is asked when the search reaches it (most gates stop at the
    /// first tree holding a word), and only a long one: asking costs a few microseconds a tree (its name, options, first
    /// token and comments, found cold), more than searching a short file, and on a solution with nothing generated the
    /// first version, which asked every tree, cost more than it saved (docs/performance.md).
    /// </summary>
    private static bool MaySearch(SyntaxTree tree, AnalyzerOptions options, bool followingMethods, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return followingMethods || tree.Length < ShortestFileWorthAsking || !GeneratedCode.IsGeneratedFile(tree, options, cancellationToken);
    }

    private static bool Mentions(IEnumerable<SyntaxTree> trees, WordList words, CancellationToken cancellationToken)
    {
        foreach (var tree in trees)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (TreeWords.Mentions(tree, words))
            {
                return true;
            }
        }

        return false;
    }
}
