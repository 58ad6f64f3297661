using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP002.SmallIoBuffer.SmallIoBufferAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP002.SmallIoBuffer.SmallIoBufferFix>;

namespace IoPerf.Analyzers.Tests.IOP002.SmallIoBuffer;

/// <summary>
/// IOP002 stays silent where a small chunk is part of the logic, not a copy's buffer: a loop that reads two streams in
/// lockstep (a comparison stopping at the first difference), and any code of a test project (a decoder fed one byte
/// at a time, fixtures copied in 4 KiB chunks). Kinds found on the held-out corpus's report half after its run.
/// </summary>
public sealed class LockstepAndTestProjectTests
{
    private const string Compare = """
        using System;
        using System.IO;

        public class Files
        {
            public static bool Same(string a, string b)
            {
                using var left = File.OpenRead(a);
                using var right = File.OpenRead(b);
                var x = new byte[4096];
                var y = new byte[4096];
                int n;
                while ((n = left.Read(x, 0, x.Length)) > 0)
                {
                    if (right.Read(y, 0, n) != n || !x.AsSpan(0, n).SequenceEqual(y.AsSpan(0, n)))
                    {
                        return false;
                    }
                }

                return right.ReadByte() < 0;
            }
        }
        """;

    private const string Copy = """
        using System.IO;

        public class Fixtures
        {
            public static MemoryStream Load(string path)
            {
                var memory = new MemoryStream();
                using (var file = File.OpenRead(path))
                {
                    file.CopyTo(memory, {|IOP002:4096|});
                }

                return memory;
            }
        }
        """;

    [Fact]
    public Task TwoStreamsReadInLockstep_NoDiagnostic() => Verify.VerifyAnalyzerAsync(Compare);

    [Fact]
    public Task CopyInAnApplicationOrLibrary_IsReported() => Verify.VerifyCodeFixAsync(Copy, Copy.Replace("{|IOP002:4096|}", "65536"));

    [Theory]
    [InlineData("MimeKit.UnitTests")]
    [InlineData("Acme.Tests")]
    public Task SameCopyInATestProject_NoDiagnostic(string assemblyName)
    {
        var test = Verify.Create(Copy.Replace("{|IOP002:4096|}", "4096"));
        test.SolutionTransforms.Add((solution, projectId) => solution.WithProjectAssemblyName(projectId, assemblyName));
        return test.RunAsync();
    }

    /// <summary>
    /// Microsoft.NET.Test.Sdk sets IsTestProject, which the package makes visible to the analyzers: that says "test
    /// project" where the name does not and the test framework's assembly is not resolved. "false" does not.
    /// </summary>
    [Theory]
    [InlineData("build_property.istestproject = true", false)]
    [InlineData("build_property.istestproject = True", false)]
    [InlineData("build_property.istestproject = false", true)]
    [InlineData("build_property.istestproject = ", true)]
    public Task ProjectWhoseBuildSaysItIsATestProject_NoDiagnostic(string buildProperty, bool reported)
    {
        var test = Verify.Create(reported ? Copy : Copy.Replace("{|IOP002:4096|}", "4096"));
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\n" + buildProperty + "\n"));
        return test.RunAsync();
    }
}
