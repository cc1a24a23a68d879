// EMSCRIPTEN_BINDINGS only: every export takes strings (and a plain options object) and returns
// a plain JS object. See docs/js-api.md.

#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <string_view>
#include <vector>

#include "irm/check.h"
#include "irm/compare.h"
#include "irm/irm.h"
#include "irm/judges.h"
#include "irm/module_group.h"
#include "irm/trec_eval.h"
#include "to_js.h"

using emscripten::val;

namespace {

// The second line of defence: the core never throws for bad input, but an internal bug must
// not take the module down with it.
template <class F>
val guarded(F&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return irm_js::internal_error(e.what());
  } catch (...) {
    return irm_js::internal_error("unknown exception");
  }
}

// options: a plain object of strings or numbers, read key by key so that a missing or odd
// field is never an embind TypeError.
irm::Options read_options(const val& options) {
  irm::Options out;
  if (options.isUndefined() || options.isNull()) return out;
  const std::string type = options.typeOf().as<std::string>();
  if (type != "object") return out;
  const val keys = val::global("Object").call<val>("keys", options);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val v = options[key];
    if (v.isUndefined() || v.isNull()) continue;
    out[key] = val::global("String")(v).as<std::string>();
  }
  return out;
}

// options.lean (true): the answer for a reader of text (irm_js::Detail::lean); the other
// options go to the core.
val compute(const std::string& measure, const std::string& input, const val& options) {
  return guarded([&] {
    irm::Options core_options = read_options(options);
    const auto lean = core_options.find("lean");
    const bool is_lean = lean != core_options.end() && lean->second == "true";
    if (lean != core_options.end()) core_options.erase(lean);
    return irm_js::to_js(irm::compute(measure, input, core_options),
                         is_lean ? irm_js::Detail::lean : irm_js::Detail::full);
  });
}

val compute_without_options(const std::string& measure, const std::string& input) {
  return guarded([&] { return irm_js::to_js(irm::compute(measure, input)); });
}

#ifndef IRM_NO_CHECK  // the calculators' first module has no answer checks (wasm/CMakeLists.txt)
// check(measure, input, options, answer): the student's answer judged, and the convention or
// slip that reproduces a wrong one.
val check(const std::string& measure, const std::string& input, const val& options,
          const std::string& answer) {
  return guarded([&] {
    return irm_js::check_to_js(irm::check_answer(measure, input, read_options(options), answer));
  });
}

// check(measure, input, options, answer, key): the same for the named quantity `key` of the
// outcome ("precision", "t", "PA"); undefined, null or "" is the measure's own value.
val check_key(const std::string& measure, const std::string& input, const val& options,
              const std::string& answer, const val& key) {
  return guarded([&] {
    const std::string name = key.isUndefined() || key.isNull()
                                 ? std::string()
                                 : val::global("String")(key).as<std::string>();
    return irm_js::check_to_js(
        irm::check_answer(measure, input, read_options(options), answer, name));
  });
}

val list_slips() {
  return guarded([] { return irm_js::slips_to_js(irm::all_slips()); });
}
#endif  // IRM_NO_CHECK

val list_measures() {
  return guarded([] { return irm_js::measures_to_js(irm::all_measures()); });
}

std::string version() { return irm::version(); }

// Test hook: proves that an internal failure becomes {ok:false, code:"internal"} and that the
// module keeps answering afterwards.
val internal_error_for_test() {
  return guarded([]() -> val { throw std::runtime_error("test of the internal-error path"); });
}

// compareRuns(input, options): N runs' per-topic scores compared pair by pair (irm/compare.h;
// docs/js-api.md). input = {runs: string[], topics: string[], scores: [{measure, byRun:
// number[][]}]}; options = {test, correction, alpha, confidence, baseline (a run name), seed,
// permutations, bootstrap, zero: wilcox|pratt, method: exact|normal, continuity: yes|no,
// tukey: blocked|oneway}, each optional. A bad option is an InputError in field options.
irm::InputError option_error(const std::string& message) {
  return irm::InputError{irm::ErrorCode::bad_parameter_value, message, irm::Span{},
                         irm::Field::options};
}

std::vector<std::string> string_array(const val& array) {
  std::vector<std::string> out;
  if (array.isUndefined() || array.isNull()) return out;
  const int count = array["length"].as<int>();
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) out.push_back(val::global("String")(array[i]).as<std::string>());
  return out;
}

// A number option: empty when absent; a value that is not a finite number is an error.
irm::Result<std::optional<double>> number_option(const val& options, const char* name) {
  const val v = options[name];
  if (v.isUndefined() || v.isNull()) return std::optional<double>{};
  const double d = val::global("Number")(v).as<double>();
  if (!std::isfinite(d)) {
    return option_error(std::string(name) + " must be a number; found '" +
                        val::global("String")(v).as<std::string>() + "'");
  }
  return std::optional<double>{d};
}

std::string text_option(const val& options, const char* name) {
  const val v = options[name];
  return v.isUndefined() || v.isNull() ? std::string() : val::global("String")(v).as<std::string>();
}

irm::Result<irm::Comparison> read_and_compare(const val& input, const val& options) {
  irm::CompareInput in;
  in.runs = string_array(input["runs"]);
  in.topics = string_array(input["topics"]);
  const val scores = input["scores"];
  const int measures = scores.isUndefined() || scores.isNull() ? 0 : scores["length"].as<int>();
  for (int m = 0; m < measures; ++m) {
    irm::MeasureScores one;
    one.measure = val::global("String")(scores[m]["measure"]).as<std::string>();
    const val by_run = scores[m]["byRun"];
    const int runs = by_run.isUndefined() || by_run.isNull() ? 0 : by_run["length"].as<int>();
    for (int r = 0; r < runs; ++r) {
      one.by_run.push_back(emscripten::convertJSArrayToNumberVector<double>(by_run[r]));
    }
    in.scores.push_back(std::move(one));
  }
  irm::CompareOptions o;
  if (options.isUndefined() || options.isNull()) return irm::compare_runs(in, o);
  if (const std::string test = text_option(options, "test"); !test.empty()) {
    const auto named = irm::compare_test_named(test);
    if (!named) {
      return option_error("unknown test '" + test +
                          "'; expected ttest, wilcoxon, sign, randomization, tukey or bootstrap");
    }
    o.test = *named;
  }
  if (const std::string correction = text_option(options, "correction"); !correction.empty()) {
    const auto named = irm::correction_named(correction);
    if (!named) {
      return option_error("unknown correction '" + correction +
                          "'; expected none, bonferroni, holm or bh");
    }
    o.correction = *named;
  }
  if (const std::string baseline = text_option(options, "baseline"); !baseline.empty()) {
    const auto at = std::find(in.runs.begin(), in.runs.end(), baseline);
    if (at == in.runs.end()) {
      return option_error("the baseline '" + baseline + "' is not one of the runs");
    }
    o.baseline = static_cast<std::size_t>(at - in.runs.begin());
  }
  const std::pair<const char*, const char*> choices[] = {{"zero", "wilcox|pratt"},
                                                         {"method", "exact|normal"},
                                                         {"continuity", "yes|no"},
                                                         {"tukey", "blocked|oneway"}};
  for (const auto& [name, allowed] : choices) {
    const std::string value = text_option(options, name);
    if (value.empty()) continue;
    const std::string list = std::string("|") + allowed + "|";
    if (list.find("|" + value + "|") == std::string::npos) {
      return option_error(std::string(name) + " is one of " + allowed + "; found '" + value + "'");
    }
    const std::string_view key = name;
    if (key == "zero") o.wilcoxon_pratt = value == "pratt";
    if (key == "method") o.wilcoxon_exact = value == "exact";
    if (key == "continuity") o.wilcoxon_continuity = value == "yes";
    if (key == "tukey") o.tukey_blocked = value == "blocked";
  }
  struct Number {
    const char* name;
    double* real;
    std::int64_t* whole;
  };
  double seed = static_cast<double>(o.seed);
  const Number numbers[] = {{"alpha", &o.alpha, nullptr},
                            {"confidence", &o.confidence, nullptr},
                            {"permutations", nullptr, &o.permutations},
                            {"bootstrap", nullptr, &o.bootstrap_samples},
                            {"seed", &seed, nullptr}};
  for (const Number& n : numbers) {
    const auto read = number_option(options, n.name);
    if (!read.ok()) return read.error();
    if (!read.value()) continue;
    const double d = *read.value();
    if (n.whole != nullptr) {
      if (d != std::floor(d) || d < 1 || d > 1e7) {
        return option_error(std::string(n.name) + " must be a whole number from 1 to 10,000,000");
      }
      *n.whole = static_cast<std::int64_t>(d);
    } else {
      *n.real = d;
    }
  }
  if (seed < 0 || seed != std::floor(seed) || seed > 9007199254740991.0) {
    return option_error("seed must be a whole number from 0 to 2^53 - 1");
  }
  o.seed = static_cast<std::uint64_t>(seed);
  return irm::compare_runs(in, o);
}

// Unused in the group modules but the significance one (registered below).
[[maybe_unused]] val compare_runs(const val& input, const val& options) {
  return guarded([&] { return irm_js::comparison_to_js(read_and_compare(input, options)); });
}

#ifndef IRM_NO_TREC  // the embed widget has no TREC files (wasm/CMakeLists.txt)
// trec_eval over files fed in pieces (docs/js-api.md, "TREC files"). The pieces are copied by JS
// straight into `buffer_`, a view of wasm memory, so a 300 MB run never becomes a JS string.
class TrecSessionJs {
 public:
  val configure(const val& args) {
    return guarded([&] {
      std::vector<std::string> list;
      if (args.isArray()) {
        const int count = args["length"].as<int>();
        for (int i = 0; i < count; ++i)
          list.push_back(val::global("String")(args[i]).as<std::string>());
      }
      const auto failure = session_.configure(list);
      if (failure) return irm_js::trec_status(failure, "");
      // {ok: true, warnings}: what was read loosely, as trec_eval reads it (-l 1.5, map.5).
      val done = val::object();
      done.set("ok", true);
      val warnings = val::array();
      for (const std::string& w : session_.option_warnings()) warnings.call<void>("push", w);
      done.set("warnings", warnings);
      return done;
    });
  }

  // -Z: the z-score file's text (small: one line per topic and measure).
  val zscores(const std::string& text, const std::string& file) {
    return guarded([&] { return irm_js::trec_status(session_.set_zscores(text, file), file); });
  }

  val buffer(double size) {
    const auto bytes = static_cast<std::size_t>(size > 0 ? size : 0);
    if (buffer_.size() < bytes) buffer_.resize(bytes);
    return val(emscripten::typed_memory_view(bytes, buffer_.data()));
  }

  void begin_qrels(const std::string& name) { session_.begin_qrels(name); }
  // With the file's size, when known (a gzipped file's compressed size is a fine start).
  void begin_qrels_sized(const std::string& name, double bytes) {
    session_.begin_qrels(name, static_cast<std::size_t>(bytes > 0 ? bytes : 0));
  }

  val feed_qrels(double size) {
    return guarded([&] {
      session_.feed_qrels(piece(size));
      return irm_js::trec_status(std::nullopt, session_.qrels_file());
    });
  }

  val end_qrels() {
    return guarded([&] {
      if (auto failure = session_.end_qrels()) {
        return irm_js::trec_status(failure, session_.qrels_file());
      }
      return irm_js::trec_qrels_done(session_);
    });
  }

  val begin_run(const std::string& name) {
    return guarded([&] { return irm_js::trec_status(session_.begin_run(name), name); });
  }
  // stream: evaluate each topic as its lines end (see TrecSession::begin_run).
  val begin_run_streaming(const std::string& name, bool stream) {
    return guarded([&] { return irm_js::trec_status(session_.begin_run(name, stream), name); });
  }

  // topic() needs each topic's grades kept (the default); the command line does not.
  void keep_topic_lists(bool keep) { session_.keep_topic_lists(keep); }

  // {ok, restart: true} when a streaming run must be begun again without streaming.
  val feed_run(double size) {
    return guarded([&] {
      val status = irm_js::trec_status(session_.feed_run(piece(size)), session_.reading());
      if (session_.run_restart_needed()) status.set("restart", true);
      return status;
    });
  }

  val end_run() {
    return guarded([&] {
      if (auto failure = session_.end_run()) {
        return irm_js::trec_status(failure, session_.reading());
      }
      return irm_js::trec_run_done(session_);
    });
  }

  std::string report(const std::string& format, int digits) {
    try {
      if (format == "json") return session_.report_json();
      if (format == "csv") return session_.report_csv(digits);
      return session_.report_text(digits);
    } catch (const std::exception& e) {
      return std::string("internal error: ") + e.what();
    }
  }

  val topic(int run_index, const std::string& qid) {
    return guarded([&] { return irm_js::trec_topic(session_, run_index, qid); });
  }

  const irm::TrecSession& session() const { return session_; }

 private:
  std::string_view piece(double size) const {
    const auto bytes = static_cast<std::size_t>(size > 0 ? size : 0);
    return {reinterpret_cast<const char*>(buffer_.data()), std::min(bytes, buffer_.size())};
  }

  irm::TrecSession session_;
  std::vector<unsigned char> buffer_;
};

// A text of the core as the JS string it stands for: UTF-8, in which read_trec_command_line
// writes a lone surrogate (a flag letter outside the BMP, as JS's arg[j] names it) as ED A0-BF
// xx. A std::string would reach JS through TextDecoder, which makes each of those bytes U+FFFD;
// a std::u32string's units are copied as they are.
val js_text(const std::string& text) {
  std::u32string units;
  units.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int more = lead < 0x80 ? 0 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : -1;
    char32_t code = more <= 0 ? lead : lead & (0x3Fu >> more);
    bool whole = more >= 0 && i + static_cast<std::size_t>(more) < text.size();
    for (int k = 1; whole && k <= more; ++k) {
      const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      whole = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3Fu);
    }
    // Not UTF-8 (the core's texts here are made of JS strings' bytes, so never): U+FFFD.
    units += whole ? code : U'\uFFFD';
    i += whole ? static_cast<std::size_t>(more) + 1 : 1;
  }
  return val(units);
}

val js_texts(const std::vector<std::string>& texts) {
  val array = val::array();
  for (const std::string& text : texts) array.call<void>("push", js_text(text));
  return array;
}

// readTrecArgs(argv): the arguments of `irmetrics trec` after `trec`, read by the core as the
// native command line reads them (irm::read_trec_command_line), for bin/lib/cli.mjs: {ok: true,
// configure, zscores, format, digits, help, files, usageError}, zscores and usageError undefined
// when there is none.
val read_trec_args(const val& argv) {
  return guarded([&] {
    const irm::TrecCommandLine parsed = irm::read_trec_command_line(string_array(argv));
    val out = val::object();
    out.set("ok", true);
    out.set("configure", js_texts(parsed.configure));
    out.set("zscores", parsed.zscores ? js_text(*parsed.zscores) : val::undefined());
    out.set("format", js_text(parsed.format));
    out.set("digits", parsed.digits);
    out.set("help", parsed.help);
    out.set("files", js_texts(parsed.files));
    out.set("usageError", parsed.usage_error ? js_text(*parsed.usage_error) : val::undefined());
    return out;
  });
}

// judgesAgreement(qrelsA, nameA, qrelsB, nameB, confidence): two qrels files' agreement
// (irm/judges.h; docs/js-api.md): {ok: true, json} with the report as JSON text, or {ok: false,
// error} naming the file. confidence: of κ's intervals, such as "0.95".
// The judges' options from the confidence as typed ("" for the default), or the error.
std::optional<irm::InputError> judges_options(const std::string& confidence,
                                              irm::JudgesOptions& options) {
  if (confidence.empty()) return std::nullopt;
  const auto level = irm::parse_decimal(confidence);
  if (!level || level->num <= 0 || level->num >= level->den) {
    return option_error("the confidence must be above 0 and below 1, such as 0.95; found '" +
                        confidence + "'");
  }
  options.confidence = *level;
  return std::nullopt;
}

val judges_json(const irm::Result<std::string>& report, const std::string& failed_file) {
  if (!report.ok()) return irm_js::trec_status(report.error(), failed_file);
  val out = val::object();
  out.set("ok", true);
  out.set("json", report.value());
  return out;
}

val judges_agreement(const std::string& a, const std::string& name_a, const std::string& b,
                     const std::string& name_b, const std::string& confidence) {
  return guarded([&] {
    irm::JudgesOptions options;
    if (const auto bad = judges_options(confidence, options)) return irm_js::trec_status(bad, "");
    std::string failed_file;
    return judges_json(irm::judges_agreement_json(a, name_a, b, name_b, options, &failed_file),
                       failed_file);
  });
}

// judgesSessions(a, b, confidence): the same on the qrels two TrecSessions have read (fed in
// pieces, so a large file is never one string; docs/js-api.md). {ok: true, json} or {ok: false,
// error}; an error when a session has read no qrels (or read them under -R other than qrels).
val judges_sessions(const TrecSessionJs& a, const TrecSessionJs& b, const std::string& confidence) {
  return guarded([&] {
    irm::JudgesOptions options;
    if (const auto bad = judges_options(confidence, options)) return irm_js::trec_status(bad, "");
    const irm::Qrels* qrels_a = a.session().qrels();
    const irm::Qrels* qrels_b = b.session().qrels();
    if (qrels_a == nullptr || qrels_b == nullptr) {
      return irm_js::trec_status(
          option_error("judgesSessions needs two sessions that have read a qrels (-R qrels)"), "");
    }
    return judges_json(irm::judges_agreement_json(*qrels_a, a.session().qrels_file(), *qrels_b,
                                                  b.session().qrels_file(), options),
                       "");
  });
}

// judgesLeaderboards(measures, options): the runs' leaderboards under two qrels and their
// agreement (irm/judges.h; docs/js-api.md). measures = [{measure, runs: string[], topics:
// string[], a: number[][], b: number[][]}]; options = {rboP, bootstrap, seed, confidence}, each
// optional. {ok: true, json} or {ok: false, error}.
val judges_leaderboards(const val& measures, const val& options) {
  return guarded([&] {
    std::vector<irm::LeaderboardScores> in;
    const int count = measures["length"].as<int>();
    for (int i = 0; i < count; ++i) {
      const val m = measures[i];
      irm::LeaderboardScores scores;
      scores.measure = val::global("String")(m["measure"]).as<std::string>();
      scores.runs = string_array(m["runs"]);
      scores.topics = string_array(m["topics"]);
      for (const char* side : {"a", "b"}) {
        const val rows = m[side];
        auto& out = side[0] == 'a' ? scores.a : scores.b;
        const int run_count = rows["length"].as<int>();
        for (int r = 0; r < run_count; ++r) {
          out.push_back(emscripten::convertJSArrayToNumberVector<double>(rows[r]));
        }
      }
      in.push_back(std::move(scores));
    }
    irm::LeaderboardOptions o;
    if (!options.isUndefined() && !options.isNull()) {
      const auto fraction = [&](const char* name, irm::Fraction& into) -> bool {
        const std::string text = text_option(options, name);
        if (text.empty()) return true;
        const auto f = irm::parse_decimal(text);
        if (!f || f->num <= 0 || f->num >= f->den) return false;
        into = *f;
        return true;
      };
      if (!fraction("rboP", o.rbo_p)) {
        return irm_js::trec_status(
            option_error("RBO's persistence p must be above 0 and below 1, such as 0.9; found '" +
                         text_option(options, "rboP") + "'"),
            "");
      }
      if (!fraction("confidence", o.confidence)) {
        return irm_js::trec_status(
            option_error("the confidence must be above 0 and below 1, such as 0.95; found '" +
                         text_option(options, "confidence") + "'"),
            "");
      }
      const auto whole_option = [&](const char* name,
                                    std::uint64_t most) -> std::optional<std::uint64_t> {
        const val v = options[name];
        if (v.isUndefined() || v.isNull()) return std::nullopt;
        const double d = val::global("Number")(v).as<double>();
        if (!std::isfinite(d) || d < 0 || d > static_cast<double>(most) || d != std::floor(d)) {
          return std::numeric_limits<std::uint64_t>::max();
        }
        return static_cast<std::uint64_t>(d);
      };
      if (const auto b = whole_option("bootstrap", 100000)) {
        if (*b == std::numeric_limits<std::uint64_t>::max()) {
          return irm_js::trec_status(option_error("bootstrap is a whole number from 0 to 100000"),
                                     "");
        }
        o.bootstrap = static_cast<std::size_t>(*b);
      }
      if (const auto seed = whole_option("seed", (std::uint64_t{1} << 53) - 1)) {
        if (*seed == std::numeric_limits<std::uint64_t>::max()) {
          return irm_js::trec_status(option_error("the seed is a whole number from 0 to 2^53 - 1"),
                                     "");
        }
        o.seed = *seed;
      }
    }
    const auto report = irm::judges_leaderboards_json(in, o);
    if (!report.ok()) return irm_js::trec_status(report.error(), "");
    val out = val::object();
    out.set("ok", true);
    out.set("json", report.value());
    return out;
  });
}
#endif  // IRM_NO_TREC

}  // namespace

EMSCRIPTEN_BINDINGS(irmetrics) {
#ifndef IRM_NO_TREC
  emscripten::class_<TrecSessionJs>("TrecSession")
      .constructor<>()
      .function("configure", &TrecSessionJs::configure)
      .function("zscores", &TrecSessionJs::zscores)
      .function("buffer", &TrecSessionJs::buffer)
      .function("beginQrels", &TrecSessionJs::begin_qrels)
      .function("beginQrels", &TrecSessionJs::begin_qrels_sized)
      .function("feedQrels", &TrecSessionJs::feed_qrels)
      .function("endQrels", &TrecSessionJs::end_qrels)
      .function("beginRun", &TrecSessionJs::begin_run)
      .function("beginRun", &TrecSessionJs::begin_run_streaming)
      .function("feedRun", &TrecSessionJs::feed_run)
      .function("endRun", &TrecSessionJs::end_run)
      .function("report", &TrecSessionJs::report)
      .function("topic", &TrecSessionJs::topic)
      .function("keepTopicLists", &TrecSessionJs::keep_topic_lists);
  emscripten::function("readTrecArgs", &read_trec_args);
  emscripten::function("judgesAgreement", &judges_agreement);
  emscripten::function("judgesSessions", &judges_sessions);
  emscripten::function("judgesLeaderboards", &judges_leaderboards);
#endif
  emscripten::function("compute", &compute);
  emscripten::function("compute", &compute_without_options);  // compute(measure, input)
  emscripten::function("listMeasures", &list_measures);
#ifndef IRM_NO_CHECK
  emscripten::function("check", &check);
  emscripten::function("check", &check_key);  // check(measure, input, options, answer, key)
  emscripten::function("listSlips", &list_slips);
#endif
  // Of the group modules, only the significance page's has compareRuns (irm/module_group.h).
  if constexpr (irm::keeps("significance")) emscripten::function("compareRuns", &compare_runs);
  emscripten::function("version", &version);
  emscripten::function("internalErrorForTest", &internal_error_for_test);
}
