// A Python session as documentation prints it (see transcript.h).

#include "transcript.h"

#include <vector>

namespace irm::text {
namespace {

enum class SessionLine { prompt, continuation, other };

// The kind of a line and where its content starts (after the prompt and one space).
SessionLine session_line_kind(std::string_view line, std::size_t& content) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  const std::string_view rest = line.substr(i);
  const bool prompt = rest.substr(0, 3) == ">>>";
  const bool continuation = rest.substr(0, 3) == "...";
  if (!prompt && !continuation) return SessionLine::other;
  if (rest.size() > 3 && rest[3] != ' ')
    return SessionLine::other;  // ">>>x", "...," is not a prompt
  content = i + (rest.size() > 3 ? 4 : 3);
  return prompt ? SessionLine::prompt : SessionLine::continuation;
}

bool session_starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool session_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `name = <data>` or `name <- <data>`: a list, a number, a string or a known array constructor.
bool session_assigns_data(std::string_view code) {
  std::size_t i = 0;
  while (i < code.size() && session_name_char(code[i])) ++i;
  if (i == 0) return false;
  while (i < code.size() && code[i] == ' ') ++i;
  if (session_starts_with(code.substr(i), "<-")) {
    i += 2;
  } else if (i < code.size() && code[i] == '=' && !session_starts_with(code.substr(i), "==")) {
    i += 1;
  } else {
    return false;
  }
  while (i < code.size() && code[i] == ' ') ++i;
  const std::string_view value = code.substr(i);
  if (value.empty()) return false;
  const char first = value.front();
  if (first == '[' || first == '(' || first == '{' || first == '-' || first == '.' ||
      first == '\'' || first == '"' || (first >= '0' && first <= '9'))
    return true;
  for (const std::string_view constructor :
       {"np.array(", "np.asarray(", "numpy.array(", "numpy.asarray(", "array(", "tensor(",
        "torch.tensor(", "torch.Tensor(", "torch.LongTensor(", "torch.FloatTensor(",
        "torch.BoolTensor(", "c(", "list(", "pd.Series(", "np.float64("}) {
    if (session_starts_with(value, constructor)) return true;
  }
  return false;
}

std::string session_line_list(const std::vector<int>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += i + 1 == lines.size() ? " and " : ", ";
    out += std::to_string(lines[i]);
  }
  return out;
}

}  // namespace

std::optional<Transcript> read_transcript(std::string_view input) {
  // Split into lines, keeping each line end where it was.
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= input.size();) {
    const std::size_t end = input.find('\n', start);
    lines.push_back(input.substr(start, end == std::string_view::npos ? input.npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  bool any_prompt = false;
  for (const std::string_view line : lines) {
    std::size_t content = 0;
    if (session_line_kind(line, content) == SessionLine::prompt) any_prompt = true;
  }
  if (!any_prompt) return std::nullopt;

  Transcript out;
  std::vector<int> kept;
  std::vector<int> left_out;
  bool printing = false;        // the lines after a prompt: what the session printed
  bool keep_statement = false;  // the current statement (and its ... lines) is data
  for (std::size_t n = 0; n < lines.size(); ++n) {
    std::string_view line = lines[n];
    const bool cr = !line.empty() && line.back() == '\r';
    if (cr) line.remove_suffix(1);
    std::size_t content = 0;
    const SessionLine kind = session_line_kind(line, content);
    const int number = static_cast<int>(n) + 1;
    std::string shown;
    if (kind == SessionLine::prompt || kind == SessionLine::continuation) {
      const std::string_view code = line.substr(content);
      if (kind == SessionLine::prompt) keep_statement = session_assigns_data(code);
      printing = true;
      if (keep_statement && !code.empty()) {
        shown = std::string(content, ' ') + std::string(code);
        kept.push_back(number);
      } else if (!code.empty()) {
        left_out.push_back(number);
      }
    } else if (line.find_first_not_of(" \t") == std::string_view::npos) {
      printing = false;  // a blank line ends what a call printed
      shown = std::string(line);
    } else if (printing) {
      left_out.push_back(number);  // what the session printed
    } else {
      shown = std::string(line);  // a sentence around the session
    }
    out.text += shown;
    if (cr) out.text += '\r';
    if (n + 1 < lines.size()) out.text += '\n';
  }
  out.reading = "Read as a Python session: the >>> prompts are left out";
  if (!kept.empty())
    out.reading += std::string(", the data assigned on line") + (kept.size() > 1 ? "s " : " ") +
                   session_line_list(kept) + " is read";
  if (!left_out.empty())
    out.reading += std::string(", and line") + (left_out.size() > 1 ? "s " : " ") +
                   session_line_list(left_out) + (left_out.size() > 1 ? " are" : " is") +
                   " skipped (imports, calls and what they printed)";
  out.reading += ".";
  return out;
}

}  // namespace irm::text
