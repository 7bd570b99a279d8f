#!/usr/bin/env bash
# Installs what the VS Code tests (npm run test:vscode) need, from Debian's packages and the npm
# registry only: Chromium, an emoji font (the 🎲 of code lenses and rolls, for the screenshots)
# and the build dependencies of code-server's native modules (apt), then
# code-server 4.100.3 — the newest that runs on Node 20 — into .code-server/ beside the project
# (gitignored; never in package.json: it is large and builds native modules).
# Idempotent: when everything is already there it returns in well under a second.
# `--check` installs nothing: it says what is missing and fails (npm run test:vscode uses it).
# Each step below says why it is needed; test/vscode/README.md says how the tests use it.
set -euo pipefail
cd "$(dirname "$0")/.."

CHECK_ONLY=false
[ "${1:-}" = "--check" ] && CHECK_ONLY=true

CODE_SERVER_VERSION=4.100.3
PREFIX="${ROLLMARK_CODE_SERVER_PREFIX:-$PWD/.code-server}"
BIN="$PREFIX/node_modules/.bin/code-server"
APT_PACKAGES=(libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config ripgrep chromium fonts-noto-color-emoji)
RG_CACHE="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"  # os.tmpdir() of @vscode/ripgrep 1.15.11
RG_TARBALL="$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"

log() { printf 'install-code-server: %s\n' "$*" >&2; }

# 1. Debian packages, only when one is missing (apt-get update is the slow part).
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})) && $CHECK_ONLY; then
  log "missing Debian packages: ${missing[*]} (run: bash scripts/install-code-server.sh)"
  exit 1
fi
if ((${#missing[@]})); then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { log "need root (or sudo) to install: ${missing[*]}"; exit 1; }
    sudo=(sudo)
  fi
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. code-server, unless this exact version is already installed in the prefix.
installed=""
if [ -f "$PREFIX/node_modules/code-server/package.json" ] && [ -x "$BIN" ]; then
  installed=$(node -p "require('$PREFIX/node_modules/code-server/package.json').version" 2>/dev/null || true)
fi
if [ "$installed" != "$CODE_SERVER_VERSION" ] && $CHECK_ONLY; then
  log "code-server $CODE_SERVER_VERSION is not installed in $PREFIX (run: bash scripts/install-code-server.sh)"
  exit 1
fi
if [ "$installed" != "$CODE_SERVER_VERSION" ]; then
  # @vscode/ripgrep's postinstall downloads rg from GitHub (unreachable): seed its cache with
  # Debian's rg under the file name it looks for.
  if [ ! -s "$RG_TARBALL" ]; then
    tmp=$(mktemp -d)
    cp "$(command -v rg)" "$tmp/rg"
    mkdir -p "$RG_CACHE"
    tar czf "$RG_TARBALL" -C "$tmp" rg
    rm -rf "$tmp"
  fi
  log "npm install code-server@$CODE_SERVER_VERSION into $PREFIX (builds native modules; a few minutes)"
  mkdir -p "$PREFIX"
  # A package.json of its own, so npm neither climbs to the project's nor touches its lockfile.
  [ -f "$PREFIX/package.json" ] || printf '{ "name": "rollmark-code-server", "private": true }\n' >"$PREFIX/package.json"
  # Native modules build against Node's own headers (node-gyp would download them otherwise);
  # npm is set up so on these machines, this keeps it so where it is not.
  if [ -z "${npm_config_nodedir:-}" ] && [ "$(npm config get nodedir 2>/dev/null)" = "undefined" ] && [ -f /usr/include/node/node.h ]; then
    export npm_config_nodedir=/usr
  fi
  # code-server's postinstall needs both when run as root.
  (cd "$PREFIX" && npm_config_yes=true npm_config_unsafe_perm=true \
    npm install --no-audit --no-fund --no-save --loglevel=error "code-server@$CODE_SERVER_VERSION")
  "$BIN" --version >/dev/null
fi

log "ready: code-server $("$BIN" --version 2>/dev/null | head -1), $(command -v chromium)"
