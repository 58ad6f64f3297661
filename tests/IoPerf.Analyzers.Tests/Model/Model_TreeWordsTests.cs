using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>
/// One pass over a tree's text for every watched list (<see cref="TreeWords"/>) finds exactly the places each list's own
/// search finds (<see cref="SyntaxText.Places"/>): across the edges of the chunks the text is read in, where one list's
/// word begins another's (<c>Read</c>, <c>ReadAll</c>, <c>ReadAllText</c>), and as whole identifiers only where a list
/// asks for them (<c>Thread</c>, <c>SetOutput</c>).
/// </summary>
public sealed class Model_TreeWordsTests
{
    private const string Body = """
        void M(System.IO.Stream s, byte[] b, string p)
        {
            s.Read(b); s.ReadAsync(b); s.ReadAtLeast(b, 1); var t = new System.Threading.Thread(() => { }); // ReadOnly
            var text = System.IO.File.ReadAllText(p); var lines = System.IO.File.ReadAllLines(p); new System.IO.StreamReader(p).ReadToEnd();
            System.IO.Directory.GetFiles(p); System.IO.Directory.GetDirectories(p); System.IO.Directory.GetFileSystemEntries(p);
            System.IO.Path.GetFileName(p); System.IO.File.AppendAllText(p, text); p.IndexOfAny(new[] { 'a' }); System.MemoryExtensions.ContainsAny(p.AsSpan(), 'a', 'b');
            System.Console.SetOut(System.IO.TextWriter.Null); System.Console.SetOutput(); System.Console.WriteLine(p);
            var w = new System.IO.StreamWriter(p); w.AutoFlush = true; var AutoFlushed = false;
            var dirs = new System.IO.DirectoryInfo(p)?.
                GetDirectories(); var all = System.IO.File
                    .ReadAllText(p);
        }
        string[] GetFiles(string p) => ReadAllText(p).Split(); // GetFileSystemEntries
        """;

    /// <summary>
    /// Paddings that move every word of <see cref="Body"/> across the first chunk's edge (4,096 characters), a few
    /// characters at a time, and a few that keep it clear of it.
    /// </summary>
    private static IEnumerable<int> Paddings()
    {
        foreach (var padding in new[] { 0, 1, 100, 8000 })
        {
            yield return padding;
        }

        for (var padding = 4096 - Body.Length - 40; padding <= 4100; padding += 7)
        {
            yield return padding;
        }
    }

    [Fact]
    public void EveryWatchedList_HasThePlacesItsOwnSearchFinds()
    {
        foreach (var padding in Paddings())
        {
            var tree = CSharpSyntaxTree.ParseText($"class C {{ /*{new string('x', padding)}*/ {Body} {Body} }}");
            foreach (var words in WatchedWords.All)
            {
                var expected = SyntaxText.Places(tree.GetText(), words);
                Assert.True(expected.Count > 0, $"padding {padding}: the body names every list's words; a list found nowhere would prove nothing");
                Assert.True(expected.SequenceEqual(TreeWords.Places(tree, words)), $"padding {padding}, list of {words.Words[0]}: {string.Join(", ", expected)} expected, {string.Join(", ", TreeWords.Places(tree, words))} found");
                Assert.True(TreeWords.Mentions(tree, words));
            }
        }
    }

    [Fact]
    public void ATreeWithoutTheWords_OrWithoutText_HasNoPlaces()
    {
        foreach (var source in new[] { "", "class C { void M() { var t = new System.Threading.Thread(() => { }); } }" })
        {
            var tree = CSharpSyntaxTree.ParseText(source);
            foreach (var words in WatchedWords.All)
            {
                Assert.Empty(TreeWords.Places(tree, words));
                Assert.False(TreeWords.Mentions(tree, words));
            }
        }
    }

    [Fact]
    public void AListDeclaredElsewhere_IsSearchedOnItsOwn()
    {
        var tree = CSharpSyntaxTree.ParseText("class C { void M() { System.IO.File.Delete(\"a\"); } }");

        Assert.Equal(new[] { 36 }, TreeWords.Places(tree, new WordList("Delete")));
        Assert.False(TreeWords.Mentions(tree, new WordList("Exists")));
    }
}
