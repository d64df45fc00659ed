#!/usr/bin/env bash
# Installs what is missing, builds the WebAssembly app and serves build/web/dist on 127.0.0.1.
# usage: scripts/serve.sh [PORT]   (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8080}
./scripts/setup.sh
./scripts/build.sh web
echo
echo "GPU Atlas is being served at http://127.0.0.1:${port}/  (Ctrl+C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/web/dist
