using System.Collections.Immutable;
using System.Linq;
using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

/// <summary>IOP006, second and fourth shapes: StreamWriters with AutoFlush = true and FileStreams with no buffer.</summary>
public sealed partial class TinyIoPayingLockOrFlushAnalyzer
{
    private static void AnalyzeCreation(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (creation.Type?.Name is not ("StreamWriter" or "FileStream") || creation.Syntax.ContainsDiagnostics ||
            TestCode.IsTestMethod(context.ContainingSymbol))
        {
            return;
        }

        if (WellKnownIoTypes.Is(creation.Type, types.StreamWriter))
        {
            var initializerSet = false;
            foreach (var initializer in creation.Initializer?.Initializers ?? ImmutableArray<IOperation>.Empty)
            {
                if (IsAutoFlushTrue(initializer))
                {
                    initializerSet = true;
                    AnalyzeAutoFlush(context, creation, initializer, types);
                }
            }

            if (!initializerSet && IsAssignedToField(creation) && WritesToFileOrConsole(creation, types, context.CancellationToken))
            {
                // A writer kept in a private field and switched to AutoFlush by a statement elsewhere in the type (the
                // constructor, an Open method): reported at that statement, from the creation that FileUses follows.
                var uses = FileUses.Collect(creation, types, context.Compilation, context.CancellationToken);
                // The statement may be in a member the driver skipped as generated code: it is asked here.
                if (uses.Holder is IFieldSymbol && uses.AutoFlushSets.Count == 1 && uses.AutoFlushSets[0].Syntax.SyntaxTree == creation.Syntax.SyntaxTree &&
                    !GeneratedCode.Contains(uses.AutoFlushSets[0], context.CancellationToken))
                {
                    AnalyzeAutoFlush(context, creation, uses.AutoFlushSets[0], types, uses);
                }
            }
        }
        else if (WellKnownIoTypes.Is(creation.Type, types.FileStream))
        {
            AnalyzeUnbuffered(context, creation, types);
        }
    }

    /// <summary><c>writer.AutoFlush = true;</c> on a local holding a StreamWriter created in the same member.</summary>
    private static void AnalyzeAutoFlushStatement(OperationAnalysisContext context, WellKnownIoTypes types)
    {
        var assignment = (ISimpleAssignmentOperation)context.Operation;
        if (!IsAutoFlushTrue(assignment) || assignment.Parent is not IExpressionStatementOperation ||
            assignment.Target is not IPropertyReferenceOperation { Instance: ILocalReferenceOperation local } ||
            assignment.Syntax.ContainsDiagnostics || TestCode.IsTestMethod(context.ContainingSymbol) ||
            LocalValues.GetSingleAssignedValue(local.Local, assignment.GetRoot(), context.CancellationToken)?.WalkDownConversions() is not IObjectCreationOperation creation ||
            !WellKnownIoTypes.Is(creation.Type, types.StreamWriter))
        {
            return;
        }

        AnalyzeAutoFlush(context, creation, assignment, types);
    }

    // The target first: this runs for every assignment of the build, and a value's constant is computed when first asked.
    private static bool IsAutoFlushTrue(IOperation operation) =>
        operation is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: "AutoFlush" }, Value.ConstantValue: { HasValue: true, Value: true } };

    /// <summary>
    /// A StreamWriter with <c>AutoFlush = true</c> over a file or the console, written in a loop: every write is a flush.
    /// Not when the flushes may be wanted: the writer feeds a pipe, a socket or another process (any stream that is not
    /// a file), or its <c>BaseStream</c> is also used (bytes written there would overtake text held in the buffer).
    /// </summary>
    private static void AnalyzeAutoFlush(OperationAnalysisContext context, IObjectCreationOperation creation, IOperation autoFlush, WellKnownIoTypes types, FileUses? collected = null)
    {
        if (collected is null && !WritesToFileOrConsole(creation, types, context.CancellationToken))
        {
            return;
        }

        var uses = collected ?? FileUses.Collect(creation, types, context.Compilation, context.CancellationToken);
        if (uses.BaseStreamUsed)
        {
            return;
        }

        var writesInLoops = uses.Uses
            .Where(use => use.Member is "Write" or "WriteLine" && use.Operation.IsRepeatedWithout(creation))
            .ToList();
        if (writesInLoops.Count == 0 || AreFewWrites(context, writesInLoops.Select(use => use.Operation)))
        {
            return;
        }

        // The fix drops AutoFlush and flushes after the loop: it needs the writer in a using-declared local (so disposal
        // still flushes everything) and each loop a statement in a block (to put Flush() after it).
        var fixable = uses.Holder is ILocalSymbol && IsDisposedByUsing(creation) &&
                      writesInLoops.All(use => use.Operation.GetOutermostLoop()?.Parent is IBlockOperation);
        Report(context, autoFlush.Syntax, TinyIoKind.AutoFlush, fixable, writesInLoops.Select(u => u.Operation.Syntax.GetLocation()), writesInLoops.Count);
    }

    private static bool IsAssignedToField(IObjectCreationOperation creation) =>
        creation.GetParentSkippingConversions(out _) is ISimpleAssignmentOperation { Target: IFieldReferenceOperation } or IFieldInitializerOperation;

    /// <summary>
    /// The writer's target is a file (a path, a FileStream, <c>File.Create</c>/<c>Open*</c>/<c>AppendText</c>-style calls,
    /// directly or through a local assigned once) or the console's standard output or error.
    /// </summary>
    private static bool WritesToFileOrConsole(IObjectCreationOperation creation, WellKnownIoTypes types, System.Threading.CancellationToken cancellationToken)
    {
        if (creation.Arguments.GetArgument(0)?.Value is not { } target)
        {
            return false;
        }

        target = target.WalkDownConversions();
        if (target.Type?.SpecialType == SpecialType.System_String || WellKnownIoTypes.DerivesFrom(target.Type, types.FileStream))
        {
            return true;
        }

        if (target is ILocalReferenceOperation local &&
            LocalValues.GetSingleAssignedValue(local.Local, creation.GetRoot(), cancellationToken)?.WalkDownConversions() is { } assigned)
        {
            target = assigned;
            if (WellKnownIoTypes.DerivesFrom(target.Type, types.FileStream))
            {
                return true;
            }
        }

        return target is IInvocationOperation { TargetMethod: { ContainingType: { } type } method } &&
               (WellKnownIoTypes.Is(type, types.File) || WellKnownIoTypes.Is(type, types.FileInfo)
                   ? method.Name is "Create" or "Open" or "OpenWrite" or "OpenHandle"
                   : WellKnownIoTypes.Is(type, types.Console) && method.Name is "OpenStandardOutput" or "OpenStandardError");
    }

    private static bool IsDisposedByUsing(IObjectCreationOperation creation) =>
        creation.GetParentSkippingConversions(out _) is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } &&
        declarator.Parent?.Parent?.Parent is IUsingDeclarationOperation or IUsingOperation;

    /// <summary>ReadByte/WriteByte in a loop on a FileStream created with <c>bufferSize</c> 0 or 1: one system call per byte.</summary>
    private static void AnalyzeUnbuffered(OperationAnalysisContext context, IObjectCreationOperation creation, WellKnownIoTypes types)
    {
        if (FileOpening.TryCreate(creation, types, context.CancellationToken) is not { BufferSize: { } bufferSize } ||
            !LocalValues.TryGetInteger(bufferSize, context.CancellationToken, out var size, out _) || size is not (0 or 1))
        {
            return;
        }

        var uses = FileUses.Collect(creation, types, context.Compilation, context.CancellationToken);
        var byteLoops = uses.Uses
            .Where(use => use.Member is "ReadByte" or "WriteByte" &&
                          WellKnownIoTypes.DerivesFrom(use.Receiver.Type, types.FileStream) &&
                          use.Operation.IsRepeatedWithout(creation))
            .ToList();
        if (byteLoops.Count > 0 && !AreFewWrites(context, byteLoops.Select(use => use.Operation)))
        {
            Report(
                context,
                bufferSize.GetWrittenSyntax(),
                TinyIoKind.UnbufferedBytes,
                fixable: true,
                Enumerable.Empty<Location>(),
                byteLoops.Count,
                MinimumBufferSize.RoundedUp(MinimumBufferSize.For(context.Options, creation.Syntax.SyntaxTree)));
        }
    }
}
