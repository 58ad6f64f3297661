using BenchmarkDotNet.Attributes;
using IoPerf.EvidenceBench.Data;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>
/// E5, for IOP007: a directory listing taken as an array (<c>Directory.GetFiles</c>) against the same listing
/// enumerated (<c>Directory.EnumerateFiles</c>), on directories the bench creates: flat directories of empty files and
/// a tree of subdirectories searched with <see cref="SearchOption.AllDirectories"/>. Both forms run the same
/// enumerator underneath (the array form copies it into a list, then an array); what differs is when they stop and
/// what they hold. Listings are served warm from the kernel's directory cache, as a second run of any tool would be.
/// </summary>
public abstract class E5Listing
{
    /// <summary>"flat-N": one directory of N empty files; "tree-DxF": D subdirectories of F empty files each.</summary>
    public abstract IEnumerable<string> Shapes { get; }

    [ParamsSource(nameof(Shapes))]
    public string Shape { get; set; } = "";

    protected string Root { get; private set; } = "";

    protected SearchOption Option { get; private set; }

    protected int FileCount { get; private set; }

    /// <summary>The "*.match" files a tree holds (one in every tenth subdirectory); 0 for a flat directory.</summary>
    protected int MatchCount { get; private set; }

    [GlobalSetup]
    public void CreateDirectories()
    {
        var parts = Shape.Split('-', 'x');
        if (parts[0] == "flat")
        {
            FileCount = int.Parse(parts[1]);
            Root = BenchData.FlatDirectory(FileCount);
            Option = SearchOption.TopDirectoryOnly;
        }
        else
        {
            var (directories, files) = (int.Parse(parts[1]), int.Parse(parts[2]));
            FileCount = directories * files;
            MatchCount = BenchData.MatchesInTree(directories);
            Root = BenchData.DirectoryTree(directories, files);
            Option = SearchOption.AllDirectories;
        }
    }

    protected int CheckCount(int count) =>
        count == FileCount ? count : throw new InvalidOperationException($"{Shape}: listed {count} files, expected {FileCount}");

    /// <summary>Every shape the experiment runs: flat directories of 100, 10,000 and 100,000 files and a 100,000-file tree.</summary>
    protected static IEnumerable<string> AllShapes => BenchData.Quick
        ? new[] { "flat-100", "tree-10x10" }
        : new[] { "flat-100", "flat-10000", "flat-100000", "tree-1000x100" };
}

/// <summary>C23: a full pass over every path costs about the same either way (time and allocated bytes).</summary>
[MemoryDiagnoser]
[BenchmarkCategory("E5", "C23", "IOP007")]
public class E5FullPass : E5Listing
{
    public override IEnumerable<string> Shapes => AllShapes;

    [Benchmark(Baseline = true)]
    public int GetFilesForeach()
    {
        var count = 0;
        foreach (var path in Directory.GetFiles(Root, "*", Option))
        {
            count += path.Length > 0 ? 1 : 0;
        }

        return CheckCount(count);
    }

    [Benchmark]
    public int EnumerateFilesForeach()
    {
        var count = 0;
        foreach (var path in Directory.EnumerateFiles(Root, "*", Option))
        {
            count += path.Length > 0 ? 1 : 0;
        }

        return CheckCount(count);
    }
}

/// <summary>C24, "is there anything": the array form lists the whole directory (or tree); the enumerator stops at the first entry.</summary>
[MemoryDiagnoser]
[BenchmarkCategory("E5", "C24", "IOP007")]
public class E5ExistenceCheck : E5Listing
{
    public override IEnumerable<string> Shapes => AllShapes;

    [Benchmark(Baseline = true)]
    public bool GetFilesLengthPositive() =>
        Directory.GetFiles(Root, "*", Option).Length > 0 ? true : throw new InvalidOperationException("no file found");

    [Benchmark]
    public bool EnumerateFilesAny() =>
        Directory.EnumerateFiles(Root, "*", Option).Any() ? true : throw new InvalidOperationException("no file found");
}

/// <summary>
/// C24, the first match in a tree: <c>GetFiles(root, "*.match", AllDirectories).FirstOrDefault()</c> walks every
/// subdirectory; the enumerator stops in the first subdirectory that holds a match (one in ten does).
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E5", "C24", "IOP007")]
public class E5FirstMatch : E5Listing
{
    public override IEnumerable<string> Shapes => BenchData.Quick ? new[] { "tree-10x10" } : new[] { "tree-100x100", "tree-1000x100" };

    private string Check(string? path) =>
        path is not null && path.EndsWith(".match", StringComparison.Ordinal) ? path : throw new InvalidOperationException("no match found");

    [Benchmark(Baseline = true)]
    public string GetFilesFirstOrDefault() => Check(Directory.GetFiles(Root, "*.match", Option).FirstOrDefault());

    [Benchmark]
    public string EnumerateFilesFirstOrDefault() => Check(Directory.EnumerateFiles(Root, "*.match", Option).FirstOrDefault());
}

/// <summary>
/// C25: a pass that reads each file's size. The claim's baseline lists paths and makes a <see cref="FileInfo"/> of each
/// (one status call per file); on Windows <c>DirectoryInfo.EnumerateFiles</c> takes the size from the directory entry
/// and makes none. On Linux the entry carries no size, so every form makes one status call per file when
/// <see cref="FileInfo.Length"/> is first read. DirectoryInfo.GetFiles against EnumerateFiles is IOP007's own pair.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("E5", "C25", "IOP007")]
public class E5FileLengths : E5Listing
{
    public override IEnumerable<string> Shapes => BenchData.Quick ? new[] { "flat-100" } : new[] { "flat-100", "flat-10000", "flat-100000" };

    [Benchmark(Baseline = true)]
    public long PathsThenNewFileInfo()
    {
        long bytes = 0;
        var count = 0;
        foreach (var path in Directory.GetFiles(Root))
        {
            bytes += new FileInfo(path).Length;
            count++;
        }

        CheckCount(count);
        return bytes;
    }

    [Benchmark]
    public long DirectoryInfoGetFiles()
    {
        long bytes = 0;
        var count = 0;
        foreach (var file in new DirectoryInfo(Root).GetFiles())
        {
            bytes += file.Length;
            count++;
        }

        CheckCount(count);
        return bytes;
    }

    [Benchmark]
    public long DirectoryInfoEnumerateFiles()
    {
        long bytes = 0;
        var count = 0;
        foreach (var file in new DirectoryInfo(Root).EnumerateFiles())
        {
            bytes += file.Length;
            count++;
        }

        CheckCount(count);
        return bytes;
    }
}
