namespace IoPerf.EvidenceBench.Report;

/// <summary>Placeholder until the report is written below.</summary>
public static class EvidenceReport
{
    public static int Write(string results, string docs) => 1;
}
