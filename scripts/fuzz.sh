#!/usr/bin/env bash
# Runs the libFuzzer harnesses of tests/fuzz (AddressSanitizer + UBSan) and reports, for each,
# the executions, executions per second, coverage and findings. `npm run fuzz` runs this.
#
#   scripts/fuzz.sh [--time SECONDS] [--runs N] [--parallel N] [--quick] [HARNESS...]
#   scripts/fuzz.sh --merge [HARNESS...]
#
#   HARNESS       parsers, compute, check, trec, diversity (default: all five)
#   --time S      stop each harness after S seconds (default 600: ten minutes each)
#   --runs N      stop each harness after N executions (libFuzzer's -runs=N; no time limit
#                 unless --time is given too)
#   --parallel N  run N harnesses at once (default 1; the machine's cores are shared)
#   --quick       CI's check: 10 s each on the committed seeds only, nothing kept, and an
#                 input's timeout 60 s instead of 10 (it runs beside the browser tests)
#   --merge       minimise the kept corpora instead of fuzzing: keep only inputs that add coverage
#
# Builds build/fuzz first (clang, -DIRM_FUZZ=ON; incremental). The corpus each harness grows is
# kept in build/fuzz/corpus/HARNESS (seeded from tests/fuzz/corpus/HARNESS, which is never
# written to), so a second run goes on from where the first stopped. A finding (crash, leak,
# undefined behaviour, timeout, out of memory) is written to build/fuzz/findings/HARNESS/ and
# makes the exit status non-zero; reproduce it with build/fuzz/tests/fuzz/fuzz_HARNESS FILE.
# Each long run adds a line to build/fuzz/history.tsv (executions, exec/s, coverage, corpus size,
# findings, the commit fuzzed), so the executions of several runs can be added up.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

all=(parsers compute check trec diversity)
seconds=600
runs=""
parallel=1
quick=0
merge=0
time_given=0
harnesses=()
usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; }
while (($# > 0)); do
  case "$1" in
    --time) seconds=${2:?--time needs a number of seconds}; time_given=1; shift 2 ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --parallel) parallel=${2:?--parallel needs a number}; shift 2 ;;
    --quick) quick=1; seconds=10; shift ;;
    --merge) merge=1; shift ;;
    -h | --help) usage; exit 0 ;;
    parsers | compute | check | trec | diversity) harnesses+=("$1"); shift ;;
    *) echo "fuzz: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
((${#harnesses[@]} > 0)) || harnesses=("${all[@]}")
((merge && quick)) && { echo "fuzz: --merge works on the kept corpora; --quick keeps none" >&2; exit 2; }
[[ -n "$runs" ]] && ((!time_given && !quick)) && seconds=0  # 0: no time limit

say() { printf '\nfuzz: %s\n' "$*"; }

# --- build -------------------------------------------------------------------------------------
command -v clang++ >/dev/null || { echo "fuzz: clang++ is needed (npm run setup installs it)" >&2; exit 1; }
if [[ ! -f build/fuzz/CMakeCache.txt ]]; then
  say "configuring build/fuzz (clang, libFuzzer, AddressSanitizer, UBSan)"
  cmake -S . -B build/fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Release -DIRM_FUZZ=ON \
    -DIRM_WERROR="$([[ -n "${CI:-}" ]] && echo ON || echo OFF)" >/dev/null || exit 1
fi
say "building build/fuzz"
# Only the harnesses: the same build's Catch2 tests are scripts/test.sh's asan stage.
cmake --build build/fuzz -j 2 --target "${all[@]/#/fuzz_}" || exit 1

# --- merge -------------------------------------------------------------------------------------
# A corpus grows with every input that once added a feature, most of them later made redundant
# by others (parsers had 20,659 files where libFuzzer keeps ~4,500 as distinct); replaying them
# all is the first thing each run does. libFuzzer's -merge=1 keeps a smallest set of inputs with
# the same coverage and features; the corpus is replaced only when the merge succeeds.
if ((merge)); then
  mkdir -p build/fuzz/logs
  failed=0
  for name in "${harnesses[@]}"; do
    corpus=build/fuzz/corpus/$name
    fresh=$corpus.merging
    log=build/fuzz/logs/$name.merge.log
    mkdir -p "$corpus"
    rm -rf "$fresh" && mkdir -p "$fresh"
    before=$(find "$corpus" -type f | wc -l)
    if ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=32 \
      build/fuzz/tests/fuzz/fuzz_"$name" -merge=1 -timeout=10 -rss_limit_mb=2048 \
      "$fresh" "$corpus" "tests/fuzz/corpus/$name" >"$log" 2>&1; then
      rm -rf "$corpus" && mv "$fresh" "$corpus"
      kept=$(grep -Eo '[0-9]+ new features added; [0-9]+ new coverage edges' "$log" | tail -n 1 |
        sed -E 's/([0-9]+) new features added; ([0-9]+) new coverage edges/cov \2, features \1/')
      printf '  %-8s %7s inputs -> %7s  (%s)\n' "$name" "$before" "$(find "$corpus" -type f | wc -l)" "$kept"
    else
      rm -rf "$fresh"
      echo "  $name: merge FAILED, corpus left as it was (see $log)"
      failed=$((failed + 1))
    fi
  done
  exit $((failed > 0))
fi

# --- run ---------------------------------------------------------------------------------------
work=build/fuzz
if ((quick)); then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/logs"

run_one() {
  local name=$1
  local corpus=$work/corpus/$name findings=$work/findings/$name
  mkdir -p "$corpus" "$findings"
  # An input that runs longer than the timeout is a finding (a hang, a blow-up). The quick
  # check runs beside the browser tests, on two loaded cores where things take 2 to 3 times as
  # long: its committed seed of MAP over 2,000 queries (0.4 s natively, 5 s under the
  # sanitizers alone) once took over 10 s there and failed the run. Long runs keep 10 s.
  local timeout=10
  ((quick)) && timeout=60
  local args=(-dict=tests/fuzz/irm.dict -max_total_time="$seconds" -print_final_stats=1
    -artifact_prefix="$findings/" -timeout="$timeout" -rss_limit_mb=2048)
  [[ -n "$runs" ]] && args+=(-runs="$runs")
  # Long runs schedule inputs without libFuzzer's entropic power schedule: on corpora of
  # thousands of inputs its bookkeeping took half the time (measured with perf: compute ran at
  # 1,400 executions a second with it, 3,100 without, on the same corpus and build).
  ((quick)) || args+=(-entropic=0)
  # And with a 32 MB AddressSanitizer quarantine instead of 256 MB (freed memory still waits
  # there before reuse, so a use after free within an input is caught): recycling cold memory
  # took a third of the time; replaying the trec corpus took 3.9 s with 256 MB, 1.4 s with 32.
  local asan=${ASAN_OPTIONS:-}
  ((quick)) || asan=${asan:+$asan:}quarantine_size_mb=32
  # In --quick the seeds are read but nothing is added to the committed corpus.
  ASAN_OPTIONS=$asan build/fuzz/tests/fuzz/fuzz_"$name" "${args[@]}" "$corpus" "tests/fuzz/corpus/$name" \
    >"$work/logs/$name.log" 2>&1
  echo $? >"$work/logs/$name.status"
}

say "running ${harnesses[*]} ($([[ -n "$runs" ]] && echo "$runs executions or ")${seconds} s each, $parallel at a time)"
started=$(date +%s)
# The commit fuzzed (+ when core/ has changes not committed), for the history.
fuzzed=$(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD -- core 2>/dev/null || echo +)
active=0
for name in "${harnesses[@]}"; do
  run_one "$name" &
  active=$((active + 1))
  if ((active >= parallel)); then
    wait -n
    active=$((active - 1))
  fi
done
wait

# --- report ------------------------------------------------------------------------------------
say "results ($(($(date +%s) - started)) s)"
printf '  %-8s %12s %9s %8s %8s %9s  %s\n' harness executions exec/s cov features findings status
failed=0
for name in "${harnesses[@]}"; do
  log=$work/logs/$name.log
  status=$(cat "$work/logs/$name.status" 2>/dev/null || echo 1)
  executions=$(grep -Eo 'stat::number_of_executed_units: [0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1)
  speed=$(grep -Eo 'stat::average_exec_per_sec: +[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1)
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -n 1 | grep -Eo '[0-9]+')
  ft=$(grep -Eo 'ft: [0-9]+' "$log" | tail -n 1 | grep -Eo '[0-9]+')
  found=$(find "$work/findings/$name" -type f | wc -l)
  verdict=ok
  # 72 is libFuzzer's exit status when interrupted (SIGINT to the harness): stopped early, its
  # executions and corpus kept, not a finding.
  ((status == 72 && found == 0)) && verdict="stopped early (interrupted)"
  if (((status != 0 && status != 72) || found > 0)); then
    verdict="FAILED (exit $status; see $log)"
    failed=$((failed + 1))
  fi
  printf '  %-8s %12s %9s %8s %8s %9s  %s\n' "$name" "${executions:-?}" "${speed:-?}" "${cov:-?}" \
    "${ft:-?}" "$found" "$verdict"
  # Every long run is added to a history, so executions over several runs can be summed.
  if ((!quick)); then
    [[ -f $work/history.tsv ]] ||
      printf 'date\tcommit\tharness\texecutions\texec/s\tcov\tft\tcorpus\tfindings\tstatus\n' \
        >"$work/history.tsv"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" \
      "$fuzzed" \
      "$name" "${executions:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" \
      "$(find "$work/corpus/$name" -type f | wc -l)" "$found" "$status" >>"$work/history.tsv"
  fi
  if [[ "$verdict" == FAILED* ]]; then
    grep -E 'ERROR|runtime error|invariant|SUMMARY' "$log" | head -n 5 | sed 's/^/    /'
    ((quick)) || find "$work/findings/$name" -type f | sed 's/^/    finding: /'
  fi
done
echo "fuzz: ${#harnesses[@]} harnesses, ${failed} with findings"
((failed == 0))
