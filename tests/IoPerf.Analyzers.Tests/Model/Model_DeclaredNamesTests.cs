using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>
/// The names a summary's first gate lets through (<see cref="DeclaredNames"/>): every method and local function whose
/// declaration holds a word must be in the set - a name left out silences a diagnostic with no other sign - and the rest
/// of the compilation's names should not be.
/// </summary>
public sealed class Model_DeclaredNamesTests
{
    private static readonly WordList Append = WatchedWords.Appends;

    private static HashSet<string> NamesIn(bool andTheirTypes, params string[] sources) =>
        DeclaredNames.Of(
            CSharpCompilation.Create("Names", sources.Select(source => CSharpSyntaxTree.ParseText(source))),
            Append,
            andTheirTypes);

    private static IEnumerable<string> Sorted(IEnumerable<string> names) => names.OrderBy(name => name, StringComparer.Ordinal);

    [Fact]
    public void MethodsAndLocalFunctionsAroundTheWord_AreNamed_OthersAreNot()
    {
        var names = NamesIn(andTheirTypes: false, """
            using System.IO;
            class Logger
            {
                void Log(string m) => File.AppendAllText("log", m);
                void Outer() { void Inner() { File.AppendAllLines("a", new[] { "b" }); } Inner(); }
                void Quiet() { }
                class Nested { string Other() => ""; }
            }
            """);

        Assert.Equal(new[] { "Inner", "Log", "Outer" }, Sorted(names));
    }

    /// <summary>
    /// Several places in one method, in a lambda, in a local function two deep, and in the next method: every method and
    /// local function around a place is named, whatever place of the method came first (a search that starts from the
    /// method around the previous place, tried for cost, must pass this too).
    /// </summary>
    [Fact]
    public void PlacesInsideTheMethodOfThePreviousOne_NameTheirLocalFunctions()
    {
        var names = NamesIn(andTheirTypes: false, """
            using System.IO;
            class Logger
            {
                void Outer()
                {
                    File.AppendAllText("a", "b");
                    System.Action lambda = () => File.AppendAllText("a", "c");
                    void Plain() { }
                    void Inner() { void Deepest() { File.AppendAllText("a", "d"); } Deepest(); }
                    Inner();
                }
                void Next() => File.AppendAllText("a", "e");
                void Quiet() { }
            }
            """);

        Assert.Equal(new[] { "Deepest", "Inner", "Next", "Outer" }, Sorted(names));
    }

    [Fact]
    public void EveryTreeIsAsked()
    {
        var names = NamesIn(
            andTheirTypes: false,
            "class A { void Quiet() { } }",
            "class B { void Log(string m) => System.IO.File.AppendAllText(\"log\", m); }",
            "class C { void Write(string m) => System.IO.File.AppendAllText(\"other\", m); }");

        Assert.Equal(new[] { "Log", "Write" }, Sorted(names));
        Assert.Empty(NamesIn(andTheirTypes: false, "class A { void Quiet() { } }"));
    }

    [Fact]
    public void ExplicitImplementation_IsNamedAsItsCallersNameIt()
    {
        var names = NamesIn(andTheirTypes: false, """
            interface ILog { void Log(string m); }
            class FileLog : ILog { void ILog.Log(string m) => System.IO.File.AppendAllText("log", m); }
            """);

        Assert.Equal(new[] { "Log" }, names);
    }

    [Fact]
    public void WithTheirTypes_MethodsThatReturnAValue_NotLocalFunctionsOrNestedTypesMethods()
    {
        const string Source = """
            class Store
            {
                void Log(string m) => System.IO.File.AppendAllText("log", m);
                string Wrapper(string m) { Log(m); return m; }
                void Quiet() { }
                int Count() { int Local() => 1; return Local(); }
                void Run() { System.Action a = () => { void Logged(string m) => Log(m); Logged("x"); }; a(); }
                class Nested { string Other() => ""; }
            }
            class Elsewhere { string Unrelated() => ""; }
            """;

        Assert.Equal(new[] { "Count", "Log", "Wrapper" }, Sorted(NamesIn(andTheirTypes: true, Source)));
        Assert.Equal(new[] { "Log" }, NamesIn(andTheirTypes: false, Source));
    }

    [Fact]
    public void WithTheirTypes_APartialTypesOtherPartsAreRead()
    {
        var names = NamesIn(
            andTheirTypes: true,
            "partial class Store { string Log(string m) { System.IO.File.AppendAllText(\"log\", m); return m; } }",
            "partial class Store { string Wrapper(string m) => Log(m); void Quiet() { } void Run() { string Local() => Log(\"a\"); Local(); } }",
            "class Other { void Unrelated() { } }");

        Assert.Equal(new[] { "Log", "Wrapper" }, Sorted(names));
    }

    /// <summary>A script's methods are members of its compilation unit: a wrapper there is named with its reader.</summary>
    [Fact]
    public void WithTheirTypes_AScriptsMethods()
    {
        var tree = CSharpSyntaxTree.ParseText(
            "string Log(string m) { System.IO.File.AppendAllText(\"log\", m); return m; }\nstring Wrapper(string m) => Log(m);\nvoid Quiet() { }\nWrapper(\"a\");",
            new CSharpParseOptions(kind: SourceCodeKind.Script));
        var compilation = CSharpCompilation.CreateScriptCompilation("Script", tree);

        Assert.Equal(new[] { "Log", "Wrapper" }, Sorted(DeclaredNames.Of(compilation, Append, andTheirTypes: true)));
        Assert.Equal(new[] { "Log" }, DeclaredNames.Of(compilation, Append, andTheirTypes: false));
    }

    /// <summary>
    /// A word in a comment belongs to the token the comment is trivia of: a method's documentation names the method, as
    /// a comment in its body does. The declarations are found from the root down (<c>ChildThatContainsPosition</c>),
    /// whose spans include the trivia, as a token's search does.
    /// </summary>
    [Fact]
    public void AWordInACommentOrDocumentation_NamesTheMethodItIsIn()
    {
        var names = NamesIn(andTheirTypes: false, """
            class Logger
            {
                /// <summary>Writes with File.AppendAllText.</summary>
                void Documented() { }

                void Commented()
                { // File.AppendAllLines
                }

                void Quiet() { }
            }
            """);

        Assert.Equal(new[] { "Commented", "Documented" }, Sorted(names));
    }

    [Fact]
    public void AWordOutsideAnyMethod_NamesNothing()
    {
        Assert.Empty(NamesIn(andTheirTypes: true, "class A { const string Name = \"AppendAll\"; void M() { } }"));
    }

    [Fact]
    public void TopLevelLocalFunction_IsNamed()
    {
        var compilation = CSharpCompilation.Create(
            "TopLevel",
            new[] { CSharpSyntaxTree.ParseText("Log(\"a\"); static void Log(string m) => System.IO.File.AppendAllText(\"log\", m);") },
            options: new CSharpCompilationOptions(OutputKind.ConsoleApplication));

        Assert.Equal(new[] { "Log" }, DeclaredNames.Of(compilation, Append, andTheirTypes: false));
    }
}
