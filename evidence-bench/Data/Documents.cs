using System.Text;
using System.Text.Json;
using System.Xml;

namespace IoPerf.EvidenceBench.Data;

/// <summary>One record of E7's documents: the shape of a settings or data file (strings, numbers, a flag, a list).</summary>
public sealed class DocumentRecord
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public string Email { get; set; } = "";

    public double Score { get; set; }

    public bool Active { get; set; }

    public List<string> Tags { get; set; } = new();

    public string Notes { get; set; } = "";
}

/// <summary>
/// E7's input files: an array of <see cref="DocumentRecord"/>s written as UTF-8 JSON (no byte order mark) and as XML
/// (<c>&lt;records&gt;&lt;record id=".."&gt;...</c>), deterministic, records added until the file reaches the size asked
/// for. Generated once per run through <see cref="BenchData"/>'s folder.
/// </summary>
public static class Documents
{
    private static readonly string[] Names = { "Anna Müller", "José Núñez", "Chloé Dubois", "Ōta Hiroshi", "Lars Åberg", "Mary O'Brien", "Zoë Smith", "Piotr Łukasz" };
    private static readonly string[] TagWords = { "alpha", "beta", "gamma", "delta", "archive", "draft", "urgent", "review" };

    public static string JsonFile(long bytes) => BenchData.CreateDocument($"records-{bytes}.json", stream =>
    {
        using var writer = new Utf8JsonWriter(stream);
        writer.WriteStartArray();
        var random = new Random(unchecked((int)bytes));
        for (var id = 0; writer.BytesCommitted + writer.BytesPending < bytes - 400; id++)
        {
            var record = Next(random, id);
            writer.WriteStartObject();
            writer.WriteNumber("id", record.Id);
            writer.WriteString("name", record.Name);
            writer.WriteString("email", record.Email);
            writer.WriteNumber("score", record.Score);
            writer.WriteBoolean("active", record.Active);
            writer.WriteStartArray("tags");
            record.Tags.ForEach(writer.WriteStringValue);
            writer.WriteEndArray();
            writer.WriteString("notes", record.Notes);
            writer.WriteEndObject();
        }

        writer.WriteEndArray();
    });

    public static string XmlFile(long bytes) => BenchData.CreateDocument($"records-{bytes}.xml", stream =>
    {
        var counting = new CountingStream(stream);
        using var writer = XmlWriter.Create(counting, new XmlWriterSettings { Encoding = new UTF8Encoding(false), Indent = true });
        writer.WriteStartElement("records");
        var random = new Random(unchecked((int)bytes));
        for (var id = 0; counting.Position < bytes - 600; id++)
        {
            var record = Next(random, id);
            writer.WriteStartElement("record");
            writer.WriteAttributeString("id", record.Id.ToString());
            writer.WriteAttributeString("active", record.Active ? "true" : "false");
            writer.WriteElementString("name", record.Name);
            writer.WriteElementString("email", record.Email);
            writer.WriteElementString("score", record.Score.ToString("R", System.Globalization.CultureInfo.InvariantCulture));
            writer.WriteStartElement("tags");
            record.Tags.ForEach(tag => writer.WriteElementString("tag", tag));
            writer.WriteEndElement();
            writer.WriteElementString("notes", record.Notes);
            writer.WriteEndElement();
            writer.Flush();
        }

        writer.WriteEndElement();
    });

    private static DocumentRecord Next(Random random, int id)
    {
        var name = Names[random.Next(Names.Length)];
        var notes = new StringBuilder();
        for (var words = random.Next(4, 24); words > 0; words--)
        {
            notes.Append(TagWords[random.Next(TagWords.Length)]).Append(' ');
        }

        return new DocumentRecord
        {
            Id = id,
            Name = name,
            Email = $"user{id}@example.org",
            Score = Math.Round(random.NextDouble() * 1000, 2),
            Active = random.Next(3) != 0,
            Tags = Enumerable.Range(0, random.Next(1, 4)).Select(_ => TagWords[random.Next(TagWords.Length)]).ToList(),
            Notes = notes.ToString().TrimEnd(),
        };
    }

    /// <summary>XmlWriter over a FileStream flushes in blocks; this counts what was handed to the stream so far.</summary>
    private sealed class CountingStream : Stream
    {
        private readonly Stream _inner;

        public CountingStream(Stream inner) => _inner = inner;

        public override long Position { get; set; }

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => Position;

        public override void Write(byte[] buffer, int offset, int count)
        {
            _inner.Write(buffer, offset, count);
            Position += count;
        }

        public override void Flush() => _inner.Flush();

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}
