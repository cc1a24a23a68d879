#!/usr/bin/env bash
# Runs every test of an already built tree (npm test builds first), in six stages:
#   1. lint  ESLint's recommended rules, then TypeScript's checks (eslint.config.js, tsconfig.json)
#   2. core  Catch2 tests of the C++ core, through ctest          (tests/core, build/native)
#   3. asan  the same tests under AddressSanitizer and UBSan      (tests/core, build/asan)
#   4. fuzz  each libFuzzer harness for 10 s on its seeds         (tests/fuzz, build/fuzz)
#   5. js    node:test tests of the wasm module and the CLI       (tests/js/*.test.mjs)
#   6. web   browser tests of the pages, headless Chromium        (tests/web/*.test.mjs)
# Every stage runs even when an earlier one fails. The last line is always
#   N passed, M failed
# and the exit status is non-zero when anything failed or when no test ran at all.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

started=$(date +%s)
passed=0
failed=0
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT

say() { printf '\n=== test: %s\n' "$*"; }

# Adds a stage's counts. A stage that exited non-zero without any failed test counted (it could
# not start, crashed, or its summary was missing) still counts as one failure, so it cannot pass
# unnoticed.
tally() {
  local stage=$1 status=$2 stage_passed=$3 stage_failed=$4
  if ((status != 0 && stage_failed == 0)); then
    echo "test: the $stage stage exited with status $status without reporting a failed test;" \
      "counting it as 1 failure" >&2
    stage_failed=1
  fi
  printf 'test: %s: %d passed, %d failed\n' "$stage" "$stage_passed" "$stage_failed"
  passed=$((passed + stage_passed))
  failed=$((failed + stage_failed))
}

# --- 1. lint ----------------------------------------------------------------------------------
# ESLint, then tsc over the modules that start with `// @ts-check`: the pages' (tsconfig.json)
# and the command line's with the modules it shares (tsconfig.node.json, Node's types). Each file
# ESLint reads counts as a test: passed with no ESLint problem and no type error, failed with any
# (a file with a type error is one failed test, however many errors it has).
say "lint: eslint . && tsc -p tsconfig.json && tsc -p tsconfig.node.json"
lint_json=$log_dir/lint.json
tsc_log=$log_dir/tsc.log
node_modules/.bin/eslint . --format json --output-file "$lint_json"
status=$?
node_modules/.bin/tsc -p tsconfig.json --pretty false >"$tsc_log" 2>&1
tsc_status=$?
node_modules/.bin/tsc -p tsconfig.node.json --pretty false >>"$tsc_log" 2>&1
node_status=$?
((tsc_status == 0)) && tsc_status=$node_status
((status == 0)) && status=$tsc_status
if [[ -s "$lint_json" ]]; then
  node_modules/.bin/eslint . >/dev/null 2>&1 || node_modules/.bin/eslint .
  cat "$tsc_log"
  read -r lint_passed lint_failed < <(node -e '
    const fs = require("fs");
    const path = require("path");
    const files = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    // tsc --pretty false: "web/js/x.js(12,5): error TS2339: …", paths relative to here
    const typed = new Set(fs.readFileSync(process.argv[2], "utf8").split("\n")
      .map((line) => /^(.+?)\(\d+,\d+\): error /.exec(line)?.[1])
      .filter(Boolean).map((file) => path.resolve(file)));
    const bad = files.filter((file) => file.errorCount + file.warningCount > 0 || typed.has(file.filePath)).length;
    console.log(files.length - bad, bad);' "$lint_json" "$tsc_log")
  echo "lint: $((lint_passed + lint_failed)) files read, $lint_failed with problems or type errors"
  tally lint "$status" "$lint_passed" "$lint_failed"
else
  cat "$tsc_log"
  tally lint "$status" 0 0
fi

# --- 2 and 3. core and asan (ctest) ------------------------------------------------------------
# No tests found is an error here (--no-tests=error): the core always has Catch2 tests, so none
# means the build lost them.
ctest_stage() {
  local stage=$1 dir=$2
  say "$stage: ctest --test-dir $dir"
  local log=$log_dir/$stage.log
  ctest --test-dir "$dir" --output-on-failure --no-tests=error -j 2 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  # "100% tests passed, 0 tests failed out of 42"
  local summary stage_failed stage_total
  summary=$(grep -Eo '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
  if [[ -n "$summary" ]]; then
    read -r stage_failed stage_total < <(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+)/\1 \2/' \
      <<<"$summary")
    tally "$stage" "$status" $((stage_total - stage_failed)) "$stage_failed"
  else
    tally "$stage" "$status" 0 0
  fi
}

ctest_stage core build/native
# A memory error, a leak or undefined behaviour fails the test it happens in.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest_stage asan build/asan

# --- 4. fuzz -----------------------------------------------------------------------------------
# Each harness briefly (scripts/fuzz.sh --quick: 10 s on the committed seeds); a crash, leak,
# undefined behaviour or broken invariant fails its harness. `npm run fuzz` runs them long.
say "fuzz: scripts/fuzz.sh --quick"
log=$log_dir/fuzz.log
bash scripts/fuzz.sh --quick 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# "fuzz: 5 harnesses, 0 with findings"
if read -r fuzz_total fuzz_failed < <(sed -nE 's/^fuzz: ([0-9]+) harnesses, ([0-9]+) with findings$/\1 \2/p' "$log"); then
  tally fuzz "$status" $((fuzz_total - fuzz_failed)) "$fuzz_failed"
else
  tally fuzz "$status" 0 0
fi

# --- 5 and 6. node:test stages -----------------------------------------------------------------
# The spec reporter goes to the terminal for people; a TAP copy goes to a file, whose closing
# "# pass N" / "# fail N" / "# cancelled N" lines are counted (cancelled = a test that timed out
# or a file that could not finish, so it counts as failed).
# Usage: tap_count WHAT FILE, e.g. tap_count pass js.tap → the N of the last "# pass N" line.
tap_count() {
  grep -E "^# $1 [0-9]+$" "$2" 2>/dev/null | tail -n 1 | grep -Eo '[0-9]+' || echo 0
}

node_stage() {
  local stage=$1 dir=$2
  local files=("$dir"/*.test.mjs)
  if [[ ! -e "${files[0]}" ]]; then
    say "$stage: no $dir/*.test.mjs files yet; skipping this stage"
    return 0
  fi
  say "$stage: node --test ${files[*]}"
  local tap=$log_dir/$stage.tap
  node --test \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" \
    "${files[@]}"
  local status=$?
  tally "$stage" "$status" "$(tap_count pass "$tap")" \
    $(($(tap_count fail "$tap") + $(tap_count cancelled "$tap")))
}

node_stage js tests/js
node_stage web tests/web

# --- summary -----------------------------------------------------------------------------------
elapsed=$(($(date +%s) - started))
echo
echo "test: all stages finished in ${elapsed} s"
if ((passed + failed == 0)); then
  echo "test: no test ran at all, which counts as a failure" >&2
  echo "0 passed, 0 failed"
  exit 1
fi
echo "${passed} passed, ${failed} failed"
((failed == 0))
