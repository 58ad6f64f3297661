using System.Collections.Immutable;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// Every word list a whole compilation's text is searched for: the rules' gates (<see cref="CompilationText"/>) and the
/// names of the methods a summary may be made for (<see cref="DeclaredNames"/>). They are declared together so that a
/// tree's text is read once for all of them (<see cref="TreeWords"/>): each list searched on its own meant one more
/// pass over the compilation's text per list, and bringing the text into the processor's cache, not comparing it, was
/// most of a search's cost (a profile on sharpcompress: 31 of 41 ms copying the text, 9 in <c>IndexOf</c>).
/// The search reads text, not tokens: a name spelled with a Unicode escape (<c>Auto\u0046lush</c>) is not found, so a
/// rule gated on it stays silent there, and so does a member list's name with a comment or a preprocessor line between
/// it and its dot (<c>Directory./* all */GetFiles</c>). Accepted for every list: none of sixteen checkouts run here has
/// such an escape outside a string or a comment, nor such a gap before a watched member's name (grep), and reading
/// identifiers instead would cost a token walk of every tree.
/// </summary>
internal static class WatchedWords
{
    /// <summary>IOP003's reads (<c>ReadAllLines</c>, <c>ReadAllText</c>, <c>ReadToEnd</c>).</summary>
    public static readonly WordList LineReads = new("ReadAll", "ReadToEnd");

    /// <summary>IOP009's read (<c>File.ReadAllText</c> and its async form), anywhere: called bare under <c>using static</c>.</summary>
    public static readonly WordList TextReads = new("ReadAllText");

    /// <summary>
    /// IOP009's read called as a member (<c>File.ReadAllText</c>): its gate (<see cref="CompilationText.MayCall"/>).
    /// Searched through <c>ReadAll</c>, which <see cref="LineReads"/> searches too.
    /// </summary>
    public static readonly WordList TextReadCalls = WordList.OfMembers(new[] { "ReadAll" }, "ReadAllText");

    /// <summary>IOP007's array-returning listings, anywhere: called bare under <c>using static</c>.</summary>
    public static readonly WordList Listings = new("GetFiles", "GetDirectories", "GetFileSystem");

    /// <summary>
    /// IOP007's listings called as members (<c>Directory.GetFiles</c>, <c>info.GetDirectories()</c>): its gate
    /// (<see cref="CompilationText.MayCall"/>). Searched through <see cref="ReturnedReads"/>' beginnings, so the
    /// shared search looks for nothing more.
    /// </summary>
    public static readonly WordList ListingCalls = WordList.OfMembers(new[] { "GetFile", "GetDirectories" }, "GetFiles", "GetDirectories", "GetFileSystem");

    /// <summary>
    /// IOP008's four appends, and the methods that make them (<see cref="AppendingMethods"/>): one word, not both names;
    /// the token walk in the summary's first look tells them apart.
    /// </summary>
    public static readonly WordList Appends = new("AppendAll");

    /// <summary>IOP004's searches.</summary>
    public static readonly WordList Searches = new("IndexOfAny", "ContainsAny");

    /// <summary>
    /// <c>Console.SetOut</c>: a program that redirects Console.Out (to a log file, to capture output) would lose the
    /// loop's text to IOP006's console fix, whose writer goes to the standard output itself. A whole identifier (a
    /// comment counts; <c>SetOutStream</c> does not).
    /// </summary>
    public static readonly WordList ConsoleRedirects = WordList.OfIdentifiers("SetOut");

    /// <summary>
    /// The reads a method may hand back (<see cref="ReturnedReads"/>), searched through three shorter beginnings: most
    /// text names none of them, and <c>GetFile</c> alone is also in <c>GetFileName</c>, in most files of a project.
    /// </summary>
    public static readonly WordList ReturnedReads = WordList.Through(
        new[] { "ReadAll", "GetFile", "GetDirectories" },
        "ReadAllLines", "ReadAllText", "GetFiles", "GetDirectories", "GetFileSystemEntries", "GetFileSystemInfos");

    /// <summary>What a method that writes to the console names (IOP006's <c>ConsoleWritingMethods</c>).</summary>
    public static readonly WordList ConsoleWrites = new("Console.");

    /// <summary>
    /// The stream reads a chunk reader makes (IOP002's <c>FileChunkReaders</c>), as whole identifiers: <c>Read</c> is in
    /// most files as part of another name.
    /// </summary>
    public static readonly WordList StreamReads = WordList.OfIdentifiers("Read", "ReadAsync", "ReadAtLeast", "ReadAtLeastAsync");

    /// <summary>
    /// <c>writer.AutoFlush = true;</c> (IOP006), as a whole identifier: a compilation that never names it registers no
    /// callback for its assignments, of which there are as many as calls.
    /// </summary>
    public static readonly WordList AutoFlushes = WordList.OfIdentifiers("AutoFlush");

    /// <summary>All of the above, in the order <see cref="TreeWords"/> keeps their places.</summary>
    public static readonly ImmutableArray<WordList> All = ImmutableArray.Create(
        LineReads, TextReads, TextReadCalls, Listings, ListingCalls, Appends, Searches, ConsoleRedirects, ReturnedReads, ConsoleWrites, StreamReads, AutoFlushes);

    /// <summary>Where <paramref name="words"/> is in <see cref="All"/>; -1 for a list declared elsewhere (tests).</summary>
    public static int IndexOf(WordList words)
    {
        for (var i = 0; i < All.Length; i++)
        {
            if (ReferenceEquals(All[i], words))
            {
                return i;
            }
        }

        return -1;
    }
}
