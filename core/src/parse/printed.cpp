// Lists as printed (see printed.h): the tokenizer's words are cut again at brackets and at R's
// "<-", program wrappers (np.array, c, list) are recognised by the word that touches their '(',
// and the pieces are grouped into statements, one per caption or line.

#include "printed.h"

#include <algorithm>
#include <cstdlib>

#include "lines.h"
#include "words.h"

namespace irm::printed {
namespace {

using text::Token;

enum class PieceKind { word, open, close };

struct Piece {
  PieceKind kind = PieceKind::word;
  Token token;          // the word, or the bracket (with its wrapper) as typed
  char bracket = 0;     // '[', '{', '(' for an opening bracket, ']', '}', ')' for a closing one
  std::string wrapper;  // "c", "list", "np.array", … before an opening '('
};

constexpr std::size_t max_depth = 8;

bool is_open(char c) { return c == '[' || c == '{' || c == '('; }
bool is_close(char c) { return c == ']' || c == '}' || c == ')'; }
char closer_of(char open) { return open == '[' ? ']' : open == '{' ? '}' : ')'; }

bool is_wrapper(const std::string& word) {
  static const char* names[] = {"c",           "list",          "np.array", "np.asarray",
                                "numpy.array", "numpy.asarray", "array",    "tuple",
                                "set",         "vector",        "tensor",   "torch.tensor"};
  const std::string l = text::lower(word);
  return std::any_of(std::begin(names), std::end(names), [&](const char* n) { return l == n; });
}

// A word without one pair of surrounding quotes: 'd1' and "d1" are d1.
Token unquoted(Token token) {
  const std::string& t = token.text;
  if (t.size() >= 3 && (t.front() == '\'' || t.front() == '"') && t.back() == t.front()) {
    token.text = t.substr(1, t.size() - 2);
    ++token.where.column;
    token.where.length -= 2;
  }
  return token;
}

// Cuts one token at brackets and at "<-" (R's assignment), keeping each piece's column.
void cut(const Token& token, std::vector<Piece>& out) {
  const std::string& t = token.text;
  std::string word;
  int word_column = token.where.column;
  int column = token.where.column;
  const auto flush = [&] {
    if (!word.empty()) {
      Token w{word, Span{token.where.line, word_column, text::code_points(word)}};
      out.push_back(Piece{PieceKind::word, unquoted(w), 0, ""});
    }
    word.clear();
  };
  for (std::size_t i = 0; i < t.size();) {
    const char c = t[i];
    if (is_open(c) || is_close(c)) {
      Piece p;
      p.kind = is_open(c) ? PieceKind::open : PieceKind::close;
      p.bracket = c;
      p.token = Token{std::string(1, c), Span{token.where.line, column, 1}};
      if (c == '(' && is_wrapper(word)) {
        p.wrapper = word;
        p.token =
            Token{word + "(", Span{token.where.line, word_column, text::code_points(word) + 1}};
        word.clear();
      }
      flush();
      out.push_back(p);
      ++column;
      ++i;
      word_column = column;
      continue;
    }
    if (c == '<' && i + 1 < t.size() && t[i + 1] == '-') {
      flush();
      out.push_back(Piece{PieceKind::word, Token{"<-", Span{token.where.line, column, 2}}, 0, ""});
      column += 2;
      i += 2;
      word_column = column;
      continue;
    }
    const std::size_t length = text::character_length(t, i);
    if (word.empty()) word_column = column;
    word.append(t, i, length);
    ++column;
    i += length;
  }
  flush();
}

bool is_separator_word(const std::string& t) { return t == ":" || t == "=" || t == "<-"; }

// "vector:", "y=", "top5=": a caption word with its separator attached.
bool ends_with_separator(const std::string& t) {
  return t.size() >= 2 && (t.back() == ':' || t.back() == '=') && t[t.size() - 2] != ':' &&
         t[t.size() - 2] != '=';
}

bool starts_with_letter(const std::string& t) {
  return !t.empty() && ((t[0] >= 'A' && t[0] <= 'Z') || (t[0] >= 'a' && t[0] <= 'z'));
}

bool is_mark_or_number(const std::string& t) {
  return text::binary_label(t).has_value() || text::looks_numeric(t);
}

std::string form_of(const Piece& open, bool nested) {
  const std::string w = text::lower(open.wrapper);
  if (w == "c") return "R's c(…)";
  if (w == "list") return "R's list(…)";
  if (w == "tensor" || w == "torch.tensor") return "PyTorch's " + open.wrapper + "(…)";
  if (!w.empty() && w != "array" && w != "tuple" && w != "set" && w != "vector") {
    return "NumPy's " + open.wrapper + "(…)";
  }
  if (!w.empty()) return open.wrapper + "(…)";
  if (open.bracket == '{') return "braces {…}";
  if (open.bracket == '(') return "parentheses (…)";
  return nested ? "a nested list [[…]]" : "a bracketed list […]";
}

InputError unclosed(const Piece& open) {
  return text::error_at(ErrorCode::bad_token, open.token,
                        "the " + text::quoted(open.token.text) + " at " +
                            text::position(open.token.where) + " is never closed; add '" +
                            std::string(1, closer_of(open.bracket)) + "' at the end of its list");
}

// Reads the bracketed group opening at pieces[i] into rows (one per innermost list). Returns the
// index after its closing bracket.
Result<std::size_t> read_group(const std::vector<Piece>& pieces, std::size_t i,
                               std::vector<Row>& rows, bool& nested) {
  const Piece& open = pieces[i];
  Row words;
  bool has_groups = false;
  for (++i; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    if (p.kind == PieceKind::word) {
      words.push_back(p.token);
      continue;
    }
    if (p.kind == PieceKind::open) {
      has_groups = nested = true;
      if (!words.empty()) rows.push_back(std::move(words)), words.clear();
      auto end = read_group(pieces, i, rows, nested);
      if (!end.ok()) return end;
      i = end.value() - 1;
      continue;
    }
    if (p.bracket != closer_of(open.bracket)) {
      return text::error_at(ErrorCode::bad_token, p.token,
                            "found " + text::quoted(p.token.text) + " at " +
                                text::position(p.token.where) + ", but the " +
                                text::quoted(open.token.text) + " at " +
                                text::position(open.token.where) + " is closed by '" +
                                std::string(1, closer_of(open.bracket)) + "'");
    }
    if (!words.empty() || !has_groups) rows.push_back(std::move(words));
    return i + 1;
  }
  return unclosed(open);
}

// The code points of `line` in columns [from, to).
std::string columns(std::string_view line, int from, int to) {
  std::string out;
  int column = 1;
  for (std::size_t i = 0; i < line.size() && column < to; ++column) {
    const std::size_t length = text::character_length(line, i);
    if (column >= from) out.append(line.substr(i, length));
    i += length;
  }
  return out;
}

}  // namespace

Result<Printed> read_printed(std::string_view input, int first_line) {
  auto tokenized = text::tokenize(input, ",;", first_line);
  if (!tokenized.ok()) return tokenized.error();
  std::vector<Piece> pieces;
  for (const Token& token : tokenized.value()) cut(token, pieces);

  Printed out;
  const text::LineIndex lines(input);
  std::size_t i = 0;
  while (i < pieces.size()) {
    // A statement: the pieces of one line, and of the lines its brackets span.
    std::size_t end = i;
    int line = pieces[i].token.where.line;
    std::vector<std::size_t> open;  // the brackets still open, outermost first
    for (; end < pieces.size(); ++end) {
      const Piece& p = pieces[end];
      if (open.empty() && p.token.where.line != line) break;
      if (p.kind == PieceKind::open) {
        // A list nested deeper than any program prints one is a paste gone wrong; refusing it
        // also keeps read_group's recursion shallow.
        if (open.size() == max_depth) {
          return text::error_at(ErrorCode::bad_token, p.token,
                                "found " + text::quoted(p.token.text) + " at " +
                                    text::position(p.token.where) + ", a list nested more than " +
                                    std::to_string(max_depth) +
                                    " deep; paste the lists themselves, at most two deep");
        }
        open.push_back(end);
      }
      if (p.kind == PieceKind::close) {
        if (open.empty()) {
          return text::error_at(ErrorCode::bad_token, p.token,
                                "found " + text::quoted(p.token.text) + " at " +
                                    text::position(p.token.where) + " without an opening '" +
                                    std::string(1, p.bracket == ']'   ? '['
                                                   : p.bracket == '}' ? '{'
                                                                      : '(') +
                                    "' before it; remove it or open the list");
        }
        open.pop_back();
        line = p.token.where.line;
      }
    }
    if (!open.empty()) return unclosed(pieces[open.front()]);

    Statement s;
    s.where = pieces[i].token.where;
    // The caption: words (and bracketed asides) before a separator at depth 0.
    std::size_t data = i;
    std::optional<std::size_t> separator;
    int d = 0;
    for (std::size_t k = i; k < end && k < i + 24; ++k) {
      const Piece& p = pieces[k];
      if (p.kind == PieceKind::open) ++d;
      if (p.kind == PieceKind::close) --d;
      if (d != 0 || p.kind != PieceKind::word) continue;
      if (is_separator_word(p.token.text) || ends_with_separator(p.token.text)) {
        separator = k;
        break;
      }
    }
    std::vector<Token> caption;
    if (separator && starts_with_letter(pieces[i].token.text)) {
      for (std::size_t k = i; k <= *separator; ++k) {
        Token t = pieces[k].token;
        if (k == *separator) {
          if (is_separator_word(t.text)) break;
          t.text.pop_back();
          --t.where.length;
        }
        caption.push_back(t);
      }
      // "R N R: …" is a list of marks with a stray colon, not a caption.
      const bool all_marks =
          caption.size() >= 2 && std::all_of(caption.begin(), caption.end(), [](const Token& t) {
            return is_mark_or_number(t.text) || t.text == "(" || t.text == ")";
          });
      // "relevant=15" on its own, "D1:" …: one word whose separator ends the line is data.
      if (!all_marks && *separator + 1 < end) data = *separator + 1;
      if (data == i) caption.clear();
    } else if (!separator) {
      // "the relevant set is {d2, d7}": plain words right before a bracket.
      std::size_t k = i;
      // Words, not marks: "R N [1]" is no caption, "the relevant set is {…}" is one.
      while (k < end && pieces[k].kind == PieceKind::word &&
             starts_with_letter(pieces[k].token.text) && pieces[k].token.text.size() > 1)
        ++k;
      if (k > i && k < end && pieces[k].kind == PieceKind::open && pieces[k].wrapper.empty()) {
        for (std::size_t c = i; c < k; ++c) caption.push_back(pieces[c].token);
        data = k;
      }
    }
    for (const Token& t : caption) {
      if (t.text == "(" || t.text == ")" || t.text == "[" || t.text == "]") continue;
      s.key += (s.key.empty() ? "" : " ") + text::lower(t.text);
      s.caption_text += (s.caption_text.empty() ? "" : " ") + t.text;
    }
    // The caption as typed, with its own spacing and brackets: "differences (system 1 minus 2)".
    if (!caption.empty() && caption.front().where.line == caption.back().where.line) {
      const std::string_view whole = lines.text(caption.front().where.line - first_line + 1);
      const int from = caption.front().where.column;
      const int to = caption.back().where.column + caption.back().where.length;
      s.caption_text = columns(whole, from, to);
    }
    s.caption = caption;

    if (data < end && pieces[data].kind == PieceKind::open) {
      bool nested = false;
      auto after = read_group(pieces, data, s.rows, nested);
      if (!after.ok()) return after.error();
      s.bracketed = true;
      s.form = form_of(pieces[data], nested);
      for (std::size_t k = after.value(); k < end; ++k) {
        if (pieces[k].kind == PieceKind::word) s.after.push_back(pieces[k].token);
      }
    } else {
      Row row;
      std::size_t k = data;
      for (; k < end && pieces[k].kind == PieceKind::word; ++k) row.push_back(pieces[k].token);
      s.rows.push_back(std::move(row));
      for (; k < end; ++k) {
        if (pieces[k].kind == PieceKind::word) s.after.push_back(pieces[k].token);
      }
    }
    out.printed = out.printed || s.bracketed || !s.caption.empty();
    out.statements.push_back(std::move(s));
    i = end;
  }
  return out;
}

bool key_has(const std::string& key, std::initializer_list<const char*> words) {
  std::size_t start = 0;
  while (start <= key.size()) {
    std::size_t stop = key.find_first_of(" _-.", start);
    if (stop == std::string::npos) stop = key.size();
    const std::string word = key.substr(start, stop - start);
    for (const char* w : words) {
      if (word == w) return true;
    }
    start = stop + 1;
  }
  return false;
}

std::string caption_note(const Statement& statement) {
  return "Skipped the caption '" + statement.caption_text + "' (words that name the data).";
}

std::string form_note(const Statement& statement) {
  return statement.bracketed ? statement.form : "a plain list";
}

std::vector<Token> items(const Statement& statement) {
  std::vector<Token> out;
  for (const Row& row : statement.rows) out.insert(out.end(), row.begin(), row.end());
  return out;
}

std::string bare_word(std::string_view token) {
  std::string w = text::lower(token);
  while (!w.empty() && std::string_view(".,:;!?\"'").find(w.back()) != std::string_view::npos) {
    w.pop_back();
  }
  while (!w.empty() && (w.front() == '"' || w.front() == '\'')) w.erase(0, 1);
  return w;
}

std::optional<SentenceNumber> sentence_number(std::string_view token) {
  const std::string w = bare_word(token);
  if (const auto n = text::count_word(w)) return SentenceNumber{*n, false};
  if (const auto n = text::ordinal_word(w)) return SentenceNumber{*n, true};
  return std::nullopt;
}

NumberRun number_run(const std::vector<Token>& tokens, std::size_t from) {
  NumberRun run;
  std::size_t i = from;
  while (i < tokens.size()) {
    const auto n = sentence_number(tokens[i].text);
    if (!n) break;
    run.numbers.push_back(*n);
    run.tokens.push_back(tokens[i]);
    ++i;
    run.end = i;
    // "2, 4 and 7": an "and" (or "or") continues the run only when a number follows it.
    if (i + 1 < tokens.size() && bare_word(tokens[i].text) == "and" &&
        sentence_number(tokens[i + 1].text)) {
      ++i;
    }
  }
  if (run.numbers.empty()) run.end = from;
  return run;
}

std::string skipped_words(const std::vector<Token>& tokens, const std::vector<bool>& used) {
  std::string out;
  bool open = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (used[i]) {
      if (open) out += "'";
      open = false;
      continue;
    }
    out += open ? " " : out.empty() ? "'" : ", '";
    out += tokens[i].text;
    open = true;
  }
  if (open) out += "'";
  return out;
}

text::Line as_keyed_line(const Statement& statement, const std::string& key) {
  const Span at = statement.caption.empty() ? statement.where : statement.caption.front().where;
  text::Line line{at.line, {}};
  line.tokens.push_back(Token{key + ":", Span{at.line, at.column, text::code_points(key) + 1}});
  const std::vector<Token> values = items(statement);
  line.tokens.insert(line.tokens.end(), values.begin(), values.end());
  return line;
}

bool is_truth_key(const std::string& key) {
  return key == "y_true" || key == "y" || key == "true" || key == "truth" || key == "relevance" ||
         key == "labels" || key == "grades" || key == "gains" || key == "true_relevance" ||
         key == "y_test" || key == "actual";
}

bool is_score_key(const std::string& key) {
  return key == "y_score" || key == "y_scores" || key == "score" || key == "scores" ||
         key == "y_pred" || key == "predicted" || key == "pred" || key == "scores_pred";
}

Result<ScoreOrder> rank_by_scores(const Statement& truth, const Statement& scores) {
  const std::vector<Token> t = items(truth);
  const std::vector<Token> s = items(scores);
  const Token truth_at = truth.caption.empty() ? Token{"", truth.where} : truth.caption.front();
  const Token score_at = scores.caption.empty() ? Token{"", scores.where} : scores.caption.front();
  if (t.empty() || s.empty()) {
    const Token& at = t.empty() ? truth_at : score_at;
    return text::error_at(
        ErrorCode::empty_input, at,
        "the list " + text::quoted(t.empty() ? truth.caption_text : scores.caption_text) + " at " +
            text::position(at.where) + " is empty; give one entry per document");
  }
  if (t.size() != s.size()) {
    const Token& extra = t.size() > s.size() ? t[s.size()] : s[t.size()];
    return text::error_at(ErrorCode::inconsistent_counts, extra,
                          truth.caption_text + " has " + std::to_string(t.size()) +
                              " entries but " + scores.caption_text + " has " +
                              std::to_string(s.size()) +
                              "; give one score per document. The first without a partner is " +
                              text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  std::vector<double> value(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!text::is_decimal(s[i].text)) {
      return text::error_at(ErrorCode::bad_number, s[i],
                            "found " + text::quoted(s[i].text) + " at " +
                                text::position(s[i].where) + " in " + scores.caption_text +
                                "; expected a score, a number such as 0.8, -1.5 or 2e-3");
    }
    value[i] = std::strtod(s[i].text.c_str(), nullptr);
  }
  ScoreOrder out;
  out.order.resize(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) out.order[i] = i;
  std::stable_sort(out.order.begin(), out.order.end(),
                   [&](std::size_t a, std::size_t b) { return value[a] > value[b]; });
  std::size_t tied = 0;
  out.group.assign(out.order.size(), 0);
  for (std::size_t i = 1; i < out.order.size(); ++i) {
    const bool same = value[out.order[i]] == value[out.order[i - 1]];
    if (same) ++tied;
    out.group[i] = out.group[i - 1] + (same ? 0 : 1);
  }
  out.note = "Read as: " + truth.caption_text + " ranked by " + scores.caption_text +
             ", highest score first (" + std::to_string(s.size()) + " documents).";
  if (tied > 0) {
    out.note +=
        " Tied scores keep the order typed. scikit-learn does not order ties: ndcg_score (with "
        "its default ignore_ties=False) averages the gains over each tied group, and "
        "average_precision_score gives every relevant document of a tied group the precision "
        "at the group's end, so its value can differ from this ordering's.";
  }
  return out;
}

}  // namespace irm::printed

namespace irm::printed {
namespace {

// A word of prose: letters, with hyphens or apostrophes inside ("self-fertilized", "it's"), and
// a footnote mark such as [4]_ counts as one.
bool is_prose_word(const std::string& token) {
  const std::string w = bare_word(token);
  if (w.empty()) return false;
  if (w.front() == '[' && (w.back() == ']' || w.back() == '_')) {
    const std::string inside = w.substr(1, w.find(']') == std::string::npos ? 0 : w.find(']') - 1);
    return !inside.empty() && inside.find_first_not_of("0123456789") == std::string::npos;
  }
  return std::all_of(w.begin(), w.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || c == '-' || c == '\'' || c == '(' || c == ')';
  });
}

bool ends_sentence(const std::string& token) {
  std::string t = token;
  while (!t.empty() && (t.back() == ')' || t.back() == '"' || t.back() == '\'')) t.pop_back();
  return !t.empty() && (t.back() == '.' || t.back() == ':');
}

bool starts_capital(const std::string& token) {
  return !token.empty() && token.front() >= 'A' && token.front() <= 'Z';
}

// A sentence with no list in it: enough words, no bracket, id, assignment or run of numbers.
bool is_prose(const std::vector<Token>& t) {
  std::size_t words = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::string& s = t[i].text;
    if (is_prose_word(s)) {
      ++words;
      continue;
    }
    if (s.find_first_of("[]{}=<>|\t") != std::string::npos) return false;
    const auto n = sentence_number(s);
    if (!n) return false;  // an id such as d2, a mark such as +, a decimal
    if (number_run(t, i).numbers.size() >= 2) return false;
  }
  return words >= 5 && words * 5 >= t.size() * 3;
}

}  // namespace

std::optional<std::string> call_note(const Statement& statement, const Printed& all) {
  if (!statement.bracketed || statement.caption.size() != 1 || statement.rows.size() != 1 ||
      statement.form != "parentheses (…)") {
    return std::nullopt;
  }
  bool names_a_list = false;
  std::string arguments;
  for (const Token& t : statement.rows[0]) {
    arguments += (arguments.empty() ? "" : ", ") + t.text;
    for (const Statement& other : all.statements) {
      names_a_list = names_a_list || (&other != &statement && !other.caption.empty() &&
                                      other.caption_text == t.text);
    }
  }
  if (!names_a_list) return std::nullopt;
  return "Skipped the call '" + statement.caption_text + "(" + arguments + ")' at " +
         text::position(statement.where) +
         " (it names the lists; the measure says what to compute).";
}

std::optional<Prose> skip_prose(std::string_view input, int first_line) {
  auto tokenized = text::tokenize(input, "", first_line);
  if (!tokenized.ok() || tokenized.value().empty()) return std::nullopt;
  const std::vector<Token>& all = tokenized.value();
  // Sentences: cut each line after a word ending in '.' or ':' that a capital follows. A line
  // that starts with '#' is a program's comment, one sentence whatever it holds.
  std::vector<std::vector<Token>> sentences;
  std::vector<bool> comments;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const bool line_start = i == 0 || all[i].where.line != all[i - 1].where.line;
    if (line_start ||
        (!comments.back() && ends_sentence(all[i - 1].text) && starts_capital(all[i].text))) {
      sentences.emplace_back();
      comments.push_back(line_start && all[i].text.front() == '#');
    }
    sentences.back().push_back(all[i]);
  }
  Prose out;
  std::vector<std::vector<Span>> blanks;
  std::size_t skipped_tokens = 0;
  const text::LineIndex lines(input);
  for (std::size_t index = 0; index < sentences.size(); ++index) {
    const std::vector<Token>& s = sentences[index];
    const bool comment = comments[index];
    // A row of a tab or pipe table is no sentence, whatever its words.
    const std::string_view line_of = lines.text(s.front().where.line - first_line + 1);
    if (line_of.find_first_of("\t|") != std::string_view::npos) continue;
    if (!comment && !is_prose(s)) continue;
    skipped_tokens += s.size();
    std::string words;
    for (std::size_t k = 0; k < s.size() && k < 6; ++k) words += (k ? " " : "") + s[k].text;
    if (s.size() > 6) words += " …";
    out.notes.push_back("Skipped the " + std::string(comment ? "comment" : "sentence") + " '" +
                        words + "' at " + text::position(s.front().where) +
                        (comment ? " (a program's comment, not data)." : " (no list in it)."));
    for (const Token& t : s) {
      const auto line = static_cast<std::size_t>(t.where.line - first_line);
      if (blanks.size() <= line) blanks.resize(line + 1);
      blanks[line].push_back(t.where);
    }
    // "a total of 5 relevant documents", "5 relevant documents": R.
    for (std::size_t k = 1; k < s.size() && !comment && !out.total_relevant; ++k) {
      if (bare_word(s[k].text) != "relevant") continue;
      const auto n = sentence_number(s[k - 1].text);
      if (!n || n->ordinal) continue;
      std::size_t from = k - 1;
      if (from >= 3 && bare_word(s[from - 1].text) == "of" &&
          bare_word(s[from - 2].text) == "total" && bare_word(s[from - 3].text) == "a")
        from -= 3;
      std::size_t to = k;
      if (k + 1 < s.size()) {
        const std::string next = bare_word(s[k + 1].text);
        if (next == "documents" || next == "docs" || next == "items" || next == "results")
          to = k + 1;
      }
      std::string phrase;
      for (std::size_t j = from; j <= to; ++j) {
        phrase += (j > from ? " " : "") + (j == to ? bare_word(s[j].text) : s[j].text);
      }
      out.total_relevant = n->value;
      out.total_relevant_at = s[k - 1];
      out.total_relevant_words = phrase;
    }
  }
  if (out.notes.empty() || skipped_tokens == all.size()) return std::nullopt;
  // The input with the sentences' columns replaced by spaces.
  std::size_t start = 0;
  std::size_t line = 0;
  while (start <= input.size()) {
    std::size_t stop = input.find('\n', start);
    if (stop == std::string_view::npos) stop = input.size();
    const std::string_view text = input.substr(start, stop - start);
    int column = 1;
    for (std::size_t i = 0; i < text.size(); ++column) {
      const std::size_t length = text::character_length(text, i);
      bool blank = false;
      if (line < blanks.size()) {
        for (const Span& b : blanks[line]) {
          blank = blank || (column >= b.column && column < b.column + b.length);
        }
      }
      if (blank) {
        out.text += ' ';
      } else {
        out.text.append(text.substr(i, length));
      }
      i += length;
    }
    if (stop == input.size()) break;
    out.text += '\n';
    start = stop + 1;
    ++line;
  }
  return out;
}

}  // namespace irm::printed
