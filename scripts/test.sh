#!/usr/bin/env bash
# Builds what the tests need (scripts/build.sh, incremental) and runs every test, in six stages:
#   1. lint  ESLint's recommended rules, then TypeScript's checks (eslint.config.js, tsconfig.json)
#   2. core  Catch2 tests of the C++ core, through ctest          (tests/core, build/native)
#   3. asan  the same tests under AddressSanitizer and UBSan      (tests/core, build/fuzz)
#   4. fuzz  each libFuzzer harness for 10 s on its seeds         (tests/fuzz, build/fuzz)
#   5. js    node:test tests of the wasm module and the CLI       (tests/js/*.test.mjs)
#   6. web   browser tests of the pages, headless Chromium        (tests/web/*.test.mjs)
# First `build.sh quick` (native, wasm, site). Then stages 1-4 (1 and 2 beside the sanitizer
# build, `build.sh sanitizers`, which 3 and 4 need; 3 beside 4) run beside 5 and 6, and their
# output is printed after them. The whole run keeps both cores of this machine busy (vmstat,
# sampled every 10 s of a fresh-clone run: 0-4 % idle from the build's start to the web stage's
# end), so its wall time is about its CPU time over two: what speeds it up is less work. Each
# test file is one process: ctest runs one entry per C++ test file; node --test runs IRM_JS_JOBS
# files at once (default 2) and the browser tests IRM_WEB_JOBS at once (default 3), all driving
# one shared Chromium (tests/web/browser-server.mjs).
#
#   bash scripts/test.sh          # every stage (npm test, after set-up)
#   bash scripts/test.sh quick    # npm run test:quick: lint, core, js, and the browser tests of
#                                 # the pages that the changes not yet committed touch (or, with
#                                 # none, the last commit): scripts/test-pick.mjs says which
#
# Every stage runs even when an earlier one fails. The last line is always
#   N passed, M failed
# and the exit status is non-zero when anything failed or when no test ran at all.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

mode=${1:-all}
case "$mode" in
  all | quick) ;;
  *)
    echo "test: usage: scripts/test.sh [all|quick]; found '$mode'" >&2
    exit 2
    ;;
esac
js_jobs=${IRM_JS_JOBS:-2}
web_jobs=${IRM_WEB_JOBS:-3}

started=$(date +%s)
log_dir=$(mktemp -d)
browser_pid=""
side_pid=""
cleanup() {
  [[ -n "$side_pid" ]] && kill "$side_pid" 2>/dev/null
  [[ -n "$browser_pid" ]] && kill "$browser_pid" 2>/dev/null
  rm -rf "$log_dir"
}
trap cleanup EXIT

say() { printf '\n=== test: %s\n' "$*"; }
since() { echo $(($(date +%s) - $1)); }

# Records a stage's counts in $log_dir/STAGE.tally ("passed failed seconds"), which the summary
# adds up (stages run in two processes). A stage that exited non-zero without any failed test
# counted (it could not start, crashed, or its summary was missing) still counts as one failure,
# so it cannot pass unnoticed.
tally() {
  local stage=$1 status=$2 stage_passed=$3 stage_failed=$4 stage_started=$5
  if ((status != 0 && stage_failed == 0)); then
    echo "test: the $stage stage exited with status $status without reporting a failed test;" \
      "counting it as 1 failure" >&2
    stage_failed=1
  fi
  local seconds
  seconds=$(since "$stage_started")
  printf 'test: %s: %d passed, %d failed (%d s)\n' "$stage" "$stage_passed" "$stage_failed" "$seconds"
  echo "$stage_passed $stage_failed $seconds" >"$log_dir/$stage.tally"
}

# --- 1. lint ----------------------------------------------------------------------------------
# ESLint, then tsc over the modules that start with `// @ts-check`: the pages' (tsconfig.json)
# and the command line's with the modules it shares (tsconfig.node.json, Node's types). Each file
# ESLint reads counts as a test: passed with no ESLint problem and no type error, failed with any
# (a file with a type error is one failed test, however many errors it has).
lint_stage() {
  local stage_started
  stage_started=$(date +%s)
  say "lint: eslint . && tsc -p tsconfig.json && tsc -p tsconfig.node.json"
  local lint_json=$log_dir/lint.json tsc_log=$log_dir/tsc.log
  node_modules/.bin/eslint . --format json --output-file "$lint_json"
  local status=$?
  # The two type checks at once: they share nothing.
  node_modules/.bin/tsc -p tsconfig.json --pretty false >"$tsc_log.web" 2>&1 &
  local web_pid=$!
  node_modules/.bin/tsc -p tsconfig.node.json --pretty false >"$tsc_log.node" 2>&1
  local node_status=$?
  wait "$web_pid"
  local tsc_status=$?
  cat "$tsc_log.web" "$tsc_log.node" >"$tsc_log"
  ((tsc_status == 0)) && tsc_status=$node_status
  ((status == 0)) && status=$tsc_status
  if [[ -s "$lint_json" ]]; then
    node_modules/.bin/eslint . >/dev/null 2>&1 || node_modules/.bin/eslint .
    cat "$tsc_log"
    local lint_passed lint_failed
    read -r lint_passed lint_failed < <(node scripts/test-counts.mjs lint "$lint_json" "$tsc_log")
    echo "lint: $((lint_passed + lint_failed)) files read, $lint_failed with problems or type errors"
    tally lint "$status" "$lint_passed" "$lint_failed" "$stage_started"
  else
    cat "$tsc_log"
    tally lint "$status" 0 0 "$stage_started"
  fi
}

# --- 2 and 3. core and asan (ctest) ------------------------------------------------------------
# One ctest entry per test file (tests/CMakeLists.txt); the tests counted are Catch2's test cases,
# read from each entry's summary line in ctest's JUnit report (scripts/test-counts.mjs). No tests
# found is an error here (--no-tests=error): the core always has Catch2 tests, so none means the
# build lost them.
ctest_stage() {
  local stage=$1 dir=$2 stage_started
  stage_started=$(date +%s)
  say "$stage: ctest --test-dir $dir"
  local junit=$log_dir/$stage.xml
  ctest --test-dir "$dir" --output-on-failure --no-tests=error -j 2 --output-junit "$junit" 2>&1
  local status=$?
  if [[ -s "$junit" ]]; then
    local stage_passed stage_failed assertions entries
    read -r stage_passed stage_failed assertions entries < <(node scripts/test-counts.mjs ctest "$junit")
    echo "$stage: $((stage_passed + stage_failed)) test cases, $assertions assertions, in $entries ctest entries"
    tally "$stage" "$status" "$stage_passed" "$stage_failed" "$stage_started"
  else
    tally "$stage" "$status" 0 0 "$stage_started"
  fi
}

# --- 4. fuzz -----------------------------------------------------------------------------------
# Each harness briefly (scripts/fuzz.sh --quick: 10 s on the committed seeds), two at a time (it
# is often the last stage still running, with a core to spare); a crash, leak, undefined
# behaviour or broken invariant fails its harness. `npm run fuzz` runs them long.
fuzz_stage() {
  local stage_started
  stage_started=$(date +%s)
  say "fuzz: scripts/fuzz.sh --quick --parallel 2"
  local log=$log_dir/fuzz.log
  bash scripts/fuzz.sh --quick --parallel 2 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]} fuzz_total fuzz_failed
  # "fuzz: 5 harnesses, 0 with findings"
  if read -r fuzz_total fuzz_failed < <(sed -nE 's/^fuzz: ([0-9]+) harnesses, ([0-9]+) with findings$/\1 \2/p' "$log"); then
    tally fuzz "$status" $((fuzz_total - fuzz_failed)) "$fuzz_failed" "$stage_started"
  else
    tally fuzz "$status" 0 0 "$stage_started"
  fi
}

# --- 5 and 6. node:test stages -----------------------------------------------------------------
# The spec reporter goes to the terminal for people; a TAP copy goes to a file, whose closing
# "# pass N" / "# fail N" / "# cancelled N" lines are counted (cancelled = a test that timed out
# or a file that could not finish, so it counts as failed).
# Usage: tap_count WHAT FILE, e.g. tap_count pass js.tap → the N of the last "# pass N" line.
tap_count() {
  grep -E "^# $1 [0-9]+$" "$2" 2>/dev/null | tail -n 1 | grep -Eo '[0-9]+' || echo 0
}

# A test still running after 10 minutes fails (--test-timeout) instead of holding the run until
# CI's limit: the longest, large-inputs' 263 MB TREC run, takes about 3 minutes here.
# Usage: node_stage STAGE JOBS FILE...
node_stage() {
  local stage=$1 jobs=$2 stage_started
  shift 2
  stage_started=$(date +%s)
  say "$stage: node --test --test-concurrency=$jobs --test-timeout=600000 ($# files)"
  local tap=$log_dir/$stage.tap times=$log_dir/$stage.times
  # Three reporters make node's runner warn "MaxListenersExceededWarning: Possible EventEmitter
  # memory leak detected. 11 end listeners added to [TestsStream]" (10 trivial files do it too):
  # its own listeners, not a leak of ours. Quieted where node has --disable-warning (20.11 on).
  local quiet=()
  node --disable-warning=MaxListenersExceededWarning -e 0 2>/dev/null &&
    quiet=(--disable-warning=MaxListenersExceededWarning)
  node "${quiet[@]}" --test --test-concurrency="$jobs" --test-timeout=600000 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" \
    --test-reporter=./scripts/test-times.mjs --test-reporter-destination="$times" \
    "$@"
  local status=$?
  # Where the stage's time went (scripts/test-times.mjs): the files that took longest.
  if [[ -s "$times" ]]; then
    echo "$stage: the slowest files (seconds, each a process of its own, $jobs at a time):"
    head -n 8 "$times" | sed 's/^/  /'
  fi
  tally "$stage" "$status" "$(tap_count pass "$tap")" \
    $(($(tap_count fail "$tap") + $(tap_count cancelled "$tap"))) "$stage_started"
}

# The browser tests share one Chromium (tests/web/browser-server.mjs); a file run alone launches
# its own. Usage: web_stage FILE...
web_stage() {
  local endpoint_file=$log_dir/browser.ws
  node tests/web/browser-server.mjs >"$endpoint_file" &
  browser_pid=$!
  local waited=0
  while [[ ! -s "$endpoint_file" ]] && kill -0 "$browser_pid" 2>/dev/null && ((waited < 300)); do
    sleep 0.1
    waited=$((waited + 1))
  done
  if [[ -s "$endpoint_file" ]]; then
    IRM_BROWSER_WS=$(head -n 1 "$endpoint_file") node_stage web "$web_jobs" "$@"
  else
    echo "test: the shared Chromium did not start (tests/web/browser-server.mjs); each file launches its own" >&2
    node_stage web "$web_jobs" "$@"
  fi
  kill "$browser_pid" 2>/dev/null
  wait "$browser_pid" 2>/dev/null
  browser_pid=""
}

# --- the stages --------------------------------------------------------------------------------
# Stages 1-4 in a second process, whose output waits in a file until 5 and 6 are done.
# The sanitizer build is the longest path of the whole run (about 950 s beside the js and web
# stages, against their 950 s together), so lint and core run beside it instead of before it;
# their output is printed first.
side_stages() {
  if [[ $mode != all ]]; then
    lint_stage
    ctest_stage core build/native
    return
  fi
  { lint_stage; ctest_stage core build/native; } >"$log_dir/lint-core.log" 2>&1 &
  local lint_core_pid=$!
  local build_started build_status
  build_started=$(date +%s)
  bash scripts/build.sh sanitizers >"$log_dir/sanitizers.log" 2>&1
  build_status=$?
  wait "$lint_core_pid"
  cat "$log_dir/lint-core.log"
  say "build: the sanitizer build (scripts/build.sh sanitizers: build/fuzz), beside lint and core"
  # Its compiler lines in full only when it failed: otherwise they would fill the end of the log,
  # which is what CI shows of a run.
  if ((build_status == 0)); then
    tail -n 3 "$log_dir/sanitizers.log"
  else
    cat "$log_dir/sanitizers.log"
  fi
  if ((build_status == 0)); then
    echo "test: the sanitizer build took $(since "$build_started") s"
    # A memory error, a leak or undefined behaviour fails the test it happens in. The fuzz stage
    # runs beside: both only read the sanitizer build, and the asan stage is mostly one long
    # entry (cross_engine_test) on one core. Its output follows the asan stage's.
    fuzz_stage >"$log_dir/fuzz-stage.log" 2>&1 &
    local fuzz_pid=$!
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest_stage asan build/fuzz
    wait "$fuzz_pid"
    cat "$log_dir/fuzz-stage.log"
  else
    echo "test: the sanitizer build failed, so the asan and fuzz stages could not run" >&2
    tally asan 1 0 1 "$build_started"
    tally fuzz 1 0 1 "$build_started"
  fi
}

# --- the build ---------------------------------------------------------------------------------
say "build: scripts/build.sh quick (native, wasm, site)"
if ! bash scripts/build.sh quick; then
  echo "test: the build failed (above), so no test can run"
  echo "0 passed, 1 failed"
  exit 1
fi
build_seconds=$(since "$started")
echo "test: the build took ${build_seconds} s"
side_stages >"$log_dir/side.log" 2>&1 &
side_pid=$!
side_names='lint and core'
[[ $mode == all ]] && side_names='lint, core, asan and fuzz'
echo "test: $side_names run beside the js and web stages; their output follows them"

# The longest files first, as for the browser tests below (each spawns the command line a hundred
# times or more: 40 to 80 s apiece on a loaded machine, where most files take a few seconds).
js_files=()
for name in practice-exports trec-native practice-answers trec-cli qti cli practice exercises \
  trec-quicktest; do
  [[ -f tests/js/$name.test.mjs ]] && js_files+=("tests/js/$name.test.mjs")
done
for file in tests/js/*.test.mjs; do
  [[ " ${js_files[*]} " == *" $file "* ]] || js_files+=("$file")
done
node_stage js "$js_jobs" "${js_files[@]}"

if [[ $mode == all ]]; then
  # The longest files first (node --test starts files in the order given), so that none of them
  # starts near the end and runs on alone: in a fresh-clone run, a11y took 254 s (axe-core's
  # colour-contrast rule, 2-5 s a page), embed 119 s, exercises 117 s, hostile-links 107 s.
  web_files=()
  for name in a11y exercises embed hostile-links trec subpath first-screen index phone \
    first-visit large-inputs lms-frame; do
    [[ -f tests/web/$name.test.mjs ]] && web_files+=("tests/web/$name.test.mjs")
  done
  for file in tests/web/*.test.mjs; do
    [[ " ${web_files[*]} " == *" $file "* ]] || web_files+=("$file")
  done
else
  mapfile -t web_files < <(node scripts/test-pick.mjs)
fi
if ((${#web_files[@]} > 0)); then
  web_stage "${web_files[@]}"
else
  say "web: no browser test covers the changed files (scripts/test-pick.mjs); none run"
fi

wait "$side_pid"
side_pid=""
cat "$log_dir/side.log"

# --- summary -----------------------------------------------------------------------------------
passed=0
failed=0
echo
expected=(lint core js)
[[ $mode == all ]] && expected+=(asan fuzz web)
((${#web_files[@]} > 0)) && expected+=(web)
for stage in lint core asan fuzz js web; do
  if [[ ! -f "$log_dir/$stage.tally" ]]; then
    if [[ " ${expected[*]} " == *" $stage "* ]]; then
      echo "test: the $stage stage never reported (its process died); counting it as 1 failure" >&2
      failed=$((failed + 1))
    fi
    continue
  fi
  read -r stage_passed stage_failed seconds <"$log_dir/$stage.tally"
  printf 'test: %-5s %5d passed, %d failed, %4d s\n' "$stage" "$stage_passed" "$stage_failed" "$seconds"
  passed=$((passed + stage_passed))
  failed=$((failed + stage_failed))
done
printf 'test: %-5s %27d s (build.sh quick; the sanitizer build is in the asan stage'"'"'s side)\n' build "$build_seconds"
echo "test: all stages finished in $(since "$started") s"
if ((passed + failed == 0)); then
  echo "test: no test ran at all, which counts as a failure" >&2
  echo "0 passed, 0 failed"
  exit 1
fi
if ((failed > 0)); then
  # What failed, a line or two each, last: CI shows the end of a run's output.
  echo "test: what failed, in brief (the whole messages are above, in each stage's output):"
  node scripts/test-counts.mjs failures "$log_dir"/{core,asan}.xml "$log_dir"/{js,web}.tap
  grep -h -A2 ' FAILED (' "$log_dir/fuzz.log" 2>/dev/null
fi
echo "${passed} passed, ${failed} failed"
((failed == 0))
