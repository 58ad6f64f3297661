using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP001.AsyncFileUsedSynchronously.AsyncFileUsedSynchronouslyAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP001.AsyncFileUsedSynchronously.AsyncFileUsedSynchronouslyFix>;

namespace IoPerf.Analyzers.Tests.IOP001.AsyncFileUsedSynchronously;

/// <summary>
/// IOP001 follows an asynchronously opened file into lambdas of the same method and through a reader's or writer's
/// BaseStream: a synchronous call there is as synchronous as one in the method body. An asynchronous use anywhere, or
/// the BaseStream handed to other code, still keeps it silent.
/// </summary>
public sealed class LambdaAndBaseStreamTests
{
    private static string InClass(string body) => $$"""
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Threading.Tasks;

        public class Files
        {
            public void Copy(string path, List<string> lines, byte[] header)
            {
        {{body}}
            }

            private static void Inspect(Stream stream) { }
        }
        """;

    [Fact]
    public Task SynchronousWriteInsideALambda_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
                using var writer = new StreamWriter(new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 4096, {|IOP001:useAsync: true|}));
                lines.ForEach(line => writer.WriteLine(line));
        """));

    [Fact]
    public Task SynchronousReadThroughBaseStream_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
                using var reader = new StreamReader(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, {|IOP001:FileOptions.Asynchronous|}));
                reader.BaseStream.Read(header, 0, header.Length);
                reader.BaseStream.Position = 0;
                Console.WriteLine(reader.ReadToEnd());
        """));

    [Theory]
    [InlineData("using var reader = new StreamReader(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, true)); Inspect(reader.BaseStream); Console.WriteLine(reader.ReadToEnd());")]
    [InlineData("using var writer = new StreamWriter(new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 4096, true)); lines.ForEach(async line => await writer.WriteLineAsync(line)); writer.WriteLine();")]
    [InlineData("using var reader = new StreamReader(new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, true)); reader.BaseStream.ReadAsync(header, 0, header.Length).Wait(); Console.WriteLine(reader.ReadLine());")]
    public Task AsyncUseOrBaseStreamHandedOn_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync(InClass(body));
}
