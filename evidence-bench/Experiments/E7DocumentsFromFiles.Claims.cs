using IoPerf.EvidenceBench.Report;
using static IoPerf.EvidenceBench.Report.Claims;

namespace IoPerf.EvidenceBench.Experiments;

/// <summary>The claims E7DocumentsFromFiles measures (C28-C30), each computed from the committed results by one method.</summary>
internal static class E7DocumentsFromFilesClaims
{
    public static IEnumerable<ClaimResult> Evaluate(ResultSet r) =>
    [
        C28(r),
        C29(r),
        C30(r),
    ];

    private static BenchCase? E7Case(ResultSet r, string type, string method, string size) => r.Find(type, method, ("FileBytes", size));

    /// <summary>The peak memory a form of parse reached for a file size (the measurement step's peak-documents.json).</summary>
    private static string Peak(ResultSet r, string size, string form) =>
        Bytes(r.ReadJson("peak-documents.json")?.GetProperty("Measurements").EnumerateArray()
            .Where(m => m.GetProperty("FileBytes").GetInt64().ToString() == size && m.GetProperty("Form").GetString() == form)
            .Select(m => (double?)m.GetProperty("PeakGrowthBytes").GetInt64()).FirstOrDefault());

    private static double? AllocationRatio(BenchCase? fromString, BenchCase? fromFile) =>
        fromString?.AllocatedBytes is { } s && fromFile?.AllocatedBytes is { } f && f > 0 ? s / f : null;

    /// <summary>System.Text.Json from a FileStream allocates far less than from File.ReadAllText, at no cost in time.</summary>
    public static ClaimResult C28(ResultSet r)
    {
        const string mb = "1048576";
        var allocation = AllocationRatio(E7Case(r, E7Json, "DeserializeReadAllText", mb), E7Case(r, E7Json, "DeserializeFileStream", mb));
        var time = Ratio(E7Case(r, E7Json, "DeserializeReadAllText", mb), E7Case(r, E7Json, "DeserializeFileStream", mb));
        var time50 = Ratio(E7Case(r, E7Json, "DeserializeReadAllText", "52428800"), E7Case(r, E7Json, "DeserializeFileStream", "52428800"));
        var async = Ratio(E7Case(r, E7Json, "DeserializeReadAllTextAsync", mb), E7Case(r, E7Json, "DeserializeAsyncFileStream", mb));
        var document = Ratio(E7Case(r, E7Json, "JsonDocumentParseReadAllText", mb), E7Case(r, E7Json, "JsonDocumentParseFileStream", mb));
        var documentAllocation = AllocationRatio(E7Case(r, E7Json, "JsonDocumentParseReadAllText", mb), E7Case(r, E7Json, "JsonDocumentParseFileStream", mb));
        // The claim is about memory; it holds only if the stream form is not slower.
        var verdict = time is < 1 / 1.1 ? "reversed" : Verdict(allocation, 54.0 / 9);
        return Claim("C28", "E7", "System.Text.Json from a stream allocates far less than from `File.ReadAllText`, at no cost in time",
            "9 MB: 54 MB / 119.0 ms from a string vs 9 MB / 114.4 ms from a stream (6.0x the allocation, 1.04x the time)",
            allocation is null ? "not measured" :
                $"1 MB, `Deserialize<T>`: string / FileStream allocated {Fmt(allocation)}x, time {Fmt(time)}x (50 MB: {Fmt(time50)}x); peak memory {Peak(r, mb, "json-ReadAllText")} vs {Peak(r, mb, "json-FileStream")} (50 MB: {Peak(r, "52428800", "json-ReadAllText")} vs {Peak(r, "52428800", "json-FileStream")}); async pair {Fmt(async)}x; `JsonDocument.Parse` {Fmt(document)}x the time, {Fmt(documentAllocation, "F0")}x the allocation",
            verdict, "IOP009", allocation, seedRatio: 54.0 / 9);
    }

    /// <summary>The XML parsers reading the file beat parsing File.ReadAllText's string.</summary>
    public static ClaimResult C29(ResultSet r)
    {
        const string mb = "1048576";
        var load = Ratio(E7Case(r, E7Xml, "XDocumentParseReadAllText", mb), E7Case(r, E7Xml, "XDocumentLoadPath", mb));
        var reader = Ratio(E7Case(r, E7Xml, "XDocumentParseReadAllText", mb), E7Case(r, E7Xml, "XDocumentLoadOpenText", mb));
        var xmlDocument = Ratio(E7Case(r, E7Xml, "XmlDocumentLoadXmlReadAllText", mb), E7Case(r, E7Xml, "XmlDocumentLoadPath", mb));
        var xmlDocumentReader = Ratio(E7Case(r, E7Xml, "XmlDocumentLoadXmlReadAllText", mb), E7Case(r, E7Xml, "XmlDocumentLoadOpenText", mb));
        var allocation = AllocationRatio(E7Case(r, E7Xml, "XDocumentParseReadAllText", mb), E7Case(r, E7Xml, "XDocumentLoadOpenText", mb));
        var large = Ratio(E7Case(r, E7Xml, "XDocumentParseReadAllText", "52428800"), E7Case(r, E7Xml, "XDocumentLoadOpenText", "52428800"));
        return Claim("C29", "E7", "`XDocument.Load` / `XmlDocument.Load` from the file beat parsing `File.ReadAllText`'s string",
            "(ours)",
            reader is null ? "not measured" :
                $"1 MB, time string / file: `XDocument` from a StreamReader {Fmt(reader)}x (from the path {Fmt(load)}x; 50 MB {Fmt(large)}x), allocated {Fmt(allocation)}x; `XmlDocument` from a StreamReader {Fmt(xmlDocumentReader)}x (from the path {Fmt(xmlDocument)}x); peak memory {Peak(r, mb, "xml-ReadAllText")} vs {Peak(r, mb, "xml-OpenText")} (50 MB: {Peak(r, "52428800", "xml-ReadAllText")} vs {Peak(r, "52428800", "xml-OpenText")})",
            Verdict(reader, null), "IOP009", reader);
    }

    /// <summary>Below some size the string form is as fast. Time string / stream per size; replicated if at 10 KB it is within 1.1x.</summary>
    public static ClaimResult C30(ResultSet r)
    {
        var json = E7Sizes.Select(size => Ratio(E7Case(r, E7Json, "DeserializeReadAllText", size), E7Case(r, E7Json, "DeserializeFileStream", size))).ToList();
        var xml = E7Sizes.Select(size => Ratio(E7Case(r, E7Xml, "XDocumentParseReadAllText", size), E7Case(r, E7Xml, "XDocumentLoadOpenText", size))).ToList();
        string Row(List<double?> ratios) => string.Join(", ", E7Sizes.Zip(ratios, (size, ratio) => $"{Bytes(double.Parse(size))} {Fmt(ratio)}x"));
        var smallest = json[0];
        return Claim("C30", "E7", "below some size parsing the string is as fast as reading the file",
            "(ours)",
            smallest is null ? "not measured" :
                $"time string / file, `Deserialize<T>`: {Row(json)}; `XDocument`: {Row(xml)}",
            smallest is null ? "not measured" : smallest < 1.1 ? "replicated" : "not replicated", "IOP009", smallest);
    }
}
