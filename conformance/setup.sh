#!/usr/bin/env bash
# Makes (or reuses) the pinned virtual environment holding the runtimes' own code. It is rebuilt
# when requirements.txt or constraints.txt change; nothing installed by hand is relied on.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
stamp="$venv/.callboard-pins"
want="$(cat "$here/requirements.txt" "$here/constraints.txt" | sha256sum | cut -d' ' -f1)"
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
export PIP_DISABLE_PIP_VERSION_CHECK=1
for attempt in 1 2 3; do
  if "$venv/bin/pip" install --quiet --retries 5 --timeout 120 -r "$here/requirements.txt" -c "$here/constraints.txt"; then break; fi
  if [ "$attempt" = 3 ]; then echo "conformance: pip install failed three times" >&2; exit 1; fi
  echo "conformance: pip install failed (attempt $attempt); retrying" >&2
done
echo "$want" > "$stamp"
