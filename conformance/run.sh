#!/usr/bin/env bash
# The conformance harness: Callboard's files and rules checked by the runtimes' own code.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/setup.sh"
# Pipecat and its dependencies must never reach the network from a check (first-use downloads).
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PIPECAT_DISABLE_TELEMETRY=1 NO_PROXY='*'
cd "$here/.."
exec "$here/.venv/bin/python" -m conformance.run "$@"
