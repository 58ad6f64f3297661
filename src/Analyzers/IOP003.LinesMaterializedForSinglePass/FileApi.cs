using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.Internal;

/// <summary>What the rules need to know about System.IO's path-taking APIs.</summary>
internal static class FileApi
{
    /// <summary>
    /// When <paramref name="operation"/> writes, moves, deletes, creates or opens a file, the path argument it does so on.
    /// Reading helpers (ReadAll*, ReadLines, Exists, Get*) return false: they share the file with a reader.
    /// </summary>
    public static bool TryGetMutatedOrOpenedPath(IOperation operation, WellKnownIoTypes types, out IOperation? path)
    {
        path = null;
        switch (operation)
        {
            case IInvocationOperation invocation
                when SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, types.File):
                var name = invocation.TargetMethod.Name;
                if (name.StartsWith("Write") || name.StartsWith("Append") || name.StartsWith("Create") ||
                    name.StartsWith("Delete") || name.StartsWith("Move") || name.StartsWith("Replace") ||
                    name.StartsWith("Open") || name.StartsWith("Encrypt") || name.StartsWith("Decrypt") ||
                    name.StartsWith("Set"))
                {
                    path = invocation.Arguments.GetArgument(0)?.Value;
                    return path is not null;
                }

                if (name == "Copy")
                {
                    // The source of a copy is only read; the destination is written.
                    path = invocation.Arguments.GetArgument(1)?.Value;
                    return path is not null;
                }

                return false;

            case IObjectCreationOperation creation
                when creation.Constructor is { } constructor &&
                     (SymbolEqualityComparer.Default.Equals(constructor.ContainingType, types.FileStream) ||
                      SymbolEqualityComparer.Default.Equals(constructor.ContainingType, types.StreamWriter) ||
                      SymbolEqualityComparer.Default.Equals(constructor.ContainingType, types.StreamReader)) &&
                     constructor.Parameters.Length > 0 &&
                     constructor.Parameters[0].Type.SpecialType == SpecialType.System_String:
                path = creation.Arguments.GetArgument(0)?.Value;
                return path is not null;

            default:
                return false;
        }
    }

    /// <summary>
    /// True when two path expressions certainly or plausibly name the same file: the same local, parameter,
    /// field or property, the same constant, or the same expression text.
    /// </summary>
    public static bool IsSamePath(IOperation first, IOperation second)
    {
        first = first.WalkDownConversions();
        second = second.WalkDownConversions();
        if (first.ConstantValue is { HasValue: true } firstConstant &&
            second.ConstantValue is { HasValue: true } secondConstant)
        {
            return Equals(firstConstant.Value, secondConstant.Value);
        }

        var firstSymbol = first.GetReferencedSymbol();
        if (firstSymbol is not null && SymbolEqualityComparer.Default.Equals(firstSymbol, second.GetReferencedSymbol()))
        {
            return true;
        }

        return SyntaxFactory.AreEquivalent(first.Syntax, second.Syntax);
    }
}
