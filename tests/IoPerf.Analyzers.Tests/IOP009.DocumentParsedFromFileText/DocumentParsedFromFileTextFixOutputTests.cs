using System.Reflection;
using System.Text;
using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText;
using IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;
using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;

namespace IoPerf.Analyzers.Tests.IOP009.DocumentParsedFromFileText;

/// <summary>
/// IOP009's fix must parse the same document the original code parsed: every form (Deserialize, JsonDocument, JsonNode,
/// XDocument, XElement, XmlDocument; sync and async; through a local; expression bodies) on real files - UTF-8 JSON with
/// and without a byte-order mark, invalid JSON, XML whose declaration says utf-16 over UTF-8 bytes, Latin-1 XML read with
/// that encoding, a missing file. Both versions are compiled and run; results (or exception types) are compared.
/// </summary>
public sealed class DocumentParsedFromFileTextFixOutputTests
{
    private const string Program = """
        using System;
        using System.IO;
        using System.Linq;
        using System.Text;
        using System.Text.Json;
        using System.Text.Json.Nodes;
        using System.Threading;
        using System.Threading.Tasks;
        using System.Xml;
        using System.Xml.Linq;

        public sealed class Item
        {
            public string Name { get; set; } = "";

            public int Value { get; set; }
        }

        public static class Scenarios
        {
            private static readonly JsonSerializerOptions Options = new() { PropertyNameCaseInsensitive = true };

            public static string Deserialize(string path)
            {
                var items = JsonSerializer.Deserialize<Item[]>(File.ReadAllText(path), Options);
                return string.Join(";", items!.Select(item => item.Name + "=" + item.Value));
            }

            public static string DeserializeThroughALocal(string path)
            {
                string json = File.ReadAllText(path, Encoding.UTF8);
                var items = JsonSerializer.Deserialize<Item[]>(json, Options);
                return string.Join(";", items!.Select(item => item.Name));
            }

            private static JsonDocument Open(string path) => JsonDocument.Parse(File.ReadAllText(path));

            public static string Document(string path)
            {
                using var document = Open(path);
                return document.RootElement.GetRawText();
            }

            public static async Task<string> NodeAsync(string path)
            {
                var node = JsonNode.Parse(await File.ReadAllTextAsync(path));
                return node!.ToJsonString();
            }

            public static async Task<string> DeserializeAsyncConfigured(string path)
            {
                using var cancellation = new CancellationTokenSource();
                var items = JsonSerializer.Deserialize<Item[]>(await File.ReadAllTextAsync(path, cancellation.Token).ConfigureAwait(false), Options);
                return string.Join(";", items!.Select(item => item.Value));
            }

            public static string XDocumentWithOptions(string path)
            {
                var document = XDocument.Parse(File.ReadAllText(path), LoadOptions.PreserveWhitespace);
                return document.ToString(SaveOptions.DisableFormatting) + "|" + document.Declaration;
            }

            public static string LoadXml(string path)
            {
                var document = new XmlDocument();
                document.LoadXml(File.ReadAllText(path));
                return document.OuterXml;
            }

            public static string LoadXmlLatin1(string path)
            {
                var document = new XmlDocument();
                document.LoadXml(File.ReadAllText(path, Encoding.Latin1));
                return document.OuterXml;
            }

            public static async Task<string> XElementAsync(string path)
            {
                XElement element;
                element = XElement.Parse(await File.ReadAllTextAsync(path));
                return element.ToString();
            }
        }
        """;

    private const string JsonText = """[{"name":"é ü 中文 😀","value":1},{"name":"b","value":2}]""";
    private const string XmlBody = """<r a="1">é ü 中文 <x/> </r>""";

    /// <summary>The files the scenarios read: name and bytes (null: the file is missing).</summary>
    private static readonly Dictionary<string, byte[]?> Files = new()
    {
        ["json"] = Encoding.UTF8.GetBytes(JsonText),
        ["json-utf8-bom"] = Encoding.UTF8.GetPreamble().Concat(Encoding.UTF8.GetBytes(JsonText)).ToArray(),
        ["json-invalid"] = Encoding.UTF8.GetBytes("""[{"name":"""),
        ["xml"] = Encoding.UTF8.GetBytes("""<?xml version="1.0" encoding="utf-8"?>""" + XmlBody),
        ["xml-declares-utf16"] = Encoding.UTF8.GetBytes("""<?xml version="1.0" encoding="utf-16"?>""" + XmlBody),
        ["xml-latin1"] = Encoding.Latin1.GetBytes("""<?xml version="1.0" encoding="iso-8859-1"?><r>é ü</r>"""),
        ["missing"] = null,
    };

    public static TheoryData<string, string> Runs()
    {
        var runs = new TheoryData<string, string>();
        foreach (var scenario in new[] { "Deserialize", "DeserializeThroughALocal", "Document", "NodeAsync", "DeserializeAsyncConfigured" })
        {
            foreach (var file in new[] { "json", "json-utf8-bom", "json-invalid", "missing" })
            {
                runs.Add(scenario, file);
            }
        }

        foreach (var scenario in new[] { "XDocumentWithOptions", "LoadXml", "XElementAsync" })
        {
            foreach (var file in new[] { "xml", "xml-declares-utf16", "missing" })
            {
                runs.Add(scenario, file);
            }
        }

        runs.Add("LoadXmlLatin1", "xml-latin1");
        return runs;
    }

    private static readonly Lazy<Task<(Assembly Before, Assembly After, string FixedSource)>> Compiled = new(CompileBothAsync);

    [Fact]
    public async Task EveryReadWasFixed()
    {
        var (_, _, fixedSource) = await Compiled.Value;
        Assert.DoesNotContain("ReadAllText", fixedSource);
    }

    [Theory]
    [MemberData(nameof(Runs))]
    public async Task FixedCode_ParsesTheSameDocument(string scenario, string file)
    {
        var (before, after, _) = await Compiled.Value;
        var expected = await RunAsync(before, scenario, file);
        var actual = await RunAsync(after, scenario, file);

        Assert.Equal(expected, actual);
    }

    /// <summary>
    /// The one difference, pinned: ReadAllText honours a UTF-16 byte-order mark, System.Text.Json reads only UTF-8 from a
    /// stream, so a UTF-16 JSON file that parsed before throws a JsonException after the fix (the rule's page says so).
    /// </summary>
    [Fact]
    public async Task Utf16Json_ParsedBefore_ThrowsJsonExceptionAfter()
    {
        var (before, after, _) = await Compiled.Value;
        var utf16 = Encoding.Unicode.GetPreamble().Concat(Encoding.Unicode.GetBytes(JsonText)).ToArray();

        Assert.Equal("é ü 中文 😀=1;b=2", await RunAsync(before, "Deserialize", "json-utf16", utf16));
        Assert.Equal("threw JsonException", await RunAsync(after, "Deserialize", "json-utf16", utf16));
    }

    private static async Task<string> RunAsync(Assembly assembly, string scenario, string file, byte[]? content = null)
    {
        var folder = Directory.CreateTempSubdirectory("iop009-").FullName;
        try
        {
            var path = Path.Combine(folder, file);
            if ((content ?? Files[file]) is { } bytes)
            {
                await File.WriteAllBytesAsync(path, bytes);
            }

            try
            {
                var result = assembly.GetType("Scenarios")!.GetMethod(scenario)!.Invoke(null, new object[] { path });
                return result is Task<string> task ? await task : (string)result!;
            }
            catch (Exception e)
            {
                var thrown = e is TargetInvocationException { InnerException: { } inner } ? inner : e;
                return "threw " + thrown.GetType().Name;
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static async Task<(Assembly Before, Assembly After, string FixedSource)> CompileBothAsync()
    {
        var fixedSource = await Robustness.ApplyFixesAsync(new DocumentParsedFromFileTextAnalyzer(), new DocumentParsedFromFileTextFix(), Program);
        return (ScenarioAssembly.Compile(Program, "IOP009Before"), ScenarioAssembly.Compile(fixedSource, "IOP009After"), fixedSource);
    }
}
