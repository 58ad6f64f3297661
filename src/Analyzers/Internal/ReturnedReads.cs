using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>Which whole-file read a project method hands back (<see cref="ReturnedReads"/>).</summary>
internal enum ReadResult
{
    /// <summary><c>File.ReadAllLines(path)</c>: every line of a file, as an array.</summary>
    Lines,

    /// <summary><c>Directory.GetFiles</c> and the other array-returning listings of <c>Directory</c> and <c>DirectoryInfo</c>.</summary>
    Listing,

    /// <summary>
    /// <c>File.ReadAllText(path)</c>: a whole file as one string; or <c>File.ReadAllTextAsync(path)</c>'s task of it,
    /// handed back as it is or awaited in an <c>async</c> method (the caller awaits the string).
    /// </summary>
    Text,
}

/// <summary>
/// A method of the compilation every <c>return</c> of which hands back the result of one whole-file read (or nothing
/// worth streaming: <c>null</c>, an empty array), directly, through a local it only returns, or through another such
/// method of the compilation.
/// </summary>
internal sealed class ReturnedRead : IMethodSummary<ReturnedRead>
{
    private readonly bool _onePath;

    public ReturnedRead(IMethodSymbol method, ReadResult result, IInvocationOperation read, int? pathParameter, bool onePath = true)
    {
        _onePath = onePath;
        Method = method;
        Result = result;
        Read = read;
        PathParameter = pathParameter;
    }

    /// <summary>The project method whose callers get the read's result.</summary>
    public IMethodSymbol Method { get; }

    public ReadResult Result { get; }

    /// <summary>The read itself (<c>File.ReadAllLines(path)</c>), in <see cref="Method"/> or in a method it returns from.</summary>
    public IInvocationOperation Read { get; }

    /// <summary>
    /// The ordinal of <see cref="Method"/>'s parameter that the read opens as it is passed (never written in the
    /// method), so at a call the path is that argument (<see cref="PathAt"/>); null when the path is computed inside, out
    /// of the caller's sight.
    /// </summary>
    public int? PathParameter { get; }

    /// <summary>The same read, as a call to <paramref name="called"/> (an interface's or base's method whose one body is <see cref="Method"/>).</summary>
    public ReturnedRead CalledAs(IMethodSymbol called) => new(called, Result, Read, PathParameter, _onePath);

    /// <summary>
    /// No code outside the compilation can call <see cref="Method"/> (it, or a type around it, is private, or internal
    /// with internals given to test projects only): its return type may change with its callers. A public or protected
    /// method's callers elsewhere would break.
    /// </summary>
    public bool IsOwnedByTheCompilation(MethodUses uses)
    {
        if (Method.MethodKind == MethodKind.LocalFunction)
        {
            return true; // only the member that declares it can call it
        }

        for (ISymbol? symbol = Method; symbol is INamedTypeSymbol or IMethodSymbol; symbol = symbol.ContainingSymbol)
        {
            if (symbol.DeclaredAccessibility is Accessibility.Private)
            {
                return true;
            }

            if (symbol.DeclaredAccessibility is Accessibility.Internal or Accessibility.ProtectedAndInternal)
            {
                return !uses.GivesInternalsAway(); // a friend assembly's callers would break too
            }
        }

        return false;
    }

    /// <summary>"'ReadConfig', which returns File.ReadAllLines," - how a message names the method and what it returns.</summary>
    public string Describe() =>
        Rules.Format(nameof(Resources.ReturnedBy), Method.Name, $"{Read.TargetMethod.ContainingType.Name}.{Read.TargetMethod.Name}");

    /// <summary>
    /// The path the read opens, as the caller of <paramref name="call"/> sees it: the call's argument for the
    /// parameter the read uses, or the read's own path when that is a constant or a static field; null when only the
    /// method knows it.
    /// </summary>
    public IOperation? PathAt(IInvocationOperation call)
    {
        if (!_onePath)
        {
            return null;
        }

        var path = Read.Arguments.GetArgument(0)?.Value.WalkDownConversions();
        switch (path)
        {
            case var _ when PathParameter is { } ordinal:
                return call.Arguments.GetArgument(ordinal)?.Value;
            case { ConstantValue.HasValue: true }:
            case IFieldReferenceOperation { Field.IsStatic: true }:
                return path;
            default:
                return null;
        }
    }
}

/// <summary>
/// What the compilation's own methods return, when it is a whole file read at once (<see cref="ReadResult"/>): the
/// cross-method half of IOP003, IOP007 and IOP009. A caller that uses such a method's result once pays for the whole
/// read as surely as if it had called <c>File.ReadAllLines</c> itself, and the streaming form belongs in the method.
/// Each method is summarised once per compilation, on demand (only methods a rule sees called with a fitting return
/// type are read), following methods that return another such method's result at most <see cref="MaxDepth"/> deep.
/// Methods of other assemblies are never summarised: their code is not in view.
/// </summary>
internal sealed class ReturnedReads : MethodSummaries<ReturnedRead>
{
    private const int MaxDepth = 3;

    private static readonly Func<INamedTypeSymbol, bool> AnyDeclarationNamesAReadOf = AnyDeclarationNamesARead;

    /// <summary>
    /// For IOP003's and IOP007's helper fix: the method reads in its own body and every call of it in the compilation
    /// uses the result once (<see cref="EveryCallUsesItOnce"/>), so it may return the streaming form.
    /// </summary>
    public static readonly DiagnosticProperty<bool> HelperMayStream = DiagnosticProperty.Flag("HelperMayStream");

    private readonly WellKnownIoTypes _types;
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _typesNamingARead = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _everyCallUsesItOnce = new(SymbolEqualityComparer.Default);

    public ReturnedReads(Compilation compilation, WellKnownIoTypes types, MethodUses methodUses)
        : base(compilation, methodUses)
    {
        _types = types;
    }

    /// <summary>
    /// Whether <paramref name="returned"/>'s method may return the streaming form with its callers: it holds the read in
    /// its own body (not a wrapper of a wrapper, not an interface's or base's body), no code outside the compilation can
    /// call it (<see cref="MethodUses.Of"/>), and every place that names it is a call whose result
    /// <paramref name="usesOnce"/> accepts - the reporting rule's own test. Asked only for a call about to be reported;
    /// the answer is remembered per method.
    /// </summary>
    public bool EveryCallUsesItOnce(ReturnedRead returned, Func<IInvocationOperation, bool> usesOnce, CancellationToken cancellationToken)
    {
        var method = returned.Method.OriginalDefinition;
        if (_everyCallUsesItOnce.TryGetValue(method, out var known))
        {
            return known;
        }

        var answer = ReadsInItsOwnBody(method, returned.Read) &&
                     MethodUses.Of(method, cancellationToken) is { IsEmpty: false } uses &&
                     AllUseItOnce(uses, method, usesOnce, cancellationToken);
        return _everyCallUsesItOnce.GetOrAdd(method, answer);
    }

    /// <summary>The read is in the method's own body: not in a local function or lambda inside it, which the fix would not retype.</summary>
    private static bool ReadsInItsOwnBody(IMethodSymbol method, IInvocationOperation read) =>
        method.DeclaringSyntaxReferences.Length == 1 &&
        method.DeclaringSyntaxReferences[0] is { } declaration &&
        declaration.SyntaxTree == read.Syntax.SyntaxTree &&
        read.GetEnclosingFunctionBody().Syntax.Span == declaration.Span;

    private static bool AllUseItOnce(ImmutableArray<MethodUse> uses, IMethodSymbol method, Func<IInvocationOperation, bool> usesOnce, CancellationToken cancellationToken)
    {
        foreach (var use in uses)
        {
            SyntaxNode name = use.Name;
            var callee = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
            if (callee.Parent is not InvocationExpressionSyntax invocation || invocation.Expression != callee ||
                use.Model.GetOperation(invocation, cancellationToken) is not IInvocationOperation call ||
                !SymbolEqualityComparer.Default.Equals(call.TargetMethod.OriginalDefinition, method) ||
                !usesOnce(call))
            {
                return false; // a method group, a call that does not bind, or a caller that needs the array
            }
        }

        return true;
    }

    /// <summary>
    /// A cheap first filter for IOP003's and IOP007's callers: a call of a method of source code that may return a read
    /// (<see cref="MayBeACandidate"/>, then <see cref="MethodSummaries{TSummary}.IsCandidate"/>), returning an array or
    /// an <c>IEnumerable&lt;T&gt;</c>, which may be handing back a file's lines or a listing (or a lazy chain over one).
    /// The call's own type is its method's return type: asking the called method for it cost more (docs/performance.md).
    /// </summary>
    public bool MayReturnASequence(IInvocationOperation call) =>
        MayBeACandidate(call) &&
        (call.Type is IArrayTypeSymbol { Rank: 1 } ||
         call.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Collections_Generic_IEnumerable_T }) &&
        IsCandidate(call.TargetMethod);

    /// <summary>
    /// IOP009's first filter: a call of a method of source code that may return a read, returning a string or a task of
    /// one (<see cref="IsTaskOfString"/>).
    /// </summary>
    public bool MayReturnText(IInvocationOperation call) =>
        MayBeACandidate(call) && (call.Type?.SpecialType == SpecialType.System_String || IsTaskOfString(call.Type)) && IsCandidate(call.TargetMethod);

    /// <summary><c>Task&lt;string&gt;</c> or <c>ValueTask&lt;string&gt;</c>: what a method reading a file's text asynchronously hands back.</summary>
    public static bool IsTaskOfString(ITypeSymbol? type) =>
        type is INamedTypeSymbol { Arity: 1, Name: "Task" or "ValueTask", ContainingNamespace: { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace.Name: "System" } } } task &&
        task.TypeArguments[0].SpecialType == SpecialType.System_String;

    /// <summary>
    /// The call's method has a name a reader's declaration or its type's wrapper has (<see cref="MethodSummaries{TSummary}.MayBeNamed"/>),
    /// or the call is unqualified, as a call of a local function is: a local function may wrap its type's reader without
    /// its name being gathered (<see cref="DeclaredNames"/>). Syntax and the name only, before the call's type; the
    /// called method's kind is read after it (<see cref="MethodSummaries{TSummary}.IsCandidate"/>).
    /// </summary>
    private bool MayBeACandidate(IInvocationOperation call) =>
        MayBeNamed(call.TargetMethod.Name) || call.Syntax is InvocationExpressionSyntax { Expression: SimpleNameSyntax };

    /// <summary>
    /// The whole-file read a method (asked through <c>Of</c>) returns, or null when it returns anything else or cannot be
    /// read (no body, an iterator, a read with a <c>try</c>, <c>lock</c>, <c>using</c> or loop around it: the
    /// streaming form would read the file after those have ended). An <c>async</c> method qualifies only with a file's
    /// text (<see cref="ReadResult.Text"/>): its caller awaits the string; a task of lines or of a listing is no
    /// sequence that IOP003's or IOP007's caller enumerates.
    /// </summary>
    protected override ReturnedRead? Summarize(IMethodSymbol body, out bool complete, CancellationToken cancellationToken) =>
        Summarize(body, 0, out complete, cancellationToken);

    private ReturnedRead? Summarize(IMethodSymbol method, int depth, out bool complete, CancellationToken cancellationToken)
    {
        complete = true;
        if (method.ReturnsVoid || method.ReturnsByRef || method.ReturnsByRefReadonly ||
            ReadBody(method, cancellationToken) is not { } body)
        {
            return null;
        }

        ReturnedRead? found = null;
        var returns = 0;
        foreach (var operation in body.OwnOperations())
        {
            if (operation is IReturnOperation { Kind: OperationKind.YieldReturn or OperationKind.YieldBreak })
            {
                return null; // An iterator: its callers enumerate code, not an array.
            }

            if (operation is not IReturnOperation { Kind: OperationKind.Return, ReturnedValue: { } returned })
            {
                continue;
            }

            returns++;
            foreach (var value in Alternatives(returned))
            {
                if (!IsNothingToStream(value) && !TryAdd(method, value, body, depth, ref found, ref complete, cancellationToken))
                {
                    return null;
                }
            }
        }

        return returns > 0 && (!method.IsAsync || found is { Result: ReadResult.Text }) ? found : null;
    }

    /// <summary>An <c>async</c> method is read too: it may hand back a file's text, awaited by its caller.</summary>
    protected override bool AsyncQualifies => true;

    /// <summary>
    /// Adds one returned value's read to what <paramref name="method"/> returns; false when the value is no read, a read
    /// inside a <c>try</c> that catches, or another read than the method's other returns.
    /// </summary>
    private bool TryAdd(IMethodSymbol method, IOperation value, IOperation body, int depth, ref ReturnedRead? found, ref bool complete, CancellationToken cancellationToken)
    {
        var read = ReadOf(method, value, body, cancellationToken, out var pathParameter, out var call);
        IOperation? site = read;
        if (read is null && call is not null)
        {
            // return OtherHelper(path): that method's read, when it has one.
            if (depth + 1 >= MaxDepth)
            {
                complete = false;
                return false;
            }

            if (SummarizeCall(call, depth + 1, ref complete, cancellationToken) is not { } deeper)
            {
                return false;
            }

            read = deeper.Read;
            site = call;
            pathParameter = PassedParameter(deeper.PathAt(call), method, body);
        }

        if (read is null || site is null || !IsPlainlyReturned(site, body, ErrorsComeAtTheCall(read)) ||
            (found is not null && !SymbolEqualityComparer.Default.Equals(found.Read.TargetMethod, read.TargetMethod)))
        {
            return false;
        }

        // Two returns that read different calls: the path at a call is no longer one expression.
        found = found is null
            ? new ReturnedRead(method, ResultOf(read.TargetMethod)!.Value, read, pathParameter)
            : found.Read.Syntax == read.Syntax ? found : new ReturnedRead(method, found.Result, found.Read, pathParameter: null, onePath: false);
        return true;
    }

    /// <summary>
    /// A syntax-only first look, so that most methods are never bound (binding a method body that is not the one being
    /// analysed costs about 2-3 ms): the method names one of the reads, or returns a call to a method of its own type
    /// whose declaration names one (a wrapper of a wrapper in the same type; wrappers across types are not followed).
    /// </summary>
    protected override bool LooksLikeOne(IMethodSymbol method, MethodBodySyntax declaration)
    {
        if (NamesARead(declaration.Node))
        {
            return true;
        }

        // A wrapper of a wrapper needs a member of its type that names a read: one text search of the type, remembered,
        // instead of a walk of every sequence-returning method's body for its returns.
        if (!TypeNamesARead(method.ContainingType))
        {
            return false;
        }

        if (declaration.ExpressionBody is { } arrow)
        {
            return CallsAReaderOfItsType(arrow.Expression, method);
        }

        foreach (var node in declaration.OwnNodes())
        {
            if (node is ReturnStatementSyntax { Expression: { } returned } && CallsAReaderOfItsType(returned, method))
            {
                return true;
            }
        }

        return false;
    }

    private static bool NamesARead(SyntaxNode code) => SyntaxText.Mentions(code, WatchedWords.ReturnedReads);

    /// <summary>The reads' own names: <c>GetFile</c> alone is also in <c>GetFileName</c>, in most files of a project.</summary>
    protected override WordList? WordsEveryOneNames => WatchedWords.ReturnedReads;

    /// <summary>A wrapper of a wrapper returns its own type's reader (<see cref="LooksLikeOne"/>).</summary>
    protected override bool ReachesMethodsOfTheSameType => true;

    private bool TypeNamesARead(INamedTypeSymbol type) => _typesNamingARead.GetOrAdd(type, AnyDeclarationNamesAReadOf);

    private static bool AnyDeclarationNamesARead(INamedTypeSymbol type)
    {
        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            if (NamesARead(reference.GetSyntax()))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>return Inner(path)</c> (or <c>this.Inner</c>, in a <c>?:</c>) where a method of the same type named Inner names a read.</summary>
    private static bool CallsAReaderOfItsType(ExpressionSyntax expression, IMethodSymbol method)
    {
        while (expression is ParenthesizedExpressionSyntax or CastExpressionSyntax or PostfixUnaryExpressionSyntax or ConditionalExpressionSyntax)
        {
            if (expression is ConditionalExpressionSyntax conditional)
            {
                return CallsAReaderOfItsType(conditional.WhenTrue, method) || CallsAReaderOfItsType(conditional.WhenFalse, method);
            }

            expression = expression switch
            {
                ParenthesizedExpressionSyntax parenthesized => parenthesized.Expression,
                CastExpressionSyntax cast => cast.Expression,
                _ => ((PostfixUnaryExpressionSyntax)expression).Operand, // x!
            };
        }

        var name = expression is InvocationExpressionSyntax { Expression: var invoked }
            ? invoked switch
            {
                IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
                MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax, Name: var member } => member.Identifier.ValueText,
                _ => null,
            }
            : null;
        if (name is null || name == method.Name)
        {
            return false;
        }

        foreach (var member in method.ContainingType.GetMembers(name))
        {
            if (member is not IMethodSymbol)
            {
                continue; // a call skips a field or property of that name (DeclaredNames gathers wrappers of methods only)
            }

            foreach (var reference in member.DeclaringSyntaxReferences)
            {
                if (NamesARead(reference.GetSyntax()))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private ReturnedRead? SummarizeCall(IInvocationOperation call, int depth, ref bool complete, CancellationToken cancellationToken)
    {
        if (!SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingAssembly, Compilation.Assembly) ||
            MethodUses.OnlyBody(call.TargetMethod.OriginalDefinition) is not { } callee)
        {
            return null;
        }

        if (TryGetKnown(callee, out var known))
        {
            return known;
        }

        var result = Summarize(callee, depth, out var calleeComplete, cancellationToken);
        complete &= calleeComplete;
        return result;
    }

    /// <summary>
    /// The watched read a returned value is: the read itself, or a local assigned once from it and read nowhere but in
    /// <c>return</c>s. <paramref name="call"/> is set instead when the value is a call to another method of the
    /// compilation (directly or through such a local).
    /// </summary>
    private IInvocationOperation? ReadOf(IMethodSymbol method, IOperation value, IOperation body, CancellationToken cancellationToken, out int? pathParameter, out IInvocationOperation? call)
    {
        pathParameter = null;
        call = null;
        if (value is ILocalReferenceOperation local)
        {
            if (!IsOnlyReturned(local.Local, body) || LocalValues.GetSingleAssignedValue(local.Local, body, cancellationToken) is not { } assigned ||
                !IsReturnedByTheNextStatement(assigned, local))
            {
                return null;
            }

            value = assigned.WalkDownConversions();
        }

        if (method.IsAsync && value is IAwaitOperation awaitOperation)
        {
            // return await File.ReadAllTextAsync(p)[.ConfigureAwait(x)]: the caller awaits the method's task for the string.
            value = awaitOperation.GetAwaited(out _);
        }

        if (value is not IInvocationOperation invocation)
        {
            return null;
        }

        // return File.ReadAllLines(p).Select(l => l.Trim()): a lazy chain over the read hands it on, one item at a time.
        while (IsLazyLinqStep(invocation) && invocation.Arguments.GetArgument(0)?.Value.WalkDownConversions() is IInvocationOperation source)
        {
            invocation = source;
        }

        if (ResultOf(invocation.TargetMethod) is null)
        {
            call = invocation;
            return null;
        }

        // The method's own parameter: a local function may read a parameter of the method around it, which its caller does not pass.
        pathParameter = PassedParameter(invocation.Arguments.GetArgument(0)?.Value, method, body);
        return invocation;
    }

    /// <summary>
    /// The ordinal of the method's parameter <paramref name="path"/> reads, when the method never writes that parameter
    /// (<c>p = Path.Combine(root, p)</c> makes the caller's argument another path); null otherwise.
    /// </summary>
    private static int? PassedParameter(IOperation? path, IMethodSymbol method, IOperation body)
    {
        if (path?.WalkDownConversions() is not IParameterReferenceOperation { Parameter: var parameter } ||
            !SymbolEqualityComparer.Default.Equals(parameter.ContainingSymbol?.OriginalDefinition, method.OriginalDefinition))
        {
            return null;
        }

        foreach (var operation in body.OwnOperations())
        {
            if (operation is IParameterReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter) && LocalValues.IsWrite(reference))
            {
                return null;
            }
        }

        return parameter.Ordinal;
    }

    /// <summary>
    /// <c>var lines = File.ReadAllLines(p); return lines;</c>: the statement after the local's declaration returns it,
    /// so nothing runs between the read and the return (a <c>File.Delete(p)</c> there would break the streaming form).
    /// </summary>
    private static bool IsReturnedByTheNextStatement(IOperation assigned, ILocalReferenceOperation returned) =>
        assigned.Syntax.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>() is { Parent: BlockSyntax block } declaration &&
        block.Statements.IndexOf(declaration) is var index && index + 1 < block.Statements.Count &&
        block.Statements[index + 1] is ReturnStatementSyntax { Expression: { } expression } &&
        expression.Span.Contains(returned.Syntax.Span);

    /// <summary>The read a System.IO method is, or null for any other method.</summary>
    private ReadResult? ResultOf(IMethodSymbol method)
    {
        switch (method.Name)
        {
            case "ReadAllLines" when method.IsStatic && SymbolEqualityComparer.Default.Equals(method.ContainingType, _types.File):
                return ReadResult.Lines;
            case "ReadAllText" or "ReadAllTextAsync" when method.IsStatic && SymbolEqualityComparer.Default.Equals(method.ContainingType, _types.File):
                return ReadResult.Text;
            case "GetFiles" or "GetDirectories" or "GetFileSystemEntries" or "GetFileSystemInfos"
                when method.ReturnType is IArrayTypeSymbol &&
                     (method.IsStatic
                         ? SymbolEqualityComparer.Default.Equals(method.ContainingType, _types.Directory)
                         : SymbolEqualityComparer.Default.Equals(method.ContainingType, _types.DirectoryInfo)):
                return ReadResult.Listing;
            default:
                return null;
        }
    }

    /// <summary>
    /// A listing of one folder: its enumerating form opens the folder at the call (.NET Framework's iterator finds the
    /// first entry there, .NET Core's enumerable creates its enumerator there), so a missing or unreadable folder throws
    /// where the array form did; only a recursive listing meets a subdirectory's error later, while it is enumerated.
    /// </summary>
    private bool ErrorsComeAtTheCall(IInvocationOperation read) => ResultOf(read.TargetMethod) == ReadResult.Listing && !MayRecurse(read);

    /// <summary>
    /// True when a listing may descend into subdirectories (a SearchOption that is not a constant TopDirectoryOnly, or
    /// EnumerationOptions): errors about a subdirectory then come while the lazy form is enumerated.
    /// </summary>
    public static bool MayRecurse(IInvocationOperation listing)
    {
        foreach (var argument in listing.Arguments)
        {
            if (argument.Parameter?.Type is not { } type)
            {
                continue;
            }

            if (type.Name == "EnumerationOptions" ||
                (type.Name == "SearchOption" && argument.Value.WalkDownConversions().ConstantValue is not { HasValue: true, Value: 0 }))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The values a returned expression may be: each branch of a conditional (<c>c ? read : null</c>), or itself.</summary>
    private static IEnumerable<IOperation> Alternatives(IOperation returned)
    {
        var value = returned.WalkDownConversions();
        if (value is IConditionalOperation { WhenFalse: { } whenFalse } conditional)
        {
            foreach (var branch in Alternatives(conditional.WhenTrue))
            {
                yield return branch;
            }

            foreach (var branch in Alternatives(whenFalse))
            {
                yield return branch;
            }
        }
        else
        {
            yield return value;
        }
    }

    /// <summary>An <c>Enumerable</c> operator that yields as it reads its source, once: <c>Select</c>, <c>Where</c>, ...</summary>
    private bool IsLazyLinqStep(IInvocationOperation invocation) =>
        invocation.TargetMethod is { IsExtensionMethod: true, Name: "Select" or "Where" or "Skip" or "Take" or "SkipWhile" or "TakeWhile" or "Cast" or "OfType" } method &&
        SymbolEqualityComparer.Default.Equals(method.ContainingType, _types.Enumerable);

    /// <summary>
    /// <c>null</c>, <c>Array.Empty&lt;T&gt;()</c>, <c>new T[0]</c>, <c>""</c>, a new empty collection (<c>new List&lt;T&gt;()</c>,
    /// with or without a capacity: a method typed <c>IEnumerable&lt;string&gt;</c> whose <c>catch</c> hands back an empty
    /// list), an empty collection expression (<c>[]</c>): a return that reads nothing.
    /// </summary>
    private static bool IsNothingToStream(IOperation value) => value switch
    {
        IObjectCreationOperation { Initializer: null or { Initializers.Length: 0 } } creation =>
            SinglePassEnumeration.IsGenericCollection(creation.Constructor?.ContainingType) &&
            (creation.Arguments.Length == 0 || (creation.Arguments.Length == 1 && creation.Arguments[0].Parameter?.Type.SpecialType == SpecialType.System_Int32)),
        { ConstantValue: { HasValue: true, Value: null or "" } } => true,
        IInvocationOperation { TargetMethod: { Name: "Empty", ContainingType.SpecialType: SpecialType.System_Array }, Arguments.Length: 0 } => true,
        IInvocationOperation { TargetMethod: { Name: "Empty", ContainingType: { Name: "Enumerable", ContainingNamespace.Name: "Linq" } }, Arguments.Length: 0 } => true,
        IArrayCreationOperation { DimensionSizes.Length: 1 } creation when creation.DimensionSizes[0].ConstantValue is { HasValue: true, Value: 0 } => true,
        IArrayCreationOperation { Initializer.ElementValues.Length: 0 } => true,
        // `[]`: Roslyn 4.8, which the package builds against, has no operation of its own for a collection expression,
        // so its syntax is asked (the same node under every compiler that runs the analyzer).
        _ => value.Syntax is CollectionExpressionSyntax { Elements.Count: 0 },
    };

    /// <summary>A local read nowhere but in <c>return</c> statements (and written only where it is assigned once).</summary>
    private static bool IsOnlyReturned(ILocalSymbol local, IOperation body)
    {
        foreach (var reference in LocalReferences.Of(body).Of(local))
        {
            if (reference is ILocalReferenceOperation read &&
                ((read.GetParentSkippingConversions(out _) is not IReturnOperation && !(read.Parent is ISimpleAssignmentOperation assignment && assignment.Target == read)) ||
                 read.GetEnclosingFunctionBody() != body)) // a lambda's return hands the array to someone else
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Between the read (or the call that returns it) and the method's body there is only what hands its value to a
    /// <c>return</c>: blocks, a <c>?:</c>, conversions, a lazy chain, a local's declaration. Not a <c>try</c> (a catch
    /// would no longer see the streaming form's errors, a finally would run before the lines are read), a <c>lock</c>,
    /// a <c>using</c> or a loop - except a <c>try</c> that only catches around a read whose errors the streaming form
    /// throws at the call too (<paramref name="errorsComeAtTheCall"/>).
    /// </summary>
    private static bool IsPlainlyReturned(IOperation read, IOperation body, bool errorsComeAtTheCall)
    {
        IOperation child = read;
        for (var current = read.Parent; current is not null; child = current, current = current.Parent)
        {
            // using var x = ...; return read;: the declaration is a statement before the return, not around it, and
            // disposes x when the block ends - before a streaming form is read.
            if (current is IBlockOperation block && DeclaresAUsingBefore(block, child))
            {
                return false;
            }

            if (current == body)
            {
                break;
            }

            if (current is ITryOperation { Finally: null, Catches.Length: > 0 } && errorsComeAtTheCall)
            {
                continue;
            }

            if (current is ITryOperation or ILockOperation or IUsingOperation or IUsingDeclarationOperation or ILoopOperation)
            {
                return false;
            }
        }

        return true;
    }

    private static bool DeclaresAUsingBefore(IBlockOperation block, IOperation statement)
    {
        foreach (var operation in block.Operations)
        {
            if (operation == statement)
            {
                return false;
            }

            if (operation is IUsingDeclarationOperation)
            {
                return true;
            }
        }

        return false;
    }
}
