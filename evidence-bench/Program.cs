using IoPerf.EvidenceBench;
using IoPerf.EvidenceBench.Data;

// dotnet run -c Release --project evidence-bench -- <mode>
//   --quick     every benchmark once, in process, small inputs (CI); non-zero exit on any failure or wrong checksum
//   --full      the full run (its length on 2 cores is in the README): BenchmarkDotNet classes, then retained memory (C11, C23),
//               wc check (C9) and start-up (C14); writes evidence-bench/results/
//   --peak-documents  peak memory of a document parse per form (C28, C29), each in a child process (--peak-one)
//   --report    reads evidence-bench/results/ and writes docs/evidence.md and docs/evidence.json
//   anything else is passed to BenchmarkDotNet (e.g. --filter '*E2*' --job short)
var mode = args.FirstOrDefault() ?? "--help";
try
{
    return mode switch
    {
        "--quick" => Runs.Quick(args[1..]),
        "--full" => Runs.Full(args[1..]),
        "--report" => IoPerf.EvidenceBench.Report.EvidenceReport.Write(Paths.Results, Paths.Docs),
        "--retained" => Measurements.RetainedMemory(Paths.Results, BenchData.Quick),
        "--retained-listing" => Measurements.RetainedListing(Paths.Results, BenchData.Quick),
        "--wc-check" => Measurements.WcCheck(Paths.Results, BenchData.Quick),
        "--startup" => Measurements.Startup(Paths.Results),
        "--peak-documents" => Measurements.PeakDocumentMemory(Paths.Results, BenchData.Quick),
        "--peak-one" when args.Length == 3 => Measurements.PeakOne(args[1], args[2]),
        "--help" or "-h" => Help(),
        _ => Runs.Switcher(args),
    };
}
finally
{
    if (mode is "--quick" or "--full")
    {
        BenchData.DeleteAll();
    }
}

static int Help()
{
    Console.WriteLine("usage: --quick | --full | --report | --retained | --retained-listing | --peak-documents | --wc-check | --startup | <BenchmarkDotNet arguments>");
    return 2;
}
