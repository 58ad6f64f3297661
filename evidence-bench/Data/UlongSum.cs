using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.InteropServices;

namespace IoPerf.EvidenceBench.Data;

/// <summary>
/// Sums little-endian ulongs fed in arbitrary chunks (a read may return any count, a pipe segment may split a value),
/// so every E1 reader checks the whole file instead of being optimised away.
/// </summary>
public struct UlongSum
{
    private ulong _sum;
    private ulong _carry;
    private int _carryBytes;

    public readonly ulong Value => _sum;

    public void Add(ReadOnlySpan<byte> bytes)
    {
        while (_carryBytes != 0 && !bytes.IsEmpty)
        {
            _carry |= (ulong)bytes[0] << (8 * _carryBytes);
            bytes = bytes[1..];
            if (++_carryBytes == 8)
            {
                _sum = unchecked(_sum + _carry);
                _carry = 0;
                _carryBytes = 0;
            }
        }

        var whole = bytes.Length & ~7;
        foreach (var value in MemoryMarshal.Cast<byte, ulong>(bytes[..whole]))
        {
            _sum = unchecked(_sum + (BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value)));
        }

        for (var i = whole; i < bytes.Length; i++)
        {
            _carry |= (ulong)bytes[i] << (8 * _carryBytes++);
        }
    }

    public void Add(in ReadOnlySequence<byte> sequence)
    {
        foreach (var segment in sequence)
        {
            Add(segment.Span);
        }
    }

    /// <summary>Throws unless the whole file was read: a benchmark that fails this fails the run.</summary>
    public readonly ulong Check(long fileBytes)
    {
        var expected = BenchData.UlongFileSum(fileBytes);
        if (_carryBytes != 0 || _sum != expected)
        {
            throw new InvalidOperationException($"checksum {_sum} (carry {_carryBytes} bytes), expected {expected}");
        }

        return _sum;
    }
}
