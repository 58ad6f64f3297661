namespace Demo;

/// <summary>IOP007: a directory listed into an array only to ask whether it is empty, or to walk it once.</summary>
public static class Inbox
{
    public static bool HasWork(string folder) => Directory.GetFiles(folder, "*.job").Length > 0;

    public static long PendingBytes(string folder)
    {
        long total = 0;
        foreach (var job in Directory.GetFiles(folder, "*.job"))
        {
            total += new FileInfo(job).Length;
        }

        return total;
    }
}
