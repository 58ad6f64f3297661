namespace IoPerf.EvidenceBench.Report;

/// <summary>
/// The experiments, the platform each seed measured on, and the seed figures that both the claims (verdicts) and the
/// charts (the seed's points beside ours) use - one place for each number. docs/claims.md gives every source and setup.
/// </summary>
internal static class Seeds
{
    /// <summary>Per experiment: what it measures (the heading in docs/evidence.md) and the seed's platform, where a seed gave figures.</summary>
    public static readonly IReadOnlyDictionary<string, (string Name, string? Platform)> Experiments = new Dictionary<string, (string, string?)>(StringComparer.Ordinal)
    {
        ["E1"] = ("sequential file reads", "Windows 10"),
        ["E2"] = ("counting lines and words like wc", "Manjaro Linux"),
        ["E3"] = ("many tiny writes", "Linux, C"),
        ["E4"] = ("awaiting file reads in a loop", "Windows Phone 8"),
        ["E5"] = ("directory listings", null),
        ["E6"] = ("appending in a loop", null),
        ["E7"] = ("documents parsed from files", "blog, OS not given"),
    };

    // E1 (Windows 10, .NET Core 3.0 preview)
    public static readonly double[] E1SyncReadMs = { 408, 157, 56.6, 29.1, 24.4 }; // C4: 128 MiB at 2, 4, 16, 64, 256 KiB
    public const double E1ReadAsyncAt2K = 1.92, E1ReadAsyncAt256K = 1.11; // C5: ReadAsync / Read
    public const double E1AsynchronousFileAt2K = 2492.0 / 408; // C2: sync Read with FileOptions.Asynchronous / without

    // E3 (C16): 1-byte writes, MB/s with fwrite_unlocked over fwrite
    public const double E3WindowsLockedRatio = 70.5 / 18.9, E3LinuxLockedRatio = 93.5 / 67.6;

    // E4 (Lumia 920, Windows Phone 8): 200 x 1 KB files, await per file (C19, C20)
    public const double E4OnUiContextMs = 846, E4NoContextMs = 35, E4ConfigureAwaitMs = 35.5;

    // E7 (C28, makolyte): 9 MB of JSON, string / stream time
    public const double E7Json9MbTimeRatio = 119.0 / 114.4;
}
