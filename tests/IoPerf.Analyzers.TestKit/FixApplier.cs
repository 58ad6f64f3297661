using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace IoPerf.Analyzers.TestKit;

/// <summary>Applies code fixes one diagnostic at a time, the way a user clicks through the lightbulb, until none is left.</summary>
public static class FixApplier
{
    /// <summary>
    /// Asks <paramref name="findNext"/> for the next diagnostic to fix and applies code action
    /// <paramref name="actionIndex"/> of <paramref name="fixes"/> to it, until <paramref name="findNext"/> finds none.
    /// Fails when a diagnostic has no such action or the fixes do not converge within <paramref name="maxRounds"/>.
    /// </summary>
    public static async Task<Document> ApplyUntilDoneAsync(
        Document document,
        Func<Document, Task<Diagnostic?>> findNext,
        IEnumerable<CodeFixProvider> fixes,
        int actionIndex = 0,
        int maxRounds = 20)
    {
        for (var round = 0; round < maxRounds; round++)
        {
            var diagnostic = await findNext(document);
            if (diagnostic is null)
            {
                return document;
            }

            var actions = new List<CodeAction>();
            foreach (var fix in fixes)
            {
                actions.AddRange(await AnalyzerCatalog.GetActionsAsync(fix, document, diagnostic));
            }

            if (actions.Count <= actionIndex)
            {
                throw new InvalidOperationException($"no code action {actionIndex} for {diagnostic}");
            }

            var operations = await actions[actionIndex].GetOperationsAsync(CancellationToken.None);
            document = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution.GetDocument(document.Id)!;
        }

        throw new InvalidOperationException($"the fixes did not converge within {maxRounds} rounds");
    }
}
