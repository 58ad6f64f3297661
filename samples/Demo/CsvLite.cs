namespace Demo;

/// <summary>IOP004: searches that hand the same many-value set to IndexOfAny on every call.</summary>
public static class CsvLite
{
    private static readonly char[] Separators = ",; \t|:".ToCharArray();
    private static readonly char[] InvalidNameChars = Path.GetInvalidFileNameChars();
    private const char Quote = '"';

    /// <summary>Fields of a line split at any separator (a start-index loop: CA1870 does not look at this overload).</summary>
    public static int CountFields(string line)
    {
        int fields = 1, start = 0, end;
        while ((end = line.IndexOfAny(Separators, start)) >= 0)
        {
            fields++;
            start = end + 1;
        }

        return fields;
    }

    /// <summary>Whether a value needs quoting: a set mixing a constant with literals (CA1870 skips it).</summary>
    public static bool NeedsQuotes(ReadOnlySpan<char> value) => value.ContainsAny([Quote, ',', ';', '\t', '|', ':', '\n']);

    /// <summary>A set computed once at run time but analysed again on every call.</summary>
    public static bool IsValidFileName(string name) => name.IndexOfAny(InvalidNameChars) < 0;
}
