namespace IoPerf.Analyzers.CodeFixes.Internal;

/// <summary>Code fix titles live beside the rule strings, in the analyzers' Resources.resx.</summary>
internal static class FixTitles
{
    public static string Get(string resourceName) => Rules.GetString(resourceName).ToString();
}
