// The reader of `irmetrics trec`'s arguments (irm::read_trec_command_line), which both command
// lines use: how it splits trec_eval's flags for TrecSession::configure, and the usage errors it
// gives, each written out here from the rules of trec_eval's getopt and of JS's Number() (the
// Node command line's reader, which this one replaced), not from the program's output.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "irm/trec_eval.h"

namespace {

using Args = std::vector<std::string>;

irm::TrecCommandLine read(const Args& argv) { return irm::read_trec_command_line(argv); }

/// The usage error of `argv`, or "" when there is none.
std::string error_of(const Args& argv) {
  const auto parsed = read(argv);
  return parsed.usage_error ? *parsed.usage_error : std::string();
}

int digits_of(const std::string& text) {
  const auto parsed = read({"--digits", text, "q", "r"});
  REQUIRE_FALSE(parsed.usage_error);
  return parsed.digits;
}

std::string digits_error(const std::string& text) {
  return "--digits expects a whole number from 0 to 17, found '" + text + "'";
}

}  // namespace

TEST_CASE("trec args: the defaults, and the files in order") {
  const auto parsed = read({"qrels", "run1", "run2"});
  CHECK_FALSE(parsed.usage_error);
  CHECK(parsed.configure.empty());
  CHECK(parsed.format == "trec");
  CHECK(parsed.digits == 4);
  CHECK_FALSE(parsed.help);
  CHECK_FALSE(parsed.zscores);
  CHECK(parsed.files == Args{"qrels", "run1", "run2"});
}

TEST_CASE("trec args: joined switches are split, one flag an element (-qc is -q -c)") {
  CHECK(read({"-qc", "q", "r"}).configure == Args{"-q", "-c"});
  CHECK(read({"-qcnJ", "q", "r"}).configure == Args{"-q", "-c", "-n", "-J"});
  CHECK(read({"-q", "-c", "q", "r"}).configure == Args{"-q", "-c"});
}

TEST_CASE("trec args: a flag's value joined or next (-l2 is -l 2), the rest of the group") {
  CHECK(read({"-l2", "q", "r"}).configure == Args{"-l", "2"});
  CHECK(read({"-l", "2", "q", "r"}).configure == Args{"-l", "2"});
  // After a letter that takes a value, the rest of the group is that value (getopt's rule).
  CHECK(read({"-qmmap", "q", "r"}).configure == Args{"-q", "-m", "map"});
  CHECK(read({"-mP.5,10", "q", "r"}).configure == Args{"-m", "P.5,10"});
  // The next argument is the value whatever it starts with.
  CHECK(read({"-l", "-3", "q", "r"}).configure == Args{"-l", "-3"});
  CHECK(read({"-M3", "-N", "10", "-Rqrels", "-Ttrec_results", "q", "r"}).configure ==
        Args{"-M", "3", "-N", "10", "-R", "qrels", "-T", "trec_results"});
  // Not checked here: the session reads the values and names a wrong one.
  CHECK(read({"-lx", "q", "r"}).configure == Args{"-l", "x"});
}

TEST_CASE("trec args: -Z's file is kept too, the last one given") {
  const auto parsed = read({"-Zz1", "-Z", "z2", "q", "r"});
  CHECK(parsed.configure == Args{"-Z", "z1", "-Z", "z2"});
  REQUIRE(parsed.zscores);
  CHECK(*parsed.zscores == "z2");
}

TEST_CASE("trec args: the long options") {
  CHECK(read({"--keep-first", "--strict", "--nan-as-zero", "q", "r"}).configure ==
        Args{"--keep-first", "--strict", "--nan-as-zero"});
  CHECK(read({"--compat=9", "--ties", "rank", "q", "r"}).configure ==
        Args{"--compat", "9", "--ties", "rank"});
  // An empty joined value takes the next argument, as an absent one does.
  CHECK(read({"--ties=", "average", "q", "r"}).configure == Args{"--ties", "average"});
  CHECK(read({"--format=json", "q", "r"}).format == "json");
  CHECK(read({"--format", "csv", "q", "r"}).format == "csv");
  CHECK(read({"--help"}).help);
  CHECK(read({"-qh"}).help);
  CHECK(read({"-qh"}).configure == Args{"-q"});
}

TEST_CASE("trec args: after -- and for '-' alone, arguments are files") {
  CHECK(read({"--", "-q", "run"}).files == Args{"-q", "run"});
  CHECK(read({"--", "-q", "run"}).configure.empty());
  CHECK(read({"-", "run"}).files == Args{"-", "run"});
  CHECK(read({"", "run"}).files == Args{"", "run"});
}

TEST_CASE("trec args: unknown flags and options, and values missing or not taken") {
  CHECK(error_of({"-x", "q", "r"}) == "unknown flag -x for trec");
  // In a group, the group is named too.
  CHECK(error_of({"-qx", "q", "r"}) == "unknown flag -x for trec (in '-qx')");
  CHECK(error_of({"--nope=3"}) == "unknown option '--nope' for trec");
  CHECK(error_of({"---x"}) == "unknown option '---x' for trec");
  CHECK(error_of({"--strict=yes", "q", "r"}) == "--strict takes no value");
  CHECK(error_of({"--help=1"}) == "--help takes no value");
  CHECK(error_of({"-l"}) == "-l needs a value");
  CHECK(error_of({"-ql"}) == "-l needs a value");
  CHECK(error_of({"--ties"}) == "--ties needs a value");
  CHECK(error_of({"--format="}) == "--format needs a value");
  CHECK(error_of({"--format", "xml", "q", "r"}) ==
        "--format expects trec, json or csv, found 'xml'");
  // The first error met: an error after --help still counts; --help skips --digits and files.
  CHECK(error_of({"-h", "-x"}) == "unknown flag -x for trec");
  CHECK(error_of({"-h", "--digits", "99"}).empty());
  CHECK(error_of({"--digits", "99", "--format", "xml"}) ==
        "--format expects trec, json or csv, found 'xml'");
}

TEST_CASE("trec args: a letter that is not ASCII is named as a JS string names it") {
  // é is one UTF-16 unit: "-é" is two units, so no "(in ...)".
  CHECK(error_of({"-\xC3\xA9", "q", "r"}) == "unknown flag -\xC3\xA9 for trec");
  CHECK(error_of({"-q\xC3\xA9", "q", "r"}) == "unknown flag -\xC3\xA9 for trec (in '-q\xC3\xA9')");
  // U+1F600 is two units (D83D DE00); arg[1] is the high surrogate alone, written ED A0 BD, and
  // "-" + U+1F600 is three units long.
  CHECK(error_of({"-\xF0\x9F\x98\x80", "q", "r"}) ==
        "unknown flag -\xED\xA0\xBD for trec (in '-\xF0\x9F\x98\x80')");
}

TEST_CASE("trec args: --digits is read as JS's Number() reads it, 0 to 17") {
  CHECK(digits_of("0") == 0);
  CHECK(digits_of("17") == 17);
  CHECK(digits_of("0x10") == 16);
  CHECK(digits_of("0X11") == 17);
  CHECK(digits_of("0b101") == 5);
  CHECK(digits_of("0o7") == 7);
  CHECK(digits_of("1e1") == 10);
  CHECK(digits_of(".5e1") == 5);
  CHECK(digits_of("5.") == 5);
  CHECK(digits_of("+3") == 3);
  CHECK(digits_of("-0") == 0);
  CHECK(digits_of("3.0") == 3);
  // White space around it, JS's: ASCII, U+00A0, U+2003, U+3000, U+FEFF.
  CHECK(digits_of(" 3\t") == 3);
  CHECK(digits_of("\xC2\xA0"
                  "3") == 3);
  CHECK(digits_of("\xE2\x80\x83"
                  "3\xE3\x80\x80") == 3);
  CHECK(digits_of("\xEF\xBB\xBF"
                  "3") == 3);
  CHECK(read({"--digits=0x10", "q", "r"}).digits == 16);
  for (const char* wrong : {"0x12", "18", "1.5", "-1", "", " ", "x", "0x", "-0x1", "+0x1",
                            "Infinity", "1e400", "1_0", ".", "1e",
                            "\xE2\x80\x8B"
                            "3"}) {
    CAPTURE(wrong);
    CHECK(error_of({"--digits", wrong, "q", "r"}) == digits_error(wrong));
  }
}

TEST_CASE("trec args: the files: a qrels, at least one run, standard input once") {
  CHECK(error_of({}) == "trec needs a QRELS file and at least one RUN");
  CHECK(error_of({"qrels"}) == "trec needs at least one RUN after qrels");
  CHECK(error_of({"-", "-"}) == "standard input ('-') can be only one of the files");
  CHECK(error_of({"-", "run", "-"}) == "standard input ('-') can be only one of the files");
  CHECK(error_of({"-", "run"}).empty());
  // --digits is read before the files.
  CHECK(error_of({"--digits", "x"}) == digits_error("x"));
}
