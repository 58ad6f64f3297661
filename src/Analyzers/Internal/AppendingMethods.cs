using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>A method of the compilation that appends to one file on every call (<see cref="AppendingMethods"/>).</summary>
internal sealed class AppendingMethod : IMethodSummary<AppendingMethod>
{
    public AppendingMethod(IMethodSymbol method, IInvocationOperation append, IOperation path)
    {
        Method = method;
        Append = append;
        Path = path;
    }

    /// <summary>The method a caller calls (an interface's or base's, when its one body appends).</summary>
    public IMethodSymbol Method { get; }

    /// <summary>The <c>File.AppendAllText</c> or <c>File.AppendAllLines</c> call in the method's body.</summary>
    public IInvocationOperation Append { get; }

    /// <summary>The append's path: a constant, a static readonly or const field, or a readonly field of the method's object.</summary>
    public IOperation Path { get; }

    /// <summary>The path is a field of the object the method is called on: the same file only for the same object.</summary>
    public bool PathIsPerObject => Path.WalkDownConversions() is IFieldReferenceOperation { Field.IsStatic: false, Field.IsConst: false };

    public AppendingMethod CalledAs(IMethodSymbol called) => new(called, Append, Path);

    /// <summary>"'Log', which calls File.AppendAllText," - how a message names the method and what it does.</summary>
    public string Describe() =>
        Rules.Format(nameof(Resources.AppendedBy), Method.Name, $"File.{Append.TargetMethod.Name}");
}

/// <summary>
/// The compilation's own methods that open, append to and close one file on every call - a <c>Log(message)</c> that
/// calls <c>File.AppendAllText(LogPath, message)</c> - the cross-method half of IOP008: a loop that calls one pays for
/// the open and close on every iteration as surely as a loop that appends itself. A method qualifies when its body
/// holds exactly one synchronous <c>File.AppendAllText</c>/<c>AppendAllLines</c>, reached on every call (nothing but
/// blocks and a <c>try</c> body around it, no <c>return</c> or <c>throw</c> before it, no loop or lock around it), to a
/// path that cannot change between calls: a constant, a const or static readonly field, or a readonly field of the
/// method's object. Each method is summarised once per compilation, on demand; methods of other assemblies never.
/// </summary>
internal sealed class AppendingMethods : MethodSummaries<AppendingMethod>
{
    private readonly WellKnownIoTypes _types;

    public AppendingMethods(Compilation compilation, WellKnownIoTypes types, MethodUses methodUses)
        : base(compilation, methodUses)
    {
        _types = types;
    }

    protected override WordList? WordsEveryOneNames => WatchedWords.Appends;

    /// <summary>What a method (asked through <c>Of</c>) appends on every call, or null when it is not such a method.</summary>
    protected override AppendingMethod? Summarize(IMethodSymbol method, out bool complete, CancellationToken cancellationToken)
    {
        complete = true;
        if (ReadBody(method, cancellationToken) is not { } body)
        {
            return null;
        }

        IInvocationOperation? append = null;
        foreach (var operation in body.OwnOperations())
        {
            if (operation is IInvocationOperation { TargetMethod: { Name: "AppendAllText" or "AppendAllLines" or "AppendAllTextAsync" or "AppendAllLinesAsync" } target } call &&
                WellKnownIoTypes.Is(target.ContainingType, _types.File))
            {
                if (append is not null || target.Name.EndsWith("Async", System.StringComparison.Ordinal))
                {
                    return null; // Two appends (one file each call?), or one whose task the method hands back.
                }

                append = call;
            }
        }

        if (append is null || !RunsOnEveryCall(append, body, FirstExit(body)) || append.Arguments.GetArgument("path")?.Value is not { } path || !IsTheSameFileEveryCall(path))
        {
            return null;
        }

        return new AppendingMethod(method, append, path);
    }

    /// <summary>
    /// The method names an append and no other file operation (a logger that rotates its file - checks its length,
    /// deletes or moves it - would break under a writer held open across calls). The whole-file calls count in their
    /// <c>Async</c> forms too (<c>File.WriteAllTextAsync</c> truncates as <c>WriteAllText</c> does), named one by one: an
    /// unrelated <c>CreateAsync</c> or <c>OpenAsync</c> says nothing about files. Creating the folder is not among them:
    /// a writer held open keeps its folder, so the advice still holds.
    /// </summary>
    protected override bool LooksLikeOne(IMethodSymbol method, MethodBodySyntax declaration)
    {
        if (!SyntaxText.Mentions(declaration.Node, WatchedWords.Appends))
        {
            return false; // most methods: no token walk
        }

        var appends = false;
        foreach (var token in declaration.Node.DescendantTokens())
        {
            if (!token.IsKind(SyntaxKind.IdentifierToken))
            {
                continue;
            }

            switch (token.ValueText)
            {
                case "AppendAllText" or "AppendAllLines":
                    appends = true;
                    break;
                case "FileInfo" or "Delete" or "Move" or "Copy" or "Replace" or "Exists" or "Length" or "SetLength" or "WriteAllText" or "WriteAllLines" or "WriteAllBytes" or
                     "AppendAllBytes" or "StreamWriter" or "FileStream" or "Open" or "OpenWrite" or "OpenRead" or "OpenText" or "Create" or "CreateText" or "AppendText" or
                     "ReadAllText" or "ReadAllLines" or "ReadAllBytes" or "ReadLines" or "OpenHandle" or "SetAttributes" or "SetCreationTime" or
                     "SetLastWriteTime" or "SetLastAccessTime" or "Encrypt" or "Decrypt" or
                     "WriteAllTextAsync" or "WriteAllLinesAsync" or "WriteAllBytesAsync" or "AppendAllBytesAsync" or "ReadAllTextAsync" or "ReadAllLinesAsync" or
                     "ReadAllBytesAsync" or "ReadLinesAsync":
                    return false;
            }
        }

        return appends;
    }

    /// <summary>A constant, a const or static readonly field, or a readonly field of this object.</summary>
    private static bool IsTheSameFileEveryCall(IOperation path) => path.WalkDownConversions() switch
    {
        { ConstantValue: { HasValue: true, Value: string } } => true,
        IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } } => true,
        IFieldReferenceOperation { Field.IsReadOnly: true, Instance: IInstanceReferenceOperation } => true,
        _ => false,
    };
}
