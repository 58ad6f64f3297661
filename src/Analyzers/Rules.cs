using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers;

/// <summary>
/// The descriptors of every shipped rule, built through one helper so that title, message, description,
/// category, severity and help link are uniform. Strings live in Resources.resx as <c>IOPnnn_Title</c>,
/// <c>IOPnnn_Message</c>, <c>IOPnnn_Description</c> and <c>IOPnnn_CodeFixTitle</c>, read through the accessors MSBuild
/// generates from it (<see cref="Resources"/>), so every name is checked by the compiler.
/// </summary>
public static class Rules
{
    public const string Category = "Performance";

    // C2 came out weaker and C3 did not replicate on Linux, where the flag changes nothing for synchronous reads
    // (docs/evidence.md); the cost is Windows' overlapped I/O, documented by the .NET team. An IDE suggestion.
    public static readonly DiagnosticDescriptor AsyncFileUsedSynchronously = Create(
        RuleIdentifiers.AsyncFileUsedSynchronously,
        Localizable(nameof(Resources.IOP001_Title)),
        Localizable(nameof(Resources.IOP001_Message)),
        Localizable(nameof(Resources.IOP001_Description)),
        DiagnosticSeverity.Info);

    // C4 came out weaker (2 KiB reads 2.5x slower than 64 KiB on a 128 MiB file, not the seed's 14x) and C13 shows no
    // gain past 4 KiB on a 600 KB text: real on large files, nothing on small ones. On code nobody here had read it was
    // right 25 times in 43 (docs/quality.md), below the 90% a suggestion needs: silent (a lightbulb fix only).
    public static readonly DiagnosticDescriptor SmallIoBuffer = Create(
        RuleIdentifiers.SmallIoBuffer,
        Localizable(nameof(Resources.IOP002_Title)),
        Localizable(nameof(Resources.IOP002_Message)),
        Localizable(nameof(Resources.IOP002_Description)),
        DiagnosticSeverity.Hidden);

    // C10 and C11 replicated on .NET 10 / Linux (docs/evidence.md) and the corpus run found no false positive
    // (docs/quality.md): a build warning, per the severity policy.
    public static readonly DiagnosticDescriptor LinesMaterializedForSinglePass = Create(
        RuleIdentifiers.LinesMaterializedForSinglePass,
        Localizable(nameof(Resources.IOP003_Title)),
        Localizable(nameof(Resources.IOP003_Message)),
        Localizable(nameof(Resources.IOP003_Description)),
        DiagnosticSeverity.Warning);

    // C12 and C15 replicated (docs/evidence.md): from 6 values a cached SearchValues searched 2.2x-7.1x as fast
    // (E2IndexOfAnyThreshold), and the rule only reports sets whose contents are known, so it can be a build warning.
    public static readonly DiagnosticDescriptor IndexOfAnyWithManyValues = Create(
        RuleIdentifiers.IndexOfAnyWithManyValues,
        Localizable(nameof(Resources.IOP004_Title)),
        Localizable(nameof(Resources.IOP004_Message)),
        Localizable(nameof(Resources.IOP004_Description)),
        DiagnosticSeverity.Warning);

    // C19, C20 and C21 came out weaker on .NET 10 (docs/evidence.md): a hop onto a message-loop context cost about 6 us,
    // not the seed's 16.7 ms frame. Real but small, and it depends on the caller's context, which a library cannot see.
    // Silent in every kind of project: right 23 times in 28 on the first four unseen sets (82%), and in UI applications,
    // measured apart, 2 times in 5 (docs/quality.md) - below the 90% a suggestion needs.
    public static readonly DiagnosticDescriptor AwaitedReadInLoopOnCapturedContext = Create(
        RuleIdentifiers.AwaitedReadInLoopOnCapturedContext,
        Localizable(nameof(Resources.IOP005_Title)),
        Localizable(nameof(Resources.IOP005_Message)),
        Localizable(nameof(Resources.IOP005_Description)),
        DiagnosticSeverity.Hidden);

    // E3 in .NET terms is large (an unbuffered WriteByte loop 262x, AutoFlush 162x, a Console.Out-style writer 94x a
    // buffered writer) but C16 itself did not replicate through libc here, and whether a console loop writes enough to
    // matter depends on data the rule cannot see. On code nobody here had read it was right 4 times in 6
    // (docs/quality.md), below the 90% a suggestion needs: silent (a lightbulb fix only).
    public static readonly DiagnosticDescriptor TinyIoPayingLockOrFlush = Create(
        RuleIdentifiers.TinyIoPayingLockOrFlush,
        Localizable(nameof(Resources.IOP006_Title)),
        Localizable(nameof(Resources.IOP006_Message)),
        Localizable(nameof(Resources.IOP006_Description)),
        DiagnosticSeverity.Hidden);

    // C24 replicated (an existence check 569x, a first match 62x faster enumerated, at 100,000 entries) and a full pass is
    // never slower enumerated (C23), but at 100 entries it gains nothing and the fix moves when a listing error is
    // thrown: an IDE suggestion.
    public static readonly DiagnosticDescriptor DirectoryListingMaterialized = Create(
        RuleIdentifiers.DirectoryListingMaterialized,
        Localizable(nameof(Resources.IOP007_Title)),
        Localizable(nameof(Resources.IOP007_Message)),
        Localizable(nameof(Resources.IOP007_Description)),
        DiagnosticSeverity.Info);

    // C26 replicated (one append per line 43x-208x the time of one writer), but a loop's pace is not visible to the rule;
    // on code nobody here had read it was right 2 times in 3 (docs/quality.md), below the 90% a suggestion needs: silent.
    public static readonly DiagnosticDescriptor FileReopenedForEachAppend = Create(
        RuleIdentifiers.FileReopenedForEachAppend,
        Localizable(nameof(Resources.IOP008_Title)),
        Localizable(nameof(Resources.IOP008_Message)),
        Localizable(nameof(Resources.IOP008_Description)),
        DiagnosticSeverity.Hidden);

    // C28 and C29 (docs/evidence.md): from the file the parser allocates a fraction of what the string form does and
    // is no slower; C30: below about 100 KB the difference is small. An IDE suggestion.
    public static readonly DiagnosticDescriptor DocumentParsedFromFileText = Create(
        RuleIdentifiers.DocumentParsedFromFileText,
        Localizable(nameof(Resources.IOP009_Title)),
        Localizable(nameof(Resources.IOP009_Message)),
        Localizable(nameof(Resources.IOP009_Description)),
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
        DirectoryListingMaterialized,
        FileReopenedForEachAppend,
        DocumentParsedFromFileText,
    };

    /// <summary>
    /// A message argument in the reader's language: the string named <paramref name="name"/> (always
    /// <c>nameof(Resources.X)</c>) formatted with <paramref name="arguments"/>.
    /// </summary>
    internal static string Format(string name, params object?[] arguments) =>
        string.Format(Resources.Culture, Resources.ResourceManager.GetString(name, Resources.Culture) ?? name, arguments);

    /// <summary>
    /// The sentence for one (<paramref name="one"/>, which takes no count) or for <paramref name="count"/> of many
    /// (<paramref name="many"/>, whose {0} is the count): messages users read in every build say "the write", not "1 write(s)".
    /// </summary>
    internal static string Plural(int count, string one, string many) =>
        count == 1 ? Format(one) : Format(many, count);

    private static DiagnosticDescriptor Create(
        string id,
        LocalizableString title,
        LocalizableString message,
        LocalizableString description,
        DiagnosticSeverity defaultSeverity,
        bool isEnabledByDefault = true) =>
        new DiagnosticDescriptor(
            id,
            title: title,
            messageFormat: message,
            category: Category,
            defaultSeverity: defaultSeverity,
            isEnabledByDefault: isEnabledByDefault,
            description: description,
            helpLinkUri: RuleIdentifiers.GetHelpLink(id));

    private static LocalizableString Localizable(string name) =>
        new LocalizableResourceString(name, Resources.ResourceManager, typeof(Resources));
}
