using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace IoPerf.Analyzers.Tests.AcrossMethods;

/// <summary>
/// Reaching across methods stays in one compilation: a helper of another project of the solution is never summarised
/// (the IDE sees its source, <c>dotnet build</c> sees only its assembly, and the two must agree). Each rule's helper is
/// tried twice - in the caller's project, where the call is reported (so the test can fail), and in a referenced project,
/// where it is not.
/// </summary>
public sealed class HelperInAnotherProjectTests
{
    public static TheoryData<string, string, string> Shapes => new()
    {
        // rule, helper members (of a static class Helpers), the caller's statements ({|#0:...|} where the local helper is
        // reported: at the call, or for IOP001 on the factory's flag)
        { "IOP003", "public static string[] Load(string p) => File.ReadAllLines(p);", "foreach (var line in {|#0:Helpers.Load(path)|}) Console.WriteLine(line);" },
        { "IOP007", "public static string[] List(string d) => Directory.GetFiles(d);", "foreach (var file in {|#0:Helpers.List(path)|}) Console.WriteLine(file);" },
        { "IOP009", "public static string ReadText(string p) => File.ReadAllText(p);", "using var doc = System.Text.Json.JsonDocument.Parse({|#0:Helpers.ReadText(path)|}); Console.WriteLine(doc.RootElement);" },
        { "IOP008", "public static void Log(string m) => File.AppendAllText(\"app.log\", m);", "foreach (var item in items) {|#0:Helpers.Log(item)|};" },
        { "IOP006", "public static void PrintRow(string r) { Console.Write(r); Console.WriteLine(';'); }", "foreach (var item in items) {|#0:Helpers.PrintRow(item)|};" },
        { "IOP001", "public static FileStream Open(string p) => new FileStream(p, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, {|#0:useAsync: true|});", "using var s = Helpers.Open(path); var b = new byte[65536]; while (s.Read(b, 0, b.Length) > 0) { }" },
        { "IOP002", "public static long Sum(string p, byte[] buffer) { using var s = File.OpenRead(p); long t = 0; int n; while ((n = s.Read(buffer, 0, buffer.Length)) > 0) t += n; return t; }", "Console.WriteLine(Helpers.Sum(path, {|#0:new byte[4096]|}));" },
    };

    private static string Caller(string statements, string helpers) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;

        {{helpers}}

        class Job
        {
            void Run(string path, List<string> items)
            {
                {{statements}}
            }
        }
        """;

    private static string Helpers(string members, string @namespace = "") => $$"""
        {{@namespace}}
        static class Helpers
        {
            {{members}}
        }
        """;

    [Theory]
    [MemberData(nameof(Shapes))]
    public Task HelperInTheSameProject_IsReported(string rule, string helper, string statements)
    {
        var test = Create(rule, Caller(statements, "using System.IO;\n" + Helpers(helper).Replace("static class", "internal static class", StringComparison.Ordinal)));
        test.ExpectedDiagnostics.Add(new Microsoft.CodeAnalysis.Testing.DiagnosticResult(rule, Microsoft.CodeAnalysis.DiagnosticSeverity.Warning)
            .WithLocation(0)
            .WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations));
        return test.RunAsync();
    }

    /// <summary>
    /// The helper in another file of the caller's project: the caller's own file never names the framework method, and a
    /// rule that registers nothing where the compilation's text does not name it (<c>CompilationText</c>) must look at
    /// every file of the compilation, not the one analysed.
    /// </summary>
    [Theory]
    [MemberData(nameof(Shapes))]
    public Task HelperInAnotherFileOfTheProject_IsReported(string rule, string helper, string statements)
    {
        // The markup stays where the shape puts it: at the call, or for IOP001 on the factory's flag in the helper's file.
        var test = Create(rule, Caller(statements, ""));
        test.TestState.Sources.Add(("Helpers.cs", "using System;\nusing System.IO;\n" + Helpers(helper).Replace("static class", "internal static class", StringComparison.Ordinal)));
        test.ExpectedDiagnostics.Add(new Microsoft.CodeAnalysis.Testing.DiagnosticResult(rule, Microsoft.CodeAnalysis.DiagnosticSeverity.Warning)
            .WithLocation(0)
            .WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations));
        return test.RunAsync();
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public Task HelperInAnotherProject_NoDiagnostic(string rule, string helper, string statements)
    {
        var test = Create(rule, Caller(NoMarkup(statements).Replace("Helpers.", "Lib.Helpers.", StringComparison.Ordinal), ""));
        var lib = test.TestState.AdditionalProjects["Lib"];
        lib.Sources.Add(("Lib.cs", "using System;\nusing System.IO;\n" + Helpers(NoMarkup(helper), "namespace Lib;").Replace("static class", "public static class", StringComparison.Ordinal)));
        lib.AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
        test.TestState.AdditionalProjectReferences.Add("Lib");
        return test.RunAsync();
    }

    private static string NoMarkup(string code) => code.Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal);

    private static Microsoft.CodeAnalysis.Testing.AnalyzerTest<Microsoft.CodeAnalysis.Testing.DefaultVerifier> Create(string rule, string source)
    {
        var test = new AcrossMethodsTest(AnalyzerCatalog.AnalyzersFor(rule).Single()) { TestCode = source };
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", $"is_global = true\nioperf_across_methods = true\ndotnet_diagnostic.{rule}.severity = warning\n"));
        return test;
    }

    /// <summary>An analyzer test of the one analyzer given (the type argument is only the base class's), on the offline reference assemblies.</summary>
    private sealed class AcrossMethodsTest : Microsoft.CodeAnalysis.CSharp.Testing.CSharpAnalyzerTest<global::IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer, Microsoft.CodeAnalysis.Testing.DefaultVerifier>
    {
        private readonly DiagnosticAnalyzer _analyzer;

        public AcrossMethodsTest(DiagnosticAnalyzer analyzer)
        {
            _analyzer = analyzer;

            // A package-less ReferenceAssemblies resolves nothing, so the testing library never touches a feed.
            ReferenceAssemblies = new Microsoft.CodeAnalysis.Testing.ReferenceAssemblies(TestFrameworkReferences.Moniker(TestFramework.Net80));
            TestState.AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
        }

        protected override IEnumerable<DiagnosticAnalyzer> GetDiagnosticAnalyzers() => new[] { _analyzer };
    }
}
