using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace IoPerf.Analyzers.Internal;

/// <summary>
/// IOP002's minimum buffer size for sequential file I/O. IOP006 gives a FileStream whose buffer is turned off this size
/// too, so both rules read one option and their fixes write the same number.
/// </summary>
internal static class MinimumBufferSize
{
    /// <summary><c>dotnet_diagnostic.IOP002.min_buffer_size</c>: the smallest buffer, in bytes, not reported.</summary>
    public const string Option = "min_buffer_size";

    /// <summary>
    /// E1SequentialReads (.NET 10, Linux x64, 128 MiB file): 64 KiB reads ran within 10% of 256 KiB ones, 16 KiB ones
    /// 1.5x and 4 KiB ones 2.3x slower. Files of a few hundred KB gain nothing past 4 KiB (C13): such projects lower it.
    /// </summary>
    public const int Default = 65536;

    /// <summary>For the fix: the size to write (<see cref="RoundedUp"/> of the minimum); missing when there is no fix.</summary>
    public static readonly DiagnosticProperty<long?> NewSize = DiagnosticProperty.Number("NewSize");

    /// <summary>The minimum configured for <paramref name="tree"/>.</summary>
    public static int For(AnalyzerOptions options, SyntaxTree tree) =>
        RuleOptions.GetInt32(options, tree, RuleIdentifiers.SmallIoBuffer, Option, Default, min: 2, max: 1 << 30);

    /// <summary>The size the fixes write: the minimum, rounded up to a power of two.</summary>
    public static long RoundedUp(int minimum)
    {
        long size = 1;
        while (size < minimum)
        {
            size <<= 1;
        }

        return size;
    }
}
