#!/usr/bin/env bash
# Runs the wasm-bindgen-test suite (tests/wasm.rs: the Rust API and the wasm exports, compiled for
# wasm32) under wasm-bindgen-test-runner in Node, headless Chromium (chromedriver) and headless
# Firefox (geckodriver); in the browsers it also compares the Rust decoders with the browser's own
# TextDecoder (tests/wasm/browser_oracle.rs, which prints its counts). Prints each environment's
# pass/fail counts and exits non-zero if any environment fails or cannot run.
#
#   scripts/test-wasm.sh [node|chromium|firefox]...      (default: all three)
#
# Needs the wasm-bindgen CLI (it ships wasm-bindgen-test-runner; scripts/setup.sh installs it) and,
# for the browsers, chromium + chromedriver and firefox-esr + geckodriver (setup.sh --browsers).
set -uo pipefail
cd "$(dirname "$0")/.."

envs=("$@")
[ ${#envs[@]} -gt 0 ] || envs=(node chromium firefox)
for env in "${envs[@]}"; do
  case "$env" in
    node | chromium | firefox) ;;
    *) echo "test-wasm.sh: unknown environment '$env' (node, chromium or firefox)" >&2; exit 2 ;;
  esac
done

if ! command -v wasm-bindgen-test-runner >/dev/null; then
  echo "test-wasm.sh: wasm-bindgen-test-runner not found (run scripts/setup.sh)" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Capabilities for the WebDriver sessions (the runner adds headless and, for Chrome, no-sandbox).
# Both drivers start the browser with a fresh temporary profile of their own.
cat >"$tmp/chromium.json" <<'EOF'
{"goog:chromeOptions": {"binary": "/usr/bin/chromium",
  "args": ["disable-gpu", "disable-quic", "no-first-run", "disable-background-networking",
           "disable-component-update", "disable-sync"]}}
EOF
cat >"$tmp/firefox.json" <<'EOF'
{"moz:firefoxOptions": {"binary": "/usr/bin/firefox-esr"}}
EOF

export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
# Per-test and browser start-up limits of the runner (seconds); `timeout` bounds each whole run.
export WASM_BINDGEN_TEST_TIMEOUT=60
cargo_test=(cargo test --target wasm32-unknown-unknown --test wasm)
# --nocapture: the browser-oracle tests print how many inputs they compared and excused.
run_args=(-- --nocapture)

# Build once up front so the per-environment runs only execute.
if ! timeout 900 "${cargo_test[@]}" --no-run; then
  echo "test-wasm.sh: building tests/wasm.rs for wasm32 failed" >&2
  exit 1
fi

summary=()
failed=0
for env in "${envs[@]}"; do
  echo
  echo "--- wasm-bindgen-test: $env"
  # Exactly one driver variable is set per run: the runner prefers GECKODRIVER over CHROMEDRIVER.
  vars=(-u GECKODRIVER -u CHROMEDRIVER -u WASM_BINDGEN_USE_BROWSER -u WASM_BINDGEN_TEST_ONLY_WEB
    -u WASM_BINDGEN_TEST_ONLY_NODE -u NO_HEADLESS)
  expect=''
  case "$env" in
    node)
      vars+=(WASM_BINDGEN_TEST_ONLY_NODE=1)
      ;;
    chromium | firefox)
      # The browser, its WebDriver and the runner's variable for it, and what the runner prints.
      if [ "$env" = chromium ]; then
        driver=chromedriver binary=/usr/bin/chromium var=CHROMEDRIVER expect='Running headless tests in Chrome'
      else
        driver=geckodriver binary=/usr/bin/firefox-esr var=GECKODRIVER expect='Running headless tests in Firefox'
      fi
      if ! command -v "$driver" >/dev/null || [ ! -x "$binary" ]; then
        echo "test-wasm.sh: $binary or $driver missing (scripts/setup.sh --browsers)" >&2
        summary+=("$env: not run ($binary or $driver missing)")
        failed=1
        continue
      fi
      vars+=(WASM_BINDGEN_USE_BROWSER=1 "$var=$(command -v "$driver")" "WASM_BINDGEN_TEST_WEBDRIVER_JSON=$tmp/$env.json")
      ;;
  esac
  log="$tmp/$env.log"
  # The drivers and browsers put their profiles under TMPDIR; this one is removed on exit.
  mkdir -p "$tmp/tmp-$env"
  env "${vars[@]}" TMPDIR="$tmp/tmp-$env" timeout -k 10 300 "${cargo_test[@]}" "${run_args[@]}" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  result=$(grep -E '^test result:' "$log" | tail -1)
  passed=$(sed -n 's/.* \([0-9][0-9]*\) passed.*/\1/p' <<<"$result")
  failures=$(sed -n 's/.* \([0-9][0-9]*\) failed.*/\1/p' <<<"$result")
  if [ -n "$expect" ] && ! grep -q "$expect" "$log"; then
    # The runner silently falls back to Node when no browser mode is selected; make that visible.
    echo "test-wasm.sh: the $env run did not report '$expect'" >&2
    status=1
  fi
  if [ "$status" -ne 0 ] || [ -z "$passed" ] || [ "$passed" = 0 ]; then
    failed=1
    summary+=("$env: ${passed:-0} passed, ${failures:-?} failed (exit $status)")
  else
    summary+=("$env: $passed passed, ${failures:-0} failed")
  fi
done

echo
for line in "${summary[@]}"; do echo "wasm-bindgen-test $line"; done
exit "$failed"
