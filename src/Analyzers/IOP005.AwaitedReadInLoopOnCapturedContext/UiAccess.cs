using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP005.AwaitedReadInLoopOnCapturedContext;

/// <summary>
/// Whether code touches UI objects - members of UI element types (including <c>this</c> in a form), UI APIs - or
/// invokes a delegate or event, whose handlers may.
/// </summary>
internal static class UiAccess
{
    private static readonly string[] UiNamespaces =
    {
        "System.Windows", "Microsoft.Maui", "Avalonia", "Microsoft.UI.Xaml", "Windows.UI.Xaml",
    };

    /// <summary>Whether anything in <paramref name="scope"/> at or after <paramref name="fromPosition"/> touches UI state.</summary>
    public static bool Touches(IOperation scope, int fromPosition, CapturedContext context)
    {
        foreach (var operation in scope.AllOperations())
        {
            if (operation.Syntax.Span.End >= fromPosition && IsUiAccess(operation, context))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsUiAccess(IOperation operation, CapturedContext context)
    {
        switch (operation)
        {
            case IMemberReferenceOperation member:
                return (member.Instance is { } instance && context.IsUiElement(instance.Type)) ||
                       (member.Instance is null && IsInUiNamespace(member.Member.ContainingType));
            case IInvocationOperation { TargetMethod.MethodKind: MethodKind.DelegateInvoke }:
                // An event or callback: its handlers may update the UI (a progress bar), so they must keep the context.
                return true;
            case IInvocationOperation invocation:
                return (invocation.Instance is { } receiver && context.IsUiElement(receiver.Type)) ||
                       (invocation.Instance is null && !invocation.TargetMethod.IsExtensionMethod && IsInUiNamespace(invocation.TargetMethod.ContainingType));
            case IObjectCreationOperation creation:
                return context.IsUiElement(creation.Type);
            default:
                return false;
        }
    }

    private static bool IsInUiNamespace(INamedTypeSymbol? type)
    {
        var name = type?.ContainingNamespace?.ToDisplayString();
        if (name is null)
        {
            return false;
        }

        foreach (var ui in UiNamespaces)
        {
            if (name == ui || name.StartsWith(ui + ".", System.StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }
}
