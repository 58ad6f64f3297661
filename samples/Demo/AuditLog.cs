namespace Demo;

/// <summary>IOP008: one File.AppendAllText per event, so the log file is opened, appended to and closed for every line.</summary>
public static class AuditLog
{
    public static void Record(string path, IEnumerable<string> events)
    {
        foreach (var item in events)
        {
            File.AppendAllText(path, $"{DateTime.UtcNow:O} {item}\n");
        }
    }
}
