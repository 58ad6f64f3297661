namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>Runs the dotnet CLI the way a user would, and returns what it printed; a command still running after 5 minutes fails the test.</summary>
internal static class DotNetCli
{
    public static DotNetResult Run(string workingDirectory, params string[] arguments)
    {
        var result = DotNetProcess.Run(workingDirectory, TimeSpan.FromMinutes(5), arguments);
        return result.TimedOut ? throw new TimeoutException(result.Output) : result;
    }
}
