using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues;
using IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP004.IndexOfAnyWithManyValues.IndexOfAnyWithManyValuesAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP004.IndexOfAnyWithManyValues.IndexOfAnyWithManyValuesFix>;

namespace IoPerf.Analyzers.Tests.IOP004.IndexOfAnyWithManyValues;

public sealed class IndexOfAnyWithManyValuesTests
{
    /// <summary>A class around <paramref name="members"/>; <paramref name="buffers"/> adds <c>using System.Buffers;</c> where the fix puts it.</summary>
    internal static string InClass(string members, bool buffers = false, string declaration = "class C") => $$"""
        using System;{{(buffers ? "\nusing System.Buffers;" : "")}}
        using System.IO;
        using System.Linq;

        {{declaration}}
        {
        {{members}}
        }
        """;

    private const bool Buffers = true;

    // ---- What CA1870 skips: start/count overloads ------------------------------------------------------------------

    [Fact]
    public Task StartOverload_StaticReadonlyArrayFromToCharArray() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int Count(string line)
            {
                int fields = 0, start = 0, end;
                while ((end = line.IndexOfAny({|IOP004:Separators|}, start)) >= 0)
                {
                    fields++;
                    start = end + 1;
                }

                return fields;
            }
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.!?");

            int Count(string line)
            {
                int fields = 0, start = 0, end;
                while ((end = IndexOfAnyFrom(line, start, s_separators)) >= 0)
                {
                    fields++;
                    start = end + 1;
                }

                return fields;
            }

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    /// <summary>
    /// The start-index rewrite returns what <c>string.IndexOfAny(values, start[, count])</c> returns - the index, -1, or
    /// the same exception - for every start and count over empty, short and longer strings: the fixed code is compiled
    /// and run against the original call.
    /// </summary>
    [Fact]
    public async Task StartIndexRewrite_BehavesAsTheOriginalForEveryStartAndCount()
    {
        const string source = """
            public static class Searches
            {
                private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

                public static int From(string text, int start) => text.IndexOfAny(Separators, start);

                public static int Within(string text, int start, int count) => text.IndexOfAny(Separators, start, count);
            }
            """;
        var fixedSource = await Robustness.ApplyFixesAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source);
        Assert.Contains("IndexOfAnyFrom(text, start, count, s_separators)", fixedSource);

        var compilation = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create(
            "Fixed",
            new[] { Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(fixedSource) },
            TestFrameworkReferences.Get(TestFramework.Net100),
            new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));
        var searches = System.Reflection.Assembly.Load(image.ToArray()).GetType("Searches")!;
        var from = searches.GetMethod("From")!.CreateDelegate<Func<string, int, int>>();
        var within = searches.GetMethod("Within")!.CreateDelegate<Func<string, int, int, int>>();

        var separators = " \t,;:.!?".ToCharArray();
        foreach (var text in new[] { "", "a", ";", "abc", "ab;cd", "no separators here", "  lead and trail  " })
        {
            for (var start = -1; start <= text.Length + 1; start++)
            {
                Assert.Equal(Outcome(() => text.IndexOfAny(separators, start)), Outcome(() => from(text, start)));
                for (var count = -1; count <= text.Length + 1; count++)
                {
                    Assert.Equal(Outcome(() => text.IndexOfAny(separators, start, count)), Outcome(() => within(text, start, count)));
                }
            }
        }

        static string Outcome(Func<int> search)
        {
            try
            {
                return search().ToString(System.Globalization.CultureInfo.InvariantCulture);
            }
            catch (ArgumentOutOfRangeException)
            {
                return "out of range";
            }
        }
    }

    // ---- Found in review: shapes where the fix's output must still compile --------------------------------------------

    [Theory]
    [InlineData("nested calls", """
        class C
        {
            private static readonly char[] Seps = " \t,;:.!?".ToCharArray();
            int F(string s) => s.Substring(s.IndexOfAny(Seps, 1)).IndexOfAny(Seps, 2);
        }
        """, "")]
    [InlineData("a cref names the array", """
        class C
        {
            private static readonly char[] Seps = " \t,;:.!?".ToCharArray();

            /// <summary>Searches for <see cref="Seps"/>.</summary>
            int F(string s) => s.IndexOfAny(Seps, 1);
        }
        """, "char[] Seps")]
    [InlineData("two parts of a partial type in one file", """
        partial class C
        {
            int F(string s) => s.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h' }, 1);
        }

        partial class C
        {
            int G(string s) => s.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h' }, 2);
        }
        """, "")]
    [InlineData("a method whose name starts like the helper's", """
        using System;
        using System.Buffers;
        class C
        {
            private static readonly char[] Seps = " \t,;:.!?".ToCharArray();
            int F(string s) => s.IndexOfAny(Seps, 1);
            private static int IndexOfAnyFromEnd(string text, int start, SearchValues<char> values) => text.AsSpan(0, start).LastIndexOfAny(values);
        }
        """, "IndexOfAnyFrom(s, 1, s_seps)")]
    [InlineData("a local named like the helper", """
        class C
        {
            private static readonly char[] Seps = " \t,;:.!?".ToCharArray();
            int G(string s) { int IndexOfAnyFrom = 0; return s.IndexOfAny(Seps, IndexOfAnyFrom); }
        }
        """, "IndexOfAnyFrom1(s, IndexOfAnyFrom, s_seps)")]
    public async Task FixOutputCompiles(string shape, string source, string expectedInOutput)
    {
        var fixedSource = await Robustness.ApplyFixesAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source);
        var compilation = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create(
            "Fixed",
            new[] { Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(fixedSource, new Microsoft.CodeAnalysis.CSharp.CSharpParseOptions(Microsoft.CodeAnalysis.CSharp.LanguageVersion.Latest, Microsoft.CodeAnalysis.DocumentationMode.Diagnose)) },
            TestFrameworkReferences.Get(TestFramework.Net100),
            new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error || d.Id == "CS1574").ToList();
        Assert.True(errors.Count == 0, $"{shape}:\n{fixedSource}\n{string.Join("\n", errors)}");
        Assert.Contains(expectedInOutput, fixedSource);
    }

    [Fact]
    public Task InInterface_NoFix()
    {
        const string source = """
            interface I
            {
                static int F(string s) => s.IndexOfAny({|IOP004:new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h' }|}, 1);
            }
            """;
        return Verify.VerifyCodeFixAsync(source, source, TestFramework.Net100);
    }

    [Theory]
    [InlineData("int F(string s) { return s.IndexOfAny(Seps, 1); }")]
    [InlineData("int F(string s) { var n = 0; while (s.IndexOfAny(Seps, n) >= 0) { n = s.IndexOfAny(Seps, n) + 1; } return n; }")]
    public async Task MultiTargeted_StatementSharingALine_NoFix(string member)
    {
        var source = "class C\n{\n    private static readonly char[] Seps = \" \\t,;:.!?\".ToCharArray();\n\n    " + member + "\n}\n";
        var (document, diagnostic) = await MultiTargetedAsync(source, new[] { TestFramework.Net80, TestFramework.NetStandard20 }, targetSymbols: true);

        Assert.Empty(await AnalyzerCatalog.GetActionsAsync(new IndexOfAnyWithManyValuesFix(), document, diagnostic));
    }

    [Fact]
    public async Task MultiTargeted_CommentsDocsAndRegionsAbove_StayAboveTheIf()
    {
        var fixedText = await FixAllMultiTargetedAsync("""
            class C
            {
                private static readonly char[] Seps = " \t,;:.!?".ToCharArray();

                /// <summary>Finds a separator.</summary>
                public int F(string s)
                {
                    // find it
                    #region search
                    var i = s.IndexOfAny(Seps, 1);
                    #endregion
                    return i;
                }
            }
            """);

        Assert.Contains("        // find it\n        #region search\n#if NET8_0_OR_GREATER\n", fixedText.Replace("\r\n", "\n"));
        Assert.Contains("    /// <summary>Finds a separator.</summary>\n    public int F(string s)", fixedText.Replace("\r\n", "\n"));
    }

    // ---- The array the fix replaced: removed when nothing else can read it ----------------------------------------------

    [Fact]
    public Task ReplacedArray_NamedInAnInactiveIfBranch_IsKept() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string text) => text.IndexOfAny({|IOP004:Separators|}, 1);
        #if NETFRAMEWORK
            int Old(string text) => text.IndexOfAny(Separators);
        #endif
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.!?");
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string text) => IndexOfAnyFrom(text, 1, s_separators);

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        #if NETFRAMEWORK
            int Old(string text) => text.IndexOfAny(Separators);
        #endif
        """, Buffers));

    [Fact]
    public Task ReplacedArray_DeclaredWithAnotherField_IsKept() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray(), Other = new char[0];

            int M(string text) => text.IndexOfAny({|IOP004:Separators|}, 1) + Other.Length;
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.!?");
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray(), Other = new char[0];

            int M(string text) => IndexOfAnyFrom(text, 1, s_separators) + Other.Length;

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task ReplacedArray_ReadByAnotherCallThatStays_IsKept_AndAnExistingHelperIsReused() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string text) => text.IndexOfAny({|IOP004:Separators|}, 1);

            int Count() => Separators.Length;

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.!?");
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string text) => IndexOfAnyFrom(text, 1, s_separators);

            int Count() => Separators.Length;

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task StartHelperName_TakenByAnotherMember_GetsASuffix() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string text) => text.IndexOfAny({|IOP004:Separators|}, 1);

            int IndexOfAnyFrom(int x) => x;
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.!?");

            int M(string text) => IndexOfAnyFrom1(text, 1, s_separators);

            int IndexOfAnyFrom(int x) => x;

            private static int IndexOfAnyFrom1(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task StartAndCountOverload_OffsetIsAddedBack() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const string Punctuation = ".,;:!?";

            int Find(string text, int from, int length) => text.IndexOfAny({|IOP004:Punctuation.ToCharArray()|}, from + 1, length);
        """),
        InClass("""
            private static readonly SearchValues<char> s_punctuation = SearchValues.Create(".,;:!?");

            int Find(string text, int from, int length) => IndexOfAnyFrom(text, from + 1, length, s_punctuation);

            private static int IndexOfAnyFrom(string text, int start, int count, SearchValues<char> values)
            {
                var index = text.AsSpan(start, count).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task StartOverload_InsideAnExpression_IsParenthesized() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = { ' ', '\t', ',', ';', ':', '.' };
            private static readonly char[] Other = Separators;

            bool Has(string text, int i) => text.IndexOfAny({|IOP004:Separators|}, i) > 0 && i > 1;
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" \t,;:.");
            private static readonly char[] Separators = { ' ', '\t', ',', ';', ':', '.' };
            private static readonly char[] Other = Separators;

            bool Has(string text, int i) => IndexOfAnyFrom(text, i, s_separators) > 0 && i > 1;

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task StartWithSideEffects_IsReportedWithoutFix()
    {
        var source = InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int Next(string text, ref int i) => text.IndexOfAny({|IOP004:Separators|}, i++);
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task LastIndexOfAnyWithStart_IsReportedWithoutFix()
    {
        // string.LastIndexOfAny returns -1 on an empty string for any start index, where a span slice would throw.
        var source = InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int Last(string text) => text.LastIndexOfAny({|IOP004:Separators|}, text.Length - 1);
        """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    // ---- What CA1870 skips: ?. calls, fields it does not follow, non-literal constants -------------------------------

    [Fact]
    public Task ConditionalAccess_BecomesNullCheck() => Verify.VerifyCodeFixAsync(
        InClass("""
            int? M(string? text)
            {
                var found = text?.IndexOfAny({|IOP004:new[] { 'a', 'e', 'i', 'o', 'u', 'y' }|});
                return found;
            }
        """),
        InClass("""
            private static readonly SearchValues<char> s_searchValues = SearchValues.Create("aeiouy");

            int? M(string? text)
            {
                var found = text is null ? (int?)null : text.AsSpan().IndexOfAny(s_searchValues);
                return found;
            }
        """, Buffers));

    [Fact]
    public Task ConditionalAccess_InComparison_IsParenthesized() => Verify.VerifyCodeFixAsync(
        InClass("""
            bool M(string? text) => text?.IndexOfAny({|IOP004:"aeiouAEIOU".ToCharArray()|}) >= 0;
        """),
        InClass("""
            private static readonly SearchValues<char> s_vowels = SearchValues.Create("aeiouAEIOU");

            bool M(string? text) => (text is null ? (int?)null : text.AsSpan().IndexOfAny(s_vowels)) >= 0;
        """, Buffers));

    [Fact]
    public Task PublicStaticReadonlyString_IsFollowed_StringsCannotChange() => Verify.VerifyCodeFixAsync(
        InClass("""
            public static readonly string Delimiters = " ,;:|\t";

            int M(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:Delimiters|});
        """),
        InClass("""
            private static readonly SearchValues<char> s_delimiters = SearchValues.Create(" ,;:|\t");
            public static readonly string Delimiters = " ,;:|\t";

            int M(ReadOnlySpan<char> span) => span.IndexOfAny(s_delimiters);
        """, Buffers));

    [Fact]
    public Task ArrayMixingLiteralsAndConstants() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const char Quote = '"';
            private const char Apostrophe = '\'';

            bool M(ReadOnlySpan<char> span) => span.ContainsAny({|IOP004:new[] { Quote, Apostrophe, '<', '>', '&', '=' }|});
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create("\"'<>&=");
            private const char Quote = '"';
            private const char Apostrophe = '\'';

            bool M(ReadOnlySpan<char> span) => span.ContainsAny(s_separators);
        """, Buffers));

    [Fact]
    public Task ConcatenatedConstants() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const string Lower = "abcdef";
            private const string Upper = "ABCDEF";

            int M(ReadOnlySpan<char> span) => span.IndexOfAnyExcept({|IOP004:Lower + Upper + "0123456789"|});
        """),
        InClass("""
            private static readonly SearchValues<char> s_hexDigits = SearchValues.Create("abcdefABCDEF0123456789");
            private const string Lower = "abcdef";
            private const string Upper = "ABCDEF";

            int M(ReadOnlySpan<char> span) => span.IndexOfAnyExcept(s_hexDigits);
        """, Buffers));

    [Fact]
    public Task CollectionExpressionWithConstants() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.LastIndexOfAny({|IOP004:[' ', Tab, '\r', '\n', '\v', '\f']|});
        """),
        InClass("""
            private static readonly SearchValues<char> s_whitespace = SearchValues.Create(" \t\r\n\v\f");
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.LastIndexOfAny(s_whitespace);
        """, Buffers));

    [Fact]
    public Task StaticReadonlyStringFromAnotherType() => Verify.VerifyCodeFixAsync(
        """
        using System;

        static class Chars
        {
            internal static readonly string Digits = "0123456789";
        }

        class C
        {
            int M(string text) => text.AsSpan().IndexOfAny({|IOP004:Chars.Digits|});
        }
        """,
        """
        using System;
        using System.Buffers;

        static class Chars
        {
            internal static readonly string Digits = "0123456789";
        }

        class C
        {
            private static readonly SearchValues<char> s_digits = SearchValues.Create("0123456789");

            int M(string text) => text.AsSpan().IndexOfAny(s_digits);
        }
        """);

    [Fact]
    public Task PropertyBuildingAnArrayOnEveryAccess() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static char[] Separators => new[] { ' ', ',', ';', ':', '.', '!', '?' };

            int M(string text) => text.IndexOfAny({|IOP004:Separators|});
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create(" ,;:.!?");

            private static char[] Separators => new[] { ' ', ',', ';', ':', '.', '!', '?' };

            int M(string text) => text.AsSpan().IndexOfAny(s_separators);
        """, Buffers));

    [Fact]
    public Task Bytes_MixedWithConstants_BecomeUtf8Literal() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const byte Cr = 13;
            private const byte Lf = 10;

            int M(ReadOnlySpan<byte> data) => data.IndexOfAny({|IOP004:new byte[] { Cr, Lf, (byte)' ', (byte)',', (byte)';', (byte)'"' }|});
        """),
        InClass("""
            private static readonly SearchValues<byte> s_searchValues = SearchValues.Create("\r\n ,;\""u8);
            private const byte Cr = 13;
            private const byte Lf = 10;

            int M(ReadOnlySpan<byte> data) => data.IndexOfAny(s_searchValues);
        """, Buffers));

    [Fact]
    public Task Bytes_NonAscii_BecomeByteArray() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const byte Nbsp = 0xA0;

            int M(Span<byte> data) => data.IndexOfAny({|IOP004:new byte[] { Nbsp, 0, 1, 2, 3, 4 }|});
        """),
        InClass("""
            private static readonly SearchValues<byte> s_searchValues = SearchValues.Create(new byte[] { 0xA0, 0x00, 0x01, 0x02, 0x03, 0x04 });
            private const byte Nbsp = 0xA0;

            int M(Span<byte> data) => data.IndexOfAny(s_searchValues);
        """, Buffers));

    // Found in the corpus run (duplicati Timeparser): a local array of constants rebuilt on every call, searched from a
    // moving start index.
    [Fact]
    public Task LocalArrayOfConstants_FieldReplacesIt_AndTheDeadLocalIsRemoved() => Verify.VerifyCodeFixAsync(
        InClass("""
            int CountUnits(string text)
            {
                var separators = new char[] { 's', 'm', 'h', 'D', 'W', 'M', 'Y' };
                int count = 0, previous = 0, index;
                while ((index = text.IndexOfAny({|IOP004:separators|}, previous)) > 0)
                {
                    count++;
                    previous = index + 1;
                }

                return count;
            }
        """),
        InClass("""
            private static readonly SearchValues<char> s_separators = SearchValues.Create("smhDWMY");

            int CountUnits(string text)
            {
                int count = 0, previous = 0, index;
                while ((index = IndexOfAnyFrom(text, previous, s_separators)) > 0)
                {
                    count++;
                    previous = index + 1;
                }

                return count;
            }

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task LocalStringUsedTwice_KeepsTheLocalForItsOtherUse() => Verify.VerifyCodeFixAsync(
        InClass("""
            string M(ReadOnlySpan<char> span)
            {
                var delimiters = " ,;:|\t";
                return span.IndexOfAny({|IOP004:delimiters|}) + delimiters;
            }
        """),
        InClass("""
            private static readonly SearchValues<char> s_delimiters = SearchValues.Create(" ,;:|\t");

            string M(ReadOnlySpan<char> span)
            {
                var delimiters = " ,;:|\t";
                return span.IndexOfAny(s_delimiters) + delimiters;
            }
        """, Buffers));

    [Fact]
    public Task UnicodeLineSeparatorsAndControlCharacters_AreEscapedInTheNewLiteral()
    {
        var test = Verify.Create(InClass("""
            private const string Breaks = "\u0085\u2028\u2029\u00A0\0\uFFFF";

            int M(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:Breaks + "x"|});
        """));
        test.FixedCode = InClass("""
            private static readonly SearchValues<char> s_searchValues = SearchValues.Create("\u0085\u2028\u2029\u00A0\0\uFFFFx");
            private const string Breaks = "\u0085\u2028\u2029\u00A0\0\uFFFF";

            int M(ReadOnlySpan<char> span) => span.IndexOfAny(s_searchValues);
        """, Buffers);
        return test.RunAsync();
    }

    // ---- Sets computed at run time -----------------------------------------------------------------------------------

    [Fact]
    public Task RunTimeSet_CachedRightAfterItsField() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] s_invalid = Path.GetInvalidFileNameChars();

            bool IsValid(string name) => name.IndexOfAny({|IOP004:s_invalid|}) < 0;

            int Count() => s_invalid.Length;
        """),
        InClass("""
            private static readonly char[] s_invalid = Path.GetInvalidFileNameChars();
            private static readonly SearchValues<char> s_invalidSearchValues = SearchValues.Create(s_invalid);

            bool IsValid(string name) => name.AsSpan().IndexOfAny(s_invalidSearchValues) < 0;

            int Count() => s_invalid.Length;
        """, Buffers));

    [Fact]
    public Task RunTimeSet_NamedAfterWhatItHolds_WhenTheFieldNameIsTaken() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] InvalidChars = Path.GetInvalidPathChars();
            private static readonly int s_invalidChars = 0;
            private static readonly int s_invalidCharsSearchValues = 0;

            bool IsValid(string path) => path.IndexOfAny({|IOP004:InvalidChars|}) == -1;
        """),
        InClass("""
            private static readonly char[] InvalidChars = Path.GetInvalidPathChars();
            private static readonly SearchValues<char> s_invalidPathChars = SearchValues.Create(InvalidChars);
            private static readonly int s_invalidChars = 0;
            private static readonly int s_invalidCharsSearchValues = 0;

            bool IsValid(string path) => path.AsSpan().IndexOfAny(s_invalidPathChars) == -1;
        """, Buffers));

    [Fact]
    public Task RunTimeString_ConcatenatedFromAPlatformValue() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly string Breaks = Environment.NewLine + "\u2028\u2029";

            int M(string text, int start, int count) => text.IndexOfAny({|IOP004:Breaks.ToCharArray()|}, start, count);
        """),
        InClass("""
            private static readonly string Breaks = Environment.NewLine + "\u2028\u2029";
            private static readonly SearchValues<char> s_breaks = SearchValues.Create(Breaks);

            int M(string text, int start, int count) => IndexOfAnyFrom(text, start, count, s_breaks);

            private static int IndexOfAnyFrom(string text, int start, int count, SearchValues<char> values)
            {
                var index = text.AsSpan(start, count).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    // ---- The fix: reuse, names, Fix All, type shapes -----------------------------------------------------------------

    [Fact]
    public Task ExistingSearchValuesFieldWithTheSameValues_IsReused() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly SearchValues<char> s_punct = SearchValues.Create("?!.,;:");
            private static readonly char[] Punctuation = ".,;:!?".ToCharArray();

            int M(string text, int start) => text.IndexOfAny({|IOP004:Punctuation|}, start);
        """, Buffers),
        InClass("""
            private static readonly SearchValues<char> s_punct = SearchValues.Create("?!.,;:");

            int M(string text, int start) => IndexOfAnyFrom(text, start, s_punct);

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task PartialType_FieldInAnotherFile_IsReused()
    {
        var test = Verify.Create(string.Empty);
        test.TestState.Sources.Clear();
        test.TestState.Sources.Add(("Parser.Fields.cs", """
            using System.Buffers;

            partial class Parser
            {
                private static readonly SearchValues<char> s_breaks = SearchValues.Create(" ,;:.!?");
            }
            """));
        test.TestState.Sources.Add(("Parser.cs", """
            using System;

            partial class Parser
            {
                private static readonly char[] Breaks = "?!.:;, ".ToCharArray();

                int Next(string text, int start) => text.IndexOfAny({|IOP004:Breaks|}, start);
            }
            """));
        test.FixedState.Sources.Add(("Parser.Fields.cs", """
            using System.Buffers;

            partial class Parser
            {
                private static readonly SearchValues<char> s_breaks = SearchValues.Create(" ,;:.!?");
            }
            """));
        test.FixedState.Sources.Add(("Parser.cs", """
            using System;
            using System.Buffers;

            partial class Parser
            {
                private static readonly char[] Breaks = "?!.:;, ".ToCharArray();

                int Next(string text, int start) => IndexOfAnyFrom(text, start, s_breaks);

                private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
                {
                    var index = text.AsSpan(start).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            }
            """));
        return test.RunAsync();
    }

    [Fact]
    public Task NameClashingWithAParameterOrLocal_GetsAnotherName() => Verify.VerifyCodeFixAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string s_separators, int index)
            {
                var s_separatorsSearchValues = 1;
                return s_separators.IndexOfAny({|IOP004:Separators|}, index) + s_separatorsSearchValues;
            }
        """),
        InClass("""
            private static readonly SearchValues<char> s_searchValues = SearchValues.Create(" \t,;:.!?");

            int M(string s_separators, int index)
            {
                var s_separatorsSearchValues = 1;
                return IndexOfAnyFrom(s_separators, index, s_searchValues) + s_separatorsSearchValues;
            }

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers));

    [Fact]
    public Task FixAll_SharesOneFieldPerSet_AndGivesDistinctSetsDistinctNames()
    {
        var test = Verify.Create(InClass("""
            private const string Digits = "0123456789";
            private const char Zero = '0';

            int A(string text, int i) => text.IndexOfAny({|IOP004:Digits.ToCharArray()|}, i);

            int B(string text, int i) => text.IndexOfAny({|IOP004:"9876543210".ToCharArray()|}, i);

            int D(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:new[] { 'x', 'y', 'z', Zero, 'q', 'w' }|}) + span.IndexOfAny({|IOP004:new[] { 'a', 'b', 'c', Zero, 'd', 'g' }|});
        """));
        test.FixedCode = InClass("""
            private static readonly SearchValues<char> s_digits = SearchValues.Create("0123456789");
            private static readonly SearchValues<char> s_searchValues = SearchValues.Create("xyz0qw");
            private static readonly SearchValues<char> s_searchValues2 = SearchValues.Create("abc0dg");
            private const char Zero = '0';

            int A(string text, int i) => IndexOfAnyFrom(text, i, s_digits);

            int B(string text, int i) => IndexOfAnyFrom(text, i, s_digits);

            int D(ReadOnlySpan<char> span) => span.IndexOfAny(s_searchValues) + span.IndexOfAny(s_searchValues2);

            private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
            {
                var index = text.AsSpan(start).IndexOfAny(values);
                return index < 0 ? -1 : index + start;
            }
        """, Buffers);
        return test.RunAsync();
    }

    [Fact]
    public Task NestedStructAndRecord_GetTheirOwnFields() => Verify.VerifyCodeFixAsync(
        """
        using System;

        partial class Outer
        {
            struct S
            {
                int M(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:"abc" + "def"|});
            }

            record R(string Text)
            {
                int M() => Text.IndexOfAny({|IOP004:("abc" + "xyz").ToCharArray()|}, 1);
            }
        }
        """,
        """
        using System;
        using System.Buffers;

        partial class Outer
        {
            struct S
            {
                private static readonly SearchValues<char> s_searchValues = SearchValues.Create("abcdef");

                int M(ReadOnlySpan<char> span) => span.IndexOfAny(s_searchValues);
            }

            record R(string Text)
            {
                private static readonly SearchValues<char> s_searchValues = SearchValues.Create("abcxyz");

                int M() => IndexOfAnyFrom(Text, 1, s_searchValues);

                private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
                {
                    var index = text.AsSpan(start).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            }
        }
        """);

    [Fact]
    public Task StaticClass_AndStaticMethodCallForm() => Verify.VerifyCodeFixAsync(
        """
        using System;

        static class Parser
        {
            public static int M(ReadOnlySpan<char> span) => MemoryExtensions.IndexOfAny(span, {|IOP004:"<>&\"'=" + "/"|});
        }
        """,
        """
        using System;
        using System.Buffers;

        static class Parser
        {
            private static readonly SearchValues<char> s_separators = SearchValues.Create("<>&\"'=/");

            public static int M(ReadOnlySpan<char> span) => MemoryExtensions.IndexOfAny(span, s_separators);
        }
        """);

    [Fact]
    public Task TopLevelStatements_FieldGoesIntoPartialProgram()
    {
        var test = Verify.Create("""
            using System;

            const string Separators = " ,;:.!?";
            var line = Console.ReadLine() ?? "";
            Console.WriteLine(line.IndexOfAny({|IOP004:Separators.ToCharArray()|}, 1));
            """);
        test.TestState.OutputKind = OutputKind.ConsoleApplication;
        test.FixedCode = """
            using System;
            using System.Buffers;

            const string Separators = " ,;:.!?";
            var line = Console.ReadLine() ?? "";
            Console.WriteLine(IndexOfAnyFrom(line, 1, s_separators));

            partial class Program
            {
                private static readonly SearchValues<char> s_separators = SearchValues.Create(" ,;:.!?");

                private static int IndexOfAnyFrom(string text, int start, SearchValues<char> values)
                {
                    var index = text.AsSpan(start).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            }
            """;
        return test.RunAsync();
    }

    [Fact]
    public Task Net100_Works() => Verify.VerifyCodeFixAsync(
        InClass("""
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:[' ', Tab, '\r', '\n', '\v', '\f']|});
        """),
        InClass("""
            private static readonly SearchValues<char> s_whitespace = SearchValues.Create(" \t\r\n\v\f");
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.IndexOfAny(s_whitespace);
        """, Buffers),
        TestFramework.Net100);

    // ---- Multi-targeted projects: one compilation per target, linked documents ------------------------------------

    [Theory]
    [InlineData(new[] { TestFramework.Net80 }, true, 1)]
    [InlineData(new[] { TestFramework.Net80, TestFramework.Net100 }, true, 1)]
    [InlineData(new[] { TestFramework.Net80, TestFramework.NetStandard20 }, true, 1)]
    [InlineData(new[] { TestFramework.Net80, TestFramework.NetStandard20 }, false, 0)]
    public async Task MultiTargeted_FixOfferedWhenTheTargetsCanBeToldApart(TestFramework[] targets, bool targetSymbols, int expectedActions)
    {
        var (document, diagnostic) = await MultiTargetedAsync(MultiTargetSource, targets, targetSymbols);

        var actions = await AnalyzerCatalog.GetActionsAsync(new IndexOfAnyWithManyValuesFix(), document, diagnostic);
        Assert.Equal(expectedActions, actions.Count);
    }

    private const string MultiTargetSource = """
        using System;

        class C
        {
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int Next(string text, int start) => text.IndexOfAny(Separators, start);

            int Count(string line)
            {
                var count = 0;
                var first = line.IndexOfAny(Separators, 1);
                count += first >= 0 ? 1 : 0;
                count += line.IndexOfAny(Separators, 2, 3) >= 0 ? 1 : 0;
                return count;
            }
        }
        """;

    /// <summary>
    /// A library for netstandard2.0 and net8.0: the new code goes under <c>#if NET8_0_OR_GREATER</c>, the old stays
    /// under <c>#else</c>, the fields and helper exist only for .NET 8 (written with their namespace, since
    /// <c>System.Buffers</c> is not a namespace on netstandard2.0), the array stays for the other side; the result
    /// compiles for both targets and neither reports IOP004.
    /// </summary>
    [Fact]
    public async Task MultiTargeted_NewCodeUnderIf_OldCodeUnderElse_CompilesForEveryTarget()
    {
        var fixedText = await FixAllMultiTargetedAsync(MultiTargetSource);

        Assert.Equal("""
            using System;

            class C
            {
            #if NET8_0_OR_GREATER
                private static readonly System.Buffers.SearchValues<char> s_separators = System.Buffers.SearchValues.Create(" \t,;:.!?");
            #endif
                private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            #if NET8_0_OR_GREATER
                int Next(string text, int start) => IndexOfAnyFrom(text, start, s_separators);
            #else
                int Next(string text, int start) => text.IndexOfAny(Separators, start);
            #endif

                int Count(string line)
                {
                    var count = 0;
            #if NET8_0_OR_GREATER
                    var first = IndexOfAnyFrom(line, 1, s_separators);
            #else
                    var first = line.IndexOfAny(Separators, 1);
            #endif
                    count += first >= 0 ? 1 : 0;
            #if NET8_0_OR_GREATER
                    count += IndexOfAnyFrom(line, 2, 3, s_separators) >= 0 ? 1 : 0;
            #else
                    count += line.IndexOfAny(Separators, 2, 3) >= 0 ? 1 : 0;
            #endif
                    return count;
                }

            #if NET8_0_OR_GREATER
                private static int IndexOfAnyFrom(string text, int start, System.Buffers.SearchValues<char> values)
                {
                    var index = text.AsSpan(start).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            #endif

            #if NET8_0_OR_GREATER
                private static int IndexOfAnyFrom(string text, int start, int count, System.Buffers.SearchValues<char> values)
                {
                    var index = text.AsSpan(start, count).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            #endif
            }
            """, fixedText);

    }

    /// <summary>
    /// A call in a loop's condition: only the loop's header is written twice, around the one body; a call in the body is
    /// split on its own, inside it.
    /// </summary>
    [Fact]
    public async Task MultiTargeted_CallInALoopCondition_SplitsTheHeaderOnly()
    {
        const string source = """
            class C
            {
                private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

                int Count(string line)
                {
                    int fields = 0, start = 0, end;
                    while ((end = line.IndexOfAny(Separators, start)) >= 0)
                    {
                        fields += line.IndexOfAny(Separators, end, 1) == end ? 1 : 0;
                        start = end + 1;
                    }

                    return fields;
                }
            }
            """;

        var fixedText = await FixAllMultiTargetedAsync(source);

        Assert.Equal("""
            using System;

            class C
            {
            #if NET8_0_OR_GREATER
                private static readonly System.Buffers.SearchValues<char> s_separators = System.Buffers.SearchValues.Create(" \t,;:.!?");
            #endif
                private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

                int Count(string line)
                {
                    int fields = 0, start = 0, end;
            #if NET8_0_OR_GREATER
                    while ((end = IndexOfAnyFrom(line, start, s_separators)) >= 0)
            #else
                    while ((end = line.IndexOfAny(Separators, start)) >= 0)
            #endif
                    {
            #if NET8_0_OR_GREATER
                        fields += IndexOfAnyFrom(line, end, 1, s_separators) == end ? 1 : 0;
            #else
                        fields += line.IndexOfAny(Separators, end, 1) == end ? 1 : 0;
            #endif
                        start = end + 1;
                    }

                    return fields;
                }

            #if NET8_0_OR_GREATER
                private static int IndexOfAnyFrom(string text, int start, System.Buffers.SearchValues<char> values)
                {
                    var index = text.AsSpan(start).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            #endif

            #if NET8_0_OR_GREATER
                private static int IndexOfAnyFrom(string text, int start, int count, System.Buffers.SearchValues<char> values)
                {
                    var index = text.AsSpan(start, count).IndexOfAny(values);
                    return index < 0 ? -1 : index + start;
                }
            #endif
            }
            """, fixedText);
    }

    /// <summary>
    /// Fix All in a netstandard2.0;net8.0 file, from the net8.0 document; the result must compile for both targets with
    /// no IOP004 left in either.
    /// </summary>
    private static async Task<string> FixAllMultiTargetedAsync(string source)
    {
        TestFramework[] targets = { TestFramework.Net80, TestFramework.NetStandard20 };
        var (document, diagnostic) = await MultiTargetedAsync(source, targets, targetSymbols: true);
        var fix = new IndexOfAnyWithManyValuesFix();
        var action = (await AnalyzerCatalog.GetActionsAsync(fix, document, diagnostic)).Single();
        var compilation = (await document.Project.GetCompilationAsync())!;
        var all = await compilation.WithAnalyzers(System.Collections.Immutable.ImmutableArray.Create<Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer>(new IndexOfAnyWithManyValuesAnalyzer())).GetAnalyzerDiagnosticsAsync();
        var fixAllAction = await fix.GetFixAllProvider()!.GetFixAsync(new Microsoft.CodeAnalysis.CodeFixes.FixAllContext(
            document, fix, Microsoft.CodeAnalysis.CodeFixes.FixAllScope.Document, action.EquivalenceKey!, new[] { "IOP004" },
            new FixedDiagnostics(all), CancellationToken.None));
        var operations = await fixAllAction!.GetOperationsAsync(CancellationToken.None);
        var fixedDocument = operations.OfType<Microsoft.CodeAnalysis.CodeActions.ApplyChangesOperation>().Single().ChangedSolution.GetDocument(document.Id)!;
        var fixedText = (await fixedDocument.GetTextAsync()).ToString();

        foreach (var target in targets)
        {
            var (fixedForTarget, _) = await MultiTargetedAsync(fixedText, new[] { target }, targetSymbols: true, expectDiagnostic: false);
            var fixedCompilation = (await fixedForTarget.Project.GetCompilationAsync())!;
            Assert.Empty(fixedCompilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
            Assert.Empty(await fixedCompilation.WithAnalyzers(System.Collections.Immutable.ImmutableArray.Create<Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer>(new IndexOfAnyWithManyValuesAnalyzer())).GetAnalyzerDiagnosticsAsync());
        }

        return fixedText;
    }

    /// <summary>The first target's document of a multi-targeted project, and its first IOP004 diagnostic.</summary>
    private static async Task<(Document Document, Diagnostic Diagnostic)> MultiTargetedAsync(
        string source, TestFramework[] targets, bool targetSymbols, bool expectDiagnostic = true)
    {
        var document = TestWorkspace.CreateLinkedDocuments(source, targets, targetSymbols);
        Assert.Equal(targets.Length - 1, document.GetLinkedDocumentIds().Length);
        if (!expectDiagnostic)
        {
            return (document, null!);
        }

        var compilation = (await document.Project.GetCompilationAsync())!;
        var diagnostics = await compilation.WithAnalyzers(System.Collections.Immutable.ImmutableArray.Create<Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer>(new IndexOfAnyWithManyValuesAnalyzer()))
            .GetAnalyzerDiagnosticsAsync();
        return (document, diagnostics.OrderBy(d => d.Location.SourceSpan.Start).First());
    }

    private sealed class FixedDiagnostics : Microsoft.CodeAnalysis.CodeFixes.FixAllContext.DiagnosticProvider
    {
        private readonly System.Collections.Immutable.ImmutableArray<Diagnostic> _diagnostics;

        public FixedDiagnostics(System.Collections.Immutable.ImmutableArray<Diagnostic> diagnostics) => _diagnostics = diagnostics;

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) => Task.FromResult<IEnumerable<Diagnostic>>(_diagnostics);

        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken) => Task.FromResult<IEnumerable<Diagnostic>>(_diagnostics);

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) => Task.FromResult<IEnumerable<Diagnostic>>(Array.Empty<Diagnostic>());
    }

    // ---- Options ---------------------------------------------------------------------------------------------------

    [Fact]
    public Task MinValuesOption_LowersTheThreshold()
    {
        var test = Verify.Create(InClass("""
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:[' ', Tab, '\r', '\n']|});
        """)).WithEditorConfig("dotnet_diagnostic.IOP004.min_values = 4");
        test.FixedCode = InClass("""
            private static readonly SearchValues<char> s_whitespace = SearchValues.Create(" \t\r\n");
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.IndexOfAny(s_whitespace);
        """, Buffers);
        return test.RunAsync();
    }

    [Theory]
    [InlineData("dotnet_diagnostic.IOP004.min_values = 10")]
    [InlineData("dotnet_diagnostic.IOP004.severity = none")]
    public Task Options_SilenceTheRule(string line) => Verify.Create(InClass("""
            private const char Tab = '\t';

            int M(ReadOnlySpan<char> span) => span.IndexOfAny([' ', Tab, '\r', '\n', '\v', '\f', '.', ',']);
        """)).WithEditorConfig(line).RunAsync();

    [Theory]
    [InlineData("dotnet_diagnostic.IOP004.min_values = many")]
    [InlineData("dotnet_diagnostic.IOP004.min_values = 0")]
    [InlineData("dotnet_diagnostic.IOP004.min_values = -3")]
    public Task InvalidMinValues_FallsBackToTheDefault(string line) => Verify.Create(InClass("""
            private const char Tab = '\t';

            int Five(ReadOnlySpan<char> span) => span.IndexOfAny([' ', Tab, '\r', '\n', '\v']);

            int Six(ReadOnlySpan<char> span) => span.IndexOfAny({|IOP004:[' ', Tab, '\r', '\n', '\v', '\f']|});
        """)).WithEditorConfig(line).RunAsync();

    // ---- Negatives -------------------------------------------------------------------------------------------------

    [Theory]
    [InlineData("span.IndexOfAny([' ', Tab, '\\r', '\\n', '\\v'])")] // five values: the runtime's dedicated paths
    [InlineData("span.IndexOfAny(Tab + \"abcd\")")]
    [InlineData("span.IndexOfAny(values)")] // a parameter: not known
    [InlineData("span.IndexOfAny(Local())")]
    [InlineData("span.IndexOfAny(PublicArray)")] // other assemblies may write its elements
    [InlineData("span.IndexOfAny(InternalArray)")]
    [InlineData("span.IndexOfAny(WrittenArray)")]
    [InlineData("span.IndexOfAny(SortedArray)")]
    [InlineData("span.IndexOfAny(FilledLater)")]
    [InlineData("span.IndexOfAny(InstanceArray)")]
    [InlineData("WrittenLocal()")]
    [InlineData("ComputedLocal()")]
    [InlineData("text.IndexOfAny(AliasOfPublic)")] // an alias of an array others may write
    [InlineData("text.IndexOfAny(FromLambda)")]
    [InlineData("span.IndexOfAny(InstanceProperty)")]
    [InlineData("span.IndexOf('a')")]
    [InlineData("span.IndexOfAny('a', 'b', 'c')")]
    [InlineData("span.IndexOfAny(s_cached)")] // already a SearchValues
    [InlineData("text.IndexOfAny(Path.GetInvalidFileNameChars())")] // allocated per call: not a cached set to wrap
    [InlineData("text.IndexOf(\"abcdefg\")")]
    [InlineData("text.Split(PrivateArray).Length")]
    [InlineData("new[] { 1, 2, 3, 4, 5, 6, 7 }.AsSpan().IndexOfAny(new[] { 1, 2, 3, 4, 5, 6 })")] // int: no SearchValues<int>
    public Task NotReported(string expression) => Verify.VerifyAnalyzerAsync(InClass($$"""
            private const char Tab = '\t';
            public static readonly char[] PublicArray = "abcdefgh".ToCharArray();
            internal static readonly char[] InternalArray = "abcdefgh".ToCharArray();
            private static readonly char[] PrivateArray = "abcdefgh".ToCharArray();
            private static readonly char[] WrittenArray = "abcdefgh".ToCharArray();
            private static readonly char[] SortedArray = "hgfedcba".ToCharArray();
            private static readonly char[] FilledLater = new char[8];
            private static readonly System.Buffers.SearchValues<char> s_cached = System.Buffers.SearchValues.Create("abcdefgh");
            private readonly char[] InstanceArray = "abcdefgh".ToCharArray();
            private static readonly char[] AliasOfPublic = PublicArray;
            private static readonly char[] FromLambda = new Func<char[]>(() => PublicArray)();
            private char[] InstanceProperty => "abcdefgh".ToCharArray();

            static C()
            {
                WrittenArray[0] = 'z';
                Array.Sort(SortedArray);
                "abcdefgh".CopyTo(0, FilledLater, 0, 8);
            }

            static char[] Local() => new[] { 'a', 'b', 'c', 'd', 'e', 'f' };

            static int WrittenLocal()
            {
                var chars = new[] { 'a', 'b', 'c', 'd', 'e', 'f' };
                chars[0] = 'z';
                return "text".AsSpan().IndexOfAny(chars);
            }

            static int ComputedLocal()
            {
                var chars = Path.GetInvalidFileNameChars();
                return "text".AsSpan().IndexOfAny(chars);
            }

            object M(string text, ReadOnlySpan<char> span, char[] values) => {{expression}};
        """));

    // The writes to a private array are found by searching the type's text for its name (IdentifierSearch): each
    // spelling of a write must still be found, and mentions that are not writes must not hide the set.
    [Theory]
    [InlineData("@Separators[0] = 'z';", false)]
    [InlineData("// Separators[0] = 'z'; in a comment\n        Separators[1] = 'y';", false)]
    [InlineData("\u0053eparators[0] = 'z';", false)]
    [InlineData("Separators . CopyTo(new char[9], 0); Array.Reverse( Separators );", false)]
    [InlineData("var name = \"Separators[0] = 'z'\"; // Separators[0] = 'z'", true)]
    [InlineData("var longer = OtherSeparators[0]; OtherSeparators[0] = 'z';", true)]
    public Task PrivateArrayWrites_FoundHoweverSpelled(string statements, bool reported) => Verify.VerifyAnalyzerAsync(InClass($$"""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();
            private static readonly char[] OtherSeparators = new char[8];

            static void Touch()
            {
                {{statements}}
            }

            int M(string text, int start) => text.IndexOfAny({{(reported ? "{|IOP004:Separators|}" : "Separators")}}, start);
        """));

    // Regression (corpus run, NLog FileTarget and duplicati LocalDatabase/Commands): an array of the two directory
    // separators built at type initialization is a two-value set - nothing for SearchValues to gain - not a
    // "computed at run time" set to cache.
    [Theory]
    [InlineData("new[] { Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar }")]
    [InlineData("[Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar]")]
    [InlineData("new char[] { Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar, Path.VolumeSeparatorChar }")]
    public Task NotReported_ArrayOfRunTimeElements(string initializer) => Verify.VerifyAnalyzerAsync(InClass($$"""
            private static readonly char[] PathSeparators = {{initializer}};

            int LastSeparator(string path) => path.LastIndexOfAny(PathSeparators);

            int FirstSeparator(string path, int start) => path.IndexOfAny(PathSeparators, start);
        """));

    [Fact]
    public Task NotReported_InExpressionTree() => Verify.VerifyAnalyzerAsync(InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            System.Linq.Expressions.Expression<Func<string, int>> E = text => text.IndexOfAny(Separators, 1);
        """));

    [Fact]
    public Task NotReported_InGeneratedCode()
    {
        var test = Verify.Create(string.Empty);
        test.TestState.Sources.Clear();
        test.TestState.Sources.Add(("Generated.g.cs", """
            class G
            {
                static readonly char[] S = " \t,;:.!?".ToCharArray();
                int M(string t) => t.IndexOfAny(S, 1);
            }
            """));
        test.TestState.Sources.Add(("Attributed.cs", """
            [System.CodeDom.Compiler.GeneratedCode("tool", "1.0")]
            class H
            {
                static readonly char[] S = " \t,;:.!?".ToCharArray();
                int M(string t) => t.IndexOfAny(S, 1);
            }
            """));
        return test.RunAsync();
    }

    [Fact]
    public Task NotReported_WithoutSearchValues_NetStandard20() => Verify.VerifyAnalyzerAsync(
        InClass("""
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();

            int M(string text) => text.IndexOfAny(Separators, 1);
        """),
        TestFramework.NetStandard20);

    [Fact]
    public Task NotReported_UserTypeNamedMemoryExtensions() => Verify.VerifyAnalyzerAsync("""
            static class Ext
            {
                public static int IndexOfAny(this string s, string values) => 0;
            }

            class C
            {
                int M(string text) => text.IndexOfAny("abcdefgh");
            }
            """);

    // Found by a 60,000-variant fuzz run: with an unclosed parenthesis the values "argument" is the bare expression,
    // not an ArgumentSyntax, and the fix threw InvalidCastException.
    [Theory]
    [InlineData("public static int M(ReadOnlySpan<char> span) => MemoryExtensions.IndexOfAny(span, (\"<>&\\\"'=\" + \"/\");")]
    [InlineData("public static int M(string text) => text.AsSpan().IndexOfAny((Separators);")]
    public Task UnclosedParenthesisInTheValues_DoesNotThrow(string member) => Robustness.AssertNoExceptionsAsync(
        new IndexOfAnyWithManyValuesAnalyzer(),
        new IndexOfAnyWithManyValuesFix(),
        $$"""
        using System;

        static class Parser
        {
            private static readonly char[] Separators = { ' ', '\t', ',', ';', ':', '.', '!', '?' };

            {{member}}
        }
        """);

    // Found by a 60,000-variant fuzz run (seed 20261128): the call sits in a statement that does not parse, and Roslyn's
    // formatter, cleaning up the fix's output, failed an internal assertion. No fix is offered until the method parses.
    [Fact]
    public async Task CallInAStatementThatDoesNotParse_DoesNotThrow()
    {
        var source = SplitterWith("while [((end = line.IndexOfAny(Separators, start)) >= 0)", "private string[] _lines = Array.Empty<string>();");
        var diagnostics = await Robustness.AssertNoExceptionsAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source);

        Assert.Contains(diagnostics, d => d.Id == "IOP004"); // reported, so the fix was asked
        Assert.Empty(await Robustness.FixTitlesAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source));
    }

    // The look-alike: another member being typed does not hold the fix back (only the member the fix rewrites must parse).
    [Fact]
    public async Task MemberThatDoesNotParseBesideTheCall_TheFixIsStillOffered()
    {
        var source = SplitterWith("while ((end = line.IndexOfAny(Separators, start)) >= 0)", "private string[] _lines = Array.Empty<strin>g>();");
        await Robustness.AssertNoExceptionsAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source);
        Assert.NotEmpty(await Robustness.FixTitlesAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source));
    }

    // A #warning directive is a diagnostic of the tree, not a syntax error: the member still parses.
    [Fact]
    public async Task WarningDirectiveInTheMember_TheFixIsStillOffered()
    {
        var source = SplitterWith("#warning keep the separators in step with the writer\n        while ((end = line.IndexOfAny(Separators, start)) >= 0)", "#warning and here\n    private string[] _lines = Array.Empty<string>();");
        Assert.NotEmpty(await Robustness.FixTitlesAsync(new IndexOfAnyWithManyValuesAnalyzer(), new IndexOfAnyWithManyValuesFix(), source));
    }

    private static string SplitterWith(string loopHeader, string otherMember) => $$"""
        using System;

        public class Splitter
        {
            private static readonly char[] Separators = " \t,;:.!?\"'()[]{}-/".ToCharArray();

            {{otherMember}}

            public int Count(string line)
            {
                int count = 0, start = 0, end;
                {{loopHeader}}
                {
                    count++;
                    start = end + 1;
                }

                return count;
            }
        }
        """;

    // ---- Incomplete code, as typed in the IDE ----------------------------------------------------------------------

    [Theory]
    [InlineData("return text.IndexOfAny(")]
    [InlineData("return text.IndexOfAny(Separators, ")]
    [InlineData("return text.IndexOfAny(Separators, 1")]
    [InlineData("return text?.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' ")]
    [InlineData("return text.AsSpan().IndexOfAny([' ', Tab, '\\r', '\\n', ")]
    [InlineData("return text.AsSpan().IndexOfAny(Missing.Values);")]
    [InlineData("return text.IndexOfAny(Separators, 1, );")]
    [InlineData("return text.IndexOfAny(Separators, Unknown);")]
    public Task IncompleteCode_DoesNotThrow(string statement) => Robustness.AssertNoExceptionsAsync(
        new IndexOfAnyWithManyValuesAnalyzer(),
        new IndexOfAnyWithManyValuesFix(),
        InClass($$"""
            private const char Tab = '\t';
            private static readonly char[] Separators = " \t,;:.!?".ToCharArray();
            private static readonly char[] Broken = Missing(

            int M(string text)
            {
                {{statement}}
            }
        """));
}
