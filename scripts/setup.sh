#!/usr/bin/env bash
# Installs what building and testing irmetrics needs, and nothing else:
#   - Debian packages (only the missing ones): the C++ toolchain, CMake, Catch2, Debian's
#     Emscripten, Chromium (for the browser tests) and PHP (Moodle's importer, for the quiz
#     export tests);
#   - the npm packages pinned in package-lock.json (only when node_modules is missing or older
#     than the lock file).
# Safe to run again and again: when everything is there it only checks, in about a second.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Everything `npm run build` and `npm test` use, as Debian package names.
#   g++ make cmake  the native build of the core and its Catch2 tests (ctest comes with cmake)
#   catch2          the C++ test framework (Debian's 2.13.x; find_package(Catch2 2))
#   emscripten      the C++ → WebAssembly compiler (3.1.6; brings clang, lld, binaryen, node-acorn)
#   chromium        the browser of the benchmarks (scripts/bench-web.mjs) and a user's own runs
#   chromium-headless-shell  the same Chromium's old headless shell, which the web tests drive
#                   through playwright-core (as playwright's own headless runs do): the same
#                   Blink and V8 without the full browser's windowing layers
#   fonts-dejavu-core  a font for headless Chromium, so pages lay out (and screenshot) as text
#   fonts-dejavu-extra DejaVu Math TeX Gyre: the math font the formulas (MathML) are drawn in,
#                   so the browser tests measure them as a reader with a math font sees them
#   clang-format    the C++ style check that runs as a ctest test
#   gzip            build.sh reports gzip sizes of what a browser downloads
#   clang libclang-rt-14-dev  the libFuzzer harnesses (build/fuzz) with AddressSanitizer and UBSan
#   zlib1g-dev      gzipped qrels and runs in the native irmetrics trec (build/native/irmetrics-trec)
#   unzip libxml2-utils python3-lxml  the QTI export's checks (tests/js/qti.test.mjs): unzip -t, xmllint
#                   against the IMS schemas, Canvas's QTI Migration Tool (Python, lxml; tests/qti/)
#   php-cli         runs Moodle's own question importers and numerical question type on our quiz
#                   exports (tests/moodle/harness.php, from tests/js/moodle-import.test.mjs)
#   php-xml         the XML parser Moodle's Moodle XML importer reads with (lib/xmlize.php)
#   php-mbstring    the multibyte string functions Moodle's text handling calls
readonly DEBIAN_PACKAGES=(g++ make cmake catch2 emscripten chromium chromium-headless-shell fonts-dejavu-core
  fonts-dejavu-extra clang-format gzip clang libclang-rt-14-dev zlib1g-dev unzip libxml2-utils python3-lxml
  php-cli php-xml php-mbstring)

say() { printf 'setup: %s\n' "$*"; }
die() {
  printf 'setup: error: %s\n' "$*" >&2
  exit 1
}

# --- Node.js -----------------------------------------------------------------------------------
# Node comes with the machine: Debian's own nodejs is 18, too old for Vite 8, so it is not
# installed from here.
command -v node >/dev/null 2>&1 || die "Node.js 20 or later is needed and 'node' was not found.
  Install Node.js 20+ (e.g. from your distribution or nodejs.org), then run 'npm run setup' again."
command -v npm >/dev/null 2>&1 || die "npm was not found; it normally comes with Node.js 20+."
node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || die "Node.js 20 or later is needed; this is $(node --version)."

# --- Debian packages ---------------------------------------------------------------------------
missing=()
for package in "${DEBIAN_PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  say "Debian packages present: ${DEBIAN_PACKAGES[*]}"
else
  say "Debian packages to install: ${missing[*]}"
  command -v apt-get >/dev/null 2>&1 || die "apt-get was not found, so these cannot be installed
  automatically: ${missing[*]}
  This script expects Debian 12 (bookworm) or a derivative. Install the packages above with your
  system's package manager (Emscripten 3.1.x, Catch2 2.13.x), then run 'npm run setup' again."
  as_root=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null 2>&1 || die "installing ${missing[*]} needs root, and sudo was not
  found. As root, run:
    apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
    as_root=(sudo)
  fi
  say "apt-get update"
  "${as_root[@]}" apt-get update -q || die "'apt-get update' failed (is the network or the Debian
  mirror reachable?)"
  say "apt-get install ${missing[*]} (this takes a few minutes on a fresh machine)"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}" ||
    die "'apt-get install ${missing[*]}' failed; see apt's message above."
  say "installed: ${missing[*]}"
fi

# --- npm packages ------------------------------------------------------------------------------
# npm writes node_modules/.package-lock.json at the end of every successful install, so it is
# the stamp: reinstall when it is missing or older than the lock file or package.json.
stamp=node_modules/.package-lock.json
if [[ ! -f "$stamp" || package-lock.json -nt "$stamp" || package.json -nt "$stamp" ]]; then
  say "npm ci (installing the npm packages pinned in package-lock.json)"
  npm ci --no-audit --no-fund || die "'npm ci' failed. If package.json changed, run
  'npm install' to update package-lock.json, then 'npm run setup' again."
else
  say "npm packages up to date with package-lock.json"
fi

say "ready"
