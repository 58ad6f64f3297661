using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 across types: a buffer size chosen in one type and used in another is most often a <c>const</c> (followed
/// before), but also a <c>static readonly</c> field or a static property that returns a literal (docs/quality.md: 15 of
/// IOP002's held-out occurrences chose the size in one type and used it in another). Those cannot change at run time
/// either, and are reported - without a fix, as the declaration may serve other uses.
/// </summary>
public sealed class IOP002_SizesFromOtherTypesTests
{
    private static string Read(string sizes, string size) => $$"""
        using System.IO;

        {{sizes}}

        public class Reader
        {
            public long Sum(string path)
            {
                using var stream = File.OpenRead(path);
                var buffer = new byte[{{size}}];
                long total = 0;
                int n;
                while ((n = stream.Read({|IOP002:buffer|}, 0, buffer.Length)) > 0)
                {
                    total += n;
                }

                return total;
            }
        }
        """;

    [Theory]
    [InlineData("public static class Sizes { public static readonly int Small = 4096; }", "Sizes.Small")]
    [InlineData("public static class Sizes { public static int Small => 4096; }", "Sizes.Small")]
    [InlineData("public static class Sizes { public static int Small { get; } = 4096; }", "Sizes.Small")]
    public Task StaticValueThatCannotChange_IsReportedWithoutAFix(string sizes, string size)
    {
        var source = Read(sizes, size);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Theory]
    [InlineData("public static class Sizes { public static readonly int Small = 4096; static Sizes() { Small = 1 << 20; } }")] // set again in the static constructor
    [InlineData("public static class Sizes { public static readonly int Small = 4096; static Sizes() { int.TryParse(System.Environment.GetEnvironmentVariable(\"B\"), out Small); } }")] // set by out
    [InlineData("public static class Sizes { public static int Small { get; set; } = 4096; }")]                                // a setter: may change
    [InlineData("public static class Sizes { public static readonly int Small = System.Environment.ProcessorCount * 1024; }")]  // computed at run time
    [InlineData("public class Sizes { public virtual int Small => 4096; } ")]                                                      // not static
    [InlineData("public static class Sizes { public static readonly int Small = 1 << 20; }")]                                     // large enough (not a literal: not known either)
    public Task ValueThatMayChangeOrIsNotALiteral_NoDiagnostic(string sizes)
    {
        var size = sizes.Contains("virtual", System.StringComparison.Ordinal) ? "new Sizes().Small" : "Sizes.Small";
        return Verify.VerifyAnalyzerAsync(Read(sizes, size).Replace("{|IOP002:buffer|}", "buffer", System.StringComparison.Ordinal));
    }

    [Fact]
    public Task LargeStaticReadonlySize_NoDiagnostic() => Verify.VerifyAnalyzerAsync(
        Read("public static class Sizes { public static readonly int Large = 81920; }", "Sizes.Large").Replace("{|IOP002:buffer|}", "buffer", System.StringComparison.Ordinal));
}
