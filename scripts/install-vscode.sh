#!/usr/bin/env bash
# Installs the offline VS Code (code-server 4.100.3 = VS Code 1.100.3) once, outside the
# repository clone so that fresh clones on the same machine reuse it. Idempotent.
set -euo pipefail
VERSION=4.100.3
ROOT="${NETMON_VSCODE_CACHE:-$HOME/.cache/netmon-workbench/code-server-$VERSION}"
MARK="$ROOT/.installed"
if [ -f "$MARK" ]; then echo "$ROOT"; exit 0; fi
# One installer at a time (npm test and npm start may both get here on a fresh machine);
# whoever waited finds the marker and is done.
mkdir -p "$(dirname "$ROOT")"
exec 9>"$ROOT.lock"
flock 9
if [ -f "$MARK" ]; then echo "$ROOT"; exit 0; fi
need_apt=()
command -v rg >/dev/null || need_apt+=(ripgrep)
command -v chromium >/dev/null || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >&2
fi
rm -rf "$ROOT"; mkdir -p "$ROOT"; cd "$ROOT"
{
  npm init -y >/dev/null
  npm install --ignore-scripts --no-audit --no-fund "code-server@$VERSION"
  npm rebuild argon2 --dangerously-allow-all-scripts=true
  cd node_modules/code-server/lib/vscode
  npm install --omit=dev --ignore-scripts --no-audit --no-fund
  mkdir -p node_modules/@vscode/ripgrep/bin && ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  npm_config_yes=true npm rebuild --dangerously-allow-all-scripts=true
  ln -sfn node_modules node_modules.asar
  cd extensions && npm install --omit=dev --no-audit --no-fund --dangerously-allow-all-scripts=true
} >&2
# npm 11 silently skips dependency build scripts it was not allowed to run: prove the
# native modules load before marking the install good (code-server needs them to start).
cd "$ROOT"
node -e "require('argon2')" >&2
(cd node_modules/code-server/lib/vscode && node -e "for (const m of ['node-pty', '@vscode/spdlog', 'native-watchdog']) require(m)") >&2
touch "$MARK"
echo "$ROOT"
