using System.Collections.Immutable;
using IoPerf.Analyzers.IOP007.DirectoryListingMaterialized;
using IoPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedFix>;

namespace IoPerf.Analyzers.Tests.IOP007.DirectoryListingMaterialized;

public sealed class DirectoryListingMaterializedTests
{
    private static string InClass(string members, string usings = "") => $$"""
        using System;
        using System.IO;
        using System.Linq;
        using System.Collections.Generic;
        {{usings}}
        class C
        {
        {{members}}
        }
        """;

    /// <summary>
    /// A multi-targeted project one of whose targets predates Directory.Enumerate* (net20, net35): each target is its own
    /// compilation, and the newer one's diagnostic would advise what the old one lacks (AsmResolver, wix). A newer list
    /// is reported as before.
    /// </summary>
    [Theory]
    [InlineData("net10.0,net462,net35,netstandard2.0", false)]
    [InlineData("netstandard2.0,net20", false)]
    [InlineData("net10.0,net462,netstandard2.0", true)]
    public Task AnotherTargetWithoutEnumerate_NoDiagnostic(string targetFrameworks, bool reported)
    {
        var call = reported ? "{|IOP007:Directory.GetFiles(root)|}" : "Directory.GetFiles(root)";
        var source = InClass($$"""
                void Print(string root)
                {
                    foreach (var path in {{call}}) Console.WriteLine(path);
                }
            """);
        var test = Verify.Create(source);
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", $"is_global = true\nbuild_property.ioperftargetframeworks = {targetFrameworks}\n"));
        test.FixedCode = reported
            ? InClass("""
                void Print(string root)
                {
                    foreach (var path in Directory.EnumerateFiles(root)) Console.WriteLine(path);
                }
            """)
            : source;
        return test.RunAsync();
    }

    /// <summary>
    /// What the message says an early-stopping consumer uses: the first entry or whether there is one when only
    /// projections stand between it and the listing; a match when it or a step tests the entries (named arguments in any
    /// order); only "enumerated once" when a step changes which entry comes first (Skip, Distinct) or the listing is not
    /// the sequence the chain starts from (the second of a Concat).
    /// </summary>
    [Theory]
    [InlineData("Directory.GetFiles(root).Select(Path.GetFileName).First()", "only its first entry is used")]
    [InlineData("Directory.GetFiles(root).Cast<string>().Any() ? \"y\" : \"n\"", "only whether there is an entry is used")]
    [InlineData("Directory.GetFiles(root).Where(f => f.EndsWith(\".x\")).Select(Path.GetFileName).First()", "only its first matching entry is used")]
    [InlineData("Enumerable.First(predicate: f => f.EndsWith(\".x\"), source: Directory.GetFiles(root))", "only its first matching entry is used")]
    [InlineData("new DirectoryInfo(root).GetFileSystemInfos().OfType<FileInfo>().First().Name", "only its first matching entry is used")]
    [InlineData("Directory.GetFiles(root).Skip(1).First()", "it is enumerated only once")]
    [InlineData("Directory.GetFiles(root).Distinct().Any() ? \"y\" : \"n\"", "it is enumerated only once")]
    [InlineData("new[] { root }.Concat(Directory.GetFiles(root)).First()", "it is enumerated only once")]
    public async Task EarlyStop_TheMessageSaysWhatIsUsed(string expression, string reason)
    {
        var source = InClass($$"""
                string M(string root) => {{expression}};
            """);
        var compilation = (await TestWorkspace.CreateDocument(source, TestFramework.Net100).Project.GetCompilationAsync())!;
        var diagnostics = await compilation
            .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new DirectoryListingMaterializedAnalyzer()), AnalyzerCatalog.Options())
            .GetAnalyzerDiagnosticsAsync();

        var diagnostic = Assert.Single(diagnostics, d => d.Id == "IOP007");
        Assert.Contains(" although " + reason + ";", diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
    }

    // ---- Positives and their fixes -------------------------------------------------------------------------

    [Fact]
    public Task ForEachOverTheCall_BecomesEnumerateFiles() => Verify.VerifyCodeFixAsync(
        InClass("""
            int Count(string root)
            {
                var n = 0;
                foreach (var path in {|IOP007:Directory.GetFiles(root, "*.log")|})
                    n += path.Length;
                return n;
            }
        """),
        InClass("""
            int Count(string root)
            {
                var n = 0;
                foreach (var path in Directory.EnumerateFiles(root, "*.log"))
                    n += path.Length;
                return n;
            }
        """));

    [Theory]
    [InlineData("Directory.GetFiles(root)", "Directory.EnumerateFiles(root)")]
    [InlineData("Directory.GetFiles(root, \"*\", SearchOption.AllDirectories)", "Directory.EnumerateFiles(root, \"*\", SearchOption.AllDirectories)")]
    [InlineData("Directory.GetFiles(root, \"*\", new EnumerationOptions { RecurseSubdirectories = true })", "Directory.EnumerateFiles(root, \"*\", new EnumerationOptions { RecurseSubdirectories = true })")]
    [InlineData("Directory.GetDirectories(root)", "Directory.EnumerateDirectories(root)")]
    [InlineData("Directory.GetFileSystemEntries(root, \"a*\")", "Directory.EnumerateFileSystemEntries(root, \"a*\")")]
    [InlineData("new DirectoryInfo(root).GetFiles(\"*.txt\")", "new DirectoryInfo(root).EnumerateFiles(\"*.txt\")")]
    [InlineData("new DirectoryInfo(root).GetDirectories()", "new DirectoryInfo(root).EnumerateDirectories()")]
    [InlineData("new DirectoryInfo(root).GetFileSystemInfos(\"*\", SearchOption.TopDirectoryOnly)", "new DirectoryInfo(root).EnumerateFileSystemInfos(\"*\", SearchOption.TopDirectoryOnly)")]
    public Task EveryListingAndOverload(string before, string after) => Verify.VerifyCodeFixAsync(
        InClass($$"""
            void M(string root)
            {
                foreach (var entry in {|IOP007:{{before}}|}) Console.WriteLine(entry);
            }
        """),
        InClass($$"""
            void M(string root)
            {
                foreach (var entry in {{after}}) Console.WriteLine(entry);
            }
        """));

    // OfType and Cast take the non-generic IEnumerable: a chain through them is still one pass.
    [Fact]
    public Task ChainThroughOfType() => Verify.VerifyCodeFixAsync(
        InClass("""
            long Size(string root) => {|IOP007:new DirectoryInfo(root).GetFileSystemInfos()|}.OfType<FileInfo>().Sum(f => f.Length);
        """),
        InClass("""
            long Size(string root) => new DirectoryInfo(root).EnumerateFileSystemInfos().OfType<FileInfo>().Sum(f => f.Length);
        """));

    [Fact]
    public Task LengthGreaterThanZero_BecomesAny_AndSystemLinqIsImported() => Verify.VerifyCodeFixAsync(
        """
        using System.IO;
        class C
        {
            bool HasLogs(string root) => {|IOP007:Directory.GetFiles(root, "*.log")|}.Length > 0;
        }
        """,
        """
        using System.IO;
        using System.Linq;
        class C
        {
            bool HasLogs(string root) => Directory.EnumerateFiles(root, "*.log").Any();
        }
        """);

    [Theory]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Length == 0", "!Directory.EnumerateFiles(root).Any()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Length != 0", "Directory.EnumerateFiles(root).Any()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Length >= 1", "Directory.EnumerateFiles(root).Any()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Length < 1", "!Directory.EnumerateFiles(root).Any()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Length <= 0", "!Directory.EnumerateFiles(root).Any()")]
    [InlineData("0 < {|IOP007:Directory.GetFiles(root)|}.Length", "Directory.EnumerateFiles(root).Any()")]
    [InlineData("0 == {|IOP007:Directory.GetFiles(root)|}.Length", "!Directory.EnumerateFiles(root).Any()")]
    [InlineData("{|IOP007:Directory.GetDirectories(root)|}.Length > 0 && root.Length > 3", "Directory.EnumerateDirectories(root).Any() && root.Length > 3")]
    public Task EveryFormOfTheEmptinessTest(string before, string after) => Verify.VerifyCodeFixAsync(
        InClass($$"""
            bool M(string root) => {{before}};
        """),
        InClass($$"""
            bool M(string root) => {{after}};
        """));

    [Fact]
    public Task LengthTestThroughALocal_TheLocalIsRetyped() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string root)
            {
                string[] files = {|IOP007:Directory.GetFiles(root)|};
                if (files.Length == 0)
                    return;
                Console.WriteLine(root);
            }
        """),
        InClass("""
            void M(string root)
            {
                IEnumerable<string> files = Directory.EnumerateFiles(root);
                if (!files.Any())
                    return;
                Console.WriteLine(root);
            }
        """));

    [Theory]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Any()", "Directory.EnumerateFiles(root).Any()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Any(p => p.EndsWith(\".sln\"))", "Directory.EnumerateFiles(root).Any(p => p.EndsWith(\".sln\"))")]
    [InlineData("{|IOP007:Directory.GetFiles(root, \"*.sln\", SearchOption.AllDirectories)|}.FirstOrDefault()", "Directory.EnumerateFiles(root, \"*.sln\", SearchOption.AllDirectories).FirstOrDefault()")]
    [InlineData("{|IOP007:Directory.GetDirectories(root)|}.First()", "Directory.EnumerateDirectories(root).First()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Single()", "Directory.EnumerateFiles(root).Single()")]
    [InlineData("{|IOP007:Directory.GetFiles(root)|}.Select(Path.GetFileName).ToList()", "Directory.EnumerateFiles(root).Select(Path.GetFileName).ToList()")]
    [InlineData("string.Join(\", \", {|IOP007:Directory.GetFiles(root)|})", "string.Join(\", \", Directory.EnumerateFiles(root))")]
    [InlineData("new List<string>({|IOP007:Directory.GetFiles(root)|})", "new List<string>(Directory.EnumerateFiles(root))")]
    [InlineData("new HashSet<string>({|IOP007:Directory.GetDirectories(root)|})", "new HashSet<string>(Directory.EnumerateDirectories(root))")]
    public Task SinglePassAndEarlyExitConsumers(string before, string after) => Verify.VerifyCodeFixAsync(
        InClass($$"""
            object? M(string root) => {{before}};
        """),
        InClass($$"""
            object? M(string root) => {{after}};
        """));

    [Fact]
    public Task FileInfoArrayLocal_IsRetyped() => Verify.VerifyCodeFixAsync(
        """
        using System;
        using System.IO;
        class C
        {
            long Total(string root)
            {
                long total = 0;
                FileInfo[] files = {|IOP007:new DirectoryInfo(root).GetFiles()|};
                foreach (var file in files) total += file.Length;
                return total;
            }
        }
        """,
        """
        using System;
        using System.Collections.Generic;
        using System.IO;
        class C
        {
            long Total(string root)
            {
                long total = 0;
                IEnumerable<FileInfo> files = new DirectoryInfo(root).EnumerateFiles();
                foreach (var file in files) total += file.Length;
                return total;
            }
        }
        """);

    [Fact]
    public Task AddRangeThroughAVarLocal() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string root, List<string> all)
            {
                var found = {|IOP007:Directory.GetFiles(root, "*.cs")|};
                all.AddRange(found);
            }
        """),
        InClass("""
            void M(string root, List<string> all)
            {
                var found = Directory.EnumerateFiles(root, "*.cs");
                all.AddRange(found);
            }
        """));

    [Fact]
    public Task LoopBodyCallingOwnCodeThatOnlyReads_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
            long Total(string root)
            {
                long total = 0;
                foreach (var path in {|IOP007:Directory.GetFiles(root)|})
                    total += Measure(path);
                return total;
            }

            long Measure(string path) => Lines(path) + new FileInfo(path).Length;
            long Lines(string path) => File.ReadLines(path).LongCount();
        """));

    [Fact]
    public Task FixAll_RewritesEveryListingInTheFile() => Verify.VerifyCodeFixAsync(
        InClass("""
            bool A(string root) => {|IOP007:Directory.GetFiles(root)|}.Length > 0;
            void B(string root)
            {
                foreach (var d in {|IOP007:Directory.GetDirectories(root)|}) Console.WriteLine(d);
            }
            object C2(DirectoryInfo root) => {|IOP007:root.GetFileSystemInfos()|}.FirstOrDefault();
        """),
        InClass("""
            bool A(string root) => Directory.EnumerateFiles(root).Any();
            void B(string root)
            {
                foreach (var d in Directory.EnumerateDirectories(root)) Console.WriteLine(d);
            }
            object C2(DirectoryInfo root) => root.EnumerateFileSystemInfos().FirstOrDefault();
        """));

    [Fact]
    public Task NetStandard20_HasTheEnumeratingForms() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string root)
            {
                foreach (var path in {|IOP007:Directory.GetFiles(root)|}) Console.WriteLine(path);
            }
        """),
        InClass("""
            void M(string root)
            {
                foreach (var path in Directory.EnumerateFiles(root)) Console.WriteLine(path);
            }
        """),
        TestFramework.NetStandard20);

    /// <summary>
    /// A positional record's property, read in the loop: its accessor is the compiler's (declared by the record's
    /// parameter), which only reads the property's field (a test-utility library's source lookup, a miss of the fifth
    /// set's report half, fixed after the run).
    /// </summary>
    [Theory]
    [InlineData("readonly record struct Location(int Signature, int BodyStart);")]
    [InlineData("record Location(int Signature, int BodyStart);")]
    public Task PositionalRecordPropertyReadInTheLoop_IsReported(string record) => Verify.VerifyAnalyzerAsync($$"""
        using System;
        using System.IO;

        {{record}}

        class C
        {
            int M(string root, Location location)
            {
                var total = 0;
                foreach (var file in {|IOP007:Directory.GetFiles(root, "*.cs")|}) total += location.BodyStart + file.Length;
                return total;
            }
        }
        """);

    /// <summary>A record property written out with a getter of its own is followed into that getter.</summary>
    [Fact]
    public Task RecordPropertyWithAGetterThatDeletes_NoDiagnostic() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.IO;

        record Location(int Signature, string Path)
        {
            public string Path { get { File.Delete(Path); return ""; } init { } }
        }

        class C
        {
            int M(string root, Location location)
            {
                var total = 0;
                foreach (var file in Directory.GetFiles(root, "*.cs")) total += location.Path.Length + file.Length;
                return total;
            }
        }
        """);

    /// <summary>
    /// One folder (no SearchOption, or a constant TopDirectoryOnly): both forms throw for it at the call, so the loop's
    /// own <c>try</c>, or one around the call only, sees the same errors after the fix.
    /// </summary>
    [Theory]
    [InlineData("root")]
    [InlineData("root, \"*.log\", SearchOption.TopDirectoryOnly")]
    public Task OneFolderCalledAndConsumedInDifferentTries_IsReportedAndFixed(string arguments) => Verify.VerifyCodeFixAsync(
        InClass($$"""
            void M(string root)
            {
                try
                {
                    var files = {|IOP007:Directory.GetFiles({{arguments}})|};
                    try
                    {
                        foreach (var f in files) Console.WriteLine(f);
                    }
                    catch (IOException)
                    {
                    }
                }
                catch (UnauthorizedAccessException)
                {
                }
            }
        """),
        InClass($$"""
            void M(string root)
            {
                try
                {
                    var files = Directory.EnumerateFiles({{arguments}});
                    try
                    {
                        foreach (var f in files) Console.WriteLine(f);
                    }
                    catch (IOException)
                    {
                    }
                }
                catch (UnauthorizedAccessException)
                {
                }
            }
        """));

    [Fact]
    public Task SameTryForCallAndLoop_IsReported() => Verify.VerifyAnalyzerAsync(InClass("""
            void M(string root)
            {
                try
                {
                    foreach (var path in {|IOP007:Directory.GetFiles(root, "*", SearchOption.AllDirectories)|}) Console.WriteLine(path);
                }
                catch (UnauthorizedAccessException)
                {
                }
            }
        """));

    [Fact]
    public Task ConditionalAccess_IsFixedToo() => Verify.VerifyCodeFixAsync(
        InClass("""
            string? M(DirectoryInfo? folder) => folder?{|IOP007:.GetFiles()|}.FirstOrDefault()?.Name;
        """),
        InClass("""
            string? M(DirectoryInfo? folder) => folder?.EnumerateFiles().FirstOrDefault()?.Name;
        """));

    private const string OtherProject = """
        namespace Lib
        {
            public static class Helpers
            {
                public static void Touch(string path) => System.Console.WriteLine(path);
                public static void Log(string message) => System.Console.WriteLine(message);
                public static void Count(int length) => System.Console.WriteLine(length);
                public static bool IsImage(string path) => path.EndsWith(".png");
                public static int Parse(string json) => json.Length;
            }
        }
        """;

    private static Verifier<DirectoryListingMaterializedAnalyzer, global::IoPerf.Analyzers.CodeFixes.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedFix>.Test WithOtherProject(string source, string? fixedSource = null)
    {
        var test = Verify.Create(source);
        test.TestState.AdditionalProjects["Lib"].Sources.Add(("Lib.cs", OtherProject));
        test.TestState.AdditionalProjects["Lib"].AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
        test.TestState.AdditionalProjectReferences.Add("Lib");
        if (fixedSource is not null)
        {
            test.FixedState.AdditionalProjects["Lib"].Sources.Add(("Lib.cs", OtherProject));
            test.FixedState.AdditionalProjects["Lib"].AdditionalReferences.AddRange(TestFrameworkReferences.Get(TestFramework.Net80));
            test.FixedState.AdditionalProjectReferences.Add("Lib");
            test.FixedCode = fixedSource;
        }

        return test;
    }

    /// <summary>
    /// A method of another project or library handed an entry of the listing may delete or move it, whatever its name
    /// (another project's TrySaferDelete(path) was IOP007's one false positive on a fresh unseen set): not reported.
    /// </summary>
    [Theory]
    [InlineData("foreach (var path in Directory.GetFiles(root)) Lib.Helpers.Touch(path);")]
    [InlineData("foreach (var path in Directory.GetFiles(root)) Lib.Helpers.Touch(Path.GetFileName(path));")]
    [InlineData("foreach (var info in new DirectoryInfo(root).GetFiles()) Lib.Helpers.Touch(info.FullName);")]
    [InlineData("foreach (var path in Directory.GetFiles(root)) Lib.Helpers.Touch(root);")]
    [InlineData("foreach (var path in Directory.GetFiles(root)) { var name = path + \".old\"; Lib.Helpers.Touch(name); }")]
    [InlineData("foreach (var path in Directory.GetFiles(root)) Lib.Helpers.Touch($\"{path}.bak\");")]
    [InlineData("foreach (var p in Directory.GetFiles(root).Where(p => p.EndsWith(\".tmp\"))) Lib.Helpers.Touch(p);")]
    [InlineData("foreach (var path in Directory.GetFiles(root)) Forward(path);")]
    public Task MethodOfAnotherProject_HandedAnEntry_MayChangeIt(string statement) => WithOtherProject(InClass($$"""
            void M(string root)
            {
                {{statement}}
            }

            static void Forward(string entry) => Lib.Helpers.Touch(entry);
        """)).RunAsync();

    /// <summary>
    /// Handed something else - a message about the entry, a number, the text read from it - or asked a yes-or-no question
    /// about it (IsImage), the other project's method cannot change the entry.
    /// </summary>
    [Theory]
    [InlineData("Lib.Helpers.Log($\"found {path}\"); Lib.Helpers.Count(path.Length);")]
    [InlineData("var json = File.ReadAllText(path); Lib.Helpers.Parse(json);")]
    [InlineData("if (Lib.Helpers.IsImage(path)) Console.WriteLine(path);")]
    public Task MethodOfAnotherProject_HandedSomethingElse_IsReported(string body) => WithOtherProject(
        InClass($$"""
            void M(string root)
            {
                foreach (var path in {|IOP007:Directory.GetFiles(root)|}) { {{body}} }
            }
        """),
        InClass($$"""
            void M(string root)
            {
                foreach (var path in Directory.EnumerateFiles(root)) { {{body}} }
            }
        """)).RunAsync();

    /// <summary>The folder's path, computed by a method that creates the folder, is computed before the listing: not code that runs during it.</summary>
    [Fact]
    public Task FolderMadeByTheProjectBeforeTheListing_IsReported() => Verify.VerifyCodeFixAsync(
        InClass("""
            int M(string root)
            {
                var n = 0;
                foreach (var path in {|IOP007:Directory.GetFiles(Ensure(root))|}) n += path.Length;
                return n;
            }

            static string Ensure(string folder) => Directory.CreateDirectory(folder).FullName;
        """),
        InClass("""
            int M(string root)
            {
                var n = 0;
                foreach (var path in Directory.EnumerateFiles(Ensure(root))) n += path.Length;
                return n;
            }

            static string Ensure(string folder) => Directory.CreateDirectory(folder).FullName;
        """));

    [Theory]
    [InlineData("Directory.GetFiles(root).Select(Backup).ToList();")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) Clean(p);")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) _handler.Handle(p);")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) { using var t = new TempCopy(p); }")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) { var m = new Marker(); }")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) { using var w = new LogWriter(p + \".log\"); }")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) File.OpenHandle(p + \".lock\", FileMode.CreateNew).Dispose();")]
    [InlineData("foreach (var p in Directory.GetFiles(root)) Console.WriteLine(Path.GetTempFileName());")]
    [InlineData("object o = Directory.GetFiles(root); foreach (var f in (string[])o) Console.WriteLine(f);")]
    [InlineData("Console.WriteLine((long)Directory.GetFiles(root).Length > 0);")]
    [InlineData("new List<string>().AddRange(Directory.GetFiles(root, \"*\", SearchOption.AllDirectories));")]
    [InlineData("new HashSet<string>().UnionWith(Directory.GetFiles(root, \"*\", new EnumerationOptions()));")]
    public Task NotReported_WhatTheReviewFound(string statement) => Verify.VerifyAnalyzerAsync(InClass($$"""
            Handler _handler = new Handler();
            void M(string root)
            {
                {{statement}}
            }
            string Backup(string p) { File.Copy(p, p + ".bak"); return p; }
            void Clean(string p) => Cleaner2.Clean(p);
        """, """
        class Handler { public virtual void Handle(string p) { } }
        class MovingHandler : Handler { public override void Handle(string p) => File.Move(p, p + ".old"); }
        static partial class Cleaner2
        {
            public static partial void Clean(string p);
            public static partial void Clean(string p) => File.Delete(p);
        }
        sealed class TempCopy : IDisposable
        {
            private readonly string _path;
            public TempCopy(string path) => _path = path;
            public void Dispose() => File.Delete(_path);
        }
        class Marker { private readonly FileStream _lock = File.Create("marker.lock"); }
        class LogWriter : StreamWriter { public LogWriter(string path) : base(path) { } }
        """));

    /// <summary>
    /// Found on the report half (Playnite, where a referenced project was missing): a call that does not bind is code the
    /// rule cannot see, here a File.Delete inside a lambda given to an unresolved ForEach.
    /// </summary>
    [Fact]
    public Task NotReported_LoopBodyThatDoesNotBind()
    {
        var test = Verify.Create(InClass("""
            void M(string root)
            {
                foreach (var dir in Directory.GetDirectories(root))
                {
                    Directory.GetFiles(dir, "*.exe").ForEachItem(a => File.Delete(a));
                }
            }
        """));
        test.CompilerDiagnostics = Microsoft.CodeAnalysis.Testing.CompilerDiagnostics.None;
        return test.RunAsync();
    }

    [Fact]
    public Task NotReported_InAnIterator() => Verify.VerifyAnalyzerAsync(InClass("""
            IEnumerable<string> Logs(string root)
            {
                foreach (var p in Directory.GetFiles(root)) yield return p;
            }
        """));

    [Fact]
    public Task NotReported_UsingStaticWithAMemberOfTheSameName() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Collections.Generic;
        using static System.IO.Directory;
        class C
        {
            IEnumerable<string> EnumerateFiles(string root) => new[] { root };
            void M(string root)
            {
                foreach (var f in GetFiles(root)) Console.WriteLine(f);
            }
        }
        """);

    /// <summary>
    /// A document compiled for several targets gets the fix when every target has the Enumerate* methods (all since
    /// .NET 4 and netstandard2.0; a net35 target would withhold it, but no net35 reference assemblies are available here).
    /// </summary>
    [Fact]
    public async Task MultiTargeted_EveryTargetHasTheEnumeratingForm_FixOffered()
    {
        var document = TestWorkspace.CreateLinkedDocuments("""
            using System;
            using System.IO;
            class C
            {
                void M(string root)
                {
                    foreach (var path in Directory.GetFiles(root)) Console.WriteLine(path);
                }
            }
            """, new[] { TestFramework.Net80, TestFramework.NetStandard20 });
        var compilation = (await document.Project.GetCompilationAsync())!;
        var diagnostic = Assert.Single(await compilation
            .WithAnalyzers(AnalyzerCatalog.AnalyzersFor("IOP007").ToImmutableArray(), AnalyzerCatalog.Options())
            .GetAnalyzerDiagnosticsAsync());
        var actions = await AnalyzerCatalog.GetActionsAsync(new global::IoPerf.Analyzers.CodeFixes.IOP007.DirectoryListingMaterialized.DirectoryListingMaterializedFix(), document, diagnostic);
        Assert.Single(actions);
    }

    // ---- Negatives: the array is needed as an array ---------------------------------------------------------

    [Theory]
    [InlineData("var files = Directory.GetFiles(root); return files[0];")]
    [InlineData("var files = Directory.GetFiles(root); Array.Sort(files); return files.FirstOrDefault();")]
    [InlineData("return Directory.GetFiles(root).OrderBy(f => f).FirstOrDefault();")]
    [InlineData("return Directory.GetFiles(root).Reverse().FirstOrDefault();")]
    [InlineData("return Directory.GetFiles(root).Length.ToString();")]
    [InlineData("Console.WriteLine(Directory.GetFiles(root).Length); return null;")]
    [InlineData("return Directory.GetFiles(root).Length > 1 ? root : null;")]
    [InlineData("var files = Directory.GetFiles(root); Console.WriteLine(files.Length); foreach (var f in files) Console.WriteLine(f); return null;")]
    [InlineData("var files = Directory.GetFiles(root); foreach (var f in files) Console.WriteLine(f); return files.FirstOrDefault();")]
    [InlineData("_files = Directory.GetFiles(root); return null;")]
    [InlineData("Take(Directory.GetFiles(root)); return null;")]
    [InlineData("return string.Join(\", \", Directory.GetFiles(root), 0, 2);")]
    [InlineData("var files = Directory.GetFiles(root); for (var i = 0; i < files.Length; i++) Console.WriteLine(files[i]); return null;")]
    [InlineData("System.Threading.Tasks.Parallel.ForEach(Directory.GetFiles(root), f => Console.WriteLine(f)); return null;")]
    [InlineData("var files = Directory.GetFiles(root); System.Func<int> count = () => files.Length; return count() > 0 ? root : null;")]
    public Task NotReported_ArrayNeeded(string body) => Verify.VerifyAnalyzerAsync(InClass($$"""
            string[] _files = new string[0];
            void Take(string[] files) { }
            object? M(string root)
            {
                {{body}}
            }
            string[] Returned(string root) => Directory.GetFiles(root);
        """));

    // ---- Negatives: the consumer changes the file system while the listing is read ------------------------

    [Theory]
    [InlineData("File.Copy(path, path + \".bak\");")]
    [InlineData("File.Move(path, path + \".old\");")]
    [InlineData("File.Delete(path);")]
    [InlineData("File.WriteAllText(path + \".txt\", \"x\");")]
    [InlineData("File.AppendAllText(Path.Combine(root, \"log\"), path);")]
    [InlineData("Directory.CreateDirectory(path + \"_dir\");")]
    [InlineData("new FileInfo(path).MoveTo(path + \".moved\");")]
    [InlineData("new FileInfo(path).CopyTo(path + \".copy\");")]
    [InlineData("using (var w = new StreamWriter(path + \".out\")) w.Write(1);")]
    [InlineData("using (var s = new FileStream(path + \".out\", FileMode.Create)) s.WriteByte(1);")]
    [InlineData("using (var s = File.Open(path, FileMode.OpenOrCreate)) s.WriteByte(1);")]
    [InlineData("System.Diagnostics.Process.Start(\"gzip\", path);")]
    [InlineData("Archive(path);")]
    [InlineData("_processor.Process(path);")]
    [InlineData("_callback(path);")]
    [InlineData("Helper.Rotate(path);")]
    public Task NotReported_LoopBodyChangesTheFileSystem(string statement) => Verify.VerifyAnalyzerAsync(InClass($$"""
            IProcessor _processor = null!;
            Action<string> _callback = _ => { };
            void M(string root)
            {
                foreach (var path in Directory.GetFiles(root))
                {
                    {{statement}}
                }
            }
            void Archive(string path) => Helper.Rotate(path);
        """, """
        interface IProcessor { void Process(string path); }
        static class Helper
        {
            public static void Rotate(string path)
            {
                if (File.Exists(path)) File.Move(path, path + ".1");
            }
        }
        """));

    [Fact]
    public Task NotReported_FileCreatedBetweenTheListingAndTheLoop() => Verify.VerifyAnalyzerAsync(InClass("""
            void Zip(string folder, string zipPath)
            {
                string[] names = Directory.GetFiles(folder);
                using var output = File.Create(zipPath);
                foreach (var name in names) output.WriteByte((byte)name.Length);
            }
        """));

    /// <summary>
    /// First() has finished enumerating before the entry it returns is deleted (Radarr's test fixtures, a recall miss on
    /// the held-out report half).
    /// </summary>
    [Fact]
    public Task FirstEntryDeletedAfterTheEnumeration_IsReportedAndFixed() => Verify.VerifyCodeFixAsync(
        InClass("""
            void M(string root)
            {
                {|IOP007:new DirectoryInfo(root).GetFiles("*.tmp")|}.First().Delete();
            }
        """),
        InClass("""
            void M(string root)
            {
                new DirectoryInfo(root).EnumerateFiles("*.tmp").First().Delete();
            }
        """));

    [Fact]
    public Task NotReported_LambdaInTheChainDeletes() => Verify.VerifyAnalyzerAsync(InClass("""
            int M(string root) => Directory.GetFiles(root).Count(p => { File.Delete(p); return true; });
        """));

    // ---- Negatives: exceptions would move into or out of a handler, and other contexts --------------------

    [Fact]
    public Task NotReported_RecursiveCallOutsideTheTryThatGuardsTheLoop() => Verify.VerifyAnalyzerAsync(InClass("""
            void M(string root)
            {
                var files = Directory.GetFiles(root, "*", SearchOption.AllDirectories);
                try
                {
                    foreach (var f in files) Console.WriteLine(f);
                }
                catch (UnauthorizedAccessException)
                {
                }
            }
        """));

    [Fact]
    public Task NotReported_RecursiveCallInsideATryTheLoopIsNotIn() => Verify.VerifyAnalyzerAsync(InClass("""
            void M(string root)
            {
                try
                {
                    var files = Directory.GetFiles(root, "*.log", SearchOption.AllDirectories);
                    try
                    {
                        foreach (var f in files) Console.WriteLine(f);
                    }
                    catch (IOException)
                    {
                    }
                }
                catch (UnauthorizedAccessException)
                {
                }
            }
        """));

    [Fact]
    public Task NotReported_CallInsideATryTheLoopIsNotIn_AssignedTwice() => Verify.VerifyAnalyzerAsync(InClass("""
            IEnumerable<string> M(string root)
            {
                string[] files;
                try
                {
                    files = Directory.GetFiles(root);
                }
                catch (IOException)
                {
                    files = new string[0];
                }

                foreach (var f in files) Console.WriteLine(f);
                return Array.Empty<string>();
            }
        """));

    [Fact]
    public Task NotReported_InsideAnExpressionTree() => Verify.VerifyAnalyzerAsync(InClass("""
            System.Linq.Expressions.Expression<Func<string, bool>> E = root => Directory.GetFiles(root).Any();
        """));

    [Fact]
    public Task NotReported_GeneratedCode() => Verify.VerifyAnalyzerAsync("""
        // <auto-generated/>
        using System;
        using System.IO;
        class C
        {
            void M(string root)
            {
                foreach (var f in Directory.GetFiles(root)) Console.WriteLine(f);
            }
        }
        """);

    [Fact]
    public Task NotReported_AnotherTypeNamedDirectory() => Verify.VerifyAnalyzerAsync("""
        using System;
        namespace Mine
        {
            static class Directory
            {
                public static string[] GetFiles(string root) => new[] { root };
                public static System.Collections.Generic.IEnumerable<string> EnumerateFiles(string root) => new[] { root };
            }

            class C
            {
                void M(string root)
                {
                    foreach (var f in Directory.GetFiles(root)) Console.WriteLine(f);
                }
            }
        }
        """);

    [Fact]
    public Task NotReported_HalfTypedCode()
    {
        var test = Verify.Create("""
            using System;
            using System.IO;
            class C
            {
                void M(string root)
                {
                    foreach (var f in Directory.GetFiles(root
                }
            }
            """);
        test.CompilerDiagnostics = Microsoft.CodeAnalysis.Testing.CompilerDiagnostics.None;
        return test.RunAsync();
    }
}
