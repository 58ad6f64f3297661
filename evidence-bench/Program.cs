using IoPerf.EvidenceBench;

// dotnet run -c Release --project evidence-bench -- <mode>; --help lists the modes:
//   --quick     every benchmark once, in process, small inputs (CI); non-zero exit on any failure or wrong checksum
//   --full      the full run (its length on 2 cores is in the README): BenchmarkDotNet classes, then retained memory (C11, C23),
//               wc check (C9), start-up (C14) and peak document memory (C28, C29); writes evidence-bench/results/
//   --report    reads evidence-bench/results/ and writes docs/evidence.md, docs/evidence.json and docs/charts/
//   anything else is passed to BenchmarkDotNet (e.g. --filter '*E2*' --job short)
return BenchCommand.Run(args);
