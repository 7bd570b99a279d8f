#!/usr/bin/env bash
# Installs the system tools `npm test` uses beyond Node, from Debian's packages (needs root or sudo;
# .ci/run runs it; the tests that need a tool say which is missing and name this script):
#   strace                 records every file the language server opens (test/src/hardening/hostileFiles.test.ts)
#   neovim vim vim-ale     the other-editor setups of docs/editors.md, run headless (test/src/editors/editors.test.ts)
#   emacs-nox elpa-eglot elpa-markdown-mode    the same for Emacs with eglot, run with --batch
# Idempotent: when everything is there it returns at once; otherwise apt-get update + install.
set -euo pipefail

PACKAGES=(strace neovim vim vim-ale emacs-nox elpa-eglot elpa-markdown-mode)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done
((${#missing[@]})) || exit 0
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { printf 'install-test-tools: need root (or sudo) to install: %s\n' "${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
printf 'install-test-tools: apt-get install %s\n' "${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
