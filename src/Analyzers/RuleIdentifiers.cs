namespace IoPerf.Analyzers;

/// <summary>
/// Every diagnostic id this package reports. Ids are stable once shipped: never reuse or renumber one.
/// </summary>
public static class RuleIdentifiers
{
    public const string AsyncFileUsedSynchronously = "IOP001";
    public const string SmallIoBuffer = "IOP002";
    public const string LinesMaterializedForSinglePass = "IOP003";
    public const string IndexOfAnyWithManyValues = "IOP004";
    public const string AwaitedReadInLoopOnCapturedContext = "IOP005";
    public const string TinyIoPayingLockOrFlush = "IOP006";
    public const string DirectoryListingMaterialized = "IOP007";
    public const string FileReopenedForEachAppend = "IOP008";
    public const string DocumentParsedFromFileText = "IOP009";

    /// <summary>Where each rule's documentation lives; the help link of every descriptor points here.</summary>
    public const string HelpLinkBase = "https://github.com/ioperf/IoPerf.Analyzers/blob/main/docs/rules/";

    public static string GetHelpLink(string id) => HelpLinkBase + id + ".md";
}
