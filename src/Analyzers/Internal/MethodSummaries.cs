using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>What a per-method summary says about the method a caller names (<see cref="MethodSummaries{TSummary}"/>).</summary>
internal interface IMethodSummary<out TSummary>
{
    /// <summary>The method a caller calls.</summary>
    IMethodSymbol Method { get; }

    /// <summary>The same summary, as a call to <paramref name="called"/>: an interface's or base's method whose one body was summarised.</summary>
    TSummary CalledAs(IMethodSymbol called);
}

/// <summary>
/// One judgement about the compilation's own methods (<see cref="ReturnedReads"/>, <see cref="AppendingMethods"/>, IOP006's
/// <c>ConsoleWritingMethods</c>),
/// made once per method and remembered for the compilation. A call is judged by the one body it can run
/// (<see cref="MethodUses.OnlyBody"/>); methods of other assemblies are never read, and a method's body is bound only
/// when its syntax passes the judgement's own cheap look.
/// </summary>
internal abstract class MethodSummaries<TSummary>
    where TSummary : class, IMethodSummary<TSummary>
{
    private readonly ConcurrentDictionary<IMethodSymbol, TSummary?> _byMethod = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _mayHaveOne = new(SymbolEqualityComparer.Default);
    private readonly Lazy<HashSet<string>?> _candidateNames;

    protected MethodSummaries(Compilation compilation, MethodUses methodUses)
    {
        Compilation = compilation;
        MethodUses = methodUses;
        _candidateNames = new Lazy<HashSet<string>?>(FindCandidateNames);
    }

    protected Compilation Compilation { get; }

    protected MethodUses MethodUses { get; }

    /// <summary>
    /// A cheap first filter before <see cref="Of"/>, asked of every call a rule looks at: a method whose name is that of
    /// a declaration that may have a summary (<see cref="PassesTheNameGate"/>), ordinary or a local function, of this
    /// compilation's assembly. Assemblies are compared because asking a source symbol for its
    /// <c>DeclaringSyntaxReferences</c> builds the array on every call (22 ms of IOP006's question on NLog, profiled).
    /// </summary>
    public bool IsCandidate(IMethodSymbol method) =>
        PassesTheNameGate(method) &&
        method.MethodKind is MethodKind.Ordinary or MethodKind.LocalFunction &&
        SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, Compilation.Assembly);

    /// <summary>
    /// Whether a method called <paramref name="name"/> may have a summary: some method or local function of that name in
    /// the compilation holds one of <see cref="WordsEveryOneNames"/> (<see cref="DeclaredNames"/>; found once per
    /// compilation, when first asked). Most calls are settled here by their name alone.
    /// </summary>
    public bool MayBeNamed(string name) => _candidateNames.Value is not { } names || names.Contains(name);

    /// <summary>Whether any method of the compilation may have a summary (<see cref="MayBeNamed"/> lets some name through).</summary>
    protected bool AnyMayHaveOne => _candidateNames.Value is not { Count: 0 };

    /// <summary>
    /// <see cref="MayBeNamed"/> for a method in hand: a local function that wraps its type's method is let through too
    /// where <see cref="ReachesMethodsOfTheSameType"/> (its name is not gathered: <see cref="DeclaredNames"/>).
    /// </summary>
    private bool PassesTheNameGate(IMethodSymbol method) =>
        MayBeNamed(method.Name) || (ReachesMethodsOfTheSameType && AnyMayHaveOne && method.MethodKind == MethodKind.LocalFunction);

    /// <summary>
    /// Words one of which the text of every method with a summary holds (what <see cref="LooksLikeOne"/> searches for
    /// first); null when there are none.
    /// </summary>
    protected virtual WordList? WordsEveryOneNames => null;

    /// <summary>
    /// Whether a method that does not name <see cref="WordsEveryOneNames"/> itself may have a summary through another
    /// method of its type that does (a wrapper of a wrapper): then every method of such a type may.
    /// </summary>
    protected virtual bool ReachesMethodsOfTheSameType => false;

    /// <summary>The summary of <paramref name="method"/>, or null when it is not the compilation's or does not qualify.</summary>
    public TSummary? Of(IMethodSymbol method, CancellationToken cancellationToken)
    {
        method = method.OriginalDefinition;
        if (!PassesTheNameGate(method) || !SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, Compilation.Assembly))
        {
            return null;
        }

        if (_byMethod.TryGetValue(method, out var known))
        {
            return known;
        }

        // Most methods a call names have no body to read or fail the judgement's look at their syntax: settled without
        // the meter (the corpus runner's clock is a system call; a build has none).
        if (BodyToRead(method, cancellationToken) is not { } body)
        {
            return _byMethod.GetOrAdd(method, (TSummary?)null);
        }

        var start = ModelMeter.Start();
        try
        {
            var found = Summarize(body, out var complete, cancellationToken);
            if (found is not null && !SymbolEqualityComparer.Default.Equals(found.Method, method))
            {
                found = found.CalledAs(method); // the interface's or base's name, as the caller wrote it
            }

            // A summary cut short (a depth bound) is not remembered: asked directly, it may reach further.
            return complete ? _byMethod.GetOrAdd(method, found) : found;
        }
        finally
        {
            ModelMeter.Stop(start);
        }
    }

    /// <summary>
    /// Whether <paramref name="method"/> may have a summary, from its declaration's syntax alone (<see cref="LooksLikeOne"/>):
    /// a caller with work of its own to do first asks this, and the method is bound only if the rest holds. A method
    /// settled as having none is remembered, and so is one that may (a compression library hands its buffers to the
    /// same few readers from hundreds of calls: their declarations were searched again on each).
    /// </summary>
    public bool MayHaveOne(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (!PassesTheNameGate(method))
        {
            return false;
        }

        method = method.OriginalDefinition;
        if (_byMethod.TryGetValue(method, out var known))
        {
            return known is not null;
        }

        if (_mayHaveOne.TryGetValue(method, out var may))
        {
            return may;
        }

        if (!SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, Compilation.Assembly) ||
            BodyToRead(method, cancellationToken) is null)
        {
            _byMethod.TryAdd(method, null);
            return false;
        }

        return _mayHaveOne.GetOrAdd(method, true);
    }

    /// <summary>
    /// A look at the syntax of a declaration with a body alone: false when its method cannot be one (most methods are
    /// never bound).
    /// </summary>
    protected abstract bool LooksLikeOne(IMethodSymbol method, MethodBodySyntax declaration);

    /// <summary>
    /// Whether an <c>async</c> method can qualify: not where the summary is about the value handed back (a task of it),
    /// but where it is about what the body does with its arguments.
    /// </summary>
    protected virtual bool AsyncQualifies => false;

    private HashSet<string>? FindCandidateNames()
    {
        if (WordsEveryOneNames is not { } words)
        {
            return null;
        }

        var start = ModelMeter.Start();
        try
        {
            return DeclaredNames.Of(Compilation, words, ReachesMethodsOfTheSameType);
        }
        finally
        {
            ModelMeter.Stop(start);
        }
    }

    /// <summary>A summary already made for <paramref name="method"/>'s definition, if any.</summary>
    protected bool TryGetKnown(IMethodSymbol method, out TSummary? known) => _byMethod.TryGetValue(method, out known);

    /// <summary>
    /// Summarises <paramref name="body"/> (the one body a call runs); <paramref name="complete"/> false when the answer
    /// was cut short and must not be remembered.
    /// </summary>
    protected abstract TSummary? Summarize(IMethodSymbol body, out bool complete, CancellationToken cancellationToken);

    /// <summary>Where the first <c>return</c> or <c>throw</c> of <paramref name="body"/> starts; <see cref="int.MaxValue"/> when it has none.</summary>
    protected static int FirstExit(IOperation body)
    {
        var first = int.MaxValue;
        foreach (var operation in body.OwnOperations())
        {
            // A local function's body ends in an implicit return spanning its block: not an early exit.
            if (operation is IReturnOperation { Kind: OperationKind.Return, IsImplicit: false } or IThrowOperation && operation.Syntax.SpanStart < first)
            {
                first = operation.Syntax.SpanStart;
            }
        }

        return first;
    }

    /// <summary>
    /// <paramref name="call"/> is a statement with only blocks and <c>try</c> bodies around it, before the body's first
    /// <c>return</c> or <c>throw</c> (<paramref name="firstExit"/>, from <see cref="FirstExit"/>): every call of the
    /// method reaches it (a logger that checks a level first does not).
    /// </summary>
    protected static bool RunsOnEveryCall(IInvocationOperation call, IOperation body, int firstExit)
    {
        if (call.Parent is not IExpressionStatementOperation statement || call.Syntax.SpanStart > firstExit)
        {
            return false;
        }

        IOperation child = statement;
        for (var current = statement.Parent; current is not null && current != body; child = current, current = current.Parent)
        {
            var passes = current switch
            {
                IBlockOperation => true,
                ITryOperation tryOperation => tryOperation.Body == child,
                _ => false,
            };
            if (!passes)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// <paramref name="method"/>'s one ordinary, non-abstract declaration with a body in this compilation, or a local
    /// function's (synchronous unless <see cref="AsyncQualifies"/>), when <see cref="LooksLikeOne"/> says it may qualify;
    /// null otherwise. Syntax only: nothing is bound.
    /// </summary>
    private MethodBodySyntax? DeclarationToRead(IMethodSymbol method, CancellationToken cancellationToken) =>
        method.MethodKind is MethodKind.Ordinary or MethodKind.LocalFunction && !(method.IsAsync && !AsyncQualifies) && !method.IsAbstract && !method.IsExtern &&
        method.DeclaringSyntaxReferences.Length == 1 &&
        MethodBodySyntax.Of(method.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken)) is { } declaration &&
        Compilation.ContainsSyntaxTree(declaration.Node.SyntaxTree) &&
        LooksLikeOne(method, declaration)
            ? declaration
            : null;

    /// <summary>The one body a call of <paramref name="method"/> runs (<see cref="MethodUses.OnlyBody"/>), when its declaration is worth reading.</summary>
    private IMethodSymbol? BodyToRead(IMethodSymbol method, CancellationToken cancellationToken) =>
        MethodUses.OnlyBody(method) is { } body && DeclarationToRead(body, cancellationToken) is not null ? body : null;

    /// <summary>The operations of the declaration <see cref="DeclarationToRead"/> finds; null when there is none.</summary>
    protected IOperation? ReadBody(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (DeclarationToRead(method, cancellationToken) is not { } declaration)
        {
            return null;
        }

        ModelMeter.MethodRead();
#pragma warning disable RS1030 // The called method may be in another file: only that tree's semantic model can bind it. Reached only for a method a rule sees called where it matters, whose syntax passed the look.
        var model = Compilation.GetSemanticModel(declaration.Node.SyntaxTree);
#pragma warning restore RS1030
        return model.GetOperation(declaration.Node, cancellationToken);
    }
}

/// <summary>
/// The declaration of a method with a body: an ordinary method's or a local function's, with its block or its
/// <c>=&gt;</c> body (one of the two is set). What a summary reads, and what the helper fix retypes.
/// </summary>
internal sealed class MethodBodySyntax
{
    private MethodBodySyntax(SyntaxNode node, TypeSyntax returnType, SyntaxToken identifier, BlockSyntax? body, ArrowExpressionClauseSyntax? expressionBody)
    {
        Node = node;
        ReturnType = returnType;
        Identifier = identifier;
        Body = body;
        ExpressionBody = expressionBody;
    }

    /// <summary>The <c>MethodDeclarationSyntax</c> or <c>LocalFunctionStatementSyntax</c>: its operation is the body's.</summary>
    public SyntaxNode Node { get; }

    public TypeSyntax ReturnType { get; }

    public SyntaxToken Identifier { get; }

    public BlockSyntax? Body { get; }

    public ArrowExpressionClauseSyntax? ExpressionBody { get; }

    /// <summary>The syntax nodes of the body that run as this method's own code: not those in its lambdas or local functions.</summary>
    public IEnumerable<SyntaxNode> OwnNodes() =>
        (Body ?? (SyntaxNode)ExpressionBody!).DescendantNodes(node => node is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax));

    /// <summary>The declaration <paramref name="node"/> is, when it is a method's or a local function's with a body; null otherwise.</summary>
    public static MethodBodySyntax? Of(SyntaxNode node) => node switch
    {
        MethodDeclarationSyntax { Body: var body, ExpressionBody: var arrow } method when body is not null || arrow is not null =>
            new(node, method.ReturnType, method.Identifier, body, arrow),
        LocalFunctionStatementSyntax { Body: var body, ExpressionBody: var arrow } local when body is not null || arrow is not null =>
            new(node, local.ReturnType, local.Identifier, body, arrow),
        _ => null,
    };
}
