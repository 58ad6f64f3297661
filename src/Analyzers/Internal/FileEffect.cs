using System;
using Microsoft.CodeAnalysis;

namespace IoPerf.Analyzers.Internal;

/// <summary>What running some code may do to the file system (<see cref="FileSystemEffects"/>).</summary>
[Flags]
internal enum FileChange
{
    None = 0,

    /// <summary>May create a file or directory: a write-all or append, Create*, the target of a copy or move, an open that creates.</summary>
    Creates = 1,

    /// <summary>May delete, move away or replace a file or directory.</summary>
    Removes = 2,

    /// <summary>Opens a file for writing or rewrites it in place.</summary>
    Writes = 4,

    /// <summary>Changes the process's current directory: a relative path names another file from then on.</summary>
    MovesCurrentDirectory = 8,

    /// <summary>
    /// Runs code the model cannot see: a delegate or event, a virtual or interface member, code that does not bind, another
    /// program, or more of the project's methods than the budget allows. It may do anything.
    /// </summary>
    Unknown = 16,
}

/// <summary>Where the path of a <see cref="FileEffect"/> comes from.</summary>
internal enum PathOrigin
{
    /// <summary>Not known: computed where it cannot be followed, or no path at all.</summary>
    Unknown,

    /// <summary>An expression at the code the question is about (<see cref="FileEffect.Path"/>).</summary>
    Expression,

    /// <summary>A parameter of the method a summary describes (<see cref="FileEffect.Ordinal"/>); mapped to the caller's argument.</summary>
    Parameter,

    /// <summary>A string constant (<see cref="FileEffect.Constant"/>).</summary>
    Constant,

    /// <summary>A field or property, static or of the object itself (<see cref="FileEffect.Member"/>).</summary>
    Member,
}

/// <summary>One change to the file system that some code may make, and the path it makes it on.</summary>
internal readonly struct FileEffect
{
    private FileEffect(FileChange change, PathOrigin origin, IOperation? path, int ordinal, string? constant, ISymbol? member, bool isHandOff, bool throughCall)
    {
        Change = change;
        Origin = origin;
        Path = path;
        Ordinal = ordinal;
        Constant = constant;
        Member = member;
        IsHandOff = isHandOff;
        ThroughCall = throughCall;
    }

    public FileChange Change { get; }

    public PathOrigin Origin { get; }

    /// <summary>The path as written at the code the question is about (<see cref="PathOrigin.Expression"/>).</summary>
    public IOperation? Path { get; }

    /// <summary>The parameter the path comes in through (<see cref="PathOrigin.Parameter"/>).</summary>
    public int Ordinal { get; }

    public string? Constant { get; }

    public ISymbol? Member { get; }

    /// <summary>
    /// A method of another library, which the model knows nothing of, is handed this path or entry: it may change it,
    /// whatever its name says (a <c>TrySaferDelete(path)</c> no list of writers would recognise). A rule counts such an
    /// effect only when the path is one it is asking about.
    /// </summary>
    public bool IsHandOff { get; }

    /// <summary>Reached through a call into the project's own code rather than written at the code asked about.</summary>
    public bool ThroughCall { get; }

    public static FileEffect UnknownCode { get; } = new(FileChange.Unknown, PathOrigin.Unknown, null, 0, null, null, isHandOff: false, throughCall: false);

    public static FileEffect At(FileChange change, IOperation? path, bool isHandOff = false) =>
        path is null ? new(change, PathOrigin.Unknown, null, 0, null, null, isHandOff, false) : new(change, PathOrigin.Expression, path, 0, null, null, isHandOff, false);

    public static FileEffect FromParameter(FileChange change, int ordinal, bool isHandOff) => new(change, PathOrigin.Parameter, null, ordinal, null, null, isHandOff, false);

    public static FileEffect FromConstant(FileChange change, string constant, bool isHandOff) => new(change, PathOrigin.Constant, null, 0, constant, null, isHandOff, false);

    public static FileEffect FromMember(FileChange change, ISymbol member, bool isHandOff) => new(change, PathOrigin.Member, null, 0, null, member, isHandOff, false);

    public static FileEffect WithUnknownPath(FileChange change, bool isHandOff) => new(change, PathOrigin.Unknown, null, 0, null, null, isHandOff, false);

    /// <summary>The same effect, seen from a caller: reached through a call.</summary>
    public FileEffect ThroughACall() => new(Change, Origin, Path, Ordinal, Constant, Member, IsHandOff, throughCall: true);

    /// <summary>The same change on another path (a parameter replaced by what the caller passes).</summary>
    public FileEffect OnPath(FileEffect path) => new(Change, path.Origin, path.Path, path.Ordinal, path.Constant, path.Member, IsHandOff, ThroughCall);
}

/// <summary>Which effects matter to the rule that asks (<see cref="FileSystemEffects.MayChange"/>).</summary>
internal interface IFileEffectFilter
{
    bool Concerns(in FileEffect effect);
}
