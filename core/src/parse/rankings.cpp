// The two-rankings parser for Kendall's tau: keyed lines (x: … y: …, optional items: …), two
// orders of item names, two plain lines, or columns (x y, or name x y, one item per line).
// Values are kept exact, so "0.1" and "0.10" tie.
//
// The two-lists parser for rank-biased overlap (parse_two_lists, at the end): two ranked lists of
// item names, keyed or plain lines or captioned lists, of any lengths and items.

#include <map>
#include <optional>

#include "irm/correlation.h"
#include "lines.h"
#include "printed.h"
#include "text.h"

namespace irm {
namespace {

using text::KeyedLine;
using text::Line;
using text::Token;

enum class Role { none, x, y, items };

Role role_of(const std::string& key) {
  for (const char* k : {"x", "r", "a", "ranking1", "ranking_1", "rank1", "first", "system1"}) {
    if (key == k) return Role::x;
  }
  for (const char* k : {"y", "s", "b", "ranking2", "ranking_2", "rank2", "second", "system2"}) {
    if (key == k) return Role::y;
  }
  for (const char* k : {"items", "item", "names", "docs", "documents", "d"}) {
    if (key == k) return Role::items;
  }
  return Role::none;
}

std::string count_text(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The exact value of a decimal in text::is_decimal's grammar ("3", "-1.5", ".25", "+0.80",
// "2e-3"). Only the order of the values matters, so digits past the 18th significant one, or past
// the 18th decimal place, are dropped (`cut`), which keeps the value an exact 64-bit Fraction.
// `too_large`: beyond 10^18 or below 10^-18.
struct Value {
  Fraction f;
  bool cut = false;
  bool too_large = false;
};
std::optional<Value> read_rank_value(const std::string& t) {
  if (!text::is_decimal(t)) return std::nullopt;
  std::size_t i = 0;
  bool negative = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative = t[i++] == '-';
  std::int64_t digits = 0;
  int significant = 0;
  int power = 0;  // the value is digits · 10^power
  bool point = false;
  Value out;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '.' && !point) {
      point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (significant == 0 && c == '0') {
      if (point) --power;
      continue;
    }
    if (significant < 18) {
      digits = digits * 10 + (c - '0');
      ++significant;
      if (point) --power;
    } else {
      out.cut = out.cut || c != '0';  // dropping a trailing zero loses nothing
      if (!point) ++power;
    }
  }
  if (digits == 0) {  // 0, 0.00, 0e99: zero whatever the exponent
    out.f = Fraction{0, 1};
    return out;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool negative_exponent = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative_exponent = t[i++] == '-';
    const auto exponent = text::parse_whole(std::string_view(t).substr(i), 9999);
    if (!exponent) {  // an exponent of 10^4 or more is past any 64-bit fraction
      out.too_large = true;
      return out;
    }
    power += negative_exponent ? -static_cast<int>(*exponent) : static_cast<int>(*exponent);
  }
  std::int64_t den = 1;
  for (; power > 0; --power) {
    if (digits > 900'000'000'000'000'000 / 10) {
      out.too_large = true;
      return out;
    }
    digits *= 10;
  }
  for (; power < 0; ++power) {
    if (den < 1'000'000'000'000'000'000) {
      den *= 10;
    } else {
      // A denominator past 10^18: drop the last significant digit instead (0.0026272101995812314).
      digits /= 10;
      out.cut = true;
      if (digits == 0) {
        out.too_large = true;
        return out;
      }
    }
  }
  out.f = *make_fraction(negative ? -digits : digits, den);
  return out;
}

// One line of values (or of item names, for an order), with the name it goes by in messages.
struct Values {
  std::string name;  // "x:" as typed, "line 1", "the x column"
  Token key;         // where to point when the line is empty or too short
  std::vector<Token> tokens;
};

InputError at(ErrorCode code, const Token& t, std::string message) {
  return text::error_at(code, t, std::move(message));
}

// Builds the rankings from two lines of values and the optional item names.
Result<TwoRankings> build_rankings(const Values& x, const Values& y,
                                   const std::optional<Values>& items, TwoRankings out) {
  for (const Values* v : {&x, &y}) {
    if (v->tokens.empty()) {
      return at(ErrorCode::empty_input, v->key,
                "the " + v->name + " line at " + text::position(v->key.where) +
                    " is empty; list one value per item (a score or a rank)");
    }
  }
  const std::size_t n = x.tokens.size();
  const std::size_t m = y.tokens.size();
  if (n != m) {
    const Values& longer = n > m ? x : y;
    const Token& extra = longer.tokens[std::min(n, m)];
    return at(ErrorCode::inconsistent_counts, extra,
              x.name + " has " + count_text(n, "value", "values") + " (line " +
                  std::to_string(x.key.where.line) + ") but " + y.name + " has " +
                  std::to_string(m) + " (line " + std::to_string(y.key.where.line) +
                  "); give one value per item in each. The first without a partner is " +
                  text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  if (n < 2) {
    return at(ErrorCode::bad_token, x.tokens[0],
              x.name + " and " + y.name +
                  " have 1 value each; a rank correlation compares pairs of "
                  "items, so it needs at least 2 items");
  }
  // Numbers (scores or ranks), or names (each line an order of the same items).
  const bool numeric = text::looks_numeric(x.tokens[0].text);
  for (const Values* v : {&x, &y}) {
    for (const Token& t : v->tokens) {
      if (text::looks_numeric(t.text) != numeric) {
        return at(ErrorCode::bad_token, t,
                  "found " + text::quoted(t.text) + " in " + v->name + " at " +
                      text::position(t.where) + (numeric ? " among numbers" : " among names") +
                      "; give both lines as numbers (scores or ranks, one per item) or both as "
                      "orders (the item names from rank 1 down)");
      }
    }
  }
  if (numeric) {
    bool cut = false;
    for (const Values* v : {&x, &y}) {
      for (const Token& t : v->tokens) {
        const auto value = read_rank_value(t.text);
        if (!value) {
          return at(ErrorCode::bad_number, t,
                    "found " + text::quoted(t.text) + " in " + v->name + " at " +
                        text::position(t.where) +
                        "; expected a number such as 3, 0.25 or -1.5 (a score or a rank)");
        }
        if (value->too_large) {
          return at(ErrorCode::out_of_range, t,
                    "found " + text::quoted(t.text) + " in " + v->name + " at " +
                        text::position(t.where) +
                        "; values must lie between 10^-18 and 10^18 in size (only their order "
                        "matters, so scale them)");
        }
        cut = cut || value->cut;
        (v == &x ? out.x : out.y).push_back(value->f);
        (v == &x ? out.x_text : out.y_text).push_back(t.text);
      }
    }
    if (cut) {
      out.reading.push_back(
          "Some values have more digits than an exact 64-bit fraction holds (18 significant "
          "digits, 18 decimal places); the extra digits are dropped before comparing.");
    }
    if (items) {
      if (items->tokens.size() != n) {
        const Token& t = items->tokens.size() > n ? items->tokens[n] : items->key;
        return at(ErrorCode::inconsistent_counts, t,
                  items->name + " names " + count_text(items->tokens.size(), "item", "items") +
                      " (line " + std::to_string(items->key.where.line) + ") but " + x.name +
                      " and " + y.name + " have " + std::to_string(n) +
                      " values; give one name per item");
      }
      std::map<std::string, Span> seen;
      for (const Token& t : items->tokens) {
        const auto [it, inserted] = seen.emplace(t.text, t.where);
        if (!inserted) {
          return at(ErrorCode::bad_token, t,
                    "item " + text::quoted(t.text) + " is named twice in " + items->name + ", at " +
                        text::position(it->second) + " and at " + text::position(t.where) +
                        "; give each item its own name");
        }
        out.items.push_back(t.text);
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) out.items.push_back(std::to_string(i + 1));
    }
    out.reading.push_back("Read " + count_text(n, "item", "items") + ": " + out.x_name + " and " +
                          out.y_name +
                          " give each item's score or rank, both lines of the same kind (both "
                          "ranks or both scores); τ, τ_AP and ρ use only the order within each "
                          "line, Pearson's r the values themselves.");
    return out;
  }
  // Two orders: positions are ranks.
  if (items) {
    return at(ErrorCode::bad_token, items->key,
              items->name + " at " + text::position(items->key.where) +
                  " is not needed: " + x.name + " and " + y.name +
                  " already list the items in order; remove it or give numbers in " + x.name +
                  " and " + y.name);
  }
  std::map<std::string, std::size_t> position_in_x;
  for (std::size_t i = 0; i < n; ++i) {
    const Token& t = x.tokens[i];
    const auto [it, inserted] = position_in_x.emplace(t.text, i);
    if (!inserted) {
      return at(ErrorCode::bad_token, t,
                "item " + text::quoted(t.text) + " is listed twice in " + x.name + ", at " +
                    text::position(x.tokens[it->second].where) + " and at " +
                    text::position(t.where) + "; an order lists each item once");
    }
    out.items.push_back(t.text);
    out.x.push_back(Fraction{static_cast<std::int64_t>(i + 1), 1});
    out.x_text.push_back(std::to_string(i + 1));
  }
  out.y.assign(n, Fraction{0, 1});
  out.y_text.assign(n, "");
  std::map<std::string, std::size_t> position_in_y;
  for (std::size_t i = 0; i < n; ++i) {
    const Token& t = y.tokens[i];
    const auto in_x = position_in_x.find(t.text);
    if (in_x == position_in_x.end()) {
      return at(ErrorCode::bad_token, t,
                "item " + text::quoted(t.text) + " in " + y.name + " at " +
                    text::position(t.where) + " is not in " + x.name + " (line " +
                    std::to_string(x.key.where.line) + "); both orders must list the same items");
    }
    const auto [it, inserted] = position_in_y.emplace(t.text, i);
    if (!inserted) {
      return at(ErrorCode::bad_token, t,
                "item " + text::quoted(t.text) + " is listed twice in " + y.name + ", at " +
                    text::position(y.tokens[it->second].where) + " and at " +
                    text::position(t.where) + "; an order lists each item once");
    }
    out.y[in_x->second] = Fraction{static_cast<std::int64_t>(i + 1), 1};
    out.y_text[in_x->second] = std::to_string(i + 1);
  }
  out.from_orders = true;
  out.reading.push_back("Read two orders of " + count_text(n, "item", "items") +
                        ", each from rank 1 down; an item's rank is its position in " + out.x_name +
                        " and in " + out.y_name + ".");
  return out;
}

Result<TwoRankings> keyed_layout(const std::vector<Line>& lines) {
  std::map<Role, KeyedLine> given;
  for (const Line& line : lines) {
    const auto keyed = text::keyed_line(line);
    const Role role = keyed ? role_of(keyed->key) : Role::none;
    if (role == Role::none) {
      const Token& t = keyed ? keyed->key_token : line.tokens[0];
      return at(ErrorCode::bad_token, t,
                "found " + text::quoted(keyed ? t.text + keyed->separator : t.text) + " at " +
                    text::position(t.where) + "; expected a line starting x:, y: or items:");
    }
    const auto [it, inserted] = given.emplace(role, *keyed);
    if (!inserted) {
      return at(ErrorCode::bad_token, keyed->key_token,
                "a second " + keyed->key_token.text + ": line at " +
                    text::position(keyed->key_token.where) + "; the first is on line " +
                    std::to_string(it->second.key_token.where.line) + ". Give it once");
    }
  }
  if (!given.count(Role::x) || !given.count(Role::y)) {
    const KeyedLine& other = given.count(Role::x)   ? given[Role::x]
                             : given.count(Role::y) ? given[Role::y]
                                                    : given[Role::items];
    return at(ErrorCode::bad_token, other.key_token,
              "found " + other.key_token.text + ": at " + text::position(other.key_token.where) +
                  " but no " + (given.count(Role::x) ? "y:" : "x:") +
                  " line; give two rankings of the same items, one value per item, as in "
                  "x: 1 2 3 and y: 2 1 3");
  }
  const auto values = [&](Role role) {
    const KeyedLine& k = given[role];
    return Values{k.key_token.text + ":", k.key_token, k.values};
  };
  TwoRankings out;
  out.x_name = given[Role::x].key_token.text;
  out.y_name = given[Role::y].key_token.text;
  std::optional<Values> items;
  if (given.count(Role::items)) items = values(Role::items);
  return build_rankings(values(Role::x), values(Role::y), items, out);
}

// One item per line: "x y" or "name x y", after an optional header line "doc x y".
Result<TwoRankings> column_layout(const std::vector<Line>& lines) {
  std::size_t first = 0;
  TwoRankings out;
  const auto numeric_count = [](const Line& line) {
    std::size_t count = 0;
    for (const Token& t : line.tokens) count += text::looks_numeric(t.text) ? 1 : 0;
    return count;
  };
  if (numeric_count(lines[0]) == 0 &&
      (lines[0].tokens.size() == 2 || lines[0].tokens.size() == 3)) {
    const auto& t = lines[0].tokens;
    out.x_name = t[t.size() - 2].text;
    out.y_name = t[t.size() - 1].text;
    first = 1;
  }
  const bool named = lines[first].tokens.size() == 3;
  Values x{"the " + out.x_name + " column", lines[first].tokens[0], {}};
  Values y{"the " + out.y_name + " column", lines[first].tokens[0], {}};
  Values names{"the names column", lines[first].tokens[0], {}};
  for (std::size_t i = first; i < lines.size(); ++i) {
    const auto& t = lines[i].tokens;
    const bool ok = named ? t.size() == 3 && !text::looks_numeric(t[0].text) : t.size() == 2;
    if (!ok) {
      const Token& where = t.size() > (named ? 3u : 2u) ? t[named ? 3 : 2] : t.back();
      return at(ErrorCode::bad_token, where,
                "line " + std::to_string(lines[i].number) + " has " +
                    count_text(t.size(), "entry", "entries") + "; in columns each line holds " +
                    (named ? "an item name, its x and its y, as line " +
                                 std::to_string(lines[first].number) + " does"
                           : "an item's x and y, as line " + std::to_string(lines[first].number) +
                                 " does"));
    }
    if (named) names.tokens.push_back(t[0]);
    x.tokens.push_back(t[named ? 1 : 0]);
    y.tokens.push_back(t[named ? 2 : 1]);
  }
  auto result = build_rankings(x, y, named ? std::optional<Values>(names) : std::nullopt, out);
  if (result.ok()) {
    result.value().reading.insert(
        result.value().reading.begin(),
        "Read one item per line: " + std::string(named ? "its name, then " : "") + "its " +
            out.x_name + " and its " + out.y_name + ".");
  }
  return result;
}

// Two lists as a program prints them, under captions that are not x and y (scipy's
// kendalltau example: x1 = [12, 2, 1, 12, 2], x2 = [1, 4, 7, 1, 0]): the first is x, the second
// y. Empty when the text is not two captioned lists.
std::optional<Result<TwoRankings>> two_captioned(std::string_view input) {
  const auto p = printed::read_printed(input);
  if (!p.ok() || p.value().statements.size() != 2) return std::nullopt;
  const printed::Statement& first = p.value().statements[0];
  const printed::Statement& second = p.value().statements[1];
  for (const printed::Statement* s : {&first, &second}) {
    if (s->caption.empty() || !s->bracketed || s->rows.size() != 1 || !s->after.empty()) {
      return std::nullopt;
    }
  }
  if (role_of(first.key) != Role::none && role_of(second.key) != Role::none) return std::nullopt;
  TwoRankings out;
  out.x_name = first.caption_text;
  out.y_name = second.caption_text;
  const Values x{first.caption_text, first.caption.front(), printed::items(first)};
  const Values y{second.caption_text, second.caption.front(), printed::items(second)};
  auto result = build_rankings(x, y, std::nullopt, out);
  if (result.ok()) {
    result.value().reading.insert(result.value().reading.begin(),
                                  "Read " + first.caption_text + " (" + first.form + ") as x and " +
                                      second.caption_text +
                                      " as y, in the order given (caption "
                                      "them x = and y = to say so).");
  }
  return result;
}

// --- two ranked lists (rank-biased overlap) ---------------------------------------------------

// The most items a list may hold: the per-depth table has a row per depth.
constexpr std::size_t max_list_items = 10'000;

// Builds the two lists from two lines of item names.
Result<TwoLists> build_lists(const Values& x, const Values& y, TwoLists out) {
  for (const Values* v : {&x, &y}) {
    if (v->tokens.empty()) {
      return at(ErrorCode::empty_input, v->key,
                "the " + v->name + " line at " + text::position(v->key.where) +
                    " is empty; list its items from rank 1 down, as in x: d3 d1 d2");
    }
    if (v->tokens.size() > max_list_items) {
      const Token& t = v->tokens[max_list_items];
      return at(ErrorCode::out_of_range, t,
                v->name + " lists " + std::to_string(v->tokens.size()) +
                    " items; this calculator takes up to " + std::to_string(max_list_items) +
                    " per list (the one past them is at " + text::position(t.where) + ")");
    }
    std::map<std::string, Span> seen;
    bool numeric = true;
    std::vector<std::string>& items = v == &x ? out.x : out.y;
    // Tie groups, written as Corsi and Urbano write them: (d1 d2) holds d1 and d2 tied, at the
    // ranks they take together. Each item's top and bottom rank (0-based) are kept.
    std::vector<std::int64_t> top;
    std::vector<std::int64_t> bottom;
    bool tied = false;
    const Token* open = nullptr;  // the token that opened the group being read
    std::size_t group_start = 0;
    for (const Token& t : v->tokens) {
      std::string item = t.text;
      const bool opens = !item.empty() && item.front() == '(';
      if (opens) item.erase(0, 1);
      const bool closes = !item.empty() && item.back() == ')';
      if (closes) item.pop_back();
      if (item.find_first_of("(){}") != std::string::npos) {
        return at(ErrorCode::bad_token, t,
                  "found " + text::quoted(t.text) + " in " + v->name + " at " +
                      text::position(t.where) +
                      "; tied items are written in parentheses, (d1 d2), one group at a time, "
                      "not nested");
      }
      if (opens) {
        if (open != nullptr) {
          return at(ErrorCode::bad_token, t,
                    "found " + text::quoted(t.text) + " in " + v->name + " at " +
                        text::position(t.where) + " inside the tie opened at " +
                        text::position(open->where) + "; close it with ) first: (d1 d2) d3");
        }
        open = &t;
        group_start = items.size();
      }
      if (!item.empty()) {
        const auto [it, inserted] = seen.emplace(item, t.where);
        if (!inserted) {
          return at(ErrorCode::bad_token, t,
                    "item " + text::quoted(item) + " is listed twice in " + v->name + ", at " +
                        text::position(it->second) + " and at " + text::position(t.where) +
                        "; a ranked list holds each item once");
        }
        numeric = numeric && text::looks_numeric(item);
        const auto rank = static_cast<std::int64_t>(items.size());
        items.push_back(item);
        top.push_back(rank);
        bottom.push_back(rank);
      }
      if (closes) {
        if (open == nullptr) {
          return at(ErrorCode::bad_token, t,
                    "found " + text::quoted(t.text) + " in " + v->name + " at " +
                        text::position(t.where) +
                        ", a ) with no ( before it; tied items are written (d1 d2)");
        }
        if (items.size() == group_start) {
          return at(ErrorCode::bad_token, *open,
                    "the parentheses at " + text::position(open->where) + " in " + v->name +
                        " hold no item; write the tied items inside them, as in (d1 d2)");
        }
        const auto first = static_cast<std::int64_t>(group_start);
        const auto last = static_cast<std::int64_t>(items.size()) - 1;
        for (std::size_t k = group_start; k < items.size(); ++k) {
          top[k] = first;
          bottom[k] = last;
        }
        tied = tied || last > first;
        open = nullptr;
      }
    }
    if (open != nullptr) {
      return at(ErrorCode::bad_token, *open,
                "the tie opened at " + text::position(open->where) + " in " + v->name +
                    " is not closed; end it with ), as in (d1 d2)");
    }
    if (tied) {
      (v == &x ? out.x_top : out.y_top) = std::move(top);
      (v == &x ? out.x_bottom : out.y_bottom) = std::move(bottom);
    }
    if (numeric && v == &y && text::looks_numeric(x.tokens[0].text)) {
      bool x_numeric = true;
      for (const Token& t : x.tokens) x_numeric = x_numeric && text::looks_numeric(t.text);
      if (x_numeric) {
        out.reading.push_back(
            "Every entry is a number: each is read as an item's name (a document id), and each "
            "line as the items from rank 1 down, not as scores or ranks of items in a fixed "
            "order.");
      }
    }
  }
  std::size_t shared = 0;
  {
    std::map<std::string, std::size_t> in_x;
    for (std::size_t i = 0; i < out.x.size(); ++i) in_x.emplace(out.x[i], i);
    for (const std::string& item : out.y) shared += in_x.count(item);
  }
  out.reading.insert(out.reading.begin(),
                     "Read two ranked lists, each from rank 1 down: " + out.x_name + " with " +
                         count_text(out.x.size(), "item", "items") + ", " + out.y_name + " with " +
                         count_text(out.y.size(), "item", "items") + "; " + std::to_string(shared) +
                         " of them in both.");
  return out;
}

Result<TwoLists> keyed_lists(const std::vector<Line>& lines) {
  std::map<Role, KeyedLine> given;
  for (const Line& line : lines) {
    const auto keyed = text::keyed_line(line);
    const Role role = keyed ? role_of(keyed->key) : Role::none;
    if (role == Role::none || role == Role::items) {
      const Token& t = keyed ? keyed->key_token : line.tokens[0];
      return at(ErrorCode::bad_token, t,
                "found " + text::quoted(keyed ? t.text + keyed->separator : t.text) + " at " +
                    text::position(t.where) + "; expected a line starting x: or y:" +
                    (role == Role::items ? " (the lists name their items themselves)" : ""));
    }
    const auto [it, inserted] = given.emplace(role, *keyed);
    if (!inserted) {
      return at(ErrorCode::bad_token, keyed->key_token,
                "a second " + keyed->key_token.text + ": line at " +
                    text::position(keyed->key_token.where) + "; the first is on line " +
                    std::to_string(it->second.key_token.where.line) + ". Give it once");
    }
  }
  if (!given.count(Role::x) || !given.count(Role::y)) {
    const KeyedLine& other = given.count(Role::x) ? given[Role::x] : given[Role::y];
    return at(ErrorCode::bad_token, other.key_token,
              "found " + other.key_token.text + ": at " + text::position(other.key_token.where) +
                  " but no " + (given.count(Role::x) ? "y:" : "x:") +
                  " line; give two ranked lists, as in x: d3 d1 d2 and y: d1 d4 d3");
  }
  const auto values = [&](Role role) {
    const KeyedLine& k = given[role];
    return Values{k.key_token.text + ":", k.key_token, k.values};
  };
  TwoLists out;
  out.x_name = given[Role::x].key_token.text;
  out.y_name = given[Role::y].key_token.text;
  return build_lists(values(Role::x), values(Role::y), out);
}

// Two lists as a program prints them, under captions that are not x and y: the first is x.
std::optional<Result<TwoLists>> two_captioned_lists(std::string_view input) {
  const auto p = printed::read_printed(input);
  if (!p.ok() || p.value().statements.size() != 2) return std::nullopt;
  const printed::Statement& first = p.value().statements[0];
  const printed::Statement& second = p.value().statements[1];
  for (const printed::Statement* s : {&first, &second}) {
    if (s->caption.empty() || !s->bracketed || s->rows.size() != 1 || !s->after.empty()) {
      return std::nullopt;
    }
  }
  if (role_of(first.key) != Role::none && role_of(second.key) != Role::none) return std::nullopt;
  TwoLists out;
  out.x_name = first.caption_text;
  out.y_name = second.caption_text;
  const Values x{first.caption_text, first.caption.front(), printed::items(first)};
  const Values y{second.caption_text, second.caption.front(), printed::items(second)};
  auto result = build_lists(x, y, out);
  if (result.ok()) {
    result.value().reading.push_back("Read " + first.caption_text + " as x and " +
                                     second.caption_text + " as y, in the order given.");
  }
  return result;
}

}  // namespace

Result<TwoRankings> parse_two_rankings(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input,
                      "the input is empty; give two rankings of the same items, one value per "
                      "item, as two lines x: 1 2 3 4 and y: 2 1 4 3",
                      Span{}};
  }
  if (auto captioned = two_captioned(input)) return std::move(*captioned);
  const std::vector<Line> lines = text::group_lines(tokenized.value());
  if (text::keyed_line(lines[0])) return keyed_layout(lines);
  for (const Line& line : lines) {
    if (text::keyed_line(line)) {
      const Token& t = line.tokens[0];
      return at(ErrorCode::bad_token, t,
                "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                    " after lines without a key; start every line with x:, y: or items:, or none");
    }
  }
  if (lines.size() == 1) {
    const Token& t = lines[0].tokens[0];
    return at(ErrorCode::bad_token, t,
              "found one line at " + text::position(t.where) +
                  "; give two rankings of the same items, as two lines x: 1 2 3 and y: 2 1 3");
  }
  if (lines.size() == 2) {
    TwoRankings out;
    const Values x{"line " + std::to_string(lines[0].number), lines[0].tokens[0], lines[0].tokens};
    const Values y{"line " + std::to_string(lines[1].number), lines[1].tokens[0], lines[1].tokens};
    auto result = build_rankings(x, y, std::nullopt, out);
    if (result.ok()) {
      result.value().reading.insert(result.value().reading.begin(),
                                    "Read line " + std::to_string(lines[0].number) +
                                        " as x and line " + std::to_string(lines[1].number) +
                                        " as y (start them with x: and y: to say so).");
    }
    return result;
  }
  return column_layout(lines);
}

Result<TwoLists> parse_two_lists(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input,
                      "the input is empty; give two ranked lists of items, each from rank 1 down, "
                      "as two lines x: d3 d1 d2 d7 and y: d1 d4 d3",
                      Span{}};
  }
  if (auto captioned = two_captioned_lists(input)) return std::move(*captioned);
  const std::vector<Line> lines = text::group_lines(tokenized.value());
  if (text::keyed_line(lines[0])) return keyed_lists(lines);
  for (const Line& line : lines) {
    if (text::keyed_line(line)) {
      const Token& t = line.tokens[0];
      return at(ErrorCode::bad_token, t,
                "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                    " after lines without a key; start both lines with x: and y:, or neither");
    }
  }
  if (lines.size() != 2) {
    const Token& t = lines.size() == 1 ? lines[0].tokens[0] : lines[2].tokens[0];
    return at(ErrorCode::bad_token, t,
              "found " + count_text(lines.size(), "line", "lines") + " (the " +
                  (lines.size() == 1 ? "only one" : "third") + " at " + text::position(t.where) +
                  "); give two ranked lists, one a line, as in x: d3 d1 d2 and y: d1 d4 d3");
  }
  TwoLists out;
  const Values x{"line " + std::to_string(lines[0].number), lines[0].tokens[0], lines[0].tokens};
  const Values y{"line " + std::to_string(lines[1].number), lines[1].tokens[0], lines[1].tokens};
  auto result = build_lists(x, y, out);
  if (result.ok()) {
    result.value().reading.push_back("Read line " + std::to_string(lines[0].number) +
                                     " as x and line " + std::to_string(lines[1].number) +
                                     " as y (start them with x: and y: to say so).");
  }
  return result;
}

}  // namespace irm
