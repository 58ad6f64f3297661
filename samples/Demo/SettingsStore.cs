using System.Text.Json;

namespace Demo;

/// <summary>IOP009: the settings file is decoded into one string by File.ReadAllText, then parsed from that string.</summary>
public static class SettingsStore
{
    public sealed class Settings
    {
        public string Theme { get; set; } = "light";

        public int RecentFiles { get; set; } = 10;
    }

    public static void Save(string path, Settings settings) => File.WriteAllText(path, JsonSerializer.Serialize(settings));

    public static Settings Load(string path)
    {
        var settings = JsonSerializer.Deserialize<Settings>(File.ReadAllText(path));
        return settings ?? new Settings();
    }
}
