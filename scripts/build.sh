#!/usr/bin/env bash
# Builds everything, incrementally (a second run with nothing changed takes a few seconds):
#   1. build/native  the C++ core and its Catch2 tests, with the machine's g++  (ctest runs them),
#                    and build/native/irmetrics-trec: `irmetrics trec` as a native executable,
#                    which bin/irmetrics.mjs runs when it is there (cli/irmetrics_trec.cpp)
#   2. build/wasm    the same core through Debian's Emscripten; the project's CMake writes
#                    web/generated/irmetrics-<group>.{js,wasm} (a group of calculator pages'
#                    measures only: what each page's worker starts), irmetrics-lite.{js,wasm}
#                    (every measure, no TREC engine, no answer checks: the home and practice
#                    pages', and the calculators' for names their module does not know),
#                    irmetrics-check.{js,wasm} (lite with the checks: loaded when a check is
#                    asked), irmetrics.{js,wasm} (all of it: the
#                    TREC page's worker and bin/irmetrics.mjs); the widget runs the check
#                    module (scripts/build-embed.mjs)
#   3. dist/         the static site, bundled by Vite, with the embed files and a gzip and a
#                    brotli copy of each compressible file (scripts/compress.mjs)
#   4. build/fuzz    the core again under AddressSanitizer and UBSan (clang), linked into the
#                    libFuzzer harnesses of tests/fuzz (scripts/fuzz.sh runs them) and into the
#                    Catch2 tests (test.sh's asan stage): one sanitizer build of the core for both
# and prints the sizes of what a browser downloads, file by file and per page's first visit
# (scripts/first-visit.mjs; not for `site`). With CI set, warnings are errors.
#
#   bash scripts/build.sh             # all of it (npm run build)
#   bash scripts/build.sh quick       # 1, 2 and 3 (scripts/test.sh builds these first, then
#                                     # `sanitizers` beside the tests that need no sanitizer)
#   bash scripts/build.sh sanitizers  # 4
#   bash scripts/build.sh site        # only what serving needs: 2 and 3 (npm start)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

what=${1:-all}
case "$what" in
  all | quick | sanitizers | site) ;;
  *)
    echo "build: usage: scripts/build.sh [all|quick|sanitizers|site]; found '$what'" >&2
    exit 2
    ;;
esac

# Debian's Emscripten runs its JS optimiser with the machine's Node, which finds Debian's acorn
# only through NODE_PATH. This is the one place it is set.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

jobs=2
werror=OFF
[[ -n "${CI:-}" ]] && werror=ON

# Each step's heading says when it began, in seconds since the build started: where the time goes.
say() { printf '\nbuild: %s (at %d s)\n' "$*" "$(($(date +%s) - started))"; }
started=$(date +%s)

# Configures a build directory only when it has never been configured or when the -Werror
# setting changed; after that `cmake --build` re-runs CMake by itself whenever a CMakeLists.txt
# changes.  Usage: configure DIR WERROR COMMAND...
configure() {
  local dir=$1 want_werror=$2
  shift 2
  if [[ -f $dir/CMakeCache.txt && (-f $dir/Makefile || -f $dir/build.ninja) ]] &&
    grep -qx "IRM_WERROR:[A-Z]*=$want_werror" "$dir/CMakeCache.txt"; then
    return 0
  fi
  "$@" -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DIRM_WERROR="$want_werror"
}

native=0 site=0 sanitizers=0
[[ $what == all || $what == quick ]] && native=1
[[ $what != sanitizers ]] && site=1
[[ $what == all || $what == sanitizers ]] && sanitizers=1

if ((native)); then
  say "native: core, tests and irmetrics-trec (build/native, IRM_WERROR=$werror)"
  configure build/native "$werror" cmake
  cmake --build build/native -j "$jobs"
fi

if ((site)); then
  say "wasm: core through Emscripten (build/wasm → web/generated/)"
  # -Werror in CI here too: clang for wasm32 (32-bit size_t) catches 64→32-bit conversions that
  # the native g++ build cannot see.
  configure build/wasm "$werror" emcmake cmake
  cmake --build build/wasm -j "$jobs"
  # bin/irmetrics.mjs runs `trec` through build/native/irmetrics-trec unless the wasm module is
  # newer (only the wasm build was run since, so the executable may be stale): both are up to date
  # here, so the executable is marked as at least as new.
  if ((native)) && [[ -f build/native/irmetrics-trec ]]; then
    touch build/native/irmetrics-trec
  fi
  wasm_outputs=(web/generated/irmetrics-lite.wasm web/generated/irmetrics-lite.js web/generated/irmetrics-check.wasm
    web/generated/irmetrics-check.js web/generated/irmetrics.wasm web/generated/irmetrics.js)
  for group in lists diversity sets roc significance agreement correlation pooling; do # wasm/CMakeLists.txt IRM_GROUPS
    wasm_outputs+=("web/generated/irmetrics-$group.wasm" "web/generated/irmetrics-$group.js")
  done
  for output in "${wasm_outputs[@]}"; do
    [[ -f "$output" ]] || {
      echo "build: error: the wasm build did not write $output" >&2
      exit 1
    }
  done

  # Vite rebuilds everything each time, so skip it when nothing it reads is newer than the last
  # bundle (directories are included, so deleting a file also counts as a change).
  bundle_stamp=dist/.irmetrics-bundle-stamp
  if ! ls vite.config.* >/dev/null 2>&1; then
    say "web: no vite.config.js yet, so there is no site to bundle; skipping dist/"
  elif [[ -f "$bundle_stamp" ]] &&
    [[ -z "$(find web vite.config.* package-lock.json -newer "$bundle_stamp" -print -quit)" ]]; then
    say "web: dist/ is up to date"
  else
    say "web: bundling the site with Vite (→ dist/)"
    node_modules/.bin/vite build
    mkdir -p dist
    touch "$bundle_stamp"
  fi
  # The embeddable widget, its iframe resizer and the offline page (one self-contained HTML file):
  # about a second, so always (Vite's emptying of dist/ removes them).
  say "embed: irmetrics-embed.js (.wasm, -inline.js, -single.js), irmetrics-resize.js, irmetrics-offline.html (→ dist/)"
  node scripts/build-embed.mjs

  # What the server sends to browsers that accept it (scripts/serve.mjs): incremental, so only
  # the files Vite or build-embed rewrote are compressed again.
  say "compress: gzip and brotli copies (→ dist/**/*.gz, *.br)"
  node scripts/compress.mjs
fi

if ((sanitizers)); then
  # What test.sh's asan and fuzz stages run: the core compiled once with the sanitizers (and
  # libFuzzer's coverage, asserts on; CMakeLists.txt, IRM_FUZZ), linked into the harnesses and
  # the Catch2 tests. A second sanitizer build of the core for the tests alone (g++, build/asan)
  # cost about as much again: 1,341 s for the two beside the browser tests, of a 1,745 s npm test.
  say "sanitizers: the core under ASan and UBSan, its fuzz harnesses and Catch2 tests (build/fuzz, clang)"
  configure build/fuzz "$werror" cmake -DCMAKE_CXX_COMPILER=clang++ -DIRM_FUZZ=ON
  cmake --build build/fuzz -j "$jobs"
fi

# --- sizes -------------------------------------------------------------------------------------
if [[ $what != all ]]; then
  # Serving does not wait for the report (a few seconds); npm run build prints it.
  if [[ $what == sanitizers ]]; then
    say "done in $(($(date +%s) - started)) s"
  else
    say "done in $(($(date +%s) - started)) s (npm run build also prints the sizes of each file and page)"
  fi
  exit 0
fi
gz_size() { gzip -9 -c "$@" | wc -c; }
size_row() { printf '  %-46s %10s %10s\n' "$1" "$2" "$3"; }

say "sizes in bytes (gzip -9)"
size_row file raw gzip
for file in "${wasm_outputs[@]}"; do
  size_row "$file" "$(wc -c <"$file")" "$(gz_size "$file")"
done
if [[ -d dist ]]; then
  # Each file of dist/ but the fonts, which are summed per format: a browser fetches one format
  # (woff2), and only the faces a page uses.
  total_raw=0
  total_gz=0
  while IFS= read -r file; do
    raw=$(wc -c <"$file")
    gz=$(gz_size "$file")
    total_raw=$((total_raw + raw))
    total_gz=$((total_gz + gz))
    case "$file" in
      *.woff2 | *.woff | *.ttf) ;;
      *) size_row "$file" "$raw" "$gz" ;;
    esac
  done < <(find dist -type f ! -name '.*' ! -name '*.gz' ! -name '*.br' | LC_ALL=C sort)
  for format in woff2 woff ttf; do
    fonts=()
    while IFS= read -r file; do fonts+=("$file"); done < <(find dist -type f -name "*.$format")
    ((${#fonts[@]} > 0)) || continue
    fonts_raw=0
    fonts_gz=0
    for file in "${fonts[@]}"; do
      fonts_raw=$((fonts_raw + $(wc -c <"$file")))
      fonts_gz=$((fonts_gz + $(gz_size "$file")))
    done
    size_row "dist/**/*.$format (${#fonts[@]} fonts)" "$fonts_raw" "$fonts_gz"
  done
  size_row "dist/ in total" "$total_raw" "$total_gz"

  # What a first visit of each page downloads: its own files, then the workers it can start
  # with their wasm, and what it loads later with import() (Plot, when a chart is first drawn).
  say "first visit of each page, in bytes gzip -9 (scripts/first-visit.mjs)"
  node scripts/first-visit.mjs dist
fi

say "done in $(($(date +%s) - started)) s"
