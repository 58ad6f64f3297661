using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>How every rule treats generated code: it is neither analysed nor reported.</summary>
internal static class GeneratedCode
{
    /// <summary>
    /// <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/> without <see cref="GeneratedCodeAnalysisFlags.Analyze"/>:
    /// the driver makes no callback in generated code (a file named or headed as generated, a declaration marked
    /// <c>[GeneratedCode]</c> or inside one, code after <c>#line hidden</c>), and does not check each report again. With
    /// <see cref="GeneratedCodeAnalysisFlags.None"/> it did, and the first report in a file made it walk every token of
    /// that file looking for a <c>GeneratedCode</c> attribute, charged to the rule that reported (IOP007 on NLog: 57 ms,
    /// 37 without; the package on duplicati 278 -> 236 ms, docs/performance.md). Every rule reports inside the
    /// operation the driver handed it, so that check could never drop one of ours; GeneratedCodeTests holds both halves
    /// for all nine rules.
    /// </summary>
    public const GeneratedCodeAnalysisFlags Flags = GeneratedCodeAnalysisFlags.ReportDiagnostics;
}
