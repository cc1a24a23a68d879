// Regression tests for what the libFuzzer harnesses of tests/fuzz found (scripts/fuzz.sh).

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "helpers.h"
#include "irm/irm.h"
#include "irm/trec_eval.h"

namespace {

// Topic 1: a, c, d relevant, b judged non-relevant (R = 3). Topic 2: x, y relevant (R = 2).
const char* const kQrels = "1 0 a 1\n1 0 b 0\n1 0 c 1\n1 0 d 1\n2 0 x 1\n2 0 y 1\n";
// Topic 1's lines are split by topic 2's, and the last line has no final newline.
const char* const kRun = "1 Q0 a 1 5 t\n1 Q0 b 2 4 t\n2 Q0 y 1 2 t\n1 Q0 c 3 3 t";
// By hand: topic 1 ranks a (5, relevant), b (4), c (3, relevant): AP = (1/1 + 2/3) / 3 = 5/9.
// Topic 2 ranks y (relevant) alone: AP = (1/1) / 2 = 1/2. map = (5/9 + 1/2) / 2 = 19/36 = 0.5278.
const char* const kReport = "map                   \tall\t0.5278\n";

// Configures `session` (for map unless told) and reads kQrels. (A session is not moved once it
// holds qrels: their views point into its copy of the bytes.)
void start_session(irm::TrecSession& session,
                   const std::vector<std::string>& args = {"-m", "map"}) {
  REQUIRE_FALSE(session.configure(args).has_value());
  session.begin_qrels("qrels.txt");
  session.feed_qrels(kQrels);
  REQUIRE_FALSE(session.end_qrels().has_value());
}

}  // namespace

// Found by fuzz_trec: a streamed run whose last line brought a topic back, with no newline after
// it, was read by end_run() only, which then failed with "read it again without streaming"
// although run_restart_needed() had never been true, so the page showed that error instead of
// reading the run again. The restart is now asked for as soon as the returning topic is read.
TEST_CASE("a streamed run asks for a restart when its unterminated last line brings a topic back",
          "[fuzz]") {
  SECTION("fed in one piece") {
    irm::TrecSession session;
    start_session(session);
    REQUIRE_FALSE(session.begin_run("run.txt", true).has_value());
    REQUIRE_FALSE(session.feed_run(kRun).has_value());
    CHECK(session.run_restart_needed());
  }
  SECTION("the last piece ends inside the topic field, the next one completes it") {
    irm::TrecSession session;
    start_session(session);
    REQUIRE_FALSE(session.begin_run("run.txt", true).has_value());
    const std::string run = kRun;
    const std::size_t last_line = run.rfind('\n') + 1;
    REQUIRE_FALSE(session.feed_run(run.substr(0, last_line + 1)).has_value());  // "...\n1"
    CHECK_FALSE(session.run_restart_needed());  // "1" may still become "10"
    REQUIRE_FALSE(session.feed_run(run.substr(last_line + 1)).has_value());
    CHECK(session.run_restart_needed());
  }
  SECTION("begun again without streaming, it reads as a whole run does") {
    irm::TrecSession session;
    start_session(session);
    REQUIRE_FALSE(session.begin_run("run.txt", true).has_value());
    REQUIRE_FALSE(session.feed_run(kRun).has_value());
    REQUIRE(session.run_restart_needed());
    REQUIRE_FALSE(session.begin_run("run.txt", false).has_value());
    REQUIRE_FALSE(session.feed_run(kRun).has_value());
    CHECK_FALSE(session.run_restart_needed());
    REQUIRE_FALSE(session.end_run().has_value());
    CHECK(session.report_text() == kReport);
  }
  SECTION("a topic that does not come back streams to the end") {
    irm::TrecSession session;
    start_session(session);
    REQUIRE_FALSE(session.begin_run("run.txt", true).has_value());
    // Topic 1: a, b, c in order (AP 5/9 as above); topic 2: y (AP 1/2); no final newline.
    REQUIRE_FALSE(
        session.feed_run("1 Q0 a 1 5 t\n1 Q0 b 2 4 t\n1 Q0 c 3 3 t\n2 Q0 y 1 2 t").has_value());
    CHECK_FALSE(session.run_restart_needed());
    REQUIRE_FALSE(session.end_run().has_value());
    CHECK(session.report_text() == kReport);
  }
}

TEST_CASE("fuzz regression: a DCG cutoff of 10^9 on a short list answers at once",
          "[fuzz][regression]") {
  // Found by fuzz_compute: nDCG@757023 (and @999999995 in fuzz_check) walked a row per rank up
  // to the cutoff and ran out of memory. Past the list every gain is 0, so the value is the
  // whole list's: grades 2 0 1 (the notes' form, gain = grade, discount 1/log2(max(2, i))):
  // DCG = 2 + 0 + 1/log2(3); the ideal 2 1 0: 2 + 1/1 = 3; nDCG = (2 + 1/log2 3)/3 ≈ 0.8770.
  const irm::Outcome far = test::run("nDCG@999999995", "2 0 1");
  const double expected = (2.0 + 1.0 / std::log2(3.0)) / 3.0;
  CHECK(far.value.approx == Approx(expected).epsilon(1e-12));
  CHECK(test::run("DCG@999999995", "2 0 1").value.approx ==
        Approx(2.0 + 1.0 / std::log2(3.0)).epsilon(1e-12));
}

TEST_CASE("fuzz regression: trec_eval's number parameters are bounded, set_F's beta is 0 or more",
          "[fuzz][regression]") {
  // Found by fuzz_trec: -m Rprec_mult.100000000000000000000.2 multiplied R by 10^20 and cut the
  // product to a 64-bit cutoff (undefined behaviour). Numbers are now at most 10^9 in size.
  const auto refused = [](std::vector<std::string> args) {
    irm::TrecSession session;
    auto error = session.configure(args);
    REQUIRE(error.has_value());
    CHECK(error->field == irm::Field::options);
    return *error;
  };
  const irm::InputError huge =
      refused({"-m", "map", "-m", "Rprec_mult.100000000000000000000.2,1.5"});
  CHECK(huge.code == irm::ErrorCode::out_of_range);
  CHECK(huge.message ==
        "-m Rprec_mult.100000000000000000000.2,1.5: found '100000000000000000000.2'; "
        "expected numbers from 0 to 1000000000");
  const irm::InputError negative = refused({"-m", "iprec_at_recall.-0.1"});
  CHECK(negative.code == irm::ErrorCode::bad_parameter_value);
  CHECK(negative.message ==
        "-m iprec_at_recall.-0.1: found '-0.1'; expected numbers from 0 to 1000000000");
  const irm::InputError weight = refused({"-m", "utility.1,-1,0,-2000000000"});
  CHECK(weight.code == irm::ErrorCode::out_of_range);
  CHECK(weight.message ==
        "-m utility.1,-1,0,-2000000000: found '-2000000000'; expected numbers "
        "from -1000000000 to 1000000000");
  // set_F.-1 printed -nan: F = (b + 1) P R / (b P + R) is 0/0 when b = -1 and P = R.
  const irm::InputError beta = refused({"-m", "set_F.-1"});
  CHECK(beta.code == irm::ErrorCode::bad_parameter_value);
  CHECK(beta.message == "-m set_F.-1: found '-1'; expected a beta from 0 to 1000000000");

  // At the bound it evaluates. kQrels/kRun: topic 1 has R = 3 and 3 documents retrieved, 2 of
  // them relevant; Rprec_mult at 10^9 cuts at 3 * 10^9 + 0.9 -> 3,000,000,000, past the list, so
  // its value is 2 / 3,000,000,000; topic 2 (R = 2, 1 retrieved and relevant): 1 / 2,000,000,000.
  // Both print 0.0000, as does their mean.
  irm::TrecSession session;
  start_session(session, {"-m", "Rprec_mult.1000000000"});
  REQUIRE_FALSE(session.begin_run("run.txt", false).has_value());
  REQUIRE_FALSE(session.feed_run(kRun).has_value());
  REQUIRE_FALSE(session.end_run().has_value());
  CHECK(session.report_text() == "Rprec_mult_1000000000.00\tall\t0.0000\n");
}
