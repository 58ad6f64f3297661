using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextFix>;

namespace IoPerf.Analyzers.Tests.IOP009.DocumentParsedFromFileText;

/// <summary>
/// IOP009 across methods: a method of the compilation that returns <c>File.ReadAllText</c>'s string (a settings
/// provider's <c>ReadSettingsText()</c>) is summarised once by the shared model; a caller that parses the result is
/// reported at the call, without a fix (the stream belongs in the method).
/// </summary>
public sealed class IOP009_AcrossMethodsTests
{
    private static string Code(string members) => $$"""
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Json;
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
}
