using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;

namespace IoPerf.Analyzers.Tests.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006's summary of the project's printing methods asked directly: which declarations its look at the syntax lets
/// through to be bound (<c>MayHaveOne</c>), what the bound summary then says, and the cheap filter every call passes first.
/// </summary>
public sealed class ConsoleWritingMethodsTests
{
    private const string Source = """
        using System;
        using System.Collections.Generic;
        using System.Linq;

        class C
        {
            static void Row(string a, int b) { Console.Write(a); Console.WriteLine(b); }
            static void OutRow(string a) => Console.Out
                .WriteLine(a);
            static void Rows(IEnumerable<string> items) { foreach (var item in items) Console.WriteLine(item); }
            static void Counted(int n) { var i = 0; while (i++ < n) Console.Write('.'); }
            static void Joined(IEnumerable<int> items) => Console.WriteLine(string.Join(",", items.Where(x => { for (var i = 0; i < 2; i++) { } return x > 0; })));
            static void Error(string a) => Console.Error.WriteLine(a);
            static void Colour() => Console.ForegroundColor = ConsoleColor.Red;
            static void Split(string a) { Console.
                Write(a); }
            int Width => Console.WindowWidth;

            void Run()
            {
                Local("x");
                void Local(string s) => Console.WriteLine(s);
            }
        }
        """;

    private static (CSharpCompilation Compilation, ConsoleWritingMethods Printers) Compile()
    {
        var compilation = SourceCompilation.Of(Source, "Printers");
        return (compilation, new ConsoleWritingMethods(compilation, IoModel.For(compilation)));
    }

    private static IMethodSymbol Method(CSharpCompilation compilation, string name) =>
        compilation.GetTypeByMetadataName("C")!.GetMembers(name).OfType<IMethodSymbol>().Single();

    [Theory]
    [InlineData("Row", true)]
    [InlineData("OutRow", true)] // Console.Out on one line, its write on the next
    [InlineData("Joined", true)] // the loop is in a lambda, which the summary does not walk either
    [InlineData("Rows", false)] // a loop: how many writes a call makes is not in the code, so it is never bound
    [InlineData("Counted", false)]
    [InlineData("Split", true)] // a line break after the dot: the text names Console. all the same
    public void LookAtTheSyntax_LetsThroughOnlyWhatMayPrint(string name, bool mayPrint)
    {
        var (compilation, printers) = Compile();

        Assert.Equal(mayPrint, printers.MayHaveOne(Method(compilation, name), CancellationToken.None));
    }

    [Theory]
    [InlineData("Row", 2)]
    [InlineData("OutRow", 1)]
    [InlineData("Joined", 1)]
    [InlineData("Split", 1)]
    public void MethodThatPrintsOnEveryCall_CountsItsWrites(string name, int writes)
    {
        var (compilation, printers) = Compile();

        Assert.Equal(writes, printers.Of(Method(compilation, name), CancellationToken.None)?.Writes);
    }

    /// <summary>Bound, as their text names the console, and then not printers: standard error, a colour change.</summary>
    [Theory]
    [InlineData("Error")]
    [InlineData("Colour")]
    public void MethodThatNamesTheConsoleButDoesNotPrint_HasNoSummary(string name)
    {
        var (compilation, printers) = Compile();

        Assert.Null(printers.Of(Method(compilation, name), CancellationToken.None));
    }

    /// <summary>A compilation whose text never names the console has no printing method: no call in it is a candidate.</summary>
    [Fact]
    public void CompilationThatNeverNamesTheConsole_HasNoCandidate()
    {
        var compilation = SourceCompilation.Of("class D { static void Row(string a) => System.Diagnostics.Debug.WriteLine(a); }", "Quiet");
        var printers = new ConsoleWritingMethods(compilation, IoModel.For(compilation));

        Assert.False(printers.IsCandidate(compilation.GetTypeByMetadataName("D")!.GetMembers("Row").OfType<IMethodSymbol>().Single()));
    }

    [Fact]
    public void Candidate_IsAnOrdinaryMethodOrLocalFunctionOfThisAssembly()
    {
        var (compilation, printers) = Compile();
        var type = compilation.GetTypeByMetadataName("C")!;
        var tree = compilation.SyntaxTrees.Single();
        var local = (IMethodSymbol)compilation.GetSemanticModel(tree).GetDeclaredSymbol(tree.GetRoot().DescendantNodes().OfType<LocalFunctionStatementSyntax>().Single())!;
        var writeLine = compilation.GetTypeByMetadataName("System.Console")!.GetMembers("WriteLine").OfType<IMethodSymbol>().First();

        Assert.True(printers.IsCandidate(Method(compilation, "Row")));
        Assert.True(printers.IsCandidate(local));
        Assert.False(printers.IsCandidate(((IPropertySymbol)type.GetMembers("Width").Single()).GetMethod!));
        Assert.False(printers.IsCandidate(writeLine));
    }
}
