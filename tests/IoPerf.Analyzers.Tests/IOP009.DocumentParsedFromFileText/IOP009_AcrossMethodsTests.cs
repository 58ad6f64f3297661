using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextFix>;

namespace IoPerf.Analyzers.Tests.IOP009.DocumentParsedFromFileText;

/// <summary>
/// IOP009 across methods: a method of the compilation that returns <c>File.ReadAllText</c>'s string (a settings
/// provider's <c>ReadSettingsText()</c>) is summarised once by the shared model; a caller that parses the result is
/// reported at the call, without a fix (the stream belongs in the method). A method that hands back
/// <c>File.ReadAllTextAsync</c>'s task, or awaits it in an <c>async</c> method, is followed when its caller awaits the
/// call where it makes it.
/// </summary>
public sealed class IOP009_AcrossMethodsTests
{
    private static string Code(string members) => $$"""
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Json;
        using System.Threading.Tasks;
        using System.Xml;
        using System.Xml.Linq;

        class C
        {
        {{members}}
        }
        """;

    private static Task ExpectOne(string source, string message) =>
        Verify.VerifyAcrossMethodsReportAsync(source, Rules.DocumentParsedFromFileText, message);

    [Theory]
    [InlineData("private static string ReadSettings(string path) => File.ReadAllText(path);")]
    [InlineData("private static string ReadSettings(string path) { if (!File.Exists(path)) return \"\"; var text = File.ReadAllText(path); return text; }")]
    [InlineData("private static string ReadSettings(string path) => Inner(path); private static string Inner(string p) => File.ReadAllText(p, Encoding.UTF8);")]
    public Task ParsedDirectly(string reader) => ExpectOne(
        Code($$"""
            {{reader}}

            JsonDocument Load(string path) => JsonDocument.Parse({|#0:ReadSettings(path)|});
        """),
        "JsonDocument.Parse parses the whole file that 'ReadSettings', which returns File.ReadAllText, decoded into one string; hand it the file to read instead");

    [Fact]
    public Task ParsedInTheNextStatement() => ExpectOne(
        Code("""
            private static string ReadXml(string path) => File.ReadAllText(path);

            XmlDocument Load(string path)
            {
                var xml = {|#0:ReadXml(path)|};
                var document = new XmlDocument();
                document.LoadXml(xml);
                return document;
            }
        """),
        "XmlDocument.LoadXml parses the whole file that 'ReadXml', which returns File.ReadAllText, decoded into one string; hand it the file to read instead");

    [Theory]
    [InlineData("private static string ReadSettings(string path) => File.ReadAllText(path, Encoding.Unicode);")]                  // JSON from a stream must be UTF-8
    [InlineData("private static string ReadSettings(string path) => File.ReadAllText(path).Trim();")]                              // the text is changed first
    [InlineData("private static string ReadSettings(string path) => File.Exists(path) ? File.ReadAllText(path) : \"{}\";")]         // a default document
    [InlineData("private static string ReadSettings(string path) { try { return File.ReadAllText(path); } catch (IOException) { return \"\"; } }")] // errors handled inside
    [InlineData("private static string ReadSettings(string path) => path;")]                                                          // no file
    public Task NotTheFilesTextOrNotReadableAsUtf8_NoDiagnostic(string reader) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            {{reader}}

            JsonDocument Load(string path) => JsonDocument.Parse(ReadSettings(path));
        """));

    [Theory]
    [InlineData("var json = ReadSettings(path); Console.WriteLine(json.Length); return JsonDocument.Parse(json);")] // the string is used again
    [InlineData("var json = ReadSettings(path); Console.WriteLine(json); return JsonDocument.Parse(\"{}\");")]      // not parsed
    public Task TheStringIsNeeded_NoDiagnostic(string statements) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            private static string ReadSettings(string path) => File.ReadAllText(path);

            JsonDocument Load(string path)
            {
                {{statements}}
            }
        """));

    [Theory]
    [InlineData("private static Task<string> ReadSettingsAsync(string path) => File.ReadAllTextAsync(path);")]
    [InlineData("private static async Task<string> ReadSettingsAsync(string path) => await File.ReadAllTextAsync(path).ConfigureAwait(false);")]
    [InlineData("private static async Task<string> ReadSettingsAsync(string path) { var text = await File.ReadAllTextAsync(path); return text; }")]
    [InlineData("private static async ValueTask<string> ReadSettingsAsync(string path) => await File.ReadAllTextAsync(path, Encoding.UTF8);")]
    [InlineData("private static Task<string> ReadSettingsAsync(string path) => Inner(path); private static async Task<string> Inner(string p) => await File.ReadAllTextAsync(p);")]
    public Task TaskOfTheTextAwaitedAndParsed(string reader) => ExpectOne(
        Code($$"""
            {{reader}}

            async Task<JsonDocument> Load(string path) => JsonDocument.Parse(await {|#0:ReadSettingsAsync(path)|}.ConfigureAwait(false));
        """),
        "JsonDocument.Parse parses the whole file that 'ReadSettingsAsync', which returns File.ReadAllTextAsync, decoded into one string; hand it the file to read instead");

    [Fact]
    public Task TaskOfTheTextAwaitedIntoALocalParsedInTheNextStatement() => ExpectOne(
        Code("""
            internal Task<string> ReadAllTextAsync(string path, System.Threading.CancellationToken token = default) => File.ReadAllTextAsync(path, token);

            async Task<System.Collections.Generic.Dictionary<string, object>> Load(string path)
            {
                var settingsText = await {|#0:ReadAllTextAsync(path)|};
                var settings = JsonSerializer.Deserialize<System.Collections.Generic.Dictionary<string, object>>(settingsText) ?? new();
                return settings;
            }
        """),
        "JsonSerializer.Deserialize parses the whole file that 'ReadAllTextAsync', which returns File.ReadAllTextAsync, decoded into one string; hand it the file to read instead");

    [Fact]
    public Task AsyncMethodReturningTheSynchronousRead() => ExpectOne(
        Code("""
            private static async Task<string> ReadSettingsAsync(string path)
            {
                await Task.Yield();
                return File.ReadAllText(path);
            }

            async Task<JsonDocument> Load(string path) => JsonDocument.Parse(await {|#0:ReadSettingsAsync(path)|});
        """),
        "JsonDocument.Parse parses the whole file that 'ReadSettingsAsync', which returns File.ReadAllText, decoded into one string; hand it the file to read instead");

    [Theory]
    [InlineData("private static async Task<string> ReadSettingsAsync(string path) { try { return await File.ReadAllTextAsync(path); } catch (IOException) { return \"{}\"; } }")] // errors handled inside
    [InlineData("private static async Task<string> ReadSettingsAsync(string path) => (await File.ReadAllTextAsync(path)).Trim();")]                                     // the text is changed first
    [InlineData("private static Task<string> ReadSettingsAsync(string path) => File.ReadAllTextAsync(path, Encoding.Unicode);")]                                        // JSON from a stream must be UTF-8
    [InlineData("private static Task<string> ReadSettingsAsync(string path) => new System.Net.Http.HttpClient().GetStringAsync(path);")]                               // no file
    [InlineData("private static async Task<string> ReadSettingsAsync(string path) { using var reader = new StreamReader(path); return await reader.ReadToEndAsync(); }")] // a reader's text, disposed before the caller parses
    [InlineData("private static Task<string>? Cached; private static Task<string> ReadSettingsAsync(string path) => Cached ??= File.ReadAllTextAsync(path);")]             // a cached task
    [InlineData("private static async Task<string> ReadSettingsAsync(string path) { var pending = File.ReadAllTextAsync(path); await Task.Delay(1); return await pending; }")] // more runs between the read and the return
    [InlineData("private static Task<string> ReadSettingsAsync(string path) { using var cts = new System.Threading.CancellationTokenSource(1000); return File.ReadAllTextAsync(path, cts.Token); }")] // disposed when the task is handed back
    public Task TaskOfSomethingElse_NoDiagnostic(string reader) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            {{reader}}

            async Task<JsonDocument> Load(string path) => JsonDocument.Parse(await ReadSettingsAsync(path));
        """));

    [Theory]
    [InlineData("var pending = ReadSettingsAsync(path); Console.WriteLine(path); return JsonDocument.Parse(await pending);")] // the task is awaited elsewhere
    [InlineData("var json = await ReadSettingsAsync(path); Console.WriteLine(json.Length); return JsonDocument.Parse(json);")] // the string is used again
    [InlineData("var json = ReadSettingsAsync(path).Result; return JsonDocument.Parse(json);")]                                  // not awaited
    public Task TheTaskOrItsStringIsUsedOtherwise_NoDiagnostic(string statements) => Verify.VerifyAcrossMethodsAsync(Code($$"""
            private static Task<string> ReadSettingsAsync(string path) => File.ReadAllTextAsync(path);

            async Task<JsonDocument> Load(string path)
            {
                {{statements}}
            }
        """));

    [Fact]
    public Task TaskWaitedForInsideTheMethod_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync(Code("""
            private static string ReadSettings(string path) => File.ReadAllTextAsync(path).GetAwaiter().GetResult();

            JsonDocument Load(string path) => JsonDocument.Parse(ReadSettings(path));
        """));
}
