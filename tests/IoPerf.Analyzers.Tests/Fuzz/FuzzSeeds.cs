using System.Text;
using System.Text.RegularExpressions;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Analyzers.Tests.Fuzz;

/// <summary>
/// The C# sources the crash fuzzer starts from: every code sample in the rule tests (markup removed), the demo, the
/// benchmark pairs, and generated files that put the APIs the rules look at into many shapes.
/// </summary>
internal static partial class FuzzSeeds
{
    /// <summary>The API names the rules look at; the fuzzer swaps them for one another.</summary>
    public static readonly string[] ApiNames =
    {
        "ReadAllLines", "ReadLines", "ReadAllLinesAsync", "ReadLinesAsync", "ReadAllText", "ReadAllTextAsync", "Split",
        "FileStream", "FileOptions", "Asynchronous", "useAsync", "isAsync", "bufferSize", "BufferSize", "Read", "ReadAsync",
        "ReadByte", "WriteByte", "Write", "WriteAsync", "CopyTo", "CopyToAsync", "RandomAccess", "OpenHandle",
        "IndexOfAny", "LastIndexOfAny", "IndexOfAnyExcept", "ContainsAny", "SearchValues", "ToCharArray", "AsSpan",
        "ReadToEndAsync", "ReadLineAsync", "ConfigureAwait", "StreamReader", "StreamWriter", "AutoFlush", "Synchronized",
        "Console", "WriteLine", "foreach", "while", "await", "async", "using", "static", "readonly", "const",
        "GetFiles", "EnumerateFiles", "GetDirectories", "GetFileSystemEntries", "GetFileSystemInfos", "Length", "Any",
        "FirstOrDefault", "SearchOption", "AllDirectories", "yield", "try", "catch",
        "AppendAllText", "AppendAllLines", "AppendAllTextAsync", "AppendAllLinesAsync", "Delay", "lock", "for", "do",
        "Deserialize", "DeserializeAsync", "Parse", "ParseAsync", "LoadXml", "Load", "LoadAsync", "JsonSerializer", "XDocument",
    };

    public static IReadOnlyList<string> All()
    {
        var seeds = new List<string>();
        var root = TestFrameworkReferences.RepoRoot;
        foreach (var file in Directory.GetFiles(Path.Combine(root, "tests", "IoPerf.Analyzers.Tests"), "*Tests.cs"))
        {
            seeds.AddRange(CodeSamplesIn(File.ReadAllText(file)));
        }

        foreach (var folder in new[] { Path.Combine(root, "samples", "Demo"), Path.Combine(root, "evidence-bench", "RulePairs") })
        {
            if (Directory.Exists(folder))
            {
                seeds.AddRange(Directory.GetFiles(folder, "*.cs").Select(File.ReadAllText));
            }
        }

        var random = new Random(20261123);
        for (var i = 0; i < 40; i++)
        {
            seeds.Add(Generate(random));
        }

        return seeds;
    }

    /// <summary>Raw string literals of the tests that look like C# code, with the test markup removed.</summary>
    internal static IEnumerable<string> CodeSamplesIn(string testSource)
    {
        var tree = CSharpSyntaxTree.ParseText(testSource);
        foreach (var token in tree.GetRoot().DescendantTokens())
        {
            if ((token.IsKind(SyntaxKind.MultiLineRawStringLiteralToken) || token.IsKind(SyntaxKind.InterpolatedMultiLineRawStringStartToken)) &&
                token.ValueText is { Length: > 40 } text && (text.Contains(';') || text.Contains('{')))
            {
                yield return Markup().Replace(text, string.Empty);
            }
        }
    }

    private static readonly string[] Statements =
    {
        "foreach (var line in File.ReadAllLines(path)) total += line.Length;",
        "var lines = File.ReadAllLines(path, Encoding.UTF8); foreach (var l in lines) total++;",
        "total += File.ReadAllText(path).Split('\\n').Count();",
        "foreach (var line in await File.ReadAllLinesAsync(path)) total++;",
        "using (var fs = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous)) { total += fs.ReadByte(); }",
        "using var s = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1024, useAsync: true); var b = new byte[512]; while (s.Read(b, 0, b.Length) > 0) total++;",
        "var buffer = new byte[2048]; using var f = File.OpenRead(path); int n; while ((n = f.Read(buffer)) > 0) total += n;",
        "using var h = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.Asynchronous); total += RandomAccess.Read(h, new byte[16], 0);",
        "total += text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h' });",
        "total += text.AsSpan().IndexOfAny(Separators);",
        "total += text.LastIndexOfAny(\"abcdefgh\".ToCharArray(), 3, 2);",
        "foreach (var p in paths) { using var r = new StreamReader(p); total += (await r.ReadToEndAsync()).Length; }",
        "for (int i = 0; i < paths.Length; i++) total += (await File.ReadAllTextAsync(paths[i])).Length;",
        "foreach (var c in text) Console.Write(c);",
        "using var w = new StreamWriter(path) { AutoFlush = true }; foreach (var c in text) w.Write(c);",
        "var sync = TextWriter.Synchronized(Console.Out); for (int i = 0; i < 100; i++) sync.Write(i);",
        "using var u = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 1); for (int i = 0; i < 1000; i++) u.WriteByte((byte)i);",
        "await using var a = new FileStream(path, new FileStreamOptions { Options = FileOptions.Asynchronous, BufferSize = 512 }); a.CopyTo(Stream.Null, 1024);",
        "Func<string, int> f2 = q => File.ReadAllLines(q).Count(); total += f2(path);",
        "int Local(string q) => q.IndexOfAny(['x', 'y', 'z', '1', '2', '3', '4']); total += Local(text);",
        "int start = 0, end; while ((end = text.IndexOfAny(Separators, start)) >= 0) { total++; start = end + 1; }",
        "total += text?.IndexOfAny(Separators) ?? -1; total += text.AsSpan().ContainsAny(Separators) ? 1 : 0;",
        "foreach (var f in Directory.GetFiles(path, \"*.log\", SearchOption.AllDirectories)) total += f.Length;",
        "if (Directory.GetFiles(path).Length > 0) total++; if (0 == new DirectoryInfo(path).GetDirectories().Length) total--;",
        "string[] entries = Directory.GetFileSystemEntries(path); try { foreach (var e in entries) File.Delete(e); } catch (IOException) { }",
        "var infos = new DirectoryInfo(path)?.GetFiles(); total += infos?.FirstOrDefault()?.Name.Length ?? 0;",
        "total += Directory.GetDirectories(path).Select(Path.GetFileName).Count(n => n!.Length > 3);",
        "foreach (var p in paths) File.AppendAllText(path, p + \"\\n\");",
        "for (int i = 0; i < paths.Length; i++) { await File.AppendAllLinesAsync(path, new[] { paths[i] }).ConfigureAwait(false); total++; }",
        "while (total++ < 100) { try { File.AppendAllText(path, text, Encoding.UTF8); } catch (IOException) { } }",
        "do File.AppendAllLines(\"out.txt\", paths); while (total++ < 10);",
        "var doc = System.Xml.Linq.XDocument.Parse(File.ReadAllText(path)); total += doc.Root?.Name.LocalName.Length ?? 0;",
        "string json = File.ReadAllText(path); total += System.Text.Json.JsonSerializer.Deserialize<int[]>(json)!.Length;",
        "total += System.Text.Json.JsonDocument.Parse(await File.ReadAllTextAsync(path)).RootElement.GetArrayLength();",
        "var xml = new System.Xml.XmlDocument(); xml.LoadXml(File.ReadAllText(path, Encoding.UTF8)); total += xml.ChildNodes.Count;",
    };

    private static string Generate(Random random)
    {
        var builder = new StringBuilder("""
            using System;
            using System.Buffers;
            using System.IO;
            using System.Linq;
            using System.Text;
            using System.Threading.Tasks;

            """);
        builder.AppendLine($"partial class Generated{random.Next(1000)}");
        builder.AppendLine("{");
        builder.AppendLine("    private static readonly char[] Separators = { ' ', '\\t', ',', ';', ':', '.', '!', '?' };");
        for (var method = 0; method < 3; method++)
        {
            builder.AppendLine($"    public async Task<long> M{method}(string path, string text, string[] paths)");
            builder.AppendLine("    {");
            builder.AppendLine("        long total = 0;");
            for (var statement = 0; statement < 4; statement++)
            {
                builder.AppendLine("        " + Statements[random.Next(Statements.Length)]);
            }

            builder.AppendLine("        return total;");
            builder.AppendLine("    }");
        }

        builder.AppendLine("}");
        return builder.ToString();
    }

    [GeneratedRegex(@"\{\|IOP[0-9]{3}:|\|\}|\[\||\|\]")]
    private static partial Regex Markup();
}
