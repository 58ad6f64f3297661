using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
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
    /// A member list's name counts only after a dot, with white space between (<see cref="WordList.OfMembers"/>): the
    /// declaration of a method of the same name does not count, and the dot is found where the white space runs back
    /// across a chunk's edge (the places searched put the called name from 40 characters before the second chunk's
    /// start, which its repeated part puts at 4,087, to 40 after, the 30 spaces before it straddling the edge).
    /// </summary>
    [Fact]
    public void AMembersName_CountsOnlyAfterADot_AcrossAChunkEdge()
    {
        static string Code(int padding) =>
            $"class C {{ /*{new string('x', padding)}*/ string[] GetFiles(string p) => System.IO.Directory.{new string(' ', 30)}GetFiles(p); }}";
        var members = WordList.OfMembers(new[] { "GetFile" }, "GetFiles");
        var atNoPadding = Code(0).LastIndexOf("GetFiles", StringComparison.Ordinal);

        for (var called = 4087 - 40; called <= 4087 + 40; called++)
        {
            var code = Code(called - atNoPadding);
            Assert.Equal(called, code.LastIndexOf("GetFiles", StringComparison.Ordinal));
            Assert.Equal(new[] { called }, SyntaxText.Places(SourceText.From(code), members));
        }

        Assert.Empty(SyntaxText.Places(SourceText.From("GetFiles(p); class C { IEnumerable<string>\nGetFiles() => null; }"), members));
        Assert.Equal(new[] { 9 }, SyntaxText.Places(SourceText.From("info?.\r\n\tGetFiles()"), members));
        Assert.Equal(new[] { 11 }, SyntaxText.Places(SourceText.From("Directory.@GetFiles(p)"), members));
    }

    /// <summary>
    /// Padding that puts the word across the first chunk's edge (the method starts at 10, the word at padding + 41, the
    /// first chunk ends at 4,106), across the second's (8,191), and clear of both; 4050 puts it across the edge of the
    /// whole tree's first chunk (4,096), which <see cref="SyntaxText.Places"/> searches; 4045-4047 put it inside the
    /// part the next chunk repeats, where it must still be counted once.
    /// </summary>
    [Theory]
    [InlineData(4045)]
    [InlineData(4047)]
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
        Assert.Equal(new[] { padding + 41 }, SyntaxText.Places(method.SyntaxTree.GetText(), new WordList("ReadAllLines")));
        Assert.Equal(new[] { padding + 41 }, SyntaxText.Places(method.SyntaxTree.GetText(), WordList.OfIdentifiers("ReadAllLines")));
        Assert.Equal(new[] { padding + 41 }, SyntaxText.Places(method.SyntaxTree.GetText(), WordList.Through(new[] { "ReadAll" }, "ReadAllText", "ReadAllLines")));
        Assert.True(SyntaxText.Mentions(method, WordList.Through(new[] { "Read" }, "ReadAllLines")));
        Assert.False(SyntaxText.Mentions(method, WordList.Through(new[] { "ReadAll" }, "ReadAllText")));
        Assert.False(SyntaxText.Mentions(method, WordList.OfIdentifiers("ReadAll", "ReadAllLine")));
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
    public void Places_AreEveryStartOfEveryWord_InOrder()
    {
        var text = Microsoft.CodeAnalysis.Text.SourceText.From("Read ReadAll x.Read(b); ReadAll");

        Assert.Equal(new[] { 0, 5, 15, 24 }, SyntaxText.Places(text, new WordList("ReadAll", "Read")).Distinct());
        Assert.Equal(new[] { 5, 24 }, SyntaxText.Places(text, new WordList("ReadAll")));
        Assert.Empty(SyntaxText.Places(text, new WordList("Write")));
    }

    [Theory]
    [InlineData("s.Read(buffer)", true)]
    [InlineData("Read", true)]
    [InlineData("@Read(b)", true)]
    [InlineData("s.Read (b)", true)]
    [InlineData("s.ReadAsync(b)", false)] // another word of its own list
    [InlineData("IReadOnlyList<int> x; bool ReadOnly;", false)]
    [InlineData("_Read(); Read2(); ReadByte();", false)]
    public void WholeIdentifiers_AreFound_AndLongerNamesAreNot(string code, bool found)
    {
        var text = Microsoft.CodeAnalysis.Text.SourceText.From(code);
        var method = CSharpSyntaxTree.ParseText($"class C {{ void M() {{ {code} }} }}").GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().Single();

        Assert.Equal(found, SyntaxText.Places(text, WordList.OfIdentifiers("Read")).Count > 0);
        Assert.Equal(found, SyntaxText.Mentions(method, WordList.OfIdentifiers("Read")));
        Assert.True(SyntaxText.Mentions(method, new WordList("Read")));
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
