using System.Text.Json;
using IoPerf.EvidenceBench.Experiments;
using static IoPerf.EvidenceBench.Report.ResultSet;

namespace IoPerf.EvidenceBench.Report;

/// <summary>
/// The claims of docs/claims.md (C1-C22 from the seeds, C23 onwards ours), each computed from the committed results: which cases are compared,
/// the seed's figure, and the verdict rule. Ratios are "how many times the claimed effect": above 1 means the claim's
/// direction.
/// </summary>
internal static class Claims
{
    public const string E1 = "E1SequentialReads";
    public const string E2 = "E2WordCount";
    public const string E2Buffer = "E2ReadBufferSize";
    public const string E3Libc = "E3LibcWrites";
    public const string E3Bytes = "E3FileStreamWriteByte";
    public const string E3Text = "E3TextWriters";
    public const string E4 = "E4AwaitsInLoop";
    public const string E5FullPass = "E5FullPass";
    public const string E5Exists = "E5ExistenceCheck";
    public const string E5First = "E5FirstMatch";
    public const string E5Lengths = "E5FileLengths";
    public const string E6PerLine = "E6AppendPerLine";
    public const string E6Length = "E6AppendLineLength";
    public const string E7Json = "E7JsonFromFile";
    public const string E7Xml = "E7XmlFromFile";
    public static readonly string[] E7Sizes = { "10240", "102400", "1048576", "52428800" };
    public const string Large = "134217728";
    public const string Small = "4194304";

    public static readonly string[] Adapters = { "OwnPipeAdapter", "PipeReaderCreate", "PipelinesSocketsUnofficial", "NerdbankStreams" };
    public static readonly string[] Buffers = { "2048", "4096", "16384", "65536", "262144" };

    /// <summary>One E1 case: <paramref name="async"/> selects the file opened with FileOptions.Asynchronous.</summary>
    /// <remarks>
    /// BenchmarkDotNet shortens long parameter values in its reports ("Seque(...)onous [28]" for "SequentialScan,
    /// Asynchronous"): anything but plain SequentialScan is the Asynchronous case.
    /// </remarks>
    public static BenchCase? E1Read(ResultSet r, string method, string size, string buffer, bool async) =>
        r.Where(E1, c => c.Method == method && c.Has("FileSize", size) && c.Has("BufferSize", buffer) &&
                         c.Parameters.TryGetValue("Options", out var o) && (o != "SequentialScan") == async).SingleOrDefault();

    /// <summary>Every claim, in order: each experiment's claims class computes its own (Experiments/E*.Claims.cs).</summary>
    public static IReadOnlyList<ClaimResult> Evaluate(ResultSet r) =>
    [
        .. E1SequentialReadsClaims.Evaluate(r),
        .. E2WordCountClaims.Evaluate(r),
        .. E3TinyWritesClaims.Evaluate(r),
        .. E4AwaitsInLoopClaims.Evaluate(r),
        .. E5DirectoryListingsClaims.Evaluate(r),
        .. E6AppendsInLoopClaims.Evaluate(r),
        .. E7DocumentsFromFilesClaims.Evaluate(r),
    ];

    // E3LibcWrites writes 16 MiB per operation in the full run.
    public const double E3LibcBytes = 16.0 * 1024 * 1024;

    public static string Verdict(double? ours, double? seed)
    {
        if (ours is not { } ratio)
        {
            return "not measured";
        }

        if (ratio <= 1 / 1.1)
        {
            return "reversed";
        }

        if (ratio < 1.1)
        {
            return "not replicated";
        }

        return seed is not { } seedRatio || ratio - 1 >= 0.5 * (seedRatio - 1) ? "replicated" : "weaker";
    }

    /// <summary>For claims that something does not matter: replicated when the ratio stays within 1.1x.</summary>
    public static string NoDifferenceVerdict(double? ours) =>
        ours is not { } ratio ? "not measured" : ratio < 1.1 && ratio > 1 / 1.1 ? "replicated" : "not replicated";

    private static readonly string[] Order = { "replicated", "weaker", "not replicated", "reversed", "not measured" };

    internal static string Worst(string first, string second) =>
        Array.IndexOf(Order, first) >= Array.IndexOf(Order, second) ? first : second;

    /// <param name="seedRatio">The seed's figure as the same ratio as <paramref name="ratio"/>, where the seed gives one (the charts mark it).</param>
    internal static ClaimResult Claim(string id, string experiment, string claim, string seed, string ours, string verdict, string rules, double? ratio, double? seedRatio = null) =>
        new(id, experiment, claim, seed, ours, verdict, rules, ratio is { } r ? Math.Round(r, 3) : null, seedRatio is { } s ? Math.Round(s, 3) : null);

    internal static double? Ratio(BenchCase? slow, BenchCase? fast) =>
        slow is not null && fast is not null && fast.MedianNs > 0 ? slow.MedianNs / fast.MedianNs : null;

    internal static string Fmt(double? value, string format = "F2") => value is { } v ? Number(v, format) : "?";

    internal static string T(BenchCase? c) => c is null ? "?" : EvidenceReport.Time(c.MedianNs);

    internal static string Range(IReadOnlyCollection<double> values) =>
        values.Count == 0 ? "?" : $"{Number(values.Min())}-{Number(values.Max())}x";

    internal static string Bytes(double? bytes) => bytes switch
    {
        null => "?",
        >= 1024 * 1024 => Number(bytes.Value / (1024 * 1024), "F1") + " MB",
        >= 1024 => Number(bytes.Value / 1024, "F1") + " KB",
        _ => Number(bytes.Value, "F0") + " B",
    };

    internal static string Mb(long bytes) => Number(bytes / (1024.0 * 1024), "F0") + " MB";

    internal static string MBps(double bytes, BenchCase? c) => c is null ? "?" : Number(bytes / (1024 * 1024) / (c.MedianNs / 1e9), "F1") + " MB/s";
}
