#!/usr/bin/env bash
# CI's proof that every benchmark compiles, runs and checks its result: each one once, in process, on small inputs.
set -euo pipefail
cd "$(dirname "$0")/.."
dotnet run -c Release --project evidence-bench -- --quick --artifacts artifacts/evidence-quick
