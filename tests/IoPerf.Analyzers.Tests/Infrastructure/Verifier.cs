using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// The one verifier every rule's tests use. Sources use <c>{|IOP003:...|}</c> / <c>[|...|]</c> markup; a test picks the
/// target framework it compiles against. Code fix tests also check Fix All (document, project, solution) and that the
/// fixed code compiles.
/// </summary>
public static class Verifier<TAnalyzer, TCodeFix>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TCodeFix : CodeFixProvider, new()
{
    public static Test Create(string source, TestFramework framework = TestFramework.Net80) =>
        new(framework) { TestCode = source };

    public static Task VerifyAnalyzerAsync(string source, TestFramework framework = TestFramework.Net80) =>
        Create(source, framework).RunAsync();

    /// <summary>A test with reaching across methods turned on (<c>ioperf_across_methods = true</c> in a global config).</summary>
    public static Test CreateAcrossMethods(string source)
    {
        var test = Create(source);
        const string config = "is_global = true\nioperf_across_methods = true\n";
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", config));
        return test;
    }

    public static Task VerifyAcrossMethodsAsync(string source) => CreateAcrossMethods(source).RunAsync();

    /// <summary>
    /// Reaching across methods on, <paramref name="source"/> draws one <paramref name="rule"/> diagnostic at <c>{|#0:...|}</c>
    /// with <paramref name="message"/>, and offers no fix (a call reported for what the called method does).
    /// </summary>
    public static Task VerifyAcrossMethodsReportAsync(string source, DiagnosticDescriptor rule, string message)
    {
        var test = CreateAcrossMethods(source);
        test.FixedCode = source;
        test.ExpectedDiagnostics.Add(new DiagnosticResult(rule).WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(message));
        return test.RunAsync();
    }

    public static Task VerifyAcrossMethodsFixAsync(string source, string fixedSource)
    {
        var test = CreateAcrossMethods(source);
        test.FixedCode = fixedSource;
        return test.RunAsync();
    }

    public static Task VerifyCodeFixAsync(string source, string fixedSource, TestFramework framework = TestFramework.Net80)
    {
        var test = Create(source, framework);
        test.FixedCode = fixedSource;
        return test.RunAsync();
    }

    public sealed class Test : CSharpCodeFixTest<TAnalyzer, TCodeFix, DefaultVerifier>
    {
        public Test(TestFramework framework)
        {
            Framework = framework;

            // A package-less ReferenceAssemblies resolves nothing, so the testing library never touches a feed.
            ReferenceAssemblies = new ReferenceAssemblies(TestFrameworkReferences.Moniker(framework));
            TestState.AdditionalReferences.AddRange(TestFrameworkReferences.Get(framework));
            FixedState.AdditionalReferences.AddRange(TestFrameworkReferences.Get(framework));
        }

        public TestFramework Framework { get; }

        public LanguageVersion LanguageVersion { get; set; } = LanguageVersion.Latest;

        /// <summary>.editorconfig lines (<c>key = value</c>) applied to every source file.</summary>
        public Test WithEditorConfig(params string[] lines)
        {
            var text = "root = true\n\n[*.cs]\n" + string.Join("\n", lines) + "\n";
            TestState.AnalyzerConfigFiles.Add(("/.editorconfig", text));
            return this;
        }

        protected override ParseOptions CreateParseOptions() =>
            ((CSharpParseOptions)base.CreateParseOptions()).WithLanguageVersion(LanguageVersion);

        protected override CompilationOptions CreateCompilationOptions() =>
            ((CSharpCompilationOptions)base.CreateCompilationOptions()).WithNullableContextOptions(NullableContextOptions.Enable);
    }
}

/// <summary>The verifier for analyzer-only tests.</summary>
public static class AnalyzerVerifier<TAnalyzer>
    where TAnalyzer : DiagnosticAnalyzer, new()
{
    public static Task VerifyAnalyzerAsync(string source, TestFramework framework = TestFramework.Net80) =>
        Verifier<TAnalyzer, EmptyCodeFixProvider>.VerifyAnalyzerAsync(source, framework);
}
