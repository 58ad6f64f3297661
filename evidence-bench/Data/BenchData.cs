using System.Buffers.Binary;
using System.Text;

namespace IoPerf.EvidenceBench.Data;

/// <summary>
/// The input files of every experiment, generated deterministically into one temp folder, created once and reused by
/// every benchmark (and every benchmark process) of a run, and removed by <see cref="DeleteAll"/> at the end.
/// The files are read warm from the page cache, as the seeds' were: caches are not dropped (that needs root).
/// </summary>
public static class BenchData
{
    public const int KiB = 1024;
    public const int MiB = 1024 * 1024;

    /// <summary>Set by Program for the quick mode: small inputs only.</summary>
    public static bool Quick => Environment.GetEnvironmentVariable("IOPERF_BENCH_QUICK") == "1";

    public static string Folder { get; } = Path.Combine(Path.GetTempPath(), "ioperf-evidence");

    public static void DeleteAll()
    {
        if (Directory.Exists(Folder))
        {
            Directory.Delete(Folder, recursive: true);
        }
    }

    /// <summary>A file of little-endian ulongs 0, 1, 2, ... (E1); its sum is <see cref="UlongFileSum"/>.</summary>
    public static string UlongFile(long bytes) => Create($"ulongs-{bytes}.bin", bytes, stream =>
    {
        var buffer = new byte[64 * KiB];
        ulong next = 0;
        for (long written = 0; written < bytes; written += buffer.Length)
        {
            for (var i = 0; i < buffer.Length; i += 8)
            {
                BinaryPrimitives.WriteUInt64LittleEndian(buffer.AsSpan(i), next++);
            }

            stream.Write(buffer, 0, (int)Math.Min(buffer.Length, bytes - written));
        }
    });

    /// <summary>The sum of the ulongs in a <see cref="UlongFile"/> of that size (wrapping, as the readers add).</summary>
    public static ulong UlongFileSum(long bytes)
    {
        var count = (ulong)(bytes / 8);
        return unchecked(count % 2 == 0 ? count / 2 * (count - 1) : (count - 1) / 2 * count);
    }

    /// <summary>
    /// English-like text (E2): words of novel-like lengths from a fixed vocabulary, some non-ASCII letters and typographic
    /// punctuation, lines of 40-80 characters, blank lines between paragraphs; optionally a UTF-8 byte order mark.
    /// </summary>
    public static string TextFile(long bytes, bool byteOrderMark = false) =>
        Create($"text-{bytes}{(byteOrderMark ? "-bom" : "")}.txt", bytes, stream =>
        {
            var random = new Random(unchecked((int)bytes) ^ (byteOrderMark ? 77 : 0));
            var utf8 = new UTF8Encoding(byteOrderMark);
            var preamble = utf8.GetPreamble();
            stream.Write(preamble);
            long written = preamble.Length;
            var line = new StringBuilder();
            while (written < bytes)
            {
                line.Clear();
                var target = random.Next(40, 80);
                var paragraphEnd = random.Next(12) == 0;
                while (line.Length < target)
                {
                    if (line.Length > 0)
                    {
                        line.Append(' ');
                    }

                    line.Append(Words[(int)(Words.Length * Math.Pow(random.NextDouble(), 2.2))]);
                    if (random.Next(9) == 0)
                    {
                        line.Append(Punctuation[random.Next(Punctuation.Length)]);
                    }
                }

                line.Append('\n');
                if (paragraphEnd)
                {
                    line.Append('\n');
                }

                var encoded = utf8.GetBytes(line.ToString());
                var count = (int)Math.Min(encoded.Length, bytes - written);
                if (count < encoded.Length)
                {
                    // End on a whole line so every reader sees the same last line.
                    break;
                }

                stream.Write(encoded, 0, count);
                written += count;
            }
        }, exactSize: false);

    /// <summary><paramref name="count"/> distinct copies of a text file of <paramref name="bytes"/> (E4's file sets).</summary>
    public static string[] FileSet(int count, long bytes)
    {
        var source = TextFile(bytes);
        var folder = Path.Combine(Folder, $"set-{count}x{bytes}");
        var done = Path.Combine(Folder, $"set-{count}x{bytes}.done");
        var paths = Enumerable.Range(0, count).Select(i => Path.Combine(folder, $"file{i:D4}.txt")).ToArray();
        if (!File.Exists(done))
        {
            Directory.CreateDirectory(folder);
            foreach (var path in paths)
            {
                File.Copy(source, path, overwrite: true);
            }

            File.WriteAllText(done, "");
        }

        return paths;
    }

    /// <summary>
    /// E5: a directory of <paramref name="count"/> empty files (file000000.dat, ...). Created once per run behind a
    /// ".done" marker, as the files are.
    /// </summary>
    public static string FlatDirectory(int count) => DirectoryOnce($"flat-{count}", root =>
    {
        for (var i = 0; i < count; i++)
        {
            File.Create(Path.Combine(root, $"file{i:D6}.dat")).Dispose();
        }
    });

    /// <summary>
    /// E5: a root holding <paramref name="directories"/> subdirectories of <paramref name="filesPerDirectory"/> empty
    /// files each. In every tenth subdirectory (0, 10, 20, ...) one of the files is named "*.match" instead of "*.dat":
    /// the target of the first-match searches, near the start of the tree whatever order the file system lists it in.
    /// </summary>
    public static string DirectoryTree(int directories, int filesPerDirectory) => DirectoryOnce($"tree-{directories}x{filesPerDirectory}", root =>
    {
        for (var d = 0; d < directories; d++)
        {
            var folder = Directory.CreateDirectory(Path.Combine(root, $"dir{d:D4}")).FullName;
            for (var f = 0; f < filesPerDirectory; f++)
            {
                var extension = d % 10 == 0 && f == filesPerDirectory / 2 ? "match" : "dat";
                File.Create(Path.Combine(folder, $"file{f:D4}.{extension}")).Dispose();
            }
        }
    });

    /// <summary>How many "*.match" files <see cref="DirectoryTree"/> creates.</summary>
    public static int MatchesInTree(int directories) => (directories + 9) / 10;

    private static string DirectoryOnce(string name, Action<string> fill)
    {
        var root = Path.Combine(Folder, name);
        var done = root + ".done";
        if (File.Exists(done) && Directory.Exists(root))
        {
            return root;
        }

        if (Directory.Exists(root))
        {
            // Left half-filled by an interrupted run.
            Directory.Delete(root, recursive: true);
        }

        // Several benchmark processes may ask at once: fill a uniquely named folder, then publish it.
        Directory.CreateDirectory(Folder);
        var temporary = root + "." + Guid.NewGuid().ToString("N") + ".tmp";
        Directory.CreateDirectory(temporary);
        fill(temporary);
        try
        {
            Directory.Move(temporary, root);
        }
        catch (IOException) when (Directory.Exists(root))
        {
            // Another process published it first.
            Directory.Delete(temporary, recursive: true);
        }

        File.WriteAllText(done, "");
        return root;
    }

    private static readonly string[] Words =
    {
        "the", "of", "and", "to", "a", "I", "in", "that", "you", "my", "is", "not", "be", "with", "me", "for", "it", "as",
        "his", "her", "have", "which", "but", "so", "will", "this", "by", "your", "all", "Clarissa", "Lovelace", "letter",
        "dear", "Miss", "Harlowe", "Mr.", "family", "brother", "sister", "mother", "father", "madam", "honour", "heart",
        "would", "should", "could", "shall", "must", "upon", "before", "after", "again", "never", "always", "indeed",
        "café", "naïve", "rôle", "façade", "élite", "über", "señor", "Zoë", "déjà", "vu", "Brontë", "coöperate",
        "correspondence", "notwithstanding", "circumstances", "acquaintance", "unaccountable", "extraordinary",
    };

    private static readonly string[] Punctuation = { ",", ";", ".", "!", "?", ":", " —", "’s", "\u201d", "\u2026" };

    /// <summary>A file whose size the writer decides (E7's documents), created once per run like the others.</summary>
    public static string CreateDocument(string name, Action<Stream> write) => Create(name, 0, write, exactSize: false);

    private static string Create(string name, long bytes, Action<Stream> write, bool exactSize = true)
    {
        Directory.CreateDirectory(Folder);
        var path = Path.Combine(Folder, name);
        var done = path + ".done";
        if (File.Exists(done) && File.Exists(path))
        {
            return path;
        }

        // Several benchmark processes may ask at once: write under a unique name, then publish.
        var temporary = path + "." + Guid.NewGuid().ToString("N") + ".tmp";
        using (var stream = new FileStream(temporary, FileMode.CreateNew, FileAccess.Write, FileShare.None, 64 * KiB))
        {
            write(stream);
            if (exactSize && stream.Length != bytes)
            {
                throw new InvalidOperationException($"{name}: wrote {stream.Length} bytes, expected {bytes}");
            }
        }

        File.Move(temporary, path, overwrite: true);
        File.WriteAllText(done, "");
        return path;
    }
}
