using System.Collections.Immutable;
using IoPerf.Analyzers.CodeFixes.AcrossMethods;
using IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass;
using IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;
using Lines = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassAnalyzer,
    IoPerf.Analyzers.CodeFixes.AcrossMethods.HelperReturnsStreamingFormFix>;
using Listings = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedAnalyzer,
    IoPerf.Analyzers.CodeFixes.AcrossMethods.HelperReturnsStreamingFormFix>;

namespace IoPerf.Analyzers.Tests.AcrossMethods;

/// <summary>
/// The helper fix of IOP003 and IOP007 across methods (preview): a private or internal method that returns
/// <c>File.ReadAllLines</c> or a listing, every call of which uses the result once, returns the streaming form; its
/// array return type and explicitly typed locals (its own and its callers') become <c>IEnumerable&lt;T&gt;</c>. Offered
/// only when every use of the method is such a call in its own project; the fixed code is compiled by the verifier, and
/// Fix All changes each method once.
/// </summary>
public sealed class HelperReturnsStreamingFormFixTests
{
    private static string Code(string usings, string members) => $$"""
        using System;
        {{usings}}using System.IO;
        using System.Linq;

        class C
        {
        {{members}}
        }
        """;

    /// <summary>
    /// The helper is rewritten too: when its declaration does not parse (a statement being typed), nothing is offered,
    /// as for the places the diagnostic names (Roslyn's formatter can fail on such a member); the same code parsing is
    /// fixed.
    /// </summary>
    [Theory]
    [InlineData("private static string[] Load(string path) => File.ReadAllLines(path);", true)]
    [InlineData("private static string[] Load(string path) => File.ReadAllLines(path)", false)] // the ';' not typed yet
    public async Task HelperThatDoesNotParse_IsNotRewritten(string helper, bool offered)
    {
        var source = Code("", $$"""
                {{helper}}

                void Print(string path)
                {
                    foreach (var line in Load(path)) Console.WriteLine(line);
                }
            """);
        var document = TestWorkspace.CreateDocument(source, TestFramework.Net80);
        var compilation = (await document.Project.GetCompilationAsync())!;
        var options = AnalyzerCatalog.Options(configOptions: new Dictionary<string, string> { ["build_property.IoPerfAcrossMethods"] = "true" });
        var diagnostics = await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new LinesMaterializedForSinglePassAnalyzer()), options).GetAnalyzerDiagnosticsAsync();
        var acrossMethods = Assert.Single(diagnostics, d => d.Id == "IOP003");

        var actions = await AnalyzerCatalog.GetActionsAsync(new HelperReturnsStreamingFormFix(), document, acrossMethods);
        Assert.Equal(offered, actions.Count > 0);
    }

    [Fact]
    public Task PrivateHelper_ReturnsReadLines_AndTheCallersLocalIsRetyped() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("", """
                    private static string[] Load(string path) => File.ReadAllLines(path);

                    void Print(string path)
                    {
                        foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);
                    }

                    int Count(string path)
                    {
                        string[] lines = {|IOP003:Load(path)|};
                        return lines.Count(l => l.Length > 0);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> Load(string path) => File.ReadLines(path);

                    void Print(string path)
                    {
                        foreach (var line in Load(path)) Console.WriteLine(line);
                    }

                    int Count(string path)
                    {
                        IEnumerable<string> lines = Load(path);
                        return lines.Count(l => l.Length > 0);
                    }
                """));

    /// <summary>The result handed to a method of the compilation that enumerates it once (a game server's rules file sent line by line).</summary>
    [Fact]
    public Task ResultHandedToAMethodThatEnumeratesItOnce_HelperReturnsReadLines() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("using System.Collections.Generic;\n", """
                    private static string[] GetText(string path) => File.ReadAllLines(path);

                    static void MessageLines(IEnumerable<string> lines)
                    {
                        foreach (var line in lines) Console.WriteLine(line);
                    }

                    void ShowRules(string path)
                    {
                        string[] rules = {|IOP003:GetText(path)|};
                        Console.WriteLine("Server rules:");
                        MessageLines(rules);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> GetText(string path) => File.ReadLines(path);

                    static void MessageLines(IEnumerable<string> lines)
                    {
                        foreach (var line in lines) Console.WriteLine(line);
                    }

                    void ShowRules(string path)
                    {
                        IEnumerable<string> rules = GetText(path);
                        Console.WriteLine("Server rules:");
                        MessageLines(rules);
                    }
                """));

    [Fact]
    public Task HelperThroughALocalAndAnEmptyBranch_IsRetypedInside() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("using System.Collections.Generic;\n", """
                    internal static string[] Load(string path)
                    {
                        if (!File.Exists(path)) return Array.Empty<string>();
                        string[] lines = File.ReadAllLines(path);
                        return lines;
                    }

                    void Print(string path)
                    {
                        foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    internal static IEnumerable<string> Load(string path)
                    {
                        if (!File.Exists(path)) return Array.Empty<string>();
                        IEnumerable<string> lines = File.ReadLines(path);
                        return lines;
                    }

                    void Print(string path)
                    {
                        foreach (var line in Load(path)) Console.WriteLine(line);
                    }
                """));

    /// <summary>A lazy chain over the read already returns <c>IEnumerable&lt;string&gt;</c>: only the read changes.</summary>
    [Fact]
    public Task HelperReturningALazyChain_OnlyTheReadChanges() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> Load(string path) => File.ReadAllLines(path).Select(l => l.Trim());

                    void Print(string path)
                    {
                        foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> Load(string path) => File.ReadLines(path).Select(l => l.Trim());

                    void Print(string path)
                    {
                        foreach (var line in Load(path)) Console.WriteLine(line);
                    }
                """));

    /// <summary>The helper and its callers in different files: one change across the documents.</summary>
    [Fact]
    public Task CallersInAnotherFile_AreRetypedThere()
    {
        var test = Lines.CreateAcrossMethods("");
        test.TestState.Sources.Clear();
        test.TestState.Sources.Add(("/Paths.cs", "using System.IO;\n\nstatic class Paths\n{\n    internal static string[] ReadList(string path) => File.ReadAllLines(path);\n}\n"));
        test.TestState.Sources.Add(("/Job.cs", "using System;\n\nclass Job\n{\n    void Run(string path)\n    {\n        string[] names = {|IOP003:Paths.ReadList(path)|};\n        foreach (var name in names) Console.WriteLine(name);\n    }\n}\n"));
        test.FixedState.Sources.Add(("/Paths.cs", "using System.Collections.Generic;\nusing System.IO;\n\nstatic class Paths\n{\n    internal static IEnumerable<string> ReadList(string path) => File.ReadLines(path);\n}\n"));
        test.FixedState.Sources.Add(("/Job.cs", "using System;\nusing System.Collections.Generic;\n\nclass Job\n{\n    void Run(string path)\n    {\n        IEnumerable<string> names = Paths.ReadList(path);\n        foreach (var name in names) Console.WriteLine(name);\n    }\n}\n"));
        return test.RunAsync();
    }

    [Fact]
    public Task ListingHelper_ReturnsEnumerateFiles() =>
        Listings.VerifyAcrossMethodsFixAsync(
            Code("", """
                    private static FileInfo[] TextFiles(DirectoryInfo folder) => folder.GetFiles("*.txt");

                    void Print(DirectoryInfo folder)
                    {
                        foreach (var file in {|IOP007:TextFiles(folder)|}) Console.WriteLine(file.Name);
                        FileInfo[] again = {|IOP007:TextFiles(folder)|};
                        Console.WriteLine(again.FirstOrDefault()?.Name);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<FileInfo> TextFiles(DirectoryInfo folder) => folder.EnumerateFiles("*.txt");

                    void Print(DirectoryInfo folder)
                    {
                        foreach (var file in TextFiles(folder)) Console.WriteLine(file.Name);
                        IEnumerable<FileInfo> again = TextFiles(folder);
                        Console.WriteLine(again.FirstOrDefault()?.Name);
                    }
                """));

    /// <summary>
    /// A listing of one folder inside a <c>try</c> that catches: the enumerating form opens the folder at the call too, so
    /// the handler still sees a missing or unreadable folder; the empty array the handler returns stays valid.
    /// </summary>
    [Fact]
    public Task ListingHelperInsideATryThatCatches_ReturnsEnumerateFiles() =>
        Listings.VerifyAcrossMethodsFixAsync(
            Code("", """
                    private static string[] Logs(string folder)
                    {
                        try
                        {
                            return Directory.GetFiles(folder, "*.log");
                        }
                        catch (UnauthorizedAccessException)
                        {
                            return Array.Empty<string>();
                        }
                    }

                    void Print(string folder)
                    {
                        foreach (var file in {|IOP007:Logs(folder)|}) Console.WriteLine(file);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> Logs(string folder)
                    {
                        try
                        {
                            return Directory.EnumerateFiles(folder, "*.log");
                        }
                        catch (UnauthorizedAccessException)
                        {
                            return Array.Empty<string>();
                        }
                    }

                    void Print(string folder)
                    {
                        foreach (var file in Logs(folder)) Console.WriteLine(file);
                    }
                """));

    /// <summary>
    /// A helper typed <c>IEnumerable&lt;string&gt;</c> whose <c>catch</c> hands back an empty list (BloomDesktop's
    /// <c>SafeGetDirectories</c>): the empty list reads nothing, so the listing is followed; only the call changes.
    /// </summary>
    [Fact]
    public Task ListingHelperWhoseCatchReturnsAnEmptyList_ReturnsEnumerateDirectories() =>
        Listings.VerifyAcrossMethodsFixAsync(
            Code("using System.Collections.Generic;\n", """
                    internal static IEnumerable<string> SafeGetDirectories(string folder)
                    {
                        try
                        {
                            return Directory.GetDirectories(folder);
                        }
                        catch (UnauthorizedAccessException)
                        {
                            return new List<string>();
                        }
                    }

                    DirectoryInfo[] Books(string folder) => {|IOP007:SafeGetDirectories(folder)|}.Select(dir => new DirectoryInfo(dir)).ToArray();
                """),
            Code("using System.Collections.Generic;\n", """
                    internal static IEnumerable<string> SafeGetDirectories(string folder)
                    {
                        try
                        {
                            return Directory.EnumerateDirectories(folder);
                        }
                        catch (UnauthorizedAccessException)
                        {
                            return new List<string>();
                        }
                    }

                    DirectoryInfo[] Books(string folder) => SafeGetDirectories(folder).Select(dir => new DirectoryInfo(dir)).ToArray();
                """));

    /// <summary>
    /// A helper whose <c>catch</c> returns an empty collection expression: <c>[]</c> reads nothing, and it still
    /// compiles once the helper is retyped <c>IEnumerable&lt;string&gt;</c>.
    /// </summary>
    [Fact]
    public Task ListingHelperWhoseCatchReturnsAnEmptyCollectionExpression_IsRetyped() =>
        Listings.VerifyAcrossMethodsFixAsync(
            Code("", """
                    private static string[] Logs(string folder)
                    {
                        try
                        {
                            return Directory.GetFiles(folder, "*.log");
                        }
                        catch (UnauthorizedAccessException)
                        {
                            return [];
                        }
                    }

                    void Print(string folder)
                    {
                        foreach (var file in {|IOP007:Logs(folder)|}) Console.WriteLine(file);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> Logs(string folder)
                    {
                        try
                        {
                            return Directory.EnumerateFiles(folder, "*.log");
                        }
                        catch (UnauthorizedAccessException)
                        {
                            return [];
                        }
                    }

                    void Print(string folder)
                    {
                        foreach (var file in Logs(folder)) Console.WriteLine(file);
                    }
                """));

    /// <summary>Fix All: two methods, each changed once although two of its calls were reported.</summary>
    [Fact]
    public Task FixAll_ChangesEachMethodOnce() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("", """
                    private static string[] Load(string path) => File.ReadAllLines(path);
                    private static string[] Other(string path) => File.ReadAllLines(path + ".bak");

                    void Print(string path)
                    {
                        foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);
                        foreach (var line in {|IOP003:Load(path + "2")|}) Console.WriteLine(line);
                        foreach (var line in {|IOP003:Other(path)|}) Console.WriteLine(line);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string> Load(string path) => File.ReadLines(path);
                    private static IEnumerable<string> Other(string path) => File.ReadLines(path + ".bak");

                    void Print(string path)
                    {
                        foreach (var line in Load(path)) Console.WriteLine(line);
                        foreach (var line in Load(path + "2")) Console.WriteLine(line);
                        foreach (var line in Other(path)) Console.WriteLine(line);
                    }
                """));

    /// <summary>
    /// No fix where changing the method would break or change code: a caller that needs the array, a method group, a
    /// read in another method than the one called.
    /// </summary>
    [Theory]
    [InlineData("private static string[] Load(string path) => File.ReadAllLines(path);", "foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line); Console.WriteLine(Load(path)[0]);")]
    [InlineData("private static string[] Load(string path) => File.ReadAllLines(path);", "foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line); Func<string, string[]> f = Load; Console.WriteLine(f);")]
    [InlineData("private static string[] Load(string path) => Inner(path); private static string[] Inner(string p) => File.ReadAllLines(p);", "foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);")] // the read is in another method
    public Task NoFixWhereTheMethodCannotChange(string helper, string statements)
    {
        var source = Code("", $$"""
                {{helper}}

                void Print(string path)
                {
                    {{statements}}
                }
            """);
        return Lines.VerifyAcrossMethodsFixAsync(source, source);
    }

    /// <summary>A nullable array return type and local keep their <c>?</c>.</summary>
    [Fact]
    public Task NullableArray_StaysNullable() =>
        Lines.VerifyAcrossMethodsFixAsync(
            Code("using System.Collections.Generic;\n", """
                    private static string[]? Load(string path) => File.Exists(path) ? File.ReadAllLines(path) : null;

                    void Print(string path)
                    {
                        string[]? lines = {|IOP003:Load(path)|};
                        foreach (var line in lines!) Console.WriteLine(line);
                    }
                """),
            Code("using System.Collections.Generic;\n", """
                    private static IEnumerable<string>? Load(string path) => File.Exists(path) ? File.ReadLines(path) : null;

                    void Print(string path)
                    {
                        IEnumerable<string>? lines = Load(path);
                        foreach (var line in lines!) Console.WriteLine(line);
                    }
                """));

    /// <summary>
    /// No fix where a caller would change: a local of another type than the method's (its elements would pick other
    /// overloads once retyped), a caller in an async function (the lazy read would stay open across awaits).
    /// </summary>
    [Theory]
    [InlineData("void Print(string path) { object[] items = {|IOP003:Load(path)|}; foreach (var item in items) Console.WriteLine(item); }")]
    [InlineData("async System.Threading.Tasks.Task Print(string path) { foreach (var line in {|IOP003:Load(path)|}) await Console.Out.WriteLineAsync(line); }")]
    public Task CallerThatWouldChange_NoFix(string caller)
    {
        var source = Code("", "    private static string[] Load(string path) => File.ReadAllLines(path);\n\n    " + caller);
        return Lines.VerifyAcrossMethodsFixAsync(source, source);
    }

    /// <summary>A public method of a public type: callers in other assemblies may need the array.</summary>
    [Fact]
    public Task PublicMethod_NoFix()
    {
        var source = Code("", """
                public static string[] Load(string path) => File.ReadAllLines(path);

                void Print(string path)
                {
                    foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);
                }
            """).Replace("class C", "public class C", StringComparison.Ordinal);
        return Lines.VerifyAcrossMethodsFixAsync(source, source);
    }

    /// <summary>An emptiness check through Length would need its caller rewritten too.</summary>
    [Fact]
    public Task ListingCheckedThroughLength_NoFix()
    {
        var source = Code("", """
                private static string[] Logs(string folder) => Directory.GetFiles(folder, "*.log");

                void Print(string folder)
                {
                    foreach (var file in {|IOP007:Logs(folder)|}) Console.WriteLine(file);
                    Console.WriteLine({|IOP007:Logs(folder)|}.Length > 0);
                }
            """);
        return Listings.VerifyAcrossMethodsFixAsync(source, source);
    }

    /// <summary>
    /// An internal method its test project calls (internals given to it): that caller may need the array - its
    /// <c>Length</c>, or, when the method is already typed <c>IEnumerable&lt;string&gt;</c> and only its read would change,
    /// a cast back to the array that would throw at run time once the method streams. No fix either way.
    /// </summary>
    [Theory]
    [InlineData("string[]", "C.Load(p).Length")]
    [InlineData("IEnumerable<string>", "((string[])C.Load(p)).Length")]
    public Task CallerInATestProjectGivenTheInternals_NoFix(string returnType, string testUse)
    {
        var source = Code("using System.Collections.Generic;\n", $$"""
                internal static {{returnType}} Load(string path) => File.ReadAllLines(path);

                void Print(string path)
                {
                    foreach (var line in {|IOP003:Load(path)|}) Console.WriteLine(line);
                }
            """).Replace("class C", "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Lib.Tests\")]\n\npublic class C", StringComparison.Ordinal);
        var test = Lines.CreateAcrossMethods(source);
        test.TestState.AdditionalProjects["Lib.Tests"].Sources.Add(("T.cs", $"class T {{ int N(string p) => {testUse}; }}"));
        test.TestState.AdditionalProjects["Lib.Tests"].AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
        test.TestState.AdditionalProjects["Lib.Tests"].AdditionalProjectReferences.Add("TestProject");
        test.FixedCode = source;
        return test.RunAsync();
    }
}
