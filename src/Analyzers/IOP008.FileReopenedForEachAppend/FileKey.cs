using System;
using System.Collections.Generic;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP008.FileReopenedForEachAppend;

/// <summary>
/// The file an IOP008 append writes to, as the code names it: a constant, or a local, parameter, field or auto-property
/// read as it is (a computed path - <c>Path.Combine(dir, name)</c>, <c>$"log{i}.txt"</c> - is not one). Whether it
/// names the same file on every iteration, and whether anything else in the loop touches it, is decided here.
/// </summary>
internal sealed class FileKey : IEquatable<FileKey>
{
    private FileKey(ISymbol? symbol, string? constant, string? constantName = null)
    {
        Symbol = symbol;
        Constant = constant;
        ConstantName = constantName;
    }

    /// <summary>The name of the constant field the path was read from, if it was (<c>const string Log = "a.log"</c>).</summary>
    private string? ConstantName { get; }

    /// <summary>The name other methods can reach the path by: a field's, a property's or a constant's (not a local's).</summary>
    private string? MemberName => Symbol is ILocalSymbol or IParameterSymbol ? null : Symbol?.Name ?? ConstantName;

    /// <summary>The variable holding the path, or null for a constant path.</summary>
    public ISymbol? Symbol { get; }

    /// <summary>The path itself when it is a compile-time constant.</summary>
    public string? Constant { get; }

    public static FileKey? Of(IOperation path)
    {
        if (path.ConstantValue is { HasValue: true, Value: string constant })
        {
            return new FileKey(null, constant, (path.WalkDownConversions() as IFieldReferenceOperation)?.Field.Name);
        }

        var symbol = path.WalkDownConversions() switch
        {
            ILocalReferenceOperation local => local.Local,
            IParameterReferenceOperation parameter => (ISymbol)parameter.Parameter,

            // Of this object or static: other.Path would be another object's path on each iteration.
            IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation } field => field.Field,
            IPropertyReferenceOperation { Instance: null or IInstanceReferenceOperation } property when IsAutoProperty(property.Property) => property.Property,
            _ => null,
        };
        return symbol is null ? null : new FileKey(symbol, null);
    }

    /// <summary>
    /// False for a local declared in the loop (a new path each iteration). Writes to the variable in the loop, or in a
    /// lambda or local function, are uses that <see cref="IsUsedElsewhere"/> finds.
    /// </summary>
    public bool IsTheSameOnEveryIteration(ILoopOperation loop) =>
        Symbol is not ILocalSymbol local || !local.IsDeclaredIn(loop);

    /// <summary>
    /// True when something other than <paramref name="appends"/> touches the file in the loop: reads it, writes its
    /// variable, passes it on (to a FileInfo, a delete, a helper), or - for a field or a constant - a method of this
    /// project that the loop calls mentions it. Code that reads the file while the loop runs would miss the lines still
    /// in the writer's buffer.
    /// </summary>
    public bool IsUsedElsewhere(ILoopOperation loop, IOperation root, IReadOnlyList<FileAppend> appends, Compilation compilation) =>
        IsUsedInLoop(loop, root, new HashSet<IOperation>(appends.Select(append => append.Path)), compilation, appendingMethod: null);

    /// <summary>
    /// For a loop that calls <paramref name="appendingMethod"/> (which appends to this file): true when anything else
    /// the loop runs touches the file, as <see cref="IsUsedElsewhere"/> decides; the appending method's own code is
    /// the append, not another use.
    /// </summary>
    public bool IsUsedElsewhereThan(IMethodSymbol appendingMethod, ILoopOperation loop, IOperation root, Compilation compilation) =>
        IsUsedInLoop(loop, root, new HashSet<IOperation>(), compilation, appendingMethod);

    /// <summary>
    /// The operations <paramref name="loop"/> runs, less the body of <paramref name="appendingMethod"/> when that is a local
    /// function declared in the loop (walked with it): its append is the one being judged, not another use or change of a file.
    /// </summary>
    public static IEnumerable<IOperation> LoopOperationsBesides(ILoopOperation loop, IMethodSymbol? appendingMethod)
    {
        if (appendingMethod is not { MethodKind: MethodKind.LocalFunction, DeclaringSyntaxReferences: { Length: 1 } declarations } ||
            declarations[0].SyntaxTree != loop.Syntax.SyntaxTree || !loop.Syntax.Span.Contains(declarations[0].Span))
        {
            return loop.AllOperations();
        }

        var appendingBody = declarations[0].Span;
        return loop.AllOperations().Where(operation => !appendingBody.Contains(operation.Syntax.Span));
    }

    private bool IsUsedInLoop(ILoopOperation loop, IOperation root, HashSet<IOperation> appendPaths, Compilation compilation, IMethodSymbol? appendingMethod)
    {
        foreach (var operation in LoopOperationsBesides(loop, appendingMethod))
        {
            if (!appendPaths.Contains(operation) && Refers(operation) && !IsNullOrEmptyCheck(operation))
            {
                return true;
            }
        }

        // A lambda or local function that uses the variable may run in the loop (it is called there, or by what is); a
        // method of this project the loop calls may use the field, the constant, or the same file under another name.
        return InOtherFunctions(root, loop, appendingMethod).Any(Refers) || CalledOwnCode(loop, compilation, appendingMethod).Any(Mentions);
    }

    /// <summary>
    /// True when <paramref name="value"/> (an encoding argument) is a variable the fix can read once before the loop: of
    /// this object, declared outside the loop, and written neither in it nor by a lambda or local function.
    /// </summary>
    public static bool IsReadOnlyDuring(IOperation value, ILoopOperation loop, IOperation root, Compilation compilation)
    {
        if (Of(value) is not { Symbol: { } } key || !key.IsTheSameOnEveryIteration(loop))
        {
            return false;
        }

        return !loop.AllOperations().Concat(InOtherFunctions(root, loop)).Any(operation => key.Refers(operation) && LocalValues.IsWrite(operation)) &&
               (key.Symbol is ILocalSymbol or IParameterSymbol || !CalledOwnCode(loop, compilation, except: null).Any(key.Mentions));
    }

    /// <summary>
    /// <c>string.IsNullOrEmpty(path)</c>, <c>path != null</c>, <c>path is null</c>: a look at the variable, not at the
    /// file (ShareX's logger checks its path before each append).
    /// </summary>
    private static bool IsNullOrEmptyCheck(IOperation reference)
    {
        var parent = reference.GetParentSkippingConversions(out _);
        return parent switch
        {
            IArgumentOperation { Parent: IInvocationOperation { TargetMethod: { Name: "IsNullOrEmpty" or "IsNullOrWhiteSpace", ContainingType.SpecialType: SpecialType.System_String } } } => true,
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } comparison =>
                comparison.LeftOperand.WalkDownConversions().ConstantValue is { HasValue: true, Value: null } ||
                comparison.RightOperand.WalkDownConversions().ConstantValue is { HasValue: true, Value: null },
            IIsPatternOperation { Pattern: IConstantPatternOperation { Value.ConstantValue: { HasValue: true, Value: null } } or INegatedPatternOperation { Pattern: IConstantPatternOperation { Value.ConstantValue: { HasValue: true, Value: null } } } } => true,
            _ => false,
        };
    }

    private bool Refers(IOperation operation) => Symbol switch
    {
        null => operation.ConstantValue is { HasValue: true, Value: string value } && value == Constant && operation is not IConversionOperation,
        ILocalSymbol local => operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local),
        IParameterSymbol parameter => operation is IParameterReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter),
        _ => operation is IMemberReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Member.OriginalDefinition, Symbol.OriginalDefinition),
    };

    /// <summary>
    /// The operations inside the lambdas and local functions of <paramref name="root"/>, except those the loop runs in
    /// (what they do before or after the loop is not "in the loop"), those in the loop (already looked at) and
    /// <paramref name="except"/>, a local function that is the append the loop calls.
    /// </summary>
    private static IEnumerable<IOperation> InOtherFunctions(IOperation root, ILoopOperation loop, IMethodSymbol? except = null) =>
        root.OperationsBelow()
            .Where(operation => operation is IAnonymousFunctionOperation or ILocalFunctionOperation &&
                                !operation.Syntax.Span.Contains(loop.Syntax.Span) && !loop.Syntax.Span.Contains(operation.Syntax.Span) &&
                                !(operation is ILocalFunctionOperation local && SymbolEqualityComparer.Default.Equals(local.Symbol, except?.OriginalDefinition)))
            .SelectMany(function => function.OperationsBelow());

    /// <summary>
    /// The declarations of this compilation's methods the loop calls (one level: they are read as text): methods,
    /// constructors, method groups, both accessors of a property, user-defined operators and conversions.
    /// </summary>
    private static IEnumerable<SyntaxNode> CalledOwnCode(ILoopOperation loop, Compilation compilation, IMethodSymbol? except)
    {
        foreach (var operation in loop.AllOperations())
        {
            foreach (var method in CalledMethods(operation))
            {
                if (method is null || !SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, compilation.Assembly) ||
                    SymbolEqualityComparer.Default.Equals(method.OriginalDefinition, except?.OriginalDefinition))
                {
                    continue;
                }

                foreach (var reference in (method.PartialImplementationPart ?? method).DeclaringSyntaxReferences)
                {
                    yield return reference.GetSyntax();
                }
            }
        }
    }

    private static IEnumerable<IMethodSymbol?> CalledMethods(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => new[] { invocation.TargetMethod },
        IObjectCreationOperation creation => new[] { creation.Constructor },
        IMethodReferenceOperation reference => new[] { reference.Method },
        IPropertyReferenceOperation property => new[] { property.Property.GetMethod, property.Property.SetMethod },
        IBinaryOperation binary => new[] { binary.OperatorMethod },
        IUnaryOperation unary => new[] { unary.OperatorMethod },
        IConversionOperation conversion => new[] { conversion.OperatorMethod },
        _ => Enumerable.Empty<IMethodSymbol?>(),
    };

    // The file types and methods through which a helper could open the same file under another name (a constant
    // spelled differently, a path computed again, a logger's field).
    private static readonly HashSet<string> FileApiNames = new()
    {
        "File", "FileInfo", "FileStream", "StreamWriter", "StreamReader", "AppendAllText", "AppendAllLines", "AppendAllTextAsync",
        "AppendAllLinesAsync", "AppendText", "OpenHandle",
    };

    /// <summary>
    /// The code names the field, property or constant, spells the constant path, or uses a file API at all (read as
    /// tokens: no binding across files).
    /// </summary>
    private bool Mentions(SyntaxNode code) =>
        code.DescendantTokens().Any(token =>
            (token.IsKind(SyntaxKind.IdentifierToken) && (FileApiNames.Contains(token.ValueText) || token.ValueText == MemberName)) ||
            (Constant is not null && token.IsKind(SyntaxKind.StringLiteralToken) && token.ValueText == Constant));

    /// <summary>
    /// A property with no accessor body (<c>{ get; set; }</c>) that nothing can override: reading it returns what was
    /// stored, like a field.
    /// </summary>
    private static bool IsAutoProperty(IPropertySymbol property) =>
        !property.IsAbstract && !property.IsVirtual && !property.IsOverride && !property.IsExtern &&
        property.ContainingType.TypeKind != TypeKind.Interface &&
        property.DeclaringSyntaxReferences.Length > 0 &&
        property.DeclaringSyntaxReferences.All(reference =>
            reference.GetSyntax() is PropertyDeclarationSyntax { ExpressionBody: null, AccessorList.Accessors: var accessors } &&
            accessors.All(accessor => accessor.Body is null && accessor.ExpressionBody is null));

    public bool Equals(FileKey? other) =>
        other is not null && SymbolEqualityComparer.Default.Equals(Symbol, other.Symbol) && Constant == other.Constant;

    public override bool Equals(object? obj) => Equals(obj as FileKey);

    public override int GetHashCode() => Symbol is null ? Constant?.GetHashCode() ?? 0 : SymbolEqualityComparer.Default.GetHashCode(Symbol);
}
