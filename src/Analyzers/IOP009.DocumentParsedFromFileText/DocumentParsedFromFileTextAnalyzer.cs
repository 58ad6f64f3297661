using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP009.DocumentParsedFromFileText;

/// <summary>
/// IOP009: a JSON or XML document parsed from the string <c>File.ReadAllText</c> returned - the whole file decoded to
/// UTF-16 first (twice an ASCII file's bytes, on the large object heap past 85 KB) - where the parser can read the file
/// itself: System.Text.Json from a <c>FileStream</c>, XML from a <c>StreamReader</c> (claims C28-C30).
/// </summary>
/// <remarks>
/// Reported on the read, in two shapes: the read is the parse's document argument, or it initialises a local that the
/// very next statement parses and nothing else reads. Any other use of the string (logged, trimmed, hashed, compared)
/// keeps it needed, and the rule is silent.
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class DocumentParsedFromFileTextAnalyzer : DiagnosticAnalyzer
{
    /// <summary>For the fix: the parse sits where the file can be opened just around it (see <see cref="ParseSite"/>).</summary>
    internal static readonly DiagnosticProperty<bool> Fixable = DiagnosticProperty.Flag("Fixable");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.DocumentParsedFromFileText);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode.Flags);
        context.RegisterCompilationStartAction(start =>
        {
            var types = WellKnownIoTypes.For(start.Compilation);
            if (types.File is null || !CompilationText.MayCall(start.Compilation, WatchedWords.TextReadCalls, WatchedWords.TextReads, "File", start.Options, RuleOptions.ReachesAcrossMethods(start.Options), start.CancellationToken))
            {
                return;
            }

            // The parser types are looked up when the first ReadAllText call is seen: most compilations have none, and
            // six lookups per compilation cost more than all of this rule's callbacks (measured on NLog's 71 compilations).
            var parsers = new System.Lazy<Dictionary<INamedTypeSymbol, DocumentParser>>(() => ResolveParsers(types), System.Threading.LazyThreadSafetyMode.PublicationOnly);
            var model = IoModel.For(start.Compilation);
            var returns = model.ReachesAcrossMethods(start.Options) ? model.Returns : null; // once per compilation
            start.RegisterOperationAction(operationContext => AnalyzeInvocation(operationContext, types, parsers, returns), OperationKind.Invocation);
        });
    }

    /// <summary>The parsers this compilation references, by type; empty when it has none (or no Stream / TextReader).</summary>
    private static Dictionary<INamedTypeSymbol, DocumentParser> ResolveParsers(WellKnownIoTypes types)
    {
        var parsers = new Dictionary<INamedTypeSymbol, DocumentParser>(SymbolEqualityComparer.Default);
        if (types.Stream is null || types.TextReader is null)
        {
            return parsers;
        }

        foreach (var parser in DocumentParser.All)
        {
            foreach (var type in types.ResolveAll(new[] { parser.TypeName }))
            {
                parsers[type] = parser;
            }
        }

        return parsers;
    }

    // Analysed from the read, so that the diagnostic (on the read) lies in the operation being analysed - also when the
    // parse is in the next statement.
    private static void AnalyzeInvocation(OperationAnalysisContext context, WellKnownIoTypes types, System.Lazy<Dictionary<INamedTypeSymbol, DocumentParser>> resolvedParsers, ReturnedReads? returns)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        var readsHere = method.Name is "ReadAllText" or "ReadAllTextAsync" && WellKnownIoTypes.Is(method.ContainingType, types.File);
        var callsAReader = false;
        IOperation? value;
        if (readsHere)
        {
            value = TextOf(invocation, handsBackATask: method.Name != "ReadAllText");
        }
        else
        {
            // The call's own type, not the called method's return type: reading the called symbol on every call costs more
            // (docs/performance.md).
            value = returns is not null && returns.MayReturnText(invocation) ? TextOf(invocation, ReturnedReads.IsTaskOfString(invocation.Type)) : null;
            callsAReader = value is not null && MayBeParsed(value);
        }

        // A project method's declaration is looked at (its text, once per method) before the parsers are resolved: that
        // takes about a millisecond per compilation, which reaching across methods would otherwise pay in every one.
        if (value is null ||
            (!readsHere && !callsAReader) ||
            (callsAReader && !returns!.MayHaveOne(method, context.CancellationToken)) ||
            resolvedParsers.Value is not { Count: > 0 } parsers)
        {
            return;
        }

        var declaration = default(LocalDeclarationStatementSyntax);
        var parseStatement = default(StatementSyntax);
        IOperation? documentArgument = value.GetParentSkippingConversions(out _);
        ReturnedRead? returned = null;
        if (documentArgument is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator })
        {
            // A text held in a local: a look at the next statement's names first (the parse must be there, and few
            // reads are parsed; var name = GetName(); is everywhere), then a project method's summary (once per method),
            // before the scan of the local's scope, which walks every token of the block the local is declared in.
            if (NextStatementNamingAParser(declarator) is not { } next ||
                (callsAReader && (returned = returns!.Of(method, context.CancellationToken)) is not { Result: ReadResult.Text }))
            {
                return;
            }

            if (ParseOfLocalInNextStatement(declarator, next) is not { } twoStep)
            {
                return;
            }

            (declaration, documentArgument, parseStatement) = twoStep;
        }

        if (documentArgument is not IArgumentOperation { Parameter.Ordinal: 0, Parent: IInvocationOperation parse } ||
            !IsParser(parse.TargetMethod, parsers, out var parser))
        {
            return;
        }

        if (callsAReader)
        {
            returned ??= returns!.Of(method, context.CancellationToken);
        }

        if ((returned is { Result: ReadResult.Text } ? FileTextRead.OfRead(returned.Read, types) : FileTextRead.Match(value, types)) is not { } read ||
            (callsAReader && returned is not { Result: ReadResult.Text }) ||
            (parser.Input == ParserInput.Stream && !read.DecodesAsUtf8()) ||
            parser.FindReplacement(parse.TargetMethod, read.IsAsync, parser.Input == ParserInput.Stream ? types.Stream! : types.TextReader!) is null ||
            !ParsesAsDeclared(parse, parser) ||
            parse.Syntax.ContainsDiagnostics ||
            parse.IsInsideExpressionTree(types))
        {
            return;
        }

        var site = ParseSite.Of((ExpressionSyntax)parse.Syntax);
        if (declaration is not null && !RunsAsTheStatementStarts(site, parse, parseStatement!))
        {
            // The local's one read is deferred or buried in a larger expression: moving the read there could run it
            // later, more often or not at all.
            return;
        }

        // A call to the project's method that returns the text: the stream belongs in that method, not at the call.
        var fixable = returned is null &&
                      site.Kind is not (ParseSiteKind.NotFixable or ParseSiteKind.UsingDeclaration) &&
                      (site.Kind != ParseSiteKind.Declaration || HasNameableType(parse)) &&
                      read.ConfigureAwait?.Arguments.GetArgument(0)?.Value.Type?.SpecialType is null or SpecialType.System_Boolean;
        var additionalLocations = new List<Location> { parse.Syntax.GetLocation() };
        if (declaration is not null)
        {
            additionalLocations.Add(declaration.GetLocation());
        }

        GeneratedCode.Report(context, Diagnostic.Create(
            Rules.DocumentParsedFromFileText,
            invocation.Syntax.GetLocation(),
            additionalLocations,
            Fixable.With(ImmutableDictionary<string, string?>.Empty, fixable),
            parser.DisplayName,
            returned?.Describe() ?? "File." + invocation.TargetMethod.Name));
    }

    /// <summary>
    /// The parse runs on every run of <paramref name="statement"/>, before anything else in it: the statement is the
    /// parse's own site, or the parse is the left operand of a <c>??</c> that is (<c>Deserialize&lt;T&gt;(json) ?? new T()</c>:
    /// reported without a fix, as a parse in a larger expression is).
    /// </summary>
    private static bool RunsAsTheStatementStarts(ParseSite site, IInvocationOperation parse, StatementSyntax statement)
    {
        if (site.Kind is not (ParseSiteKind.NotFixable or ParseSiteKind.ExpressionBody))
        {
            return site.Container == statement;
        }

        return ParseSite.Outermost((ExpressionSyntax)parse.Syntax) is var outermost &&
               outermost.Parent is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.CoalesceExpression } coalesce &&
               coalesce.Left == outermost &&
               ParseSite.Of(coalesce) is { Kind: not (ParseSiteKind.NotFixable or ParseSiteKind.ExpressionBody) } whole &&
               whole.Container == statement;
    }

    /// <summary>
    /// Where a project method's string may be parsed: passed first to a call with a parser's method name, or held in a
    /// local (whose next statement is looked at later). Asked before the method's declaration is searched, as methods
    /// returning a string are called everywhere (searching them was most of IOP009's cost with reach on, on duplicati).
    /// </summary>
    private static bool MayBeParsed(IOperation text) => text.GetParentSkippingConversions(out _) switch
    {
        IArgumentOperation { Parameter.Ordinal: 0, Parent: IInvocationOperation parse } => DocumentParser.IsStringMethodName(parse.TargetMethod.Name),
        IVariableInitializerOperation { Parent: IVariableDeclaratorOperation } => true,
        _ => false,
    };

    /// <summary>
    /// The string a call produces: the call itself, or, when it hands back a task of the string, the await of it
    /// (through <c>.ConfigureAwait(x)</c>); null when the task is not awaited where it is made.
    /// </summary>
    private static IOperation? TextOf(IInvocationOperation call, bool handsBackATask) => handsBackATask ? call.GetAwait() : call;

    private static bool IsParser(IMethodSymbol method, Dictionary<INamedTypeSymbol, DocumentParser> parsers, out DocumentParser parser)
    {
        parser = null!;
        return method.ContainingType is { } type &&
               parsers.TryGetValue(type.OriginalDefinition, out parser!) &&
               method.Name == parser.StringMethod &&
               method.Parameters.Length > 0 &&
               method.Parameters[0].Type.SpecialType == SpecialType.System_String;
    }

    /// <summary>
    /// For <c>string json = File.ReadAllText(p);</c> followed by a statement that passes <c>json</c> to a call, with no
    /// other mention of <c>json</c>: the declaration, that argument and that statement. Null otherwise. <paramref name="next"/>
    /// is the declaration's next statement (<see cref="NextStatementNamingAParser"/>): only declarations of new, empty
    /// library objects may stand between them (<c>var doc = new XmlDocument();</c> before <c>doc.LoadXml(xml);</c>):
    /// reading the file after them instead of before changes nothing.
    /// </summary>
    private static (LocalDeclarationStatementSyntax Declaration, IOperation Argument, StatementSyntax Statement)? ParseOfLocalInNextStatement(IVariableDeclaratorOperation declarator, StatementSyntax next)
    {
        if (declarator.Syntax is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax declaration } } variable ||
            !declaration.UsingKeyword.IsKind(SyntaxKind.None) || declaration.IsConst ||
            declarator.SemanticModel is not { } model)
        {
            return null;
        }

        // Every mention of the name in the declaration's scope (a shadowing lambda parameter counts too: conservative).
        var name = variable.Identifier.ValueText;
        var scope = declaration.Parent switch
        {
            GlobalStatementSyntax global => global.Parent!,
            SwitchSectionSyntax section => section.Parent!, // a local of one case is in scope in every case
            var parent => parent!,
        };
        IdentifierNameSyntax? mention = null;
        foreach (var token in scope.DescendantTokens())
        {
            if (token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == name && token.Parent is IdentifierNameSyntax identifier)
            {
                if (mention is not null)
                {
                    return null;
                }

                mention = identifier;
            }
        }

        return mention is not null && next.Span.Contains(mention.Span) &&
               model.GetOperation(mention) is ILocalReferenceOperation reference &&
               SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol) &&
               reference.GetParentSkippingConversions(out _) is IArgumentOperation argument
            ? (declaration, argument, next)
            : null;
    }

    /// <summary>
    /// The statement after the local's declaration, past declarations of new, empty library objects, when it names one of
    /// the parsers' string methods (its tokens only); null otherwise.
    /// </summary>
    private static StatementSyntax? NextStatementNamingAParser(IVariableDeclaratorOperation declarator)
    {
        if (declarator.Syntax.Parent?.Parent is not LocalDeclarationStatementSyntax declaration ||
            declarator.SemanticModel is not { } model ||
            NextStatementPastNewObjects(declaration, model) is not { } next)
        {
            return null;
        }

        foreach (var token in next.DescendantTokens())
        {
            if (token.IsKind(SyntaxKind.IdentifierToken) && DocumentParser.IsStringMethodName(token.ValueText))
            {
                return next;
            }
        }

        return null;
    }

    /// <summary>The statement after <paramref name="declaration"/>, past declarations of new, empty library objects.</summary>
    private static StatementSyntax? NextStatementPastNewObjects(LocalDeclarationStatementSyntax declaration, SemanticModel model)
    {
        var next = NextStatement(declaration);
        while (next is LocalDeclarationStatementSyntax between && DeclaresOnlyNewEmptyLibraryObjects(between, model))
        {
            next = NextStatement(between);
        }

        return next;
    }

    /// <summary>
    /// <c>var doc = new XmlDocument();</c> or <c>XmlDocument doc = new() { PreserveWhitespace = true };</c>: objects of
    /// System types created without arguments, whose initializers set members to constants. Creating them touches no file.
    /// </summary>
    private static bool DeclaresOnlyNewEmptyLibraryObjects(LocalDeclarationStatementSyntax declaration, SemanticModel model)
    {
        if (!declaration.UsingKeyword.IsKind(SyntaxKind.None) || !declaration.AwaitKeyword.IsKind(SyntaxKind.None))
        {
            return false;
        }

        foreach (var variable in declaration.Declaration.Variables)
        {
            if (variable.Initializer?.Value is not { } value ||
                model.GetOperation(value) is not IObjectCreationOperation { Arguments.Length: 0, Constructor.ContainingType: var type } creation ||
                !type.ContainingNamespace.IsSystemOrBelow() ||
                (creation.Initializer is { } initializer && !initializer.Initializers.All(member =>
                    member is ISimpleAssignmentOperation { Value.ConstantValue.HasValue: true })))
            {
                return false;
            }
        }

        return true;
    }

    private static StatementSyntax? NextStatement(LocalDeclarationStatementSyntax declaration)
    {
        if (declaration.Parent is GlobalStatementSyntax global && global.Parent is CompilationUnitSyntax unit)
        {
            var index = unit.Members.IndexOf(global);
            return index >= 0 && index + 1 < unit.Members.Count && unit.Members[index + 1] is GlobalStatementSyntax next ? next.Statement : null;
        }

        var statements = declaration.Parent switch
        {
            BlockSyntax block => block.Statements,
            SwitchSectionSyntax section => section.Statements,
            _ => default,
        };
        var position = statements.IndexOf(declaration);
        return position >= 0 && position + 1 < statements.Count ? statements[position + 1] : null;
    }

    /// <summary>
    /// XmlDocument.LoadXml is virtual: a receiver whose type overrides LoadXml or Load may not load the same way from a
    /// reader. Static parsers always qualify.
    /// </summary>
    private static bool ParsesAsDeclared(IInvocationOperation parse, DocumentParser parser)
    {
        if (parse.TargetMethod.IsStatic)
        {
            return true;
        }

        if (parse.Instance?.WalkDownConversions() is not { Type: { } receiverType } receiver ||
            receiver is not (ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or IInstanceReferenceOperation or IObjectCreationOperation))
        {
            return false;
        }

        for (var type = receiverType; type is not null && type.ToDisplayString() != parser.TypeName; type = type.BaseType)
        {
            foreach (var member in type.GetMembers())
            {
                if (member is IMethodSymbol { IsOverride: true, Name: "LoadXml" or "Load" })
                {
                    return false;
                }
            }
        }

        return true;
    }

    /// <summary>The split declaration writes the local's type: it must have a name (not anonymous, not an error).</summary>
    private static bool HasNameableType(IInvocationOperation parse)
    {
        for (var current = parse.Parent; current is not null; current = current.Parent)
        {
            if (current is IVariableDeclaratorOperation declarator)
            {
                return declarator.Symbol.Type is { TypeKind: not TypeKind.Error, IsAnonymousType: false };
            }
        }

        return false;
    }
}
