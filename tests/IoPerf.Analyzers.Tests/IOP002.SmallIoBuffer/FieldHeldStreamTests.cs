using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.AnalyzerVerifier<IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 on a stream kept in a private field that is set once - by its initializer or by one assignment - and read in a
/// loop by another method of the type: as knowable as a local. A field that is set twice, or that is not private, is not.
/// </summary>
public sealed class FieldHeldStreamTests
{
    private const string ReadLoop = """
            public long Count()
            {
                long total = 0;
                while (_file.ReadByte() >= 0)
                {
                    total++;
                }

                return total;
            }
        """;

    [Fact]
    public Task FieldInitializer_ReadInALoopElsewhere_IsReported() => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;

        public class Data
        {
            private readonly FileStream _file = new FileStream("data.bin", FileMode.Open, FileAccess.Read, FileShare.Read, {|IOP002:4096|});

        {{ReadLoop}}
        }
        """);

    [Fact]
    public Task AssignedOnceInTheConstructor_ReadInALoopElsewhere_IsReported() => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;

        public class Data
        {
            private readonly FileStream _file;

            public Data(string path) => _file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, {|IOP002:4096|});

        {{ReadLoop}}
        }
        """);

    [Theory]
    [InlineData("public readonly FileStream _file = new FileStream(\"data.bin\", FileMode.Open, FileAccess.Read, FileShare.Read, 4096);")]
    [InlineData("private FileStream _file = new FileStream(\"data.bin\", FileMode.Open, FileAccess.Read, FileShare.Read, 4096); public void Reopen(string p) => _file = File.OpenRead(p);")]
    public Task VisibleOrReassignedField_NoDiagnostic(string field) => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;

        public class Data
        {
            {{field}}

        {{ReadLoop}}
        }
        """);

    /// <summary>
    /// A stream opened with <c>FileOptions.RandomAccess</c> declares that the code seeks between reads (MSBuildStructuredLog's
    /// string page file: seek, read one string, seek back): a bigger buffer would read more bytes per seek that nobody uses.
    /// Other options (<c>SequentialScan</c>) leave the buffer reported.
    /// </summary>
    [Theory]
    [InlineData("new FileStream(\"data.bin\", FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.RandomAccess)")]
    [InlineData("new FileStream(\"data.bin\", FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 4096, FileOptions.RandomAccess | FileOptions.DeleteOnClose)")]
    [InlineData("new FileStream(\"data.bin\", FileMode.Open, FileAccess.Read, FileShare.Read, {|IOP002:4096|}, FileOptions.SequentialScan)")]
    public Task OnlyRandomAccess_SilencesTheBuffer(string opening) => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;

        public class Data
        {
            private readonly FileStream _file = {{opening}};

        {{ReadLoop}}
        }
        """);
}
