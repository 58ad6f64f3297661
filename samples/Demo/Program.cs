// Demo: each file in this folder shows one IoPerf rule on code written the way users write it.
// Build it (dotnet build samples/Demo) to see the diagnostics; run it (dotnet run --project samples/Demo) to see it work.
using Demo;

var path = Path.Combine(Path.GetTempPath(), "ioperf-demo.txt");
File.WriteAllLines(path, Enumerable.Range(1, 1000).Select(i => $"line {i}: {new string('x', i % 80)}"));
try
{
    Console.WriteLine($"longest line: {LogSummary.LongestLine(path)} chars");
    Console.WriteLine($"comment lines: {LogSummary.CountComments(path)}");
    Console.WriteLine($"characters: {await FileTotals.TotalCharactersAsync(new[] { path })}");
    ReportPrinter.PrintTable(new[] { ("ioperf-demo.txt", 1000), ("(none)", 0) });
    ReportPrinter.WriteLog(path + ".log", Enumerable.Range(1, 100).Select(i => $"event {i}"));
    File.Delete(path + ".log");
    AuditLog.Record(path + ".audit", Enumerable.Range(1, 100).Select(i => $"event {i}"));
    Console.WriteLine($"audit log: {new FileInfo(path + ".audit").Length} bytes");
    File.Delete(path + ".audit");
    SettingsStore.Save(path + ".json", new SettingsStore.Settings { Theme = "dark" });
    Console.WriteLine($"theme: {SettingsStore.Load(path + ".json").Theme}");
    File.Delete(path + ".json");
    Console.WriteLine($"adler32: {Checksum.Adler(path):x8}, byte sum: {Checksum.ByteSum(path)}");
    var folder = Path.GetDirectoryName(path)!;
    Console.WriteLine($"jobs waiting: {Inbox.HasWork(folder)}, {Inbox.PendingBytes(folder)} bytes");
    Console.WriteLine($"fields in 'a,b;c|d': {CsvLite.CountFields("a,b;c|d")}, needs quotes: {CsvLite.NeedsQuotes("x,y")}, valid name: {CsvLite.IsValidFileName("report.txt")}");
}
finally
{
    File.Delete(path);
}
