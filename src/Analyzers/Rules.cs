using System.Resources;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers;

/// <summary>
/// The descriptors of every shipped rule, built through one helper so that title, message, description,
/// category, severity and help link are uniform. Strings live in Resources.resx as
/// <c>&lt;Name&gt;Title</c>, <c>&lt;Name&gt;Message</c>, <c>&lt;Name&gt;Description</c> and <c>&lt;Name&gt;CodeFixTitle</c>.
/// </summary>
public static class Rules
{
    public const string Category = "Performance";

    internal static ResourceManager ResourceManager { get; } =
        new ResourceManager("IoPerf.Analyzers.Resources", typeof(Rules).Assembly);

    // C2 came out weaker and C3 did not replicate on Linux, where the flag changes nothing for synchronous reads
    // (docs/evidence.md); the cost is Windows' overlapped I/O, documented by the .NET team. An IDE suggestion.
    public static readonly DiagnosticDescriptor AsyncFileUsedSynchronously = Create(
        RuleIdentifiers.AsyncFileUsedSynchronously,
        nameof(AsyncFileUsedSynchronously),
        DiagnosticSeverity.Info);

    // C4 came out weaker (2 KiB reads 2.5x slower than 64 KiB on a 128 MiB file, not the seed's 14x) and C13 shows no
    // gain past 4 KiB on a 600 KB text: real on large files, nothing on small ones. An IDE suggestion.
    public static readonly DiagnosticDescriptor SmallIoBuffer = Create(
        RuleIdentifiers.SmallIoBuffer,
        nameof(SmallIoBuffer),
        DiagnosticSeverity.Info);

    // C10 and C11 replicated on .NET 10 / Linux (docs/evidence.md) and the corpus run found no false positive
    // (docs/quality.md): a build warning, per the severity policy.
    public static readonly DiagnosticDescriptor LinesMaterializedForSinglePass = Create(
        RuleIdentifiers.LinesMaterializedForSinglePass,
        nameof(LinesMaterializedForSinglePass),
        DiagnosticSeverity.Warning);

    // C12 and C15 replicated (docs/evidence.md): from 6 values a cached SearchValues searched 2.2x-7.1x as fast
    // (E2IndexOfAnyThreshold), and the rule only reports sets whose contents are known, so it can be a build warning.
    public static readonly DiagnosticDescriptor IndexOfAnyWithManyValues = Create(
        RuleIdentifiers.IndexOfAnyWithManyValues,
        nameof(IndexOfAnyWithManyValues),
        DiagnosticSeverity.Warning);

    // C19, C20 and C21 came out weaker on .NET 10 (docs/evidence.md): a hop onto a message-loop context cost about 6 us,
    // not the seed's 16.7 ms frame. Real but small, and it depends on the caller's context: an IDE suggestion.
    public static readonly DiagnosticDescriptor AwaitedReadInLoopOnCapturedContext = Create(
        RuleIdentifiers.AwaitedReadInLoopOnCapturedContext,
        nameof(AwaitedReadInLoopOnCapturedContext),
        DiagnosticSeverity.Info);

    // E3 in .NET terms is large (an unbuffered WriteByte loop 262x, AutoFlush 162x, a Console.Out-style writer 94x a
    // buffered writer) but C16 itself did not replicate through libc here, and whether a console loop writes enough to
    // matter depends on data the rule cannot see: an IDE suggestion.
    public static readonly DiagnosticDescriptor TinyIoPayingLockOrFlush = Create(
        RuleIdentifiers.TinyIoPayingLockOrFlush,
        nameof(TinyIoPayingLockOrFlush),
        DiagnosticSeverity.Info);

    /// <summary>All descriptors this package ships, in id order.</summary>
    public static DiagnosticDescriptor[] All => new[]
    {
        AsyncFileUsedSynchronously,
        SmallIoBuffer,
        LinesMaterializedForSinglePass,
        IndexOfAnyWithManyValues,
        AwaitedReadInLoopOnCapturedContext,
        TinyIoPayingLockOrFlush,
    };

    internal static LocalizableString GetString(string name) =>
        new LocalizableResourceString(name, ResourceManager, typeof(Rules));

    private static DiagnosticDescriptor Create(
        string id,
        string name,
        DiagnosticSeverity defaultSeverity,
        bool isEnabledByDefault = true) =>
        new DiagnosticDescriptor(
            id,
            title: GetString(name + "Title"),
            messageFormat: GetString(name + "Message"),
            category: Category,
            defaultSeverity: defaultSeverity,
            isEnabledByDefault: isEnabledByDefault,
            description: GetString(name + "Description"),
            helpLinkUri: RuleIdentifiers.GetHelpLink(id));
}
