using IoPerf.Analyzers.Tests.Infrastructure;
using Xunit;
using Verify = IoPerf.Analyzers.Tests.Infrastructure.Verifier<
    IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassAnalyzer,
    IoPerf.Analyzers.CodeFixes.IOP003.LinesMaterializedForSinglePass.LinesMaterializedForSinglePassFix>;

namespace IoPerf.Analyzers.Tests.IOP003.LinesMaterializedForSinglePass;

/// <summary>
/// IOP003 asks the shared model whether the code consuming the lines may write the file being read - also through the
/// project's own methods, property setters and events. <c>File.ReadLines</c> keeps the file open while the lines are
/// consumed: a save of the same file there would fail or see a half-read file (the one false build warning on a fresh
/// unseen set of 1.81 million lines was a setter whose event handler saved the file being read).
/// </summary>
public sealed class IOP003_WritesThroughCallsTests
{
    private const string Settings = """
        using System;
        using System.Collections.Generic;
        using System.IO;

        class Settings
        {
            private readonly string _path;
            private readonly Dictionary<string, string> _values = new();
            private string _current = "";

            public Settings(string path) => _path = path;

            public event EventHandler? Changed;

            {{members}}

            private void Save() => File.WriteAllText(_path, string.Join("\n", _values.Values));
        }
        """;

    private static string WithSettings(string members) => Settings.Replace("{{members}}", members);

    [Fact]
    public Task SetterRaisesAnEventWhoseHandlerSavesTheFile_NoDiagnostic() => Verify.VerifyAnalyzerAsync(WithSettings("""
            public string Current
            {
                get => _current;
                set { _current = value; Changed?.Invoke(this, EventArgs.Empty); }
            }

            public void Load()
            {
                Changed += (_, _) => Save();
                foreach (var line in File.ReadAllLines(_path))
                {
                    Current = line;
                }
            }
        """));

    [Fact]
    public Task SetterCallsTheSaveMethod_NoDiagnostic() => Verify.VerifyAnalyzerAsync(WithSettings("""
            public string Current
            {
                get => _current;
                set { _current = value; _values[value] = value; Save(); }
            }

            public void Load()
            {
                foreach (var line in File.ReadAllLines(_path))
                {
                    Current = line;
                }
            }
        """));

    [Fact]
    public Task HelperWritesThePathItIsGiven_TheSamePath_NoDiagnostic() => Verify.VerifyAnalyzerAsync(WithSettings("""
            public void Load()
            {
                foreach (var line in File.ReadAllLines(_path))
                {
                    Append(_path, line);
                }
            }

            private static void Append(string file, string text) => Rewrite(file, text);

            private static void Rewrite(string target, string text) => File.AppendAllText(target, text);
        """));

    [Fact]
    public Task HelperWritesAFieldHeldPath_ReadThroughALocal_NoDiagnostic() => Verify.VerifyAnalyzerAsync(WithSettings("""
            public void Load()
            {
                var copy = _path;
                foreach (var line in File.ReadAllLines(copy))
                {
                    _values[line] = line;
                    Save();
                }
            }
        """));

    [Fact]
    public Task CallbackInTheLoop_NoDiagnostic() => Verify.VerifyAnalyzerAsync(WithSettings("""
            public void Load(Action<string> onLine)
            {
                foreach (var line in File.ReadAllLines(_path))
                {
                    onLine(line);
                }
            }
        """));

    [Fact]
    public Task VirtualMemberInTheLoop_NoDiagnostic() => Verify.VerifyAnalyzerAsync("""
        using System.IO;

        abstract class Importer
        {
            protected abstract void Import(string line);

            public void Run(string path)
            {
                foreach (var line in File.ReadAllLines(path))
                {
                    Import(line);
                }
            }
        }
        """);

    /// <summary>The path is computed - here by a method that creates its folder - before the file is opened, not while it is read.</summary>
    [Fact]
    public Task PathMadeByTheProjectBeforeTheRead_IsReported() => Verify.VerifyCodeFixAsync(
        """
        using System.IO;

        class C
        {
            int Count(string folder)
            {
                var n = 0;
                foreach (var line in {|IOP003:File.ReadAllLines(Ensure(folder))|}) n += line.Length;
                return n;
            }

            static string Ensure(string folder) => Path.Combine(Directory.CreateDirectory(folder).FullName, "list.txt");
        }
        """,
        """
        using System.IO;

        class C
        {
            int Count(string folder)
            {
                var n = 0;
                foreach (var line in File.ReadLines(Ensure(folder))) n += line.Length;
                return n;
            }

            static string Ensure(string folder) => Path.Combine(Directory.CreateDirectory(folder).FullName, "list.txt");
        }
        """);

    [Fact]
    public Task HelperWritesAnotherPathItIsGiven_IsReported() => Verify.VerifyCodeFixAsync(
        WithSettings("""
            public void Export(string target)
            {
                foreach (var line in {|IOP003:File.ReadAllLines(_path)|})
                {
                    Append(target, line);
                }
            }

            private static void Append(string file, string text) => File.AppendAllText(file, text);
        """),
        WithSettings("""
            public void Export(string target)
            {
                foreach (var line in File.ReadLines(_path))
                {
                    Append(target, line);
                }
            }

            private static void Append(string file, string text) => File.AppendAllText(file, text);
        """));

    [Fact]
    public Task HelperLogsToAConstantFile_IsReported() => Verify.VerifyCodeFixAsync(
        """
        using System.IO;

        class C
        {
            private const string LogFile = "import.log";

            void Import(string path)
            {
                foreach (var line in {|IOP003:File.ReadAllLines(path)|})
                {
                    Log(line);
                }
            }

            static void Log(string message) => File.AppendAllText(LogFile, message + "\n");
        }
        """,
        """
        using System.IO;

        class C
        {
            private const string LogFile = "import.log";

            void Import(string path)
            {
                foreach (var line in File.ReadLines(path))
                {
                    Log(line);
                }
            }

            static void Log(string message) => File.AppendAllText(LogFile, message + "\n");
        }
        """);

    [Fact]
    public Task HelperLogsToTheConstantFileBeingRead_NoDiagnostic() => Verify.VerifyAnalyzerAsync("""
        using System.IO;

        class C
        {
            private const string LogFile = "import.log";

            void Replay()
            {
                foreach (var line in File.ReadAllLines(LogFile))
                {
                    Log(line);
                }
            }

            static void Log(string message) => File.AppendAllText(LogFile, message + "\n");
        }
        """);

    /// <summary>
    /// Another reader of the same file shares it with File.ReadLines (both open it for reading with FileShare.Read), so
    /// IOP003 no longer counts OpenRead, OpenText, a StreamReader or File.Set* (metadata) as a conflict - the model's one
    /// list says what writes a file.
    /// </summary>
    [Theory]
    [InlineData("using (var again = File.OpenRead(p)) { }")]
    [InlineData("using (var reader = new StreamReader(p)) { }")]
    [InlineData("File.SetLastAccessTimeUtc(p, System.DateTime.UtcNow);")]
    public Task AnotherReaderOfTheSameFile_IsReported(string body) => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;

        class C
        {
            void M(string p)
            {
                foreach (var line in {|IOP003:File.ReadAllLines(p)|})
                {
                    {{body}}
                }
            }
        }
        """);

    [Theory]
    [InlineData("using (var handle = File.Open(p, FileMode.Open)) { }")]
    [InlineData("using (var stream = new FileStream(p, FileMode.Open)) { }")]
    [InlineData("File.Encrypt(p);")]
    public Task OpenForWritingTheSameFile_NoDiagnostic(string body) => Verify.VerifyAnalyzerAsync($$"""
        using System.IO;

        class C
        {
            void M(string p)
            {
                foreach (var line in File.ReadAllLines(p))
                {
                    {{body}}
                }
            }
        }
        """);
}
