namespace Demo;

/// <summary>
/// IOP005: awaited reads in a loop that resume on the caller's SynchronizationContext. The Demo is a console app (no
/// context), so samples/Demo/.editorconfig sets dotnet_diagnostic.IOP005.context = always for this file, as a library
/// or a UI app would see it by default.
/// </summary>
public static class FileTotals
{
    public static async Task<long> TotalCharactersAsync(IEnumerable<string> paths)
    {
        long total = 0;
        foreach (var path in paths)
        {
            using var reader = new StreamReader(path);
            total += (await reader.ReadToEndAsync()).Length;
        }

        return total;
    }
}
