using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>
/// The text search that decides whether a declaration is read at all (<see cref="SyntaxText"/>): it searches the tree's
/// text a chunk at a time, so a word must be found wherever it falls - across a chunk's edge too - and only inside the
/// declaration's own span.
/// </summary>
public sealed class Model_SyntaxTextTests
{
    /// <summary>
    /// Padding that puts the word across the first chunk's edge (the method starts at 10, the word at padding + 41, the
    /// first chunk ends at 4,106), across the second's (8,191), and clear of both; 4050 puts it across the edge of the
    /// whole tree's first chunk (4,096), which <c>AnyTreeMentions</c> searches.
    /// </summary>
    [Theory]
    [InlineData(4050)]
    [InlineData(4055)]
    [InlineData(4060)]
    [InlineData(4064)]
    [InlineData(8145)]
    [InlineData(100)]
    [InlineData(12280)]
    public void WordAcrossAChunkEdge_IsFound(int padding)
    {
        var code = $"class C {{ void M() {{ /*{new string('x', padding)}*/ System.IO.File.ReadAllLines(\"a\"); }} }}";
        var method = CSharpSyntaxTree.ParseText(code).GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().Single();

        Assert.True(SyntaxText.Mentions(method, new WordList("ReadAllLines")));
        Assert.True(SyntaxText.AnyTreeMentions(CSharpCompilation.Create("Edge", new[] { method.SyntaxTree }), new WordList("ReadAllLines")));
        Assert.True(SyntaxText.Mentions(method, new WordList("Console.", "ReadAllLines")));
        Assert.False(SyntaxText.Mentions(method, new WordList("ReadAllText")));
    }

    [Fact]
    public void WordOutsideTheDeclaration_IsNotFound()
    {
        var code = "class C { void M() { } void N() => System.IO.File.ReadAllLines(\"a\"); }";
        var first = CSharpSyntaxTree.ParseText(code).GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().First();

        Assert.False(SyntaxText.Mentions(first, new WordList("ReadAllLines")));
    }

    [Fact]
    public void AnyTreeMentions_AsksEveryTreeOfTheCompilation()
    {
        var withLog = CSharpSyntaxTree.ParseText("class A { void M() => System.IO.File.AppendAllText(\"a\", \"b\"); }");
        var without = CSharpSyntaxTree.ParseText("class B { void N() { } }");
        var words = new WordList("AppendAll");

        Assert.True(SyntaxText.AnyTreeMentions(CSharpCompilation.Create("Both", new[] { without, withLog }), words));
        Assert.False(SyntaxText.AnyTreeMentions(CSharpCompilation.Create("One", new[] { without }), words));
    }

    [Fact]
    public void DeclarationInATreeWithoutTheWord_IsNotFound_AndOneWithIt_Is()
    {
        var tree = CSharpSyntaxTree.ParseText("class C { void M() { } void N() => System.Console.WriteLine(); }");
        var methods = tree.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().ToList();
        var words = new WordList("Console.");

        Assert.True(SyntaxText.Mentions(methods[1], words));
        Assert.False(SyntaxText.Mentions(methods[0], words));
        Assert.False(SyntaxText.Mentions(methods[0], new WordList("AppendAll")));
    }
}
