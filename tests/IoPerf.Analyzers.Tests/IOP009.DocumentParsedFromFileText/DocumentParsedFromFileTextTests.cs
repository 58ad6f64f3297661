using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText;
using IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP009.DocumentParsedFromFileText.DocumentParsedFromFileTextFix>;

namespace IoPerf.Analyzers.Tests.IOP009.DocumentParsedFromFileText;

public sealed class DocumentParsedFromFileTextTests
{
    private static string InClass(string members) => $$"""
        #nullable enable
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq.Expressions;
        using System.Text;
        using System.Text.Json;
        using System.Text.Json.Nodes;
        using System.Threading;
        using System.Threading.Tasks;
        using System.Xml;
        using System.Xml.Linq;

        class Settings { public string Name { get; set; } = ""; }

        class C
        {
        {{members}}
        }
        """;

    // ---- Positives and their fixes -------------------------------------------------------------------------

    [Fact]
    public Task Deserialize_InADeclaration_ReadsAFileStream() => Verify.VerifyCodeFixAsync(
        InClass("""
            Settings? Load(string path)
            {
                // the user's settings
                var settings = JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|});
                return settings;
            }
        """),
        InClass("""
            Settings? Load(string path)
            {
                // the user's settings
                Settings? settings;
                using (var stream = File.OpenRead(path))
                {
                    settings = JsonSerializer.Deserialize<Settings>(stream);
                }
                return settings;
            }
        """));

    [Fact]
    public Task Deserialize_Returned_KeepsOptionsAndNullForgiving() => Verify.VerifyCodeFixAsync(
        InClass("""
            static readonly JsonSerializerOptions Options = new() { PropertyNameCaseInsensitive = true };

            Settings Load(string path)
            {
                return JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|}, Options)!;
            }
        """),
        InClass("""
            static readonly JsonSerializerOptions Options = new() { PropertyNameCaseInsensitive = true };

            Settings Load(string path)
            {
                using (var stream = File.OpenRead(path))
                {
                    return JsonSerializer.Deserialize<Settings>(stream, Options)!;
                }
            }
        """));

    [Fact]
    public Task ThroughALocalReadOnce_TheDeclarationGoes() => Verify.VerifyCodeFixAsync(
        InClass("""
            Settings? Load(string path)
            {
                // read the file
                string json = {|IOP009:File.ReadAllText(path)|};
                return JsonSerializer.Deserialize<Settings>(json);
            }
        """),
        InClass("""
            Settings? Load(string path)
            {
                // read the file
                using (var stream = File.OpenRead(path))
                {
                    return JsonSerializer.Deserialize<Settings>(stream);
                }
            }
        """));

    [Fact]
    public Task AwaitedRead_BecomesDeserializeAsync_WithTheTokenAndConfigureAwait() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task<Settings?> LoadAsync(string path, CancellationToken cancellationToken)
            {
                var settings = JsonSerializer.Deserialize<Settings>(await {|IOP009:File.ReadAllTextAsync(path, cancellationToken)|}.ConfigureAwait(false));
                return settings;
            }
        """),
        InClass("""
            async Task<Settings?> LoadAsync(string path, CancellationToken cancellationToken)
            {
                Settings? settings;
                using (var stream = File.OpenRead(path))
                {
                    settings = await JsonSerializer.DeserializeAsync<Settings>(stream, cancellationToken: cancellationToken).ConfigureAwait(false);
                }
                return settings;
            }
        """));

    [Fact]
    public Task AwaitedReadThroughALocal_IntoAUsingDeclaration_ReportedWithoutAFix() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task<int> CountAsync(string path)
            {
                var json = await {|IOP009:File.ReadAllTextAsync(path)|};
                using var document = JsonDocument.Parse(json);
                return document.RootElement.GetArrayLength();
            }
        """),
        InClass("""
            async Task<int> CountAsync(string path)
            {
                var json = await {|IOP009:File.ReadAllTextAsync(path)|};
                using var document = JsonDocument.Parse(json);
                return document.RootElement.GetArrayLength();
            }
        """));

    // The block form of using: the parse is the resource of the statement that follows the read.
    [Theory]
    [InlineData("var json = {|IOP009:File.ReadAllText(path)|};\n        using (JsonDocument document = JsonDocument.Parse(json))")]
    [InlineData("using (var document = JsonDocument.Parse({|IOP009:File.ReadAllText(path)|}))")]
    public Task ParseInAUsingStatement_ReportedWithoutAFix(string header)
    {
        var source = InClass($$"""
            int Count(string path)
            {
                {{header}}
                {
                    return document.RootElement.GetArrayLength();
                }
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task ParseInAUsingStatement_StringAlsoUsedInside_NotReported() => Verify.VerifyAnalyzerAsync(InClass("""
            int Count(string path)
            {
                var json = File.ReadAllText(path);
                using (var document = JsonDocument.Parse(json))
                {
                    return document.RootElement.GetArrayLength() + json.Length;
                }
            }
        """));

    [Fact]
    public Task JsonDocumentAndJsonNode_FromAssignmentsAndExpressionBodies() => Verify.VerifyCodeFixAsync(
        InClass("""
            JsonNode? _node;

            void Load(string path) => _node = JsonNode.Parse({|IOP009:File.ReadAllText(path, Encoding.UTF8)|});

            JsonDocument Open(string path) => JsonDocument.Parse({|IOP009:File.ReadAllText(path)|}, new JsonDocumentOptions { AllowTrailingCommas = true });
        """),
        InClass("""
            JsonNode? _node;

            void Load(string path)
            {
                using (var stream = File.OpenRead(path))
                {
                    _node = JsonNode.Parse(stream);
                }
            }

            JsonDocument Open(string path)
            {
                using (var stream = File.OpenRead(path))
                {
                    return JsonDocument.Parse(stream, new JsonDocumentOptions { AllowTrailingCommas = true });
                }
            }
        """));

    [Fact]
    public Task XDocumentParse_BecomesLoadFromAReader_KeepingLoadOptions() => Verify.VerifyCodeFixAsync(
        InClass("""
            XDocument Load(string path)
            {
                var document = XDocument.Parse({|IOP009:File.ReadAllText(path)|}, LoadOptions.PreserveWhitespace);
                return document;
            }
        """),
        InClass("""
            XDocument Load(string path)
            {
                XDocument document;
                using (var reader = File.OpenText(path))
                {
                    document = XDocument.Load(reader, LoadOptions.PreserveWhitespace);
                }
                return document;
            }
        """));

    [Fact]
    public Task XmlDocumentLoadXml_BecomesLoad_WithTheReadsEncoding() => Verify.VerifyCodeFixAsync(
        InClass("""
            XmlDocument Load(string path)
            {
                var document = new XmlDocument();
                document.LoadXml({|IOP009:File.ReadAllText(path, Encoding.Latin1)|});
                return document;
            }
        """),
        InClass("""
            XmlDocument Load(string path)
            {
                var document = new XmlDocument();
                using (var reader = new StreamReader(path, Encoding.Latin1))
                {
                    document.Load(reader);
                }
                return document;
            }
        """));

    /// <summary>
    /// The usual XmlDocument shape (Flow.Launcher's UWP manifest reader, a recall miss on the third held-out report set):
    /// the document is created between the read and the parse, which changes nothing when the read moves after it.
    /// </summary>
    [Fact]
    public Task XmlDocumentCreatedBetweenTheReadAndTheParse_IsReportedAndFixed() => Verify.VerifyCodeFixAsync(
        InClass("""
            XmlDocument Load(string path)
            {
                // the manifest
                var xml = {|IOP009:File.ReadAllText(path)|};
                var document = new XmlDocument { PreserveWhitespace = true };
                document.LoadXml(xml);
                return document;
            }
        """),
        InClass("""
            XmlDocument Load(string path)
            {
                var document = new XmlDocument { PreserveWhitespace = true };
                // the manifest
                using (var reader = File.OpenText(path))
                {
                    document.Load(reader);
                }
                return document;
            }
        """));

    [Fact]
    public Task XElementParseAsync_GetsLoadOptionsNoneAndTheToken() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task<XElement> LoadAsync(string path, CancellationToken token)
            {
                return XElement.Parse(await {|IOP009:File.ReadAllTextAsync(path, token)|});
            }
        """),
        InClass("""
            async Task<XElement> LoadAsync(string path, CancellationToken token)
            {
                using (var reader = File.OpenText(path))
                {
                    return await XElement.LoadAsync(reader, options: LoadOptions.None, cancellationToken: token);
                }
            }
        """));

    [Fact]
    public Task InALambda_TheLambdaGetsABlockBody() => Verify.VerifyCodeFixAsync(
        InClass("""
            Func<string, Settings?> Loader() => path => JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|});
        """),
        InClass("""
            Func<string, Settings?> Loader() => path =>
            {
                using (var stream = File.OpenRead(path))
                {
                    return JsonSerializer.Deserialize<Settings>(stream);
                }
            };
        """));

    [Fact]
    public Task NamedArguments_AreRenamed_AndTheStreamNameIsFree() => Verify.VerifyCodeFixAsync(
        InClass("""
            Settings? Load(string path, Stream stream)
            {
                return JsonSerializer.Deserialize<Settings>(json: {|IOP009:File.ReadAllText(path: path)|}, options: null);
            }
        """),
        InClass("""
            Settings? Load(string path, Stream stream)
            {
                using (var stream1 = File.OpenRead(path: path))
                {
                    return JsonSerializer.Deserialize<Settings>(utf8Json: stream1, options: null);
                }
            }
        """));

    [Fact]
    public Task InASwitchSection_AndAtTheTopLevel() => Verify.VerifyCodeFixAsync(
        InClass("""
            object? Load(string path, int kind)
            {
                switch (kind)
                {
                    case 1:
                        var settings = JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|});
                        return settings;
                    default:
                        return null;
                }
            }
        """),
        InClass("""
            object? Load(string path, int kind)
            {
                switch (kind)
                {
                    case 1:
                        Settings? settings;
                        using (var stream = File.OpenRead(path))
                        {
                            settings = JsonSerializer.Deserialize<Settings>(stream);
                        }
                        return settings;
                    default:
                        return null;
                }
            }
        """));

    [Fact]
    public Task DiscardedResult_AndNestedInAnIf() => Verify.VerifyCodeFixAsync(
        InClass("""
            void Validate(string path, bool check)
            {
                if (check)
                    JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|});
                if (!check)
                    XDocument.Parse({|IOP009:File.ReadAllText(path)|});
            }
        """),
        InClass("""
            void Validate(string path, bool check)
            {
                if (check)
                    using (var stream = File.OpenRead(path))
                    {
                        JsonSerializer.Deserialize<Settings>(stream);
                    }
                if (!check)
                    using (var reader = File.OpenText(path))
                    {
                        XDocument.Load(reader);
                    }
            }
        """));

    [Fact]
    public Task NonGenericDeserialize_AndANullableDisabledDeclaration() => Verify.VerifyCodeFixAsync(
        InClass("""
            #nullable disable
            object Load(string path)
            {
                var settings = JsonSerializer.Deserialize({|IOP009:File.ReadAllText(path)|}, typeof(Settings));
                return settings;
            }
        """),
        InClass("""
            #nullable disable
            object Load(string path)
            {
                object settings;
                using (var stream = File.OpenRead(path))
                {
                    settings = JsonSerializer.Deserialize(stream, typeof(Settings));
                }
                return settings;
            }
        """));

    /// <summary>A library compiled for .NET 8 and .NET Standard 2.0: both have XDocument.Load(TextReader), so the fix is offered and compiles for both.</summary>
    [Fact]
    public async Task MultiTargeted_SyncXmlFix_CompilesForEveryTarget()
    {
        const string source = """
            using System.IO;
            using System.Xml.Linq;
            class C
            {
                XDocument Load(string path) => XDocument.Parse(File.ReadAllText(path));
            }
            """;
        TestFramework[] targets = { TestFramework.Net80, TestFramework.NetStandard20 };
        var document = TestWorkspace.CreateLinkedDocuments(source, targets);
        var compilation = (await document.Project.GetCompilationAsync())!;
        var diagnostic = Assert.Single(await compilation
            .WithAnalyzers(System.Collections.Immutable.ImmutableArray.Create<DiagnosticAnalyzer>(new DocumentParsedFromFileTextAnalyzer()))
            .GetAnalyzerDiagnosticsAsync());

        var action = Assert.Single(await AnalyzerCatalog.GetActionsAsync(new DocumentParsedFromFileTextFix(), document, diagnostic));
        var operations = await action.GetOperationsAsync(CancellationToken.None);
        var fixedText = (await operations.OfType<ApplyChangesOperation>().Single().ChangedSolution.GetDocument(document.Id)!.GetTextAsync()).ToString();
        Assert.Contains("XDocument.Load(reader)", fixedText);
        foreach (var target in targets)
        {
            var fixedCompilation = (await TestWorkspace.CreateLinkedDocuments(fixedText, new[] { target }).Project.GetCompilationAsync())!;
            Assert.Empty(fixedCompilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        }
    }

    // ---- Reported without a fix ----------------------------------------------------------------------------

    [Fact]
    public Task InsideALargerExpressionOrAUsingDeclaration_ReportedWithoutAFix() => Verify.VerifyCodeFixAsync(
        InClass("""
            Settings Load(string path)
            {
                using var document = JsonDocument.Parse({|IOP009:File.ReadAllText(path)|});
                Console.WriteLine(document.RootElement.ValueKind);
                return JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|}) ?? new Settings();
            }
        """),
        InClass("""
            Settings Load(string path)
            {
                using var document = JsonDocument.Parse({|IOP009:File.ReadAllText(path)|});
                Console.WriteLine(document.RootElement.ValueKind);
                return JsonSerializer.Deserialize<Settings>({|IOP009:File.ReadAllText(path)|}) ?? new Settings();
            }
        """));

    // Through a local: the next statement's parse is the left operand of ??, so it runs first, every time.
    [Theory]
    [InlineData("var settings = JsonSerializer.Deserialize<Settings>(json) ?? new Settings();\n        return settings;")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(json)! ?? new Settings();")]
    public Task ThroughALocal_ParseLeftOfACoalesce_ReportedWithoutAFix(string statements)
    {
        var source = InClass($$"""
            async Task<Settings> LoadAsync(string path)
            {
                var json = await {|IOP009:File.ReadAllTextAsync(path)|};
                {{statements}}
            }
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task ConfigureAwaitOptions_ReportedWithoutAFix() => Verify.VerifyCodeFixAsync(
        InClass("""
            async Task<Settings?> LoadAsync(string path)
            {
                var settings = JsonSerializer.Deserialize<Settings>(await {|IOP009:File.ReadAllTextAsync(path)|}.ConfigureAwait(ConfigureAwaitOptions.None));
                return settings;
            }
        """),
        InClass("""
            async Task<Settings?> LoadAsync(string path)
            {
                var settings = JsonSerializer.Deserialize<Settings>(await {|IOP009:File.ReadAllTextAsync(path)|}.ConfigureAwait(ConfigureAwaitOptions.None));
                return settings;
            }
        """));

    // ---- Negatives: the look-alikes ------------------------------------------------------------------------

    [Theory]
    [InlineData("string json = File.ReadAllText(path); Console.WriteLine(json); return JsonSerializer.Deserialize<Settings>(json);")]
    [InlineData("string json = File.ReadAllText(path); return JsonSerializer.Deserialize<Settings>(json.Trim());")]
    [InlineData("string json = File.ReadAllText(path).Replace(\"'\", \"\\\"\"); return JsonSerializer.Deserialize<Settings>(json);")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(File.ReadAllText(path).Trim());")]
    [InlineData("string json = File.ReadAllText(path); var settings = JsonSerializer.Deserialize<Settings>(json); Console.WriteLine(json.Length); return settings;")]
    [InlineData("string json = File.ReadAllText(path); Console.WriteLine(); return JsonSerializer.Deserialize<Settings>(json);")]
    [InlineData("string json = File.ReadAllText(path); if (json.Length == 0) return null; return JsonSerializer.Deserialize<Settings>(json);")]
    [InlineData("string json = File.ReadAllText(path); if (path.Length > 0) { return JsonSerializer.Deserialize<Settings>(json); } return null;")]
    [InlineData("string json = File.ReadAllText(path); Func<Settings?> later = () => JsonSerializer.Deserialize<Settings>(json); return later();")]
    [InlineData("string json = File.ReadAllText(path); Settings? last = null; for (var i = 0; i < 3; i++) last = JsonSerializer.Deserialize<Settings>(json); return last;")]
    [InlineData("var json = File.ReadAllText(path); json = \"{}\"; return JsonSerializer.Deserialize<Settings>(json);")]
    [InlineData("var json = File.ReadAllText(path); return path.Length > 0 ? JsonSerializer.Deserialize<Settings>(json) : null;")]
    [InlineData("var json = File.ReadAllText(path); return Cached ?? JsonSerializer.Deserialize<Settings>(json);")]
    [InlineData("var json = File.ReadAllText(path); var settings = (JsonSerializer.Deserialize<Settings>(json) ?? new Settings()).Name; return null;")]
    [InlineData("var json = File.ReadAllText(path); Cached ??= JsonSerializer.Deserialize<Settings>(json); return Cached;")]
    [InlineData("var json = File.ReadAllText(path); var name = JsonSerializer.Deserialize<Settings>(json)?.Name ?? \"\"; return null;")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(File.ReadAllText(path, Encoding.Unicode));")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(File.ReadAllText(path, Encoding.Latin1));")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(File.ReadAllText(path, encoding));")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(Encoding.UTF8.GetString(File.ReadAllBytes(path)));")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(path);")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(File.ReadAllText(path).AsSpan());")]
    [InlineData("using var stream = File.OpenRead(path); return JsonSerializer.Deserialize<Settings>(stream);")]
    [InlineData("return JsonSerializer.Deserialize<Settings>(Reader.ReadAllText(path));")]
    [InlineData("Expression<Func<Settings?>> tree = () => JsonSerializer.Deserialize<Settings>(File.ReadAllText(path), (JsonSerializerOptions?)null); return null;")]
    public Task StringUsedOrNotFromAFile_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass($$"""
            static class Reader { public static string ReadAllText(string path) => "{}"; }

            static Settings? Cached;

            Settings? Load(string path, Encoding encoding)
            {
                {{body}}
            }
        """));

    [Theory]
    [InlineData("var document = new XmlDocument(); document.LoadXml(\"<a/>\");")]
    [InlineData("var document = new XmlDocument(); document.LoadXml(File.ReadAllText(path).Trim());")]
    [InlineData("var document = new Custom(); document.LoadXml(File.ReadAllText(path));")]
    [InlineData("var document = XDocument.Parse(\"<a/>\");")]
    [InlineData("var text = File.ReadAllText(path); var document = XDocument.Parse(text); Console.WriteLine(text);")]
    [InlineData("var xml = File.ReadAllText(path); var document = new Custom(); document.LoadXml(xml);")]
    [InlineData("var xml = File.ReadAllText(path); var document = new XmlDocument(); File.Delete(path); document.LoadXml(xml);")]
    [InlineData("var xml = File.ReadAllText(path); var backup = new FileInfo(path); var document = new XmlDocument(); document.LoadXml(xml);")]
    [InlineData("var xml = File.ReadAllText(path); var document = new XmlDocument { XmlResolver = Resolver() }; document.LoadXml(xml);")]
    public Task XmlLookAlikes_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass($$"""
            class Custom : XmlDocument { public override void LoadXml(string xml) => base.LoadXml(xml.Trim()); }

            static XmlResolver? Resolver() => null;

            void Load(string path)
            {
                {{body}}
            }
        """));

    [Fact]
    public Task AwaitedReadIntoXmlDocument_NoAsyncLoad_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            async Task<XmlDocument> LoadAsync(string path)
            {
                var document = new XmlDocument();
                document.LoadXml(await File.ReadAllTextAsync(path));
                return document;
            }
        """));

    [Fact]
    public Task GeneratedCode_NoDiagnostic() => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + InClass("""
            Settings? Load(string path) => JsonSerializer.Deserialize<Settings>(File.ReadAllText(path));
        """));

    [Fact]
    public Task SyntaxErrors_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            Settings? Load(string path)
            {
                return JsonSerializer.Deserialize<Settings>(File.ReadAllText(path){|CS1026:|}{|CS1002:|}
            }
        """));

    // The fuzzer's variant 5923: a broken class header made Roslyn's formatter throw inside the fix's clean-up.
    [Theory]
    [InlineData("class} C\n{")]
    [InlineData("class C\n")]
    [InlineData("class C\n{ }\n}")]
    [InlineData("namespace N {\nclass C\n{")]
    [InlineData("class C :\n{")]
    public async Task BrokenEnclosingType_NoExceptionAndNoFix(string header)
    {
        var source = $$"""
            using System.IO;
            using System.Text.Json;
            {{header}}
                int[]? M(string path) => JsonSerializer.Deserialize<int[]>(File.ReadAllText(path));
                int[]? N(string path) { var x = JsonSerializer.Deserialize<int[]>(File.ReadAllText(path)); return x; }
            }
            """;
        await Robustness.AssertNoExceptionsAsync(new DocumentParsedFromFileTextAnalyzer(), new DocumentParsedFromFileTextFix(), source);
        Assert.Empty(await Robustness.FixTitlesAsync(new DocumentParsedFromFileTextAnalyzer(), new DocumentParsedFromFileTextFix(), source));
    }
}
