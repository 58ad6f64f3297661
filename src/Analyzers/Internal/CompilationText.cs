using System.Threading;
using Microsoft.CodeAnalysis;

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
/// tree that holds a word; each tree is read once for every rule's words (<see cref="TreeWords"/>), and its answer is
/// remembered, so that in the IDE the next compilation searches only the trees that were edited.
/// </para>
/// </summary>
internal static class CompilationText
{
    /// <summary>Whether some tree of <paramref name="compilation"/> holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(Compilation compilation, WordList words, CancellationToken cancellationToken)
    {
        foreach (var tree in compilation.SyntaxTrees)
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
