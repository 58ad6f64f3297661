using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Whether a compilation's source names a rule's framework methods at all: every diagnostic of IOP003, IOP004, IOP007,
/// IOP008 and IOP009 needs a call to one of a few methods (<c>File.ReadAllLines</c>, <c>Directory.GetFiles</c>,
/// <c>File.AppendAllText</c>, ...) in the compilation's own code - through a project method of the same compilation
/// too - and a call names its method in the text. Such a rule registers nothing in a compilation whose text holds none
/// of its words, so the driver never calls it there: most compilations of a solution read no file's lines and list no
/// folder, and a callback costs even when it returns at once (docs/performance.md).
/// <para>
/// A word in a comment, a string or an <c>#if</c>'d-out region only means the rule runs. The search stops at the first
/// tree that holds a word. Each tree's answer is remembered per list (two bit masks per tree, one bit per list), so
/// that in the IDE the next compilation searches only the trees that were edited.
/// </para>
/// </summary>
internal static class CompilationText
{
    /// <summary>Lists beyond this many are searched without remembering a tree's answer.</summary>
    private const int RememberedLists = 32;

    private static readonly ConcurrentDictionary<WordList, int> s_bits = new();

    private static readonly ConditionalWeakTable<SyntaxTree, TreeAnswers> s_byTree = new();

    private static readonly ConditionalWeakTable<SyntaxTree, TreeAnswers>.CreateValueCallback s_newAnswers = _ => new TreeAnswers();

    private static int s_listsSeen;

    /// <summary>Whether some tree of <paramref name="compilation"/> holds one of <paramref name="words"/>.</summary>
    public static bool Mentions(Compilation compilation, WordList words, CancellationToken cancellationToken)
    {
        var bit = s_bits.GetOrAdd(words, _ => Interlocked.Increment(ref s_listsSeen) is var n and <= RememberedLists ? 1 << (n - 1) : 0);
        foreach (var tree in compilation.SyntaxTrees)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var answers = bit == 0 ? null : s_byTree.GetValue(tree, s_newAnswers);
            if (answers is null || !answers.TryGet(bit, out var mentions))
            {
                mentions = SyntaxText.Mentions(tree.GetText(cancellationToken), words);
                answers?.Set(bit, mentions);
            }

            if (mentions)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>One tree's answers: a list's bit is set in <c>_known</c> once it was searched, in <c>_mentions</c> if it was found.</summary>
    private sealed class TreeAnswers
    {
        private int _known;
        private int _mentions;

        public bool TryGet(int bit, out bool mentions)
        {
            // _mentions is written before _known (each write a full fence), so a known bit has its answer.
            var known = (Volatile.Read(ref _known) & bit) != 0;
            mentions = known && (Volatile.Read(ref _mentions) & bit) != 0;
            return known;
        }

        public void Set(int bit, bool mentions)
        {
            if (mentions)
            {
                Or(ref _mentions, bit);
            }

            Or(ref _known, bit);
        }

        private static void Or(ref int target, int bit)
        {
            for (var current = Volatile.Read(ref target); ;)
            {
                var seen = Interlocked.CompareExchange(ref target, current | bit, current);
                if (seen == current)
                {
                    return;
                }

                current = seen;
            }
        }
    }
}
