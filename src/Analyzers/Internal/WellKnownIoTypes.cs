using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// The framework types the rules look at, resolved once per compilation for all of them. A missing type is null, and
/// the rules that need it stay silent (old target frameworks, broken references, code typed without a framework).
/// </summary>
internal sealed class WellKnownIoTypes
{
    private readonly Compilation _compilation;
    private readonly Lazy<INamedTypeSymbol?> _fileStream;
    private readonly Lazy<INamedTypeSymbol?> _streamReader;
    private readonly Lazy<INamedTypeSymbol?> _streamWriter;
    private readonly Lazy<INamedTypeSymbol?> _stream;
    private readonly Lazy<INamedTypeSymbol?> _encoding;
    private readonly Lazy<INamedTypeSymbol?> _enumerable;
    private readonly Lazy<INamedTypeSymbol?> _expressionOfT;
    private readonly Lazy<INamedTypeSymbol?> _stringSplitOptions;
    private readonly Lazy<INamedTypeSymbol?> _environment;
    private readonly Lazy<INamedTypeSymbol?> _safeFileHandle;
    private readonly Lazy<INamedTypeSymbol?> _fileInfo;
    private readonly Lazy<INamedTypeSymbol?> _fileStreamOptions;
    private readonly Lazy<INamedTypeSymbol?> _fileOptions;
    private readonly Lazy<INamedTypeSymbol?> _randomAccess;
    private readonly Lazy<INamedTypeSymbol?> _binaryReader;
    private readonly Lazy<INamedTypeSymbol?> _binaryWriter;
    private readonly Lazy<INamedTypeSymbol?> _bufferedStream;
    private readonly Lazy<INamedTypeSymbol?> _textReader;
    private readonly Lazy<INamedTypeSymbol?> _textWriter;
    private readonly Lazy<INamedTypeSymbol?> _arrayPoolOfT;
    private readonly Lazy<INamedTypeSymbol?> _memoryExtensions;
    private readonly Lazy<INamedTypeSymbol?> _console;
    private readonly Lazy<INamedTypeSymbol?> _searchValues;
    private readonly Lazy<INamedTypeSymbol?> _readOnlySpanOfT;
    private readonly Lazy<INamedTypeSymbol?> _spanOfT;
    private readonly Lazy<INamedTypeSymbol?> _directory;
    private readonly Lazy<INamedTypeSymbol?> _directoryInfo;
    private readonly Lazy<INamedTypeSymbol?> _fileSystemInfo;
    private readonly Lazy<INamedTypeSymbol?> _path;
    private readonly Lazy<INamedTypeSymbol?> _process;
    private readonly Lazy<INamedTypeSymbol?> _thread;
    private readonly Lazy<INamedTypeSymbol?> _task;
    private readonly Lazy<INamedTypeSymbol?> _blockingCollectionOfT;
    private readonly Lazy<INamedTypeSymbol?> _channelReaderOfT;
    private readonly Lazy<INamedTypeSymbol?> _exception;
    private readonly Lazy<INamedTypeSymbol[]> _peerTypes;

    private WellKnownIoTypes(Compilation compilation)
    {
        _compilation = compilation;

        // File decides whether a rule runs at all; the others are looked up when a rule first needs them (each lookup
        // searches every referenced assembly, and most compilations never need most of them).
        File = GetType("System.IO.File");
        IEnumerableOfT = compilation.GetSpecialType(SpecialType.System_Collections_Generic_IEnumerable_T);
        _fileStream = Lookup("System.IO.FileStream");
        _streamReader = Lookup("System.IO.StreamReader");
        _streamWriter = Lookup("System.IO.StreamWriter");
        _stream = Lookup("System.IO.Stream");
        _encoding = Lookup("System.Text.Encoding");
        _enumerable = Lookup("System.Linq.Enumerable");
        _expressionOfT = Lookup("System.Linq.Expressions.Expression`1");
        _stringSplitOptions = Lookup("System.StringSplitOptions");
        _environment = Lookup("System.Environment");
        _safeFileHandle = Lookup("Microsoft.Win32.SafeHandles.SafeFileHandle");
        _fileInfo = Lookup("System.IO.FileInfo");
        _fileStreamOptions = Lookup("System.IO.FileStreamOptions");
        _fileOptions = Lookup("System.IO.FileOptions");
        _randomAccess = Lookup("System.IO.RandomAccess");
        _binaryReader = Lookup("System.IO.BinaryReader");
        _binaryWriter = Lookup("System.IO.BinaryWriter");
        _bufferedStream = Lookup("System.IO.BufferedStream");
        _textReader = Lookup("System.IO.TextReader");
        _textWriter = Lookup("System.IO.TextWriter");
        _arrayPoolOfT = Lookup("System.Buffers.ArrayPool`1");
        _memoryExtensions = Lookup("System.MemoryExtensions");
        _console = Lookup("System.Console");
        _searchValues = Lookup("System.Buffers.SearchValues");
        _readOnlySpanOfT = Lookup("System.ReadOnlySpan`1");
        _spanOfT = Lookup("System.Span`1");
        _directory = Lookup("System.IO.Directory");
        _directoryInfo = Lookup("System.IO.DirectoryInfo");
        _fileSystemInfo = Lookup("System.IO.FileSystemInfo");
        _path = Lookup("System.IO.Path");
        _process = Lookup("System.Diagnostics.Process");
        _thread = Lookup("System.Threading.Thread");
        _task = Lookup("System.Threading.Tasks.Task");
        _blockingCollectionOfT = Lookup("System.Collections.Concurrent.BlockingCollection`1");
        _channelReaderOfT = Lookup("System.Threading.Channels.ChannelReader`1");
        _exception = Lookup("System.Exception");
        _peerTypes = new(() => ResolveAll(PeerTypeNames), LazyThreadSafetyMode.PublicationOnly);
    }

    /// <summary>
    /// Types whose every call waits on a peer: the network, a device, another process at the end of a pipe. A loop that
    /// calls one runs at the pace of what is at the other end (see <see cref="Pacing"/>).
    /// </summary>
    private static readonly string[] PeerTypeNames =
    {
        "System.Net.Sockets.Socket", "System.Net.Sockets.NetworkStream", "System.Net.Sockets.TcpClient", "System.Net.Sockets.TcpListener",
        "System.Net.Sockets.UdpClient", "System.Net.HttpListener", "System.Net.WebSockets.WebSocket", "System.Net.Http.HttpMessageInvoker",
        "System.IO.Ports.SerialPort", "System.IO.Pipes.PipeStream", "System.IO.Pipelines.PipeReader",
    };

    public INamedTypeSymbol? File { get; }
    public INamedTypeSymbol? FileStream => _fileStream.Value;
    public INamedTypeSymbol? StreamReader => _streamReader.Value;
    public INamedTypeSymbol? StreamWriter => _streamWriter.Value;
    public INamedTypeSymbol? Stream => _stream.Value;
    public INamedTypeSymbol? Encoding => _encoding.Value;
    public INamedTypeSymbol? Enumerable => _enumerable.Value;
    public INamedTypeSymbol? ExpressionOfT => _expressionOfT.Value;
    public INamedTypeSymbol? StringSplitOptions => _stringSplitOptions.Value;
    public INamedTypeSymbol? Environment => _environment.Value;
    public INamedTypeSymbol? SafeFileHandle => _safeFileHandle.Value;
    public INamedTypeSymbol? FileInfo => _fileInfo.Value;
    public INamedTypeSymbol? FileStreamOptions => _fileStreamOptions.Value;
    public INamedTypeSymbol? FileOptions => _fileOptions.Value;
    public INamedTypeSymbol? RandomAccess => _randomAccess.Value;
    public INamedTypeSymbol? BinaryReader => _binaryReader.Value;
    public INamedTypeSymbol? BinaryWriter => _binaryWriter.Value;
    public INamedTypeSymbol? BufferedStream => _bufferedStream.Value;
    public INamedTypeSymbol? TextReader => _textReader.Value;
    public INamedTypeSymbol? TextWriter => _textWriter.Value;
    public INamedTypeSymbol? ArrayPoolOfT => _arrayPoolOfT.Value;
    public INamedTypeSymbol? MemoryExtensions => _memoryExtensions.Value;

    public INamedTypeSymbol? Console => _console.Value;

    public INamedTypeSymbol? SearchValues => _searchValues.Value;

    public INamedTypeSymbol? ReadOnlySpanOfT => _readOnlySpanOfT.Value;

    public INamedTypeSymbol? SpanOfT => _spanOfT.Value;

    public INamedTypeSymbol? Directory => _directory.Value;

    public INamedTypeSymbol? DirectoryInfo => _directoryInfo.Value;

    public INamedTypeSymbol? FileSystemInfo => _fileSystemInfo.Value;

    public INamedTypeSymbol? Path => _path.Value;

    public INamedTypeSymbol? Process => _process.Value;

    public INamedTypeSymbol? Thread => _thread.Value;

    public INamedTypeSymbol? Task => _task.Value;

    public INamedTypeSymbol? BlockingCollectionOfT => _blockingCollectionOfT.Value;

    public INamedTypeSymbol? ChannelReaderOfT => _channelReaderOfT.Value;

    public INamedTypeSymbol? Exception => _exception.Value;

    /// <summary>The network, device and pipe types of <see cref="PeerTypeNames"/> this compilation references (base types: derived ones match too).</summary>
    public INamedTypeSymbol[] PeerTypes => _peerTypes.Value;
    public INamedTypeSymbol IEnumerableOfT { get; }

    /// <summary>True when <paramref name="type"/> is <paramref name="expected"/> (never when either is missing).</summary>
    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? expected) =>
        type is not null && expected is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, expected);

    /// <summary>True when <paramref name="type"/> is <paramref name="baseType"/> or derives from it.</summary>
    public static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol? baseType)
    {
        for (var current = type; current is not null && baseType is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True when <paramref name="type"/> is, or derives from, one of <paramref name="baseTypes"/> (generic ones by definition).</summary>
    public static bool DerivesFromAny(ITypeSymbol? type, INamedTypeSymbol[] baseTypes)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            foreach (var baseType in baseTypes)
            {
                if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// The types of <paramref name="metadataNames"/> that exist in this compilation, for a rule's own list of types
    /// (UI frameworks, server base classes) that only some compilations reference.
    /// </summary>
    public INamedTypeSymbol[] ResolveAll(string[] metadataNames)
    {
        var found = new System.Collections.Generic.List<INamedTypeSymbol>(metadataNames.Length);
        foreach (var name in metadataNames)
        {
            if (GetType(name) is { } type)
            {
                found.Add(type);
            }
        }

        return found.ToArray();
    }

    private Lazy<INamedTypeSymbol?> Lookup(string metadataName) =>
        new(() => GetType(metadataName), LazyThreadSafetyMode.PublicationOnly);

    /// <summary>
    /// The type, looked for first in the assembly that declares it in the .NET reference sets - the core library for
    /// System.IO and most of what the rules ask for, else an assembly named after its namespace or one above it
    /// (System.Console, System.Linq, System.Text.Json for System.Text.Json.Nodes, System.Diagnostics.Process) - and only
    /// then in every reference: <c>GetTypeByMetadataName</c> asks each of them in turn (167 for .NET 10), about 0.5 ms per
    /// name and compilation in the corpus runner's profile of duplicati (108 compilations).
    /// </summary>
    private INamedTypeSymbol? GetType(string metadataName)
    {
        if (CoreLibrary?.GetTypeByMetadataName(metadataName) is { } inCoreLibrary)
        {
            return inCoreLibrary;
        }

        var lastDot = metadataName.LastIndexOf('.');
        if (lastDot > 0)
        {
            var typeName = metadataName.Substring(lastDot + 1).Split('`')[0];
            if (FindIn(metadataName.Substring(0, lastDot) + "." + typeName, metadataName) is { } found)
            {
                return found;
            }

            // The namespace and the ones above it, down to two parts (System.Text.Json.Nodes, System.Text.Json, System.Text).
            for (var end = lastDot; end > 0 && metadataName.IndexOf('.') < end; end = metadataName.LastIndexOf('.', end - 1))
            {
                if (FindIn(metadataName.Substring(0, end), metadataName) is { } inNamespaceAssembly)
                {
                    return inNamespaceAssembly;
                }
            }
        }

#pragma warning disable RS0030 // The one place that looks types up by name (BannedSymbols.txt).
        return _compilation.GetTypeByMetadataName(metadataName);
#pragma warning restore RS0030
    }

    private IAssemblySymbol? _coreLibrary;

    private IAssemblySymbol? CoreLibrary =>
        _coreLibrary ??= _compilation.GetSpecialType(SpecialType.System_Object) is { TypeKind: not TypeKind.Error } @object ? @object.ContainingAssembly : null;

    private INamedTypeSymbol? FindIn(string assemblyName, string metadataName) =>
        ReferencedAssemblies.TryGetValue(assemblyName, out var assembly) ? assembly.GetTypeByMetadataName(metadataName) : null;

    private System.Collections.Generic.Dictionary<string, IAssemblySymbol>? _referencedAssemblies;

    private System.Collections.Generic.Dictionary<string, IAssemblySymbol> ReferencedAssemblies =>
        LazyInitializer.EnsureInitialized(ref _referencedAssemblies, () =>
        {
            var byName = new System.Collections.Generic.Dictionary<string, IAssemblySymbol>(StringComparer.Ordinal);
            foreach (var assembly in _compilation.SourceModule.ReferencedAssemblySymbols)
            {
                byName[assembly.Name] = assembly;
            }

            return byName;
        })!;

    // Every rule (and fix) asks for the same compilation's types: one instance per compilation, so that each type is
    // looked up once for all of them - a lookup searches every referenced assembly (measured at 50-100 us per rule and
    // compilation on a 167-reference .NET 10 compilation). The table holds the compilation weakly.
    private static readonly ConditionalWeakTable<Compilation, WellKnownIoTypes> ByCompilation = new();
    private static readonly ConditionalWeakTable<Compilation, WellKnownIoTypes>.CreateValueCallback CreateForCompilation = compilation => new WellKnownIoTypes(compilation);

    public static WellKnownIoTypes For(Compilation compilation) => ByCompilation.GetValue(compilation, CreateForCompilation);
}
