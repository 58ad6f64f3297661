namespace Demo;

/// <summary>IOP003: the whole file is read into an array that is only walked once.</summary>
public static class LogSummary
{
    public static int LongestLine(string path)
    {
        var longest = 0;
        foreach (var line in File.ReadAllLines(path))
        {
            longest = Math.Max(longest, line.Length);
        }

        return longest;
    }

    public static int CountComments(string path) =>
        File.ReadAllLines(path).Count(line => line.StartsWith('#'));
}
