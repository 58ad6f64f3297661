using System.Collections.Concurrent;
using System.Diagnostics;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace IoPerf.Analyzers.Tests.EndToEnd;

/// <summary>
/// The smallest language-server client that can ask a real server for diagnostics: JSON-RPC 2.0 over the server's
/// standard streams with LSP's <c>Content-Length</c> framing (the base protocol of the Language Server Protocol 3.17).
/// Requests the server sends are answered: configuration from <see cref="Settings"/>, everything else (capability
/// registration, progress) with an empty result.
/// </summary>
internal sealed class LanguageServerClient : IAsyncDisposable
{
    private readonly Process _process;
    private readonly Stream _input;
    private readonly ConcurrentDictionary<int, TaskCompletionSource<JsonNode?>> _pending = new();
    private readonly StringBuilder _log = new();
    private readonly SemaphoreSlim _writeLock = new(1, 1);
    private readonly Task _reader;
    private int _nextId;

    private LanguageServerClient(Process process)
    {
        _process = process;
        _input = process.StandardInput.BaseStream;
        _reader = Task.Run(ReadMessagesAsync);
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { Log("stderr: " + e.Data); } };
        process.BeginErrorReadLine();
    }

    /// <summary>The client's settings, one value per configuration section (<c>workspace/configuration</c>); null for any other.</summary>
    public JsonObject Settings { get; } = new();

    /// <summary>What the server printed on its error stream and the notifications it sent, for a failing test's message.</summary>
    public string Transcript
    {
        get
        {
            lock (_log)
            {
                return _log.ToString();
            }
        }
    }

    /// <summary>Starts <c>dotnet tool run &lt;command&gt;</c> in <paramref name="workingDirectory"/> (where a tool manifest names it).</summary>
    public static LanguageServerClient Start(string workingDirectory, string command, params string[] arguments)
    {
        var startInfo = DotNetProcess.StartInfo(workingDirectory, new[] { "tool", "run", command, "--" }.Concat(arguments));
        startInfo.RedirectStandardInput = true;
        return new LanguageServerClient(Process.Start(startInfo) ?? throw new InvalidOperationException("could not start dotnet"));
    }

    public async Task<JsonNode?> RequestAsync(string method, JsonNode? parameters, TimeSpan timeout)
    {
        var id = Interlocked.Increment(ref _nextId);
        var response = new TaskCompletionSource<JsonNode?>(TaskCreationOptions.RunContinuationsAsynchronously);
        _pending[id] = response;
        await SendAsync(new JsonObject { ["jsonrpc"] = "2.0", ["id"] = id, ["method"] = method, ["params"] = parameters });
        var finished = await Task.WhenAny(response.Task, Task.Delay(timeout));
        if (finished != response.Task)
        {
            _pending.TryRemove(id, out _);
            throw new TimeoutException($"{method} got no answer in {timeout.TotalSeconds} s.\n{Transcript}");
        }

        return await response.Task;
    }

    public Task NotifyAsync(string method, JsonNode? parameters) =>
        SendAsync(new JsonObject { ["jsonrpc"] = "2.0", ["method"] = method, ["params"] = parameters });

    private async Task SendAsync(JsonObject message)
    {
        var body = Encoding.UTF8.GetBytes(message.ToJsonString());
        var header = Encoding.ASCII.GetBytes($"Content-Length: {body.Length}\r\n\r\n");
        await _writeLock.WaitAsync();
        try
        {
            await _input.WriteAsync(header);
            await _input.WriteAsync(body);
            await _input.FlushAsync();
        }
        finally
        {
            _writeLock.Release();
        }
    }

    private async Task ReadMessagesAsync()
    {
        var output = _process.StandardOutput.BaseStream;
        try
        {
            while (await ReadMessageAsync(output) is { } message)
            {
                await DispatchAsync(message);
            }
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException or JsonException)
        {
            Log("reader stopped: " + e.Message);
        }

        foreach (var pending in _pending.Values)
        {
            pending.TrySetException(new IOException("The language server closed its output.\n" + Transcript));
        }
    }

    private static async Task<JsonNode?> ReadMessageAsync(Stream output)
    {
        var length = -1;
        while (true)
        {
            var line = await ReadHeaderLineAsync(output);
            if (line is null)
            {
                return null;
            }

            if (line.Length == 0)
            {
                break;
            }

            if (line.StartsWith("Content-Length:", StringComparison.OrdinalIgnoreCase))
            {
                length = int.Parse(line["Content-Length:".Length..].Trim(), System.Globalization.CultureInfo.InvariantCulture);
            }
        }

        var body = new byte[length];
        await output.ReadExactlyAsync(body);
        return JsonNode.Parse(body);
    }

    private static async Task<string?> ReadHeaderLineAsync(Stream output)
    {
        var line = new StringBuilder();
        var one = new byte[1];
        while (await output.ReadAsync(one) == 1)
        {
            if (one[0] == '\n')
            {
                return line.ToString().TrimEnd('\r');
            }

            line.Append((char)one[0]);
        }

        return null;
    }

    private JsonNode? SettingOf(JsonNode? item) =>
        item?["section"]?.GetValue<string>() is { } section && Settings[section] is { } value ? value.DeepClone() : null;

    private async Task DispatchAsync(JsonNode message)
    {
        var hasId = message["id"] is not null;
        var method = message["method"]?.GetValue<string>();
        if (method is null && hasId)
        {
            // A response to one of our requests.
            if (_pending.TryRemove(message["id"]!.GetValue<int>(), out var response))
            {
                if (message["error"] is { } error)
                {
                    response.TrySetException(new InvalidOperationException("The language server answered with an error: " + error.ToJsonString()));
                }
                else
                {
                    response.TrySetResult(message["result"]?.DeepClone());
                }
            }

            return;
        }

        if (method is not null && hasId)
        {
            // A request from the server: configuration asks for one value per item; everything else wants no data.
            JsonNode? result = method == "workspace/configuration"
                ? new JsonArray((message["params"]?["items"]?.AsArray() ?? new JsonArray()).Select(SettingOf).ToArray())
                : null;
            await SendAsync(new JsonObject { ["jsonrpc"] = "2.0", ["id"] = message["id"]!.DeepClone(), ["result"] = result });
            return;
        }

        if (method is "window/logMessage" or "window/showMessage" or "textDocument/publishDiagnostics")
        {
            Log($"{method}: {message["params"]?.ToJsonString()}");
        }
    }

    private void Log(string line)
    {
        lock (_log)
        {
            _log.AppendLine(line);
        }
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            if (!_process.HasExited)
            {
                using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(5));
                var shutdown = RequestAsync("shutdown", null, TimeSpan.FromSeconds(5));
                await Task.WhenAny(shutdown, Task.Delay(TimeSpan.FromSeconds(5), stop.Token));
                await NotifyAsync("exit", null);
                await _process.WaitForExitAsync(stop.Token);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or IOException or TimeoutException or InvalidOperationException)
        {
            // The server is killed below.
        }
        finally
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
            }

            await Task.WhenAny(_reader, Task.Delay(TimeSpan.FromSeconds(2)));
            _process.Dispose();
        }
    }
}
