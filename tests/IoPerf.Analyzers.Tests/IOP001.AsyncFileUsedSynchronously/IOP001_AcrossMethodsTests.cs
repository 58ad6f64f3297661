using IoPerf.Analyzers.CodeFixes;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP001.AsyncFileUsedSynchronously.AsyncFileUsedSynchronouslyAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP001.AsyncFileUsedSynchronously.AsyncFileUsedSynchronouslyFix>;

namespace IoPerf.Analyzers.Tests.IOP001.AsyncFileUsedSynchronously;

/// <summary>
/// IOP001 across methods: a factory method of the compilation that opens a file for asynchronous I/O and returns it,
/// whose every caller (all in sight: private or internal) reads or writes it synchronously. Reported on the flag,
/// naming the method; the fix opens the file synchronously in the factory.
/// </summary>
public sealed class IOP001_AcrossMethodsTests
{
    private static string Code(string factory, string callers) => $$"""
        using System;
        using System.IO;
        using System.Threading.Tasks;

        public class Store
        {
        {{factory}}

        {{callers}}
        }
        """;

    private const string SyncCallers = """
            public long Sum(string path)
            {
                using var stream = Open(path);
                var buffer = new byte[65536];
                long total = 0;
                int n;
                while ((n = stream.Read(buffer, 0, buffer.Length)) > 0) total += n;
                return total;
            }

            public string Text(string path)
            {
                using var reader = new StreamReader(Open(path));
                return reader.ReadToEnd();
            }
        """;

    [Fact]
    public Task FactoryReturnsAnAsyncFile_EveryCallerReadsSynchronously_FixOpensItSynchronously()
    {
        var test = Verify.CreateAcrossMethods(Code(
            "private static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, {|#0:useAsync: true|});",
            SyncCallers));
        test.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.AsyncFileUsedSynchronously).WithLocation(0)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithMessage("The file 'Open' returns is opened for asynchronous I/O but only read or written synchronously (Read, ReadToEnd); open it for synchronous I/O or use the asynchronous methods"));
        test.FixedCode = Code(
            "private static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: false);",
            SyncCallers);
        test.CodeActionEquivalenceKey = nameof(Resources.IOP001_CodeFixTitle);
        return test.RunAsync();
    }

    [Fact]
    public Task ThroughALocalItOnlyReturns_FileOptions() => Verify.VerifyAcrossMethodsFixAsync(
        Code("""
                internal static FileStream Open(string path)
                {
                    var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, {|IOP001:FileOptions.Asynchronous | FileOptions.SequentialScan|});
                    return stream;
                }
            """, SyncCallers),
        Code("""
                internal static FileStream Open(string path)
                {
                    var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.SequentialScan);
                    return stream;
                }
            """, SyncCallers));

    [Fact]
    public Task ExtensionFactoryCalledOnItsReceiver_ACallerAwaits_NoDiagnostic() => Verify.VerifyAcrossMethodsAsync("""
        using System.IO;
        using System.Threading.Tasks;

        static class Files
        {
            internal static FileStream OpenA(this string p) => new FileStream(p, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, true);
        }

        class Use
        {
            async Task<int> A(string p) { using var s = p.OpenA(); return await s.ReadAsync(new byte[1]); }
            int B(string p) { using var s = Files.OpenA(p); return s.Read(new byte[1], 0, 1); }
        }
        """);

    [Theory]
    [InlineData("public static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);", "")]               // public: callers elsewhere
    [InlineData("private static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);",
                "public async Task<int> First(string path) { using var s = Open(path); return await s.ReadAsync(new byte[1]); }")]                                          // one caller awaits
    [InlineData("private static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);",
                "public Stream Keep(string path) => Open(path);")]                                                                                                            // a caller hands it on
    [InlineData("private static FileStream Open(string path) => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);",
                "public Func<string, FileStream> Opener => Open;")]                                                                                                           // a method group
    [InlineData("private static FileStream Open(string path) { var s = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true); s.Position = 10; return s; }", "")] // the local is used before it is returned
    [InlineData("private static Func<FileStream> Opener(string path) => () => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, useAsync: true);",
                "public int First(string path) { using var s = Opener(path)(); return s.ReadByte(); }")]                                                                      // returned by a lambda
    public Task CallersNotAllInSightOrNotAllSynchronous_NoDiagnostic(string factory, string extraCaller) =>
        Verify.VerifyAcrossMethodsAsync(Code(factory, factory.Contains("Opener", StringComparison.Ordinal) ? extraCaller : SyncCallers + extraCaller));
}
