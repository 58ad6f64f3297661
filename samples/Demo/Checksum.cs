namespace Demo;

/// <summary>IOP001 and IOP002: a checksum tool written the way many are - an "async" file read synchronously, in small pieces.</summary>
public static class Checksum
{
    private const int ChunkSize = 4096;

    /// <summary>IOP001: opened for overlapped I/O on Windows, then only read synchronously.</summary>
    public static long Adler(string path)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 4096, FileOptions.Asynchronous | FileOptions.SequentialScan);
        var buffer = new byte[65536];
        long a = 1, b = 0;
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            for (var i = 0; i < read; i++)
            {
                a = (a + buffer[i]) % 65521;
                b = (b + a) % 65521;
            }
        }

        return (b << 16) | a;
    }

    /// <summary>IOP002: a large file read front to back 4 KiB at a time (the const is what the fix changes).</summary>
    public static long ByteSum(string path)
    {
        using var stream = File.OpenRead(path);
        var buffer = new byte[ChunkSize];
        long sum = 0;
        int read;
        while ((read = stream.Read(buffer, 0, ChunkSize)) > 0)
        {
            for (var i = 0; i < read; i++)
            {
                sum += buffer[i];
            }
        }

        return sum;
    }
}
