using IoPerf.Analyzers.Internal;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Xunit;

namespace IoPerf.Analyzers.Tests.Model;

/// <summary>The shared model (<c>IoModel</c>) asked directly: effects, pacing, loop length, and that it reads each method once.</summary>
public sealed class Model_IoModelTests
{
    private sealed class Compiled
    {
        public Compiled(string source)
        {
            Compilation = SourceCompilation.Of(source, "Model");
            var tree = Compilation.SyntaxTrees[0];
            Model = Compilation.GetSemanticModel(tree);
            Root = tree.GetRoot();
            IoModel = IoModel.For(Compilation);
        }

        public CSharpCompilation Compilation { get; }

        public SemanticModel Model { get; }

        public SyntaxNode Root { get; }

        public IoModel IoModel { get; }

        /// <summary>The operations of the loop body of the method named <paramref name="method"/> (its first loop).</summary>
        public ILoopOperation Loop(string method)
        {
            var declaration = Root.DescendantNodes().OfType<MethodDeclarationSyntax>().Single(m => m.Identifier.ValueText == method);
            var loop = declaration.DescendantNodes().First(node => node is ForEachStatementSyntax or ForStatementSyntax or WhileStatementSyntax);
            return (ILoopOperation)Model.GetOperation(loop)!;
        }

        public IInvocationOperation Call(string text) =>
            (IInvocationOperation)Model.GetOperation(Root.DescendantNodes().OfType<InvocationExpressionSyntax>().First(i => i.ToString() == text))!;
    }

    private sealed class AnyChange : IFileEffectFilter
    {
        public List<FileEffect> Seen { get; } = new();

        public bool Concerns(in FileEffect effect)
        {
            Seen.Add(effect);
            return effect.Change != FileChange.None;
        }
    }

    private static List<FileEffect> EffectsOfLoop(Compiled compiled, string method)
    {
        var filter = new AnyChange();
        compiled.IoModel.Effects.MayChange(compiled.Loop(method).Body.AllOperations(), new CollectAll(filter));
        return filter.Seen;
    }

    /// <summary>Lets every effect through to <paramref name="inner"/> but never stops the walk, so a test sees them all.</summary>
    private sealed class CollectAll : IFileEffectFilter
    {
        private readonly AnyChange _inner;

        public CollectAll(AnyChange inner) => _inner = inner;

        public bool Concerns(in FileEffect effect)
        {
            _inner.Concerns(effect);
            return false;
        }
    }

    [Fact]
    public void Effects_FollowsOwnMethodsAndMapsTheirParametersToTheArguments()
    {
        var compiled = new Compiled("""
            using System.IO;
            class C
            {
                void M(string[] items, string target)
                {
                    foreach (var item in items) Save(target, item);
                }

                void Save(string file, string text) => Write(file, text);
                static void Write(string path, string text) => File.WriteAllText(path, text);
            }
            """);
        var effect = Assert.Single(EffectsOfLoop(compiled, "M"), e => e.Change != FileChange.None);
        Assert.Equal(FileChange.Creates | FileChange.Writes, effect.Change);
        Assert.Equal(PathOrigin.Expression, effect.Origin);
        Assert.Equal("target", effect.Path!.Syntax.ToString());
        Assert.True(effect.ThroughCall);
    }

    [Fact]
    public void Effects_ConstantsAndMembersKeepTheirOrigin()
    {
        var compiled = new Compiled("""
            using System.IO;
            class C
            {
                private string _log = "";
                void M(string[] items)
                {
                    foreach (var item in items) { Log(item); Trace(item); }
                }

                void Log(string text) => File.AppendAllText(_log, text);
                static void Trace(string text) => File.AppendAllText("trace.txt", text);
            }
            """);
        var effects = EffectsOfLoop(compiled, "M").Where(e => e.Change != FileChange.None).ToList();
        Assert.Contains(effects, e => e.Origin == PathOrigin.Member && e.Member!.Name == "_log");
        Assert.Contains(effects, e => e.Origin == PathOrigin.Constant && e.Constant == "trace.txt");
    }

    [Theory]
    [InlineData("Changed?.Invoke(item);")]
    [InlineData("Virtual(item);")]
    [InlineData("dynamic d = item; d.Save();")]
    [InlineData("Deep1(item);")]
    [InlineData("System.Diagnostics.Process.Start(item);")]
    public void Effects_WhatCannotBeSeen_IsUnknown(string body)
    {
        var compiled = new Compiled($$"""
            using System;
            using System.IO;
            class C
            {
                public event Action<string>? Changed;
                void M(string[] items)
                {
                    foreach (var item in items) { {{body}} }
                }

                protected virtual void Virtual(string s) { }
                void Deep1(string s) => Deep2(s);
                void Deep2(string s) => Deep3(s);
                void Deep3(string s) => Deep4(s);
                void Deep4(string s) { }
            }
            """);
        Assert.Contains(EffectsOfLoop(compiled, "M"), e => e.Change == FileChange.Unknown);
    }

    [Fact]
    public void Effects_WithinTheDepthBudget_NothingUnknown()
    {
        var compiled = new Compiled("""
            class C
            {
                void M(string[] items)
                {
                    foreach (var item in items) Deep1(item);
                }

                void Deep1(string s) => Deep2(s);
                void Deep2(string s) => Deep3(s);
                void Deep3(string s) => System.Console.WriteLine(s);
            }
            """);
        Assert.DoesNotContain(EffectsOfLoop(compiled, "M"), e => e.Change != FileChange.None);
    }

    [Fact]
    public void Effects_RecursionEnds()
    {
        var compiled = new Compiled("""
            using System.IO;
            class C
            {
                void M(string[] items)
                {
                    foreach (var item in items) Walk(item);
                }

                void Walk(string s) { if (s.Length > 0) Walk(s.Substring(1)); else File.Delete(s); }
            }
            """);
        Assert.Contains(EffectsOfLoop(compiled, "M"), e => e.Change == FileChange.Removes);
    }

    [Fact]
    public void Effects_EachMethodIsReadOnce_HoweverManyLoopsAsk()
    {
        var loops = string.Join("\n", Enumerable.Range(0, 30).Select(i => $"void M{i}(string[] items) {{ foreach (var item in items) Helper(item); }}"));
        var compiled = new Compiled($$"""
            using System.IO;
            class C
            {
                {{loops}}
                void Helper(string s) => Inner(s);
                void Inner(string s) => File.AppendAllText(s, s);
            }
            """);
        for (var i = 0; i < 30; i++)
        {
            Assert.NotEmpty(EffectsOfLoop(compiled, "M" + i));
        }

        Assert.Equal(2, compiled.IoModel.Effects.MethodsRead);
    }

    [Theory]
    [InlineData("File.ReadAllText(p)", false)]
    [InlineData("File.OpenRead(p)", false)]
    [InlineData("File.SetLastWriteTimeUtc(p, DateTime.UtcNow)", false)]
    [InlineData("File.Open(p, FileMode.Open, FileAccess.Read)", false)]
    [InlineData("File.OpenHandle(p)", false)]
    [InlineData("File.Open(p, FileMode.Open)", true)]
    [InlineData("File.WriteAllText(p, \"\")", true)]
    [InlineData("File.Copy(\"a\", p)", true)]
    [InlineData("Directory.CreateDirectory(p)", true)]
    [InlineData("new FileInfo(p).Delete()", true)]
    public void Effects_SystemIoByItsSymbols(string call, bool changes)
    {
        var compiled = new Compiled($$"""
            using System;
            using System.IO;
            class C
            {
                void M(string p)
                {
                    for (var i = 0; i < 2; i++) { {{call}}; }
                }
            }
            """);
        var effects = EffectsOfLoop(compiled, "M");
        Assert.Equal(changes, effects.Any(e => e.Change != FileChange.None));
    }

    [Theory]
    [InlineData("Thread.Sleep(10)", true)]
    [InlineData("Task.Delay(10).Wait()", true)]
    [InlineData("new BlockingCollection<int>().Take()", true)]
    [InlineData("new BlockingCollection<int>().TryTake(out _)", false)]
    [InlineData("Console.ReadKey()", true)]
    [InlineData("Console.WriteLine()", false)]
    [InlineData("new TcpClient().GetStream()", true)]
    [InlineData("process.StandardOutput.ReadLine()", true)]
    [InlineData("output.ReadLine()", true)]
    [InlineData("Math.Max(1, 2)", false)]
    [InlineData("WaitForIdle()", true)]
    public void Pacing_OneListOfWaits(string call, bool waits)
    {
        var compiled = new Compiled($$"""
            using System;
            using System.Collections.Concurrent;
            using System.Diagnostics;
            using System.Net.Sockets;
            using System.Threading;
            using System.Threading.Tasks;
            class C
            {
                void M(Process process)
                {
                    var output = process.StandardOutput;
                    while (true) { {{call}}; }
                }

                void WaitForIdle() { }
            }
            """);
        var invocation = compiled.Loop("M").Body.AllOperations().OfType<IInvocationOperation>().Last(i => call.Contains(i.TargetMethod.Name));
        Assert.Equal(waits, compiled.IoModel.Pacing.IsWait(invocation));
    }

    [Theory]
    [InlineData("for (var i = 0; i < 8; i++)", 8L)]
    [InlineData("for (int i = 1; i <= 3; ++i)", 3L)]
    [InlineData("for (long i = 0; i < 5; i += 1)", 5L)]
    [InlineData("for (var i = 0; i < 8; i++) { i++; }", null)]
    [InlineData("for (var i = 0; j < 8; i++)", null)]
    [InlineData("for (var i = 0; i < n; i++)", null)]
    [InlineData("foreach (var x in new[] { 1, 2, 3 })", 3L)]
    [InlineData("foreach (var x in new int[4])", 4L)]
    [InlineData("foreach (var x in Enumerable.Range(10, 6))", 6L)]
    [InlineData("foreach (var x in items)", null)]
    public void LoopLength_ConstantIterations(string header, long? expected)
    {
        var body = header.EndsWith("}") ? "" : " { }";
        var compiled = new Compiled($$"""
            using System.Linq;
            class C
            {
                void M(int n, int[] items)
                {
                    var j = 0;
                    {{header}}{{body}}
                }
            }
            """);
        Assert.Equal(expected, compiled.IoModel.LoopLength.ConstantIterations(compiled.Loop("M")));
    }
}
