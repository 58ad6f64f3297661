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
    /// first chunk ends at 4,106), across the second's (8,191), and clear of both.
    /// </summary>
    [Theory]
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

        Assert.True(SyntaxText.Mentions(method, "ReadAllLines"));
        Assert.True(SyntaxText.Mentions(method, "Console.", "ReadAllLines"));
        Assert.False(SyntaxText.Mentions(method, "ReadAllText"));
    }

    [Fact]
    public void WordOutsideTheDeclaration_IsNotFound()
    {
        var code = "class C { void M() { } void N() => System.IO.File.ReadAllLines(\"a\"); }";
        var first = CSharpSyntaxTree.ParseText(code).GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().First();

        Assert.False(SyntaxText.Mentions(first, "ReadAllLines"));
    }
}
