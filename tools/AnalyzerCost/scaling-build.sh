#!/usr/bin/env bash
# What a user's build pays for a method with N watched calls per rule (docs/performance.md, "Linear in a method's size"):
# builds a generated one-file library (ScalingSource) with every IOP rule raised to warning and the SDK's own analyzers
# on, with -p:ReportAnalyzer=true, and prints the compiler's per-analyzer times from the build log.
#   bash tools/AnalyzerCost/scaling-build.sh 500 2000
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dotnet build "$repo/src/Analyzers" -c Release -nologo -v q >/dev/null
analyzers="$repo/src/Analyzers/bin/Release/netstandard2.0/IoPerf.Analyzers.dll"
for n in "${@:-500 2000}"; do
  project="$work/Scaling$n"
  mkdir -p "$project"
  dotnet run -c Release --project "$repo/tools/AnalyzerCost" -- --scaling-source "$n" "$project/Scaling.cs" >/dev/null
  cat >"$project/Scaling.csproj" <<PROJECT
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>disable</Nullable>
    <EnableNETAnalyzers>true</EnableNETAnalyzers>
    <TreatWarningsAsErrors>false</TreatWarningsAsErrors>
  </PropertyGroup>
  <ItemGroup>
    <Analyzer Include="$analyzers" />
  </ItemGroup>
</Project>
PROJECT
  printf 'root = true\n\n[*.cs]\n' >"$project/.editorconfig"
  for rule in 1 2 3 4 5 6 7 8 9; do printf 'dotnet_diagnostic.IOP00%s.severity = warning\n' "$rule" >>"$project/.editorconfig"; done
  dotnet build "$project/Scaling.csproj" -c Release -nologo -p:ReportAnalyzer=true -p:UseSharedCompilation=false -bl:"$project/build.binlog" >/dev/null || true
  dotnet msbuild "$project/build.binlog" -noconlog -fl "-flp:v=diag;logfile=$project/full.log" >/dev/null
  echo "== N=$n (seconds, % of all analyzer time; each assembly, then each IOP rule)"
  grep -m1 'Total analyzer execution time' "$project/full.log" | sed 's/ *(TaskId:[0-9]*)//; s/^ *//'
  grep -E ', Version=' "$project/full.log" | grep -E '^ +[0-9.<]+ +[0-9]+ ' | sed 's/ *(TaskId:[0-9]*)//; s/, Version=.*//' | sort -u
  grep -E '\(IOP00[0-9]\)' "$project/full.log" | sed 's/ *(TaskId:[0-9]*)//; s/IoPerf\.Analyzers\.IOP[0-9]*\.[A-Za-z]*\.//' | sort -u
done
