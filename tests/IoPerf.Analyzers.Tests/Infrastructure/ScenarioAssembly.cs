using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace IoPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// For the fix-output tests: compiles a program (the original, or what a fix made of it) against .NET 10 and loads it
/// into a collectible context, so the test can run both versions and compare what they do.
/// </summary>
public static class ScenarioAssembly
{
    public static Assembly Compile(string source, string name)
    {
        var compilation = SourceCompilation.Of(source, name, TestFramework.Net100);
        using var image = new MemoryStream();
        var emit = compilation.Emit(image);
        Assert.True(emit.Success, source + "\n" + string.Join("\n", emit.Diagnostics));
        image.Position = 0;
        return new AssemblyLoadContext(name, isCollectible: true).LoadFromStream(image);
    }
}
