#!/usr/bin/env bash
# Installs what building and testing need, skipping what is already there:
#   the wasm32 target, the wasm-bindgen CLI pinned to the crate's version, npm dependencies, and
#   (with --browsers) Chromium, Firefox ESR and geckodriver for the browser tests, and JavaScriptCore's
#   shell for the engine tests.
set -euo pipefail
cd "$(dirname "$0")/.."

browsers=0
for arg in "$@"; do
  case "$arg" in
    --browsers) browsers=1 ;;
    *) echo "setup.sh: unknown argument $arg (usage: setup.sh [--browsers])" >&2; exit 2 ;;
  esac
done

say() { echo "setup: $*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The CLI must match the wasm-bindgen crate exactly (Cargo.toml pins it with "=X").
wb_version=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
if [ -z "$wb_version" ]; then echo "setup.sh: cannot read the wasm-bindgen version from Cargo.toml" >&2; exit 1; fi
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$wb_version" ]; then
  say "installing wasm-bindgen-cli $wb_version (takes a few minutes)"
  # --locked first; if a locked dependency is no longer on the registry, resolve afresh.
  cargo install wasm-bindgen-cli --version "$wb_version" --locked ||
    cargo install wasm-bindgen-cli --version "$wb_version" --force
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  # `npm install` rather than `npm ci`: the lock omits other platforms' optional packages (esbuild,
  # rollup, deno binaries), which `npm ci` refuses; the versions stay pinned by the lock.
  npm install --no-audit --no-fund
fi

if [ "$browsers" = 1 ]; then
  missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v firefox-esr >/dev/null || missing+=(firefox-esr)
  # CJK glyphs, so that the playground's screenshots (scripts/test-playground.mjs) show real text.
  [ -d /usr/share/fonts/truetype/wqy ] || missing+=(fonts-wqy-zenhei)
  # JavaScriptCore's shell (/usr/bin/jsc), one of the engines of scripts/test-engines.mjs.
  [ -x /usr/bin/jsc ] || missing+=(libjavascriptcoregtk-4.0-bin)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  fi
  if ! command -v geckodriver >/dev/null; then
    say "installing geckodriver (takes a few minutes)"
    cargo install geckodriver --locked || cargo install geckodriver
  fi
fi
say "ready"
