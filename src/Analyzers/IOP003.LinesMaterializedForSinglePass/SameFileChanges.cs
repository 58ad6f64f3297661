using IoPerf.Analyzers.Internal;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace IoPerf.Analyzers.IOP003.LinesMaterializedForSinglePass;

/// <summary>
/// IOP003's sense of the model's file effects: <c>File.ReadLines</c> keeps the file open until its consumer ends, so a
/// write, move, delete or open for writing of the same file while the lines are consumed would fail or see a half-read
/// file. What the code writes at the site is compared by path; what a call into the project writes is compared when its
/// path is one the caller passes, a constant or the same field; anything the model cannot see may be the same file.
/// </summary>
internal sealed class SameFileChanges : IFileEffectFilter
{
    private const FileChange ChangesToAFile = FileChange.Creates | FileChange.Removes | FileChange.Writes;

    private readonly IOperation? _path;

    /// <param name="path">The read's path; null when it is not in sight (any file may be the one read).</param>
    public SameFileChanges(IOperation? path) => _path = path;

    public bool Concerns(in FileEffect effect)
    {
        if ((effect.Change & FileChange.Unknown) != 0)
        {
            return true;
        }

        if ((effect.Change & ChangesToAFile) == 0)
        {
            return false;
        }

        if (_path is null)
        {
            return !effect.IsHandOff; // As for a path of unknown origin below: another library handed a value is not assumed to write it.
        }

        var readConstant = _path.ConstantValue is { HasValue: true, Value: string constant } ? constant : null;
        return effect.Origin switch
        {
            PathOrigin.Expression => IsSamePath(_path, effect.Path!),
            PathOrigin.Constant => readConstant == effect.Constant,

            // A field or property written in a method the loop calls: the read path may hold the same value.
            PathOrigin.Member => SymbolEqualityComparer.Default.Equals(_path.GetReferencedSymbol()?.OriginalDefinition, effect.Member) ||
                                 (readConstant is null && !effect.IsHandOff),
            _ => !effect.IsHandOff,
        };
    }

    /// <summary>
    /// True when two path expressions certainly or plausibly name the same file: the same local, parameter, field or
    /// property, the same constant, or the same expression text.
    /// </summary>
    private static bool IsSamePath(IOperation first, IOperation second)
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
