using System.Diagnostics;
using System.Text;

namespace IoPerf.Analyzers.TestKit;

/// <summary>What a dotnet CLI command printed: its standard output alone (for machine-readable output) and everything.</summary>
public sealed record DotNetResult(int ExitCode, string StandardOutput, string Output, bool TimedOut = false)
{
    public override string ToString() => $"exit code {ExitCode}\n{Output}";
}

/// <summary>The dotnet CLI run as a user would, for the tests and the tools: no build servers left behind, no first-run noise, no telemetry.</summary>
public static class DotNetProcess
{
    public static ProcessStartInfo StartInfo(string workingDirectory, IEnumerable<string> arguments)
    {
        var startInfo = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        startInfo.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        startInfo.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        startInfo.Environment["DOTNET_NOLOGO"] = "1";
        startInfo.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        startInfo.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        return startInfo;
    }

    /// <summary>Runs <c>dotnet arguments</c> to the end, or kills it (and what it started) after <paramref name="timeout"/>.</summary>
    public static DotNetResult Run(string workingDirectory, TimeSpan timeout, params string[] arguments)
    {
        var output = new StringBuilder();
        var standardOutput = new StringBuilder();
        using var process = new Process { StartInfo = StartInfo(workingDirectory, arguments) };
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); standardOutput.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            lock (output)
            {
                return new DotNetResult(-1, standardOutput.ToString(), $"dotnet {string.Join(' ', arguments)} did not finish in {timeout.TotalMinutes} minutes:\n{output}", TimedOut: true);
            }
        }

        process.WaitForExit();
        lock (output)
        {
            return new DotNetResult(process.ExitCode, standardOutput.ToString(), output.ToString());
        }
    }
}
