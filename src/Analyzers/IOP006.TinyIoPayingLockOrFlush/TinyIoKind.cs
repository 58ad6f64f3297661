namespace IoPerf.Analyzers.IOP006.TinyIoPayingLockOrFlush;

/// <summary>The four shapes IOP006 reports.</summary>
public enum TinyIoKind
{
    /// <summary>Console.Write/WriteLine (or Console.Out's) in a loop: a lock and a flush per call.</summary>
    ConsoleInLoop,

    /// <summary>A StreamWriter with AutoFlush = true written in a loop: a flush per call.</summary>
    AutoFlush,

    /// <summary>TextWriter.Synchronized used from one thread: a lock per call.</summary>
    Synchronized,

    /// <summary>ReadByte/WriteByte on a FileStream whose buffer is off: a system call per byte.</summary>
    UnbufferedBytes,
}
