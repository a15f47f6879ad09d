#!/usr/bin/env bash
# Runs each cargo-fuzz target (fuzz/fuzz_targets/*.rs) for a bounded time on nightly, seeded from
# the differential tests' input classes (fuzz/seeds.mjs writes fuzz/seeds/, ignored by git); new
# inputs accumulate in fuzz/corpus/ (ignored). Installs the nightly toolchain and cargo-fuzz
# first when missing. Prints each target's executions and exits non-zero on any crash, panic,
# timeout, or difference from encoding_rs (the codec targets assert equality with it; the detector's
# asserts that chunks do not change its guess).
#
#   scripts/fuzz-ci.sh [SECONDS_PER_TARGET]      (default 60)
set -uo pipefail
cd "$(dirname "$0")/.."

secs=${1:-60}
case "$secs" in
  '' | *[!0-9]*) echo "fuzz-ci.sh: SECONDS_PER_TARGET must be a whole number, not '$secs'" >&2; exit 2 ;;
esac
# The release cargo-fuzz is pinned to, so CI runs what was tested here.
cargo_fuzz_version=0.13.2

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz: installing the nightly toolchain"
  rustup toolchain install nightly --profile minimal || exit 1
fi
if [ "$(cargo fuzz --version 2>/dev/null | awk '{print $2}')" != "$cargo_fuzz_version" ]; then
  echo "fuzz: installing cargo-fuzz $cargo_fuzz_version (takes a few minutes)"
  cargo install cargo-fuzz --version "$cargo_fuzz_version" --locked || exit 1
fi

node fuzz/seeds.mjs || exit 1

# Release build with debug assertions (arithmetic overflow panics too) and AddressSanitizer.
if ! cargo +nightly fuzz build --debug-assertions; then
  echo "fuzz: building the targets failed" >&2
  exit 1
fi

failed=0
summary=()
for target in decode encode detect; do
  # The detector reads any bytes: the decoder's seeds (text in every encoding) serve it too.
  seeds="fuzz/seeds/$target"
  [ "$target" = detect ] && seeds=fuzz/seeds/decode
  echo
  echo "--- cargo fuzz run $target (${secs}s)"
  mkdir -p "fuzz/corpus/$target"
  log=$(mktemp)
  # -timeout: one input taking longer than 10 s is reported as a hang (a failure).
  cargo +nightly fuzz run --debug-assertions "$target" "fuzz/corpus/$target" "$seeds" -- \
    -max_total_time="$secs" -timeout=10 -print_final_stats=1 2>&1 | tee "$log" |
    grep -v -E '^(#[0-9]+\s+(NEW|REDUCE|pulse)|"|###)'
  status=${PIPESTATUS[0]}
  runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -1)
  rm -f "$log"
  if [ "$status" -ne 0 ] || [ -z "$runs" ]; then
    failed=1
    summary+=("$target: FAILED (exit $status, ${runs:-?} executions; reproducer in fuzz/artifacts/$target/)")
  else
    summary+=("$target: passed, $runs executions in ${secs}s")
  fi
done

echo
for line in "${summary[@]}"; do echo "fuzz $line"; done
exit "$failed"
