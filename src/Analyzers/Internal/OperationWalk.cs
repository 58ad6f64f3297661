using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Every walk of an operation tree the rules make goes through here (Roslyn's <c>Descendants</c> is banned in
/// BannedSymbols.txt), and counts the operations it visits. The count is how the tests hold each rule to work that
/// grows linearly with the size of a method: time measured in a test flakes on a shared machine, a count does not.
/// One atomic add per walk, not per operation: the count costs nothing a build would notice.
/// </summary>
internal static class OperationWalk
{
    private static long s_visited;

    /// <summary>The operations visited by every walk so far, in this process.</summary>
    public static long Visited => Interlocked.Read(ref s_visited);

    /// <summary>Adds a finished walk's count (for walks written elsewhere, such as <see cref="OperationHelpers.OwnOperations"/>).</summary>
    public static void Count(long operations)
    {
        if (operations > 0)
        {
            Interlocked.Add(ref s_visited, operations);
        }
    }

    /// <summary><paramref name="root"/> and every operation under it, lambdas included, in source order.</summary>
    public static IEnumerable<IOperation> AllOperations(this IOperation root) => Walk(root, includeRoot: true);

    /// <summary>Every operation under <paramref name="root"/> (not the root), lambdas included, in source order.</summary>
    public static IEnumerable<IOperation> OperationsBelow(this IOperation root) => Walk(root, includeRoot: false);

    private static IEnumerable<IOperation> Walk(IOperation root, bool includeRoot)
    {
        long visited = 0;
        var pending = new Stack<IEnumerator<IOperation>>();
        try
        {
            if (includeRoot)
            {
                visited++;
                yield return root;
            }

            pending.Push(((IEnumerable<IOperation>)root.ChildOperations).GetEnumerator());
            while (pending.Count > 0)
            {
                var children = pending.Peek();
                if (!children.MoveNext())
                {
                    pending.Pop();
                    continue;
                }

                var child = children.Current;
                visited++;
                yield return child;
                pending.Push(((IEnumerable<IOperation>)child.ChildOperations).GetEnumerator());
            }
        }
        finally
        {
            Count(visited);
        }
    }
}
