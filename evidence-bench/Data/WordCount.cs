using System.Buffers;
using System.Text;

namespace IoPerf.EvidenceBench.Data;

/// <summary>Lines, words and characters (char APIs) or bytes (byte APIs), as `wc -lwc` counts lines, words and bytes.</summary>
public readonly record struct Counts(long Lines, long Words, long CharsOrBytes);

/// <summary>
/// The seed's counting variants (E2, claims C9-C15). Lines are '\n' characters (like wc) for the char and byte
/// readers, and lines returned for the line APIs; a word is a run of non-whitespace. No BenchmarkDotNet dependency:
/// the tests compile this file to check C9 against GNU wc.
/// </summary>
public static class WordCount
{
    /// <summary>The 25 characters char.IsWhiteSpace accepts: what the seed handed to IndexOfAny.</summary>
    public static readonly char[] Whitespace25 =
    {
        '\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00A0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004',
        '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000',
    };

    private static readonly SearchValues<char> WhitespaceValues = SearchValues.Create(Whitespace25);

    public static Counts ReadAllLines(string path) => CountLines(File.ReadAllLines(path));

    public static Counts ReadLines(string path) => CountLines(File.ReadLines(path));

    public static Counts OpenTextReadLine(string path)
    {
        using var reader = File.OpenText(path);
        return CountLines(ReadLinesOf(reader));

        static IEnumerable<string> ReadLinesOf(StreamReader reader)
        {
            while (reader.ReadLine() is { } line)
            {
                yield return line;
            }
        }
    }

    public static Counts OpenTextIsWhiteSpace(string path, int bufferSize = 4096)
    {
        using var reader = File.OpenText(path);
        var buffer = new char[bufferSize];
        long lines = 0, words = 0, chars = 0;
        var wasSpace = true;
        int read;
        while ((read = reader.Read(buffer, 0, buffer.Length)) > 0)
        {
            chars += read;
            foreach (var c in buffer.AsSpan(0, read))
            {
                var isSpace = char.IsWhiteSpace(c);
                if (!isSpace && wasSpace)
                {
                    words++;
                }

                if (c == '\n')
                {
                    lines++;
                }

                wasSpace = isSpace;
            }
        }

        return new Counts(lines, words, chars);
    }

    public static Counts OpenTextIndexOfAny25(string path) => OpenTextWithSearch(path, static span => span.IndexOfAny(Whitespace25));

    public static Counts OpenTextSearchValues(string path) => OpenTextWithSearch(path, static span => span.IndexOfAny(WhitespaceValues));

    /// <summary>Bytes decoded to chars by hand (no StreamReader); counts bytes like wc -c.</summary>
    public static Counts OpenHandleDecoderSearchValues(string path, int bufferSize = 4096)
    {
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.SequentialScan);
        var decoder = Encoding.UTF8.GetDecoder();
        var bytes = ArrayPool<byte>.Shared.Rent(bufferSize);
        var chars = ArrayPool<char>.Shared.Rent(Encoding.UTF8.GetMaxCharCount(bufferSize));
        try
        {
            var state = new SearchState();
            long offset = 0;
            int read;
            while ((read = RandomAccess.Read(handle, bytes.AsSpan(0, bufferSize), offset)) > 0)
            {
                offset += read;
                var decoded = decoder.GetChars(bytes, 0, read, chars, 0, flush: false);
                state.Add(chars.AsSpan(0, decoded), static span => span.IndexOfAny(WhitespaceValues));
            }

            return new Counts(state.Lines, state.Words, offset);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
            ArrayPool<char>.Shared.Return(chars);
        }
    }

    /// <summary>Unicode-correct counting over Runes (surrogate pairs as one character).</summary>
    public static Counts Runes(string path)
    {
        using var reader = File.OpenText(path);
        var buffer = new char[4097];
        long lines = 0, words = 0, runes = 0;
        var wasSpace = true;
        var start = 0;
        int read;
        while ((read = reader.Read(buffer, start, buffer.Length - start)) > 0)
        {
            var span = buffer.AsSpan(0, start + read);
            while (Rune.DecodeFromUtf16(span, out var rune, out var consumed) is var status &&
                   (status == System.Buffers.OperationStatus.Done || (status == System.Buffers.OperationStatus.InvalidData && consumed > 0)))
            {
                runes++;
                var isSpace = Rune.IsWhiteSpace(rune);
                if (!isSpace && wasSpace)
                {
                    words++;
                }

                if (rune.Value == '\n')
                {
                    lines++;
                }

                wasSpace = isSpace;
                span = span[consumed..];
            }

            // Keep a high surrogate whose pair comes with the next read.
            span.CopyTo(buffer);
            start = span.Length;
        }

        return new Counts(lines, words, runes);
    }

    /// <summary>
    /// The seed's "cheating" loop: bytes searched for just two values, space and newline (vectorised two-value
    /// IndexOfAny). Counts bytes like wc -c; correct only for text whose whitespace is spaces and newlines, as the
    /// generated corpus is (the C9 test checks it against wc).
    /// </summary>
    public static Counts AsciiTwoValue(string path, int bufferSize = 4096)
    {
        using var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.SequentialScan);
        var buffer = ArrayPool<byte>.Shared.Rent(bufferSize);
        try
        {
            long lines = 0, words = 0, offset = 0;
            var inWord = false;
            int read;
            while ((read = RandomAccess.Read(handle, buffer.AsSpan(0, bufferSize), offset)) > 0)
            {
                offset += read;
                var span = buffer.AsSpan(0, read);
                while (!span.IsEmpty)
                {
                    var index = span.IndexOfAny((byte)' ', (byte)'\n');
                    if (index != 0 && !inWord)
                    {
                        words++;
                    }

                    if (index < 0)
                    {
                        inWord = true;
                        break;
                    }

                    inWord = false;
                    if (span[index] == '\n')
                    {
                        lines++;
                    }

                    span = span[(index + 1)..];
                }
            }

            return new Counts(lines, words, offset);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static Counts CountLines(IEnumerable<string> lines)
    {
        long lineCount = 0, words = 0, chars = 0;
        foreach (var line in lines)
        {
            lineCount++;
            chars += line.Length;
            var wasSpace = true;
            foreach (var c in line)
            {
                var isSpace = char.IsWhiteSpace(c);
                if (!isSpace && wasSpace)
                {
                    words++;
                }

                wasSpace = isSpace;
            }
        }

        return new Counts(lineCount, words, chars);
    }

    private static Counts OpenTextWithSearch(string path, SpanSearch search)
    {
        using var reader = File.OpenText(path);
        var buffer = new char[4096];
        var state = new SearchState();
        long chars = 0;
        int read;
        while ((read = reader.Read(buffer, 0, buffer.Length)) > 0)
        {
            chars += read;
            state.Add(buffer.AsSpan(0, read), search);
        }

        return new Counts(state.Lines, state.Words, chars);
    }

    private delegate int SpanSearch(ReadOnlySpan<char> span);

    /// <summary>Word and line counting by jumping from whitespace to whitespace; a word may span two buffers.</summary>
    private struct SearchState
    {
        private bool _inWord;

        public long Lines;
        public long Words;

        public void Add(ReadOnlySpan<char> span, SpanSearch search)
        {
            while (!span.IsEmpty)
            {
                var index = search(span);
                if (index != 0 && !_inWord)
                {
                    Words++;
                }

                if (index < 0)
                {
                    _inWord = true;
                    return;
                }

                _inWord = false;
                if (span[index] == '\n')
                {
                    Lines++;
                }

                span = span[(index + 1)..];
            }
        }
    }
}
