#!/usr/bin/env bash
# Runs every test suite (after `npm run build`); exits non-zero if any fails. Each suite runs even
# when an earlier one failed, so one run reports everything.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
passed=0
stage() {
  local name=$1
  shift
  echo
  echo "=== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed+=("$name")
  fi
}

stage "cargo fmt" cargo fmt --all -- --check
stage "cargo clippy" cargo clippy --workspace --all-targets -- -D warnings
# The wasm builds' feature sets (scripts/build.mjs): the lite base, each add-on, the full codecs, the detector.
clippy_wasm() {
  local features
  for features in base,decode,encode base,encode japanese,decode,encode japanese,encode japanese,decode simplified-chinese,decode,encode traditional-chinese,encode korean,decode base,cjk,decode,encode detector-wasm; do
    cargo clippy --release --target wasm32-unknown-unknown --no-default-features --features "$features" -- -D warnings || return 1
  done
}
stage "cargo clippy (the wasm builds' features)" clippy_wasm
stage "rust tests (core, tables, differential)" cargo test --workspace
# --- suites added by later work go here, one `stage` line each ---
stage "rust on wasm32 (wasm-bindgen-test: node, chromium, firefox; the browsers' TextDecoder as oracle)" bash scripts/test-wasm.sh
stage "js api in node (system), node 22/24/26, bun, deno, chromium, firefox, each as is and with the TEXT_ENCODING_WASM_HOST switch off (portable suite)" node scripts/test-env.mjs --env all
stage "JavaScript build in engines (node --jitless, JavaScriptCore, QuickJS, Hermes, chromium under a strict CSP)" node scripts/test-engines.mjs
stage "bundlers (webpack, vite, esbuild, rollup) in chromium" node scripts/test-bundlers.mjs
stage "platforms (Cloudflare Workers: Wrangler, Miniflare, workerd; Vercel's edge-runtime; Next.js edge route and middleware; vitest's jsdom and happy-dom; the classic scripts in chromium, firefox, jsdom)" node scripts/test-platforms.mjs
stage "types (tsc)" node scripts/check-types.mjs
stage "js api (node:test)" node --test tests/js/
stage "js api (node:test), the host's codecs switched off (TEXT_ENCODING_WASM_HOST=off)" env TEXT_ENCODING_WASM_HOST=off node --test tests/js/
stage "js api (node:test) on Node 24, the current LTS" "$(node scripts/lib/engines.mjs path node24)" --test tests/js/*.test.mjs
stage "command-line transcoder (node:test)" node --test tests/cli/
stage "playground (www/) in chromium" node scripts/test-playground.mjs

echo
[ ${#failed[@]} -eq 0 ] || echo "FAILED suites: ${failed[*]}"
echo "suites: $passed passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
