using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP006.TinyIoPayingLockOrFlush.TinyIoPayingLockOrFlushFix>;

namespace IoPerf.Analyzers.Tests.IOP006.TinyIoPayingLockOrFlush;

/// <summary>
/// IOP006's AutoFlush shape by what the writer writes to and where it lives: writers over files or the console, also
/// when kept in a private field and written in other methods, are reported; writers feeding a pipe, a socket or another
/// process, and writers whose BaseStream is also used, are not - their flushes may be the point.
/// </summary>
public sealed class AutoFlushTargetsTests
{
    private static string InClass(string members) => $$"""
        using System;
        using System.Diagnostics;
        using System.IO;
        using System.IO.Pipes;

        public class Log
        {
        {{members}}
        }
        """;

    [Fact]
    public Task FieldWriter_AutoFlushSetInTheConstructor_WrittenInALoopElsewhere_IsReportedWithoutAFix()
    {
        var source = InClass("""
                private readonly StreamWriter _writer;

                public Log(string path)
                {
                    _writer = new StreamWriter(path);
                    {|IOP006:_writer.AutoFlush = true|};
                }

                public void Dump(string[] lines)
                {
                    foreach (var line in lines)
                    {
                        _writer.WriteLine(line);
                    }
                }
            """);
        return Verify.VerifyAnalyzerAsync(source);
    }

    [Fact]
    public Task FieldInitializerWriter_WrittenInALoopElsewhere_IsReportedWithoutAFix()
    {
        var source = InClass("""
                private readonly StreamWriter _writer = new StreamWriter("log.txt") { {|IOP006:AutoFlush = true|} };

                public void Dump(string[] lines)
                {
                    foreach (var line in lines)
                    {
                        _writer.WriteLine(line);
                    }
                }
            """);
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Theory]
    [InlineData("File.Create(path)")]
    [InlineData("new FileStream(path, FileMode.Append)")]
    [InlineData("Console.OpenStandardOutput()")]
    public Task LocalWriterOverAFileOrTheConsole_IsReported(string target) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void Dump(string path, string[] lines)
            {
                using var writer = new StreamWriter({{target}}) { {|IOP006:AutoFlush = true|} };
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }
            }
        """));

    [Theory]
    [InlineData("process.StandardInput.BaseStream")]
    [InlineData("pipe")]
    [InlineData("network")]
    public Task WriterFeedingAnotherProcessOrAPipe_NoDiagnostic(string target) => Verify.VerifyAnalyzerAsync(InClass($$"""
            public void Feed(Process process, NamedPipeClientStream pipe, Stream network, string[] lines)
            {
                using var writer = new StreamWriter({{target}}) { AutoFlush = true };
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                }
            }
        """));

    [Fact]
    public Task FieldWriterOverAChildProcessStream_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            private readonly StreamWriter _input;

            public Log(Process child)
            {
                _input = new StreamWriter(child.StandardInput.BaseStream);
                _input.AutoFlush = true;
            }

            public void Send(string[] commands)
            {
                foreach (var command in commands)
                {
                    _input.WriteLine(command);
                }
            }
        """));

    [Fact]
    public Task WriterWhoseBaseStreamIsAlsoWritten_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            public void Dump(string path, string[] lines, byte[] marker)
            {
                using var writer = new StreamWriter(path) { AutoFlush = true };
                foreach (var line in lines)
                {
                    writer.WriteLine(line);
                    writer.BaseStream.Write(marker, 0, marker.Length);
                }
            }
        """));

    [Fact]
    public Task FieldWriterWithBaseStreamWritesElsewhere_NoDiagnostic() => Verify.VerifyAnalyzerAsync(InClass("""
            private readonly StreamWriter _writer;

            public Log(string path)
            {
                _writer = new StreamWriter(path);
                _writer.AutoFlush = true;
            }

            public void Dump(string[] lines)
            {
                foreach (var line in lines)
                {
                    _writer.WriteLine(line);
                }
            }

            public void Mark(byte[] marker) => _writer.BaseStream.Write(marker, 0, marker.Length);
        """));
}
