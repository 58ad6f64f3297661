using System.Text.Json;
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
    private const string E2Buffer = "E2ReadBufferSize";
    public const string E3Libc = "E3LibcWrites";
    private const string E3Bytes = "E3FileStreamWriteByte";
    public const string E3Text = "E3TextWriters";
    public const string E4 = "E4AwaitsInLoop";
    public const string E5FullPass = "E5FullPass";
    public const string E5Exists = "E5ExistenceCheck";
    private const string E5First = "E5FirstMatch";
    private const string E5Lengths = "E5FileLengths";
    public const string E6PerLine = "E6AppendPerLine";
    private const string E6Length = "E6AppendLineLength";
    public const string E7Json = "E7JsonFromFile";
    public const string E7Xml = "E7XmlFromFile";
    public static readonly string[] E7Sizes = { "10240", "102400", "1048576", "52428800" };
    private static readonly string[] E5Shapes = { "flat-100", "flat-10000", "flat-100000", "tree-1000x100" };
    public const string Large = "134217728";
    private const string Small = "4194304";

    private static readonly string[] Adapters = { "OwnPipeAdapter", "PipeReaderCreate", "PipelinesSocketsUnofficial", "NerdbankStreams" };
    public static readonly string[] Buffers = { "2048", "4096", "16384", "65536", "262144" };

    /// <summary>One E1 case: <paramref name="async"/> selects the file opened with FileOptions.Asynchronous.</summary>
    /// <remarks>
    /// BenchmarkDotNet shortens long parameter values in its reports ("Seque(...)onous [28]" for "SequentialScan,
    /// Asynchronous"): anything but plain SequentialScan is the Asynchronous case.
    /// </remarks>
    public static BenchCase? E1Read(ResultSet r, string method, string size, string buffer, bool async) =>
        r.Where(E1, c => c.Method == method && c.Has("FileSize", size) && c.Has("BufferSize", buffer) &&
                         c.Parameters.TryGetValue("Options", out var o) && (o != "SequentialScan") == async).SingleOrDefault();

    public static IReadOnlyList<ClaimResult> Evaluate(ResultSet r)
    {
        BenchCase? E1Case(string method, string size, string buffer, bool async) => E1Read(r, method, size, buffer, async);

        var claims = new List<ClaimResult>();

        // C1: sync FileStream.Read is the fastest; the nearest competitor's time over sync's (64 KiB, 128 MiB, sequential).
        {
            var sync = E1Case("FileStreamRead", Large, "65536", false);
            var others = new[] { "FileStreamReadAsync", "RandomAccessRead" }.Concat(Adapters)
                .Select(m => (Method: m, Case: E1Case(m, Large, "65536", false))).Where(x => x.Case is not null).ToList();
            var nearest = others.OrderBy(x => x.Case!.MedianNs).FirstOrDefault();
            var asyncRatio = Ratio(E1Case("FileStreamReadAsync", Large, "65536", false), sync);
            var adapterRatios = Adapters.Select(m => Ratio(E1Case(m, Large, "65536", false), sync)).OfType<double>().ToList();
            var ratio = Ratio(nearest.Case, sync);
            claims.Add(Claim("C1", "E1", "FileStream sync Read is the fastest method",
                "64 KiB, 128 MiB: async 1.63x, adapters 2.5-2.7x slower than sync",
                sync is null ? "not measured" :
                    $"sync {EvidenceReport.Time(sync.MedianNs)}; nearest: {nearest.Method} {Fmt(ratio)}x; ReadAsync {Fmt(asyncRatio)}x; adapters {Range(adapterRatios)}",
                Verdict(ratio, 1.63), "-", ratio, seedRatio: 1.63));
        }

        // C2: FileOptions.Asynchronous makes reads slower: mean over every method, size and buffer of time(async) / time(sequential).
        {
            var ratios = new List<double>();
            foreach (var method in new[] { "FileStreamRead", "FileStreamReadAsync", "RandomAccessRead" }.Concat(Adapters))
            {
                foreach (var size in new[] { Small, Large })
                {
                    foreach (var buffer in Buffers)
                    {
                        if (Ratio(E1Case(method, size, buffer, true), E1Case(method, size, buffer, false)) is { } value)
                        {
                            ratios.Add(value);
                        }
                    }
                }
            }

            var syncSmall = Ratio(E1Case("FileStreamRead", Large, "2048", true), E1Case("FileStreamRead", Large, "2048", false));
            var mean = ratios.Count > 0 ? ratios.Average() : (double?)null;
            claims.Add(Claim("C2", "E1", "adding FileOptions.Asynchronous makes reads slower",
                "mean 3.56x slower, worst 9.22x, best 1.45x; sync 2 KiB/128 MiB: 2,492 ms vs 408 ms (6.1x)",
                ratios.Count == 0 ? "not measured" : $"mean {Fmt(mean)}x over {ratios.Count} cases (worst {Fmt(ratios.Max())}x, best {Fmt(ratios.Min())}x); sync 2 KiB/128 MiB: {Fmt(syncSmall)}x",
                Verdict(mean, 3.56), "IOP001", mean, seedRatio: 3.56));
        }

        // C3: sync reads on an Asynchronous FileStream allocate heavily (2 KiB, 128 MiB).
        {
            var withFlag = E1Case("FileStreamRead", Large, "2048", true);
            var without = E1Case("FileStreamRead", Large, "2048", false);
            var ratio = withFlag?.AllocatedBytes is { } a && without?.AllocatedBytes is { } b && b > 0 ? a / b : (double?)null;
            claims.Add(Claim("C3", "E1", "sync reads on an Asynchronous FileStream allocate heavily",
                "20,504,568 B/op vs 2,248 B/op without the flag (9,121x)",
                withFlag is null || without is null ? "not measured" : $"{Bytes(withFlag.AllocatedBytes)} vs {Bytes(without.AllocatedBytes)} ({Fmt(ratio)}x)",
                Verdict(ratio, 9121), "IOP001", ratio, seedRatio: 9121));
        }

        // C4: bigger read buffers are faster (sync, 128 MiB, sequential): 2 KiB time over 64 KiB time.
        {
            var times = Buffers.Select(b => E1Case("FileStreamRead", Large, b, false)).ToList();
            var ratio = Ratio(times[0], times[3]);
            claims.Add(Claim("C4", "E1", "bigger read buffers are faster; 64 KiB or more recommended",
                "sync 128 MiB: 2 KiB 408 ms, 4 KiB 157, 16 KiB 56.6, 64 KiB 29.1, 256 KiB 24.4 (2 KiB/64 KiB = 14.0x)",
                times.Any(t => t is null) ? "not measured" : $"2 KiB {T(times[0])}, 4 KiB {T(times[1])}, 16 KiB {T(times[2])}, 64 KiB {T(times[3])}, 256 KiB {T(times[4])} (2 KiB/64 KiB = {Fmt(ratio)}x)",
                Verdict(ratio, 14.0), "IOP002", ratio, seedRatio: 14.0));
        }

        // C5: async reads slower than sync, less so with big buffers (128 MiB, sequential).
        {
            var small = Ratio(E1Case("FileStreamReadAsync", Large, "2048", false), E1Case("FileStreamRead", Large, "2048", false));
            var big = Ratio(E1Case("FileStreamReadAsync", Large, "262144", false), E1Case("FileStreamRead", Large, "262144", false));
            claims.Add(Claim("C5", "E1", "async FileStream reads are slower than sync, less so at big buffers",
                "1.92x at 2 KiB falling to 1.11x at 256 KiB",
                small is null ? "not measured" : $"{Fmt(small)}x at 2 KiB, {Fmt(big)}x at 256 KiB",
                Verdict(small, Seeds.E1ReadAsyncAt2K), "IOP001", small, seedRatio: Seeds.E1ReadAsyncAt2K));
        }

        // C6: PipeReader-over-stream adapters are slower than sync reads (128 MiB, sequential, every buffer).
        {
            var ratios = Adapters.SelectMany(m => Buffers.Select(b => Ratio(E1Case(m, Large, b, false), E1Case("FileStreamRead", Large, b, false)))).OfType<double>().ToList();
            var allocations = Adapters.Select(m => E1Case(m, Large, "65536", false)?.AllocatedBytes).OfType<double>().ToList();
            var mean = ratios.Count > 0 ? ratios.Average() : (double?)null;
            claims.Add(Claim("C6", "E1", "PipeReader-over-stream adapters are 1.8-3.2x slower than sync reads, allocating ~1.2-1.6 KB/op",
                "mean 2.58x",
                ratios.Count == 0 ? "not measured" : $"mean {Fmt(mean)}x ({Range(ratios)}); allocated at 64 KiB: {string.Join(", ", allocations.Select(a => Bytes(a)))}",
                Verdict(mean, 2.58), "-", mean, seedRatio: 2.58));
        }

        // C7: the small file is slower per MB than the large one (FileStream methods, every buffer, sequential).
        {
            var ratios = new[] { "FileStreamRead", "FileStreamReadAsync" }.SelectMany(m => Buffers.Select(b =>
                E1Case(m, Small, b, false) is { } small && E1Case(m, Large, b, false) is { } large ? small.MedianNs / 4 / (large.MedianNs / 128) : (double?)null)).OfType<double>().ToList();
            var mean = ratios.Count > 0 ? ratios.Average() : (double?)null;
            claims.Add(Claim("C7", "E1", "the small file is slower per MB than the large one",
                "true for FileStream methods at all buffer sizes (no single figure)",
                ratios.Count == 0 ? "not measured" : $"time per MB, 4 MiB over 128 MiB: mean {Fmt(mean)}x ({Range(ratios)})",
                Verdict(mean, null), "-", mean));
        }

        // C8: Win32 native pipe reader (Windows-only): RandomAccess.Read on File.OpenHandle ran instead.
        {
            var random2 = Ratio(E1Case("RandomAccessRead", Large, "2048", false), E1Case("FileStreamRead", Large, "2048", false));
            var random64 = Ratio(E1Case("RandomAccessRead", Large, "65536", false), E1Case("FileStreamRead", Large, "65536", false));
            var allocation = E1Case("RandomAccessRead", Large, "2048", false)?.AllocatedBytes;
            claims.Add(Claim("C8", "E1", "the native handle path is slow with small buffers and never triggers a GC",
                "Win32 PipeReader up to 7x slower at 2 KiB",
                random2 is null ? "not measured" : $"ran File.OpenHandle + RandomAccess.Read instead: {Fmt(random2)}x FileStream.Read's time at 2 KiB, {Fmt(random64)}x at 64 KiB; {Bytes(allocation)}/op",
                "n/a on this platform", "-", random2));
        }

        // C9: a .NET implementation matches wc -lwc exactly.
        {
            var check = r.ReadJson("wc-check.json");
            var files = check?.GetProperty("Files").EnumerateArray().ToList() ?? new List<JsonElement>();
            var matches = files.Count(f => f.GetProperty("Match").GetBoolean());
            claims.Add(Claim("C9", "E2", "a .NET implementation can match `wc -lwc` exactly",
                "11716 110023 610515 for volume 1; off by one word in total on Unicode whitespace",
                check is null ? "not measured" : $"{matches} of {files.Count} generated files print exactly what {check.Value.GetProperty("WcVersion").GetString()} prints (e.g. `{files.FirstOrDefault().GetProperty("Ours").GetString()}`)",
                check is null ? "not measured" : matches == files.Count ? "replicated" : "not replicated", "-", null));
        }

        BenchCase? E2Case(string method, string corpus = "600KB") => r.Find(E2, method, ("Corpus", corpus));

        // C10: byte/char APIs beat line/string APIs (600 KB): ReadLines over the fastest char/byte reader.
        {
            var fastest = new[] { "OpenTextIsWhiteSpace", "OpenTextSearchValues", "OpenHandleDecoderSearchValues", "AsciiTwoValueIndexOfAny" }
                .Select(m => (Method: m, Case: E2Case(m))).Where(x => x.Case is not null).OrderBy(x => x.Case!.MedianNs).FirstOrDefault();
            var readLines = E2Case("FileReadLines");
            var readAllLines = E2Case("FileReadAllLines");
            var ratio = Ratio(readLines, fastest.Case);
            claims.Add(Claim("C10", "E2", "byte/char APIs beat line/string APIs on speed",
                "~1 ms for 610 KB with byte/char APIs; ReadLines ~2 ms slower (~3x); ReadAllLines slower still",
                readLines is null ? "not measured" : $"ReadLines {T(readLines)} = {Fmt(ratio)}x {fastest.Method} ({T(fastest.Case)}); ReadAllLines {T(readAllLines)} = {Fmt(Ratio(readAllLines, readLines))}x ReadLines",
                Verdict(ratio, 3.0), "IOP003", ratio, seedRatio: 3.0));
        }

        // C11: ReadAllLines holds memory in proportion to the file; ReadLines a fixed amount (retained, not total allocated).
        {
            var retained = r.ReadJson("retained-memory.json");
            var rows = retained?.GetProperty("Measurements").EnumerateArray()
                .Select(m => (Bytes: m.GetProperty("FileBytes").GetInt64(), Method: m.GetProperty("Method").GetString()!, Retained: m.GetProperty("RetainedBytes").GetInt64()))
                .ToList() ?? new();
            var all = rows.Where(x => x.Method == "File.ReadAllLines").OrderBy(x => x.Bytes).ToList();
            var lazy = rows.Where(x => x.Method == "File.ReadLines").OrderBy(x => x.Bytes).ToList();
            double? ratio = all.Count > 0 && lazy.Count > 0 ? (double)all[^1].Retained / Math.Max(1, lazy[^1].Retained) : null;
            var grows = all.Count >= 2 && all[^1].Retained > 5 * all[^2].Retained;
            claims.Add(Claim("C11", "E2", "`File.ReadAllLines` holds memory in proportion to the file; byte/char readers a fixed amount",
                "memory chart in the seed; ReadAllLines holds every line at once",
                rows.Count == 0 ? "not measured" :
                    $"retained while in use at {string.Join(" / ", all.Select(x => Mb(x.Bytes)))}: ReadAllLines {string.Join(" / ", all.Select(x => Bytes(x.Retained)))}; ReadLines (halfway) {string.Join(" / ", lazy.Select(x => Bytes(x.Retained)))}",
                rows.Count == 0 ? "not measured" : grows ? Verdict(ratio, null) : "not replicated", "IOP003", ratio));
        }

        // C12: IndexOfAny over 25 values is slower than an IsWhiteSpace loop; SearchValues is much faster than both.
        {
            var isWhiteSpace = E2Case("OpenTextIsWhiteSpace");
            var indexOfAny = E2Case("OpenTextIndexOfAny25");
            var searchValues = E2Case("OpenTextSearchValues");
            var slower = Ratio(indexOfAny, isWhiteSpace);
            var faster = Ratio(indexOfAny, searchValues);
            claims.Add(Claim("C12", "E2", "`IndexOfAny` with a 25-value span is slower than a `char.IsWhiteSpace` loop; `SearchValues<char>` is dramatically faster",
                "chart in the seed (no figure)",
                isWhiteSpace is null ? "not measured" : $"IndexOfAny(25) {T(indexOfAny)} = {Fmt(slower)}x IsWhiteSpace ({T(isWhiteSpace)}); SearchValues {T(searchValues)}: IndexOfAny(25) takes {Fmt(faster)}x as long",
                Worst(Verdict(slower, null), Verdict(faster, null)), "IOP004", faster));
        }

        // C13: a 4 KiB buffer gives most of the benefit for a 600 KB text; little past it.
        {
            var sizes = new[] { "1024", "4096", "16384", "65536" }.Select(s => r.Find(E2Buffer, "OpenHandleDecoderSearchValues", ("BufferSize", s))).ToList();
            var upTo = Ratio(sizes[0], sizes[1]);
            var past = Ratio(sizes[1], sizes[3]);
            claims.Add(Claim("C13", "E2", "a 4 KiB read buffer gives most of the benefit for a 600 KB text; little gain past it",
                "stated in the seed (no figure)",
                sizes.Any(s => s is null) ? "not measured" : $"1 KiB {T(sizes[0])}, 4 KiB {T(sizes[1])}, 16 KiB {T(sizes[2])}, 64 KiB {T(sizes[3])}: 1 KiB/4 KiB {Fmt(upTo)}x, 4 KiB/64 KiB {Fmt(past)}x",
                NoDifferenceVerdict(past), "IOP002", past));
        }

        // C14: start-up dominates small runs; native AOT brings .NET to wc's level.
        {
            var startup = r.ReadJson("startup.json");
            double? Ms(string file, string runner) => startup?.GetProperty("Measurements").EnumerateArray()
                .Where(m => m.GetProperty("File").GetString() == file && m.GetProperty("Runner").GetString()!.StartsWith(runner, StringComparison.Ordinal))
                .Select(m => (double?)m.GetProperty("MedianMilliseconds").GetDouble()).FirstOrDefault();
            var wc = Ms("1 KB", "GNU wc");
            var jit = Ms("1 KB", ".NET JIT");
            var aot = Ms("1 KB", ".NET native AOT");
            var jitRatio = jit / wc;
            var aotLevel = aot is { } a && wc is { } w ? w / a : (double?)null;
            claims.Add(Claim("C14", "E2", "start-up dominates small runs; native AOT brings .NET to wc's level",
                "1 KB / all: JIT 70 / 124 ms, AOT 4 / 22 ms, wc 9 / 26 ms",
                startup is null ? "not measured" : $"1 KB: JIT {Fmt(jit, "F1")} ms, AOT {Fmt(aot, "F1")} ms, wc {Fmt(wc, "F1")} ms; 600 KB: JIT {Fmt(Ms("600 KB", ".NET JIT"), "F1")}, AOT {Fmt(Ms("600 KB", ".NET native AOT"), "F1")}, wc {Fmt(Ms("600 KB", "GNU wc"), "F1")} ms",
                startup is null ? "not measured" : Worst(Verdict(jitRatio, 70.0 / 9), aot <= wc * 1.1 ? "replicated" : "weaker"), "-", jitRatio, seedRatio: 70.0 / 9));
        }

        // C15: an ASCII-only two-value IndexOfAny is the fastest counting loop (600 KB).
        {
            var ascii = E2Case("AsciiTwoValueIndexOfAny");
            var others = r.Where(E2, c => c.Has("Corpus", "600KB") && c.Method != "AsciiTwoValueIndexOfAny").OrderBy(c => c.MedianNs).FirstOrDefault();
            var ratio = Ratio(others, ascii);
            claims.Add(Claim("C15", "E2", "an ASCII-only two-value `IndexOfAny` is the fastest counting loop",
                "chart in the seed (no figure)",
                ascii is null ? "not measured" : $"{T(ascii)}; next fastest {others?.Method} {T(others)} ({Fmt(ratio)}x)",
                Verdict(ratio, null), "IOP004", ratio));
        }

        // C16: per-call locking dominates 1-byte writes: fwrite over fwrite_unlocked (64 KiB stdio buffer).
        {
            var locked = r.Find(E3Libc, "Fwrite", ("StdioBuffer", "65536"));
            var unlocked = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "65536"));
            var ratio = Ratio(locked, unlocked);
            var unbuffered = Ratio(r.Find(E3Bytes, "WriteByte", ("BufferSize", "1")), r.Find(E3Bytes, "WriteByte", ("BufferSize", "65536")));
            var autoFlush = Ratio(r.Find(E3Text, "StreamWriterAutoFlush"), r.Find(E3Text, "StreamWriterBuffered"));
            var console = Ratio(r.Find(E3Text, "ConsoleOutEquivalent"), r.Find(E3Text, "ConsoleBufferedWriter"));
            claims.Add(Claim("C16", "E3", "per-call locking, not the disk, dominates 1-byte writes; the unlocked call is much faster",
                "Windows 18.9 vs 70.5 MB/s (3.7x); Linux 67.6 vs 93.5 MB/s (1.38x)",
                locked is null ? "not measured" : $"fwrite {MBps(E3LibcBytes, locked)} vs fwrite_unlocked {MBps(E3LibcBytes, unlocked)} ({Fmt(ratio)}x); .NET: WriteByte unbuffered {Fmt(unbuffered)}x buffered, AutoFlush writer {Fmt(autoFlush)}x buffered, Console.Out-style writer {Fmt(console)}x buffered",
                Verdict(ratio, 1.38), "IOP006", ratio, seedRatio: 1.38));
        }

        // C17: past 64 KiB the stdio buffer size barely matters (Linux).
        {
            var at64 = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "65536"));
            var at8M = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", (8 * 1024 * 1024).ToString()));
            var at1K = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "1024"));
            var ratio = Ratio(at64, at8M);
            var dotnet = Ratio(r.Find(E3Bytes, "WriteByte", ("BufferSize", "65536")), r.Find(E3Bytes, "WriteByte", ("BufferSize", "262144")));
            claims.Add(Claim("C17", "E3", "on Linux the stdio buffer size barely matters past 64 KiB",
                "64 KiB vs 8 MiB: no difference; 1 KiB to 8 MiB: 3 MB/s",
                at64 is null ? "not measured" : $"fwrite_unlocked 1 KiB {MBps(E3LibcBytes, at1K)}, 64 KiB {MBps(E3LibcBytes, at64)}, 8 MiB {MBps(E3LibcBytes, at8M)} (64 KiB/8 MiB time {Fmt(ratio)}x); .NET WriteByte 64 KiB/256 KiB buffer {Fmt(dotnet)}x",
                NoDifferenceVerdict(ratio), "IOP002, IOP006", ratio));
        }

        // C18: Windows: a bigger buffer helps the unlocked call.
        {
            var at4K = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "4096"));
            var at256K = r.Find(E3Libc, "FwriteUnlocked", ("StdioBuffer", "262144"));
            var ratio = Ratio(at4K, at256K);
            claims.Add(Claim("C18", "E3", "on Windows a bigger buffer helps the unlocked call",
                "best 93 MB/s at 256 KiB",
                at4K is null ? "not measured" : $"Windows CRT not available; on Linux glibc fwrite_unlocked 4 KiB {MBps(E3LibcBytes, at4K)} vs 256 KiB {MBps(E3LibcBytes, at256K)} ({Fmt(ratio)}x)",
                "n/a on this platform", "IOP006", ratio));
        }

        BenchCase? E4Case(string method, string set, string context) => r.Find(E4, method, ("FileSet", set), ("Context", context));

        // C19: each await resuming on the UI context costs a fixed hop that dominates small files.
        {
            var onUi = E4Case("AwaitReadToEndAsync", "200x1KB", "UI");
            var noContext = E4Case("AwaitReadToEndAsync", "200x1KB", "None");
            var configured = E4Case("AwaitReadToEndAsyncConfigureAwaitFalse", "200x1KB", "UI");
            var ratio = Ratio(onUi, noContext);
            var perHop = onUi is not null && configured is not null ? (onUi.MedianNs - configured.MedianNs) / 200 / 1000 : (double?)null;
            claims.Add(Claim("C19", "E4", "each await that resumes on the UI context costs a fixed hop; it dominates small files",
                "~16.7 ms per await (a 60 Hz frame); 200 x 1 KB: 846 ms on the UI context vs 35 ms off it (24x)",
                onUi is null ? "not measured" : $"200 x 1 KB: {T(onUi)} on a message-loop context vs {T(noContext)} with none ({Fmt(ratio)}x); {Fmt(perHop, "F1")} us per hop",
                Verdict(ratio, Seeds.E4OnUiContextMs / Seeds.E4NoContextMs), "IOP005", ratio, seedRatio: Seeds.E4OnUiContextMs / Seeds.E4NoContextMs));
        }

        // C20: ConfigureAwait(false), or the loop on the thread pool, removes the hop.
        {
            var onUi = E4Case("AwaitReadToEndAsync", "200x1KB", "UI");
            var configured = E4Case("AwaitReadToEndAsyncConfigureAwaitFalse", "200x1KB", "UI");
            var pool = E4Case("LoopOnThreadPool", "200x1KB", "UI");
            var ratio = Ratio(onUi, configured);
            claims.Add(Claim("C20", "E4", "`ConfigureAwait(false)` or a loop off the UI thread removes the hop",
                "1 KB files: 846 ms on the UI context vs 35-36 ms off it (24x)",
                onUi is null ? "not measured" : $"200 x 1 KB on the context: {T(onUi)}; ConfigureAwait(false) {T(configured)} ({Fmt(ratio)}x); loop on the pool {T(pool)} ({Fmt(Ratio(onUi, pool))}x)",
                Verdict(ratio, Seeds.E4OnUiContextMs / Seeds.E4ConfigureAwaitMs), "IOP005", ratio, seedRatio: Seeds.E4OnUiContextMs / Seeds.E4ConfigureAwaitMs));
        }

        // C21: ReadToEndAsync is slower than Task.Run(ReadToEnd) when reading dominates (1 MB files).
        {
            var onUi = Ratio(E4Case("AwaitReadToEndAsync", "10x1MB", "UI"), E4Case("TaskRunReadToEnd", "10x1MB", "UI"));
            var off = Ratio(E4Case("AwaitReadToEndAsync", "10x1MB", "None"), E4Case("TaskRunReadToEnd", "10x1MB", "None"));
            claims.Add(Claim("C21", "E4", "`ReadToEndAsync()` is slower than `Task.Run(ReadToEnd)` when reading dominates",
                "1 MB files: 3,386 vs 1,564 ms on UI (2.16x), 3,252 vs 1,438 off UI (2.26x)",
                onUi is null ? "not measured" : $"10 x 1 MB: {Fmt(onUi)}x on the context, {Fmt(off)}x with none",
                Verdict(onUi, 3386.0 / 1564), "IOP005", onUi, seedRatio: 3386.0 / 1564));
        }

        // C22: loading files in parallel gains a little (1 MB files, no context).
        {
            var ratio = Ratio(E4Case("FileReadAllTextAsync", "10x1MB", "None"), E4Case("WhenAllParallel", "10x1MB", "None"));
            claims.Add(Claim("C22", "E4", "loading files in parallel gains a little",
                "1 MB: 1,074-1,086 ms vs 1,374 ms (1.27x)",
                ratio is null ? "not measured" : $"10 x 1 MB, sequential ReadAllTextAsync over Task.WhenAll: {Fmt(ratio)}x (2 cores)",
                Verdict(ratio, 1374.0 / 1080), "-", ratio, seedRatio: 1374.0 / 1080));
        }

        BenchCase? E5Case(string type, string method, string shape) => r.Find(type, method, ("Shape", shape));

        // C23: a full pass over GetFiles costs about the same as over EnumerateFiles (a "does not matter" claim).
        {
            var ratios = E5Shapes.Select(shape => (Shape: shape, Ratio: Ratio(E5Case(E5FullPass, "GetFilesForeach", shape), E5Case(E5FullPass, "EnumerateFilesForeach", shape)))).ToList();
            var largest = ratios.Single(x => x.Shape == "flat-100000").Ratio;
            var retained = r.ReadJson("retained-listing.json")?.GetProperty("Measurements").EnumerateArray()
                .Select(m => (Shape: m.GetProperty("Shape").GetString()!, Method: m.GetProperty("Method").GetString()!, Retained: m.GetProperty("RetainedBytes").GetInt64()))
                .ToList() ?? new();
            string Held(string method) => Bytes(retained.Where(x => x.Shape == "flat-100000" && x.Method == method).Select(x => (double?)x.Retained).FirstOrDefault());
            var allocated = E5Case(E5FullPass, "GetFilesForeach", "flat-100000")?.AllocatedBytes / E5Case(E5FullPass, "EnumerateFilesForeach", "flat-100000")?.AllocatedBytes;
            claims.Add(Claim("C23", "E5", "a full pass over `Directory.GetFiles` takes about as long as over `EnumerateFiles`",
                "\"little difference\" in net6 (no figure)",
                largest is null ? "not measured" :
                    $"GetFiles / EnumerateFiles, foreach over every path: {string.Join(", ", ratios.Select(x => $"{x.Shape} {Fmt(x.Ratio)}x"))}; allocated {Fmt(allocated)}x; held halfway through 100,000 files: {Held("Directory.GetFiles")} vs {Held("Directory.EnumerateFiles")}",
                NoDifferenceVerdict(largest), "IOP007", largest));
        }

        // C24: for "is there any" or the first match the enumerator stops early.
        {
            var any = Ratio(E5Case(E5Exists, "GetFilesLengthPositive", "flat-100000"), E5Case(E5Exists, "EnumerateFilesAny", "flat-100000"));
            var anySmall = Ratio(E5Case(E5Exists, "GetFilesLengthPositive", "flat-100"), E5Case(E5Exists, "EnumerateFilesAny", "flat-100"));
            var first = Ratio(E5Case(E5First, "GetFilesFirstOrDefault", "tree-1000x100"), E5Case(E5First, "EnumerateFilesFirstOrDefault", "tree-1000x100"));
            var firstSmall = Ratio(E5Case(E5First, "GetFilesFirstOrDefault", "tree-100x100"), E5Case(E5First, "EnumerateFilesFirstOrDefault", "tree-100x100"));
            claims.Add(Claim("C24", "E5", "for \"is there any?\" or the first match, `EnumerateFiles` stops early and pays off in big directories",
                "reason given for repo-wide switches (no figure)",
                any is null ? "not measured" :
                    $"`GetFiles(...).Length > 0` / `EnumerateFiles(...).Any()`: {Fmt(anySmall)}x at 100 files, {Fmt(any, "F0")}x at 100,000; first `*.match` in a 1,000 x 100 tree (AllDirectories): {Fmt(first, "F0")}x ({Fmt(firstSmall)}x in 100 x 100)",
                Worst(Verdict(any, null), Verdict(first, null)), "IOP007", first));
        }

        // C25: DirectoryInfo.EnumerateFiles spares the per-file status call (Windows: the directory entry carries the size).
        {
            var paths = E5Case(E5Lengths, "PathsThenNewFileInfo", "flat-100000");
            var enumerate = E5Case(E5Lengths, "DirectoryInfoEnumerateFiles", "flat-100000");
            var getFiles = E5Case(E5Lengths, "DirectoryInfoGetFiles", "flat-100000");
            var namesOnly = E5Case(E5FullPass, "EnumerateFilesForeach", "flat-100000");
            var ratio = Ratio(paths, enumerate);
            claims.Add(Claim("C25", "E5", "sizes read through `DirectoryInfo.EnumerateFiles` spare the status call per file that `new FileInfo(path).Length` makes",
                "3x local disk, 50x network share (.NET Framework, Windows)",
                enumerate is null ? "not measured" :
                    $"Linux: the directory entry carries no size, so every form makes one status call per file (100,000 files: paths + `new FileInfo` {T(paths)}, `DirectoryInfo.EnumerateFiles` {T(enumerate)} = {Fmt(ratio)}x, `DirectoryInfo.GetFiles` {T(getFiles)} = {Fmt(Ratio(getFiles, enumerate))}x; names only {T(namesOnly)})",
                "n/a on this platform", "IOP007", ratio));
        }

        BenchCase? E6Case(string type, string method, string parameter, string value) => r.Find(type, method, (parameter, value));

        // C26: one AppendAllText per line costs far more than one writer for the loop.
        {
            var counts = new[] { "100", "1000", "10000" };
            var perLine = counts.Select(n => (N: n, Ratio: Ratio(E6Case(E6PerLine, "AppendAllTextPerLine", "LineCount", n), E6Case(E6PerLine, "OneStreamWriter", "LineCount", n)))).ToList();
            var lines = Ratio(E6Case(E6PerLine, "AppendAllLinesPerLine", "LineCount", "1000"), E6Case(E6PerLine, "OneStreamWriter", "LineCount", "1000"));
            var builder = Ratio(E6Case(E6PerLine, "StringBuilderThenOneAppend", "LineCount", "1000"), E6Case(E6PerLine, "OneStreamWriter", "LineCount", "1000"));
            var async = Ratio(E6Case(E6PerLine, "AppendAllTextAsyncPerLine", "LineCount", "1000"), E6Case(E6PerLine, "OneStreamWriterAsync", "LineCount", "1000"));
            var perCall = E6Case(E6PerLine, "AppendAllTextPerLine", "LineCount", "1000") is { } call ? call.MedianNs / 1000 : (double?)null;
            var ratio = perLine.Single(x => x.N == "1000").Ratio;
            claims.Add(Claim("C26", "E6", "appending one line per `File.AppendAllText` call costs far more than one writer kept open for the loop",
                "\"almost stalls\" a download loop (no figure)",
                ratio is null ? "not measured" :
                    $"~60-byte lines, AppendAllText per line / one StreamWriter: {string.Join(", ", perLine.Select(x => $"{x.N} lines {Fmt(x.Ratio, "F0")}x"))}; {Fmt(perCall is { } p ? p / 1000 : null, "F1")} us per call; AppendAllLines per line {Fmt(lines, "F0")}x; async per line / one writer {Fmt(async, "F0")}x; StringBuilder + one append {Fmt(builder)}x (1,000 lines)",
                Verdict(ratio, null), "IOP008", ratio));
        }

        // C27: the cost per call is the open and close, not the bytes: per-call overhead at 4 KiB over that at 60 B.
        {
            double? Overhead(string bytes) =>
                E6Case(E6Length, "AppendAllTextPerLine", "LineBytes", bytes) is { } perLine && E6Case(E6Length, "OneStreamWriter", "LineBytes", bytes) is { } writer
                    ? (perLine.MedianNs - writer.MedianNs) / 1000
                    : null;
            var small = Overhead("60");
            var large = Overhead("4096");
            double? ratio = small is > 0 && large is { } l ? l / small : null;
            double? Share(string bytes, double? overhead) =>
                E6Case(E6Length, "AppendAllTextPerLine", "LineBytes", bytes) is { MedianNs: > 0 } perLine && overhead is { } o ? o * 1000 / perLine.MedianNs : null;
            claims.Add(Claim("C27", "E6", "the cost of each append is in opening and closing the file, not in the bytes written",
                "(ours)",
                ratio is null ? "not measured" :
                    $"cost per call over one writer, 1,000 appends: {Fmt(small / 1000, "F1")} us with 60-byte lines, {Fmt(large / 1000, "F1")} us with 4 KiB lines ({Fmt(ratio)}x); that is {Fmt(Share("60", small) * 100, "F0")}% of a 60-byte append and {Fmt(Share("4096", large) * 100, "F0")}% of a 4 KiB one",
                NoDifferenceVerdict(ratio), "IOP008", ratio));
        }

        BenchCase? E7Case(string type, string method, string size) => r.Find(type, method, ("FileBytes", size));
        var peaks = r.ReadJson("peak-documents.json")?.GetProperty("Measurements").EnumerateArray()
            .Select(m => (Bytes: m.GetProperty("FileBytes").GetInt64().ToString(), Form: m.GetProperty("Form").GetString()!, Peak: (double)m.GetProperty("PeakGrowthBytes").GetInt64()))
            .ToList() ?? new();
        string Peak(string size, string form) => Bytes(peaks.Where(p => p.Bytes == size && p.Form == form).Select(p => (double?)p.Peak).FirstOrDefault());
        double? AllocationRatio(BenchCase? fromString, BenchCase? fromFile) =>
            fromString?.AllocatedBytes is { } s && fromFile?.AllocatedBytes is { } f && f > 0 ? s / f : null;

        // C28: System.Text.Json from a FileStream allocates far less than from File.ReadAllText, at no cost in time.
        {
            const string mb = "1048576";
            var allocation = AllocationRatio(E7Case(E7Json, "DeserializeReadAllText", mb), E7Case(E7Json, "DeserializeFileStream", mb));
            var time = Ratio(E7Case(E7Json, "DeserializeReadAllText", mb), E7Case(E7Json, "DeserializeFileStream", mb));
            var time50 = Ratio(E7Case(E7Json, "DeserializeReadAllText", "52428800"), E7Case(E7Json, "DeserializeFileStream", "52428800"));
            var async = Ratio(E7Case(E7Json, "DeserializeReadAllTextAsync", mb), E7Case(E7Json, "DeserializeAsyncFileStream", mb));
            var document = Ratio(E7Case(E7Json, "JsonDocumentParseReadAllText", mb), E7Case(E7Json, "JsonDocumentParseFileStream", mb));
            var documentAllocation = AllocationRatio(E7Case(E7Json, "JsonDocumentParseReadAllText", mb), E7Case(E7Json, "JsonDocumentParseFileStream", mb));
            // The claim is about memory; it holds only if the stream form is not slower.
            var verdict = time is < 1 / 1.1 ? "reversed" : Verdict(allocation, 54.0 / 9);
            claims.Add(Claim("C28", "E7", "System.Text.Json from a stream allocates far less than from `File.ReadAllText`, at no cost in time",
                "9 MB: 54 MB / 119.0 ms from a string vs 9 MB / 114.4 ms from a stream (6.0x the allocation, 1.04x the time)",
                allocation is null ? "not measured" :
                    $"1 MB, `Deserialize<T>`: string / FileStream allocated {Fmt(allocation)}x, time {Fmt(time)}x (50 MB: {Fmt(time50)}x); peak memory {Peak(mb, "json-ReadAllText")} vs {Peak(mb, "json-FileStream")} (50 MB: {Peak("52428800", "json-ReadAllText")} vs {Peak("52428800", "json-FileStream")}); async pair {Fmt(async)}x; `JsonDocument.Parse` {Fmt(document)}x the time, {Fmt(documentAllocation, "F0")}x the allocation",
                verdict, "IOP009", allocation, seedRatio: 54.0 / 9));
        }

        // C29: the XML parsers reading the file beat parsing File.ReadAllText's string.
        {
            const string mb = "1048576";
            var load = Ratio(E7Case(E7Xml, "XDocumentParseReadAllText", mb), E7Case(E7Xml, "XDocumentLoadPath", mb));
            var reader = Ratio(E7Case(E7Xml, "XDocumentParseReadAllText", mb), E7Case(E7Xml, "XDocumentLoadOpenText", mb));
            var xmlDocument = Ratio(E7Case(E7Xml, "XmlDocumentLoadXmlReadAllText", mb), E7Case(E7Xml, "XmlDocumentLoadPath", mb));
            var xmlDocumentReader = Ratio(E7Case(E7Xml, "XmlDocumentLoadXmlReadAllText", mb), E7Case(E7Xml, "XmlDocumentLoadOpenText", mb));
            var allocation = AllocationRatio(E7Case(E7Xml, "XDocumentParseReadAllText", mb), E7Case(E7Xml, "XDocumentLoadOpenText", mb));
            var large = Ratio(E7Case(E7Xml, "XDocumentParseReadAllText", "52428800"), E7Case(E7Xml, "XDocumentLoadOpenText", "52428800"));
            claims.Add(Claim("C29", "E7", "`XDocument.Load` / `XmlDocument.Load` from the file beat parsing `File.ReadAllText`'s string",
                "(ours)",
                reader is null ? "not measured" :
                    $"1 MB, time string / file: `XDocument` from a StreamReader {Fmt(reader)}x (from the path {Fmt(load)}x; 50 MB {Fmt(large)}x), allocated {Fmt(allocation)}x; `XmlDocument` from a StreamReader {Fmt(xmlDocumentReader)}x (from the path {Fmt(xmlDocument)}x); peak memory {Peak(mb, "xml-ReadAllText")} vs {Peak(mb, "xml-OpenText")} (50 MB: {Peak("52428800", "xml-ReadAllText")} vs {Peak("52428800", "xml-OpenText")})",
                Verdict(reader, null), "IOP009", reader));
        }

        // C30: below some size the string form is as fast. Time string / stream per size; replicated if at 10 KB it is within 1.1x.
        {
            var json = E7Sizes.Select(size => Ratio(E7Case(E7Json, "DeserializeReadAllText", size), E7Case(E7Json, "DeserializeFileStream", size))).ToList();
            var xml = E7Sizes.Select(size => Ratio(E7Case(E7Xml, "XDocumentParseReadAllText", size), E7Case(E7Xml, "XDocumentLoadOpenText", size))).ToList();
            string Row(List<double?> ratios) => string.Join(", ", E7Sizes.Zip(ratios, (size, ratio) => $"{Bytes(double.Parse(size))} {Fmt(ratio)}x"));
            var smallest = json[0];
            claims.Add(Claim("C30", "E7", "below some size parsing the string is as fast as reading the file",
                "(ours)",
                smallest is null ? "not measured" :
                    $"time string / file, `Deserialize<T>`: {Row(json)}; `XDocument`: {Row(xml)}",
                smallest < 1.1 ? "replicated" : "not replicated", "IOP009", smallest));
        }

        return claims;
    }

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

    private static string Worst(string first, string second) =>
        Array.IndexOf(Order, first) >= Array.IndexOf(Order, second) ? first : second;

    /// <param name="seedRatio">The seed's figure as the same ratio as <paramref name="ratio"/>, where the seed gives one (the charts mark it).</param>
    private static ClaimResult Claim(string id, string experiment, string claim, string seed, string ours, string verdict, string rules, double? ratio, double? seedRatio = null) =>
        new(id, experiment, claim, seed, ours, verdict, rules, ratio is { } r ? Math.Round(r, 3) : null, seedRatio is { } s ? Math.Round(s, 3) : null);

    private static double? Ratio(BenchCase? slow, BenchCase? fast) =>
        slow is not null && fast is not null && fast.MedianNs > 0 ? slow.MedianNs / fast.MedianNs : null;

    private static string Fmt(double? value, string format = "F2") => value is { } v ? Number(v, format) : "?";

    private static string T(BenchCase? c) => c is null ? "?" : EvidenceReport.Time(c.MedianNs);

    private static string Range(IReadOnlyCollection<double> values) =>
        values.Count == 0 ? "?" : $"{Number(values.Min())}-{Number(values.Max())}x";

    internal static string Bytes(double? bytes) => bytes switch
    {
        null => "?",
        >= 1024 * 1024 => Number(bytes.Value / (1024 * 1024), "F1") + " MB",
        >= 1024 => Number(bytes.Value / 1024, "F1") + " KB",
        _ => Number(bytes.Value, "F0") + " B",
    };

    private static string Mb(long bytes) => Number(bytes / (1024.0 * 1024), "F0") + " MB";

    private static string MBps(double bytes, BenchCase? c) => c is null ? "?" : Number(bytes / (1024 * 1024) / (c.MedianNs / 1e9), "F1") + " MB/s";
}
