// SPDX-License-Identifier: BSL-1.0
// bankcheck-explore: draws the bank map of a warp's shared-memory access, in the terminal or as
// SVG, and sweeps paddings. Run it with --help for every option.
#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/exchange.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/print.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <bankcheck/tile.hpp>

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bc = bankcheck;

namespace {

// A bad argument: main prints it with the usage and exits 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A rule of the model that the access breaks at one padding: a bad argument too, but --sweep-pad
// shows the rule in that padding's row and goes on.
struct rule_error : usage_error {
  bc::errc rule;
  rule_error(const std::string& context, bc::errc r) : usage_error(context + bc::to_string(r)), rule(r) {}
};

// Each type's size and alignment, as CUDA's. The three-element vectors are exchange items only: an
// access moves 1, 2, 4, 8 or 16 bytes, and an exchange moves their items in pieces of their
// alignment.
struct element_type {
  const char* name;
  int bytes;
  int align;
};
constexpr element_type element_types[] = {
    {"char", 1, 1},    {"int8", 1, 1},    {"uint8", 1, 1},    {"half", 2, 2},     {"bf16", 2, 2},
    {"short", 2, 2},   {"float", 4, 4},   {"int", 4, 4},      {"unsigned", 4, 4}, {"half2", 4, 4},
    {"double", 8, 8},  {"float2", 8, 8},  {"int2", 8, 8},     {"long", 8, 8},     {"float4", 16, 16},
    {"int4", 16, 16},  {"double2", 16, 16}, {"float3", 12, 4}, {"int3", 12, 4},   {"double3", 24, 8}};

std::string type_names() {
  std::string s;
  for (const element_type& t : element_types) s += (s.empty() ? "" : ", ") + std::string(t.name);
  return s;
}

const element_type& type_named(const std::string& name) {
  for (const element_type& t : element_types)
    if (name == t.name) return t;
  throw usage_error("--type " + name + ": not a known type (one of " + type_names() + ")");
}

bc::architecture parse_arch(const std::string& name) {
  if (name == "nvidia") return bc::arch::nvidia;
  if (name == "gfx942") return bc::arch::gfx942;
  if (name == "gfx950") return bc::arch::gfx950;
  if (name == "rdna3") return bc::arch::rdna3;
  if (name == "rdna4") return bc::arch::rdna4;
  throw usage_error("--arch " + name + ": not a known architecture (nvidia, gfx942, gfx950, rdna3, rdna4)");
}

// text with each byte outside printable ASCII written \xHH: what the program says quotes its
// arguments and files, whose control bytes (line breaks too) would otherwise reach the terminal.
std::string printable(const std::string& what) {
  std::string text;
  for (const char c : what) {
    if (c >= ' ' && c <= '~') {
      text += c;
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      text += escaped;
    }
  }
  return text;
}

// text as a whole number in [lo, hi], or nothing: decimal digits, '-' before them for a negative
// one; no space, no '+', no "-0".
std::optional<int> whole_number(const std::string& text, int lo, int hi) {
  const std::size_t digits = !text.empty() && text[0] == '-' ? 1 : 0;
  if (text.size() <= digits || !std::isdigit(static_cast<unsigned char>(text[digits]))) return std::nullopt;
  std::size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(text, &used, 10);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || n < lo || n > hi || (digits == 1 && n == 0)) return std::nullopt;
  return static_cast<int>(n);
}

// text as an unsigned number of 64 bits or fewer, or nothing: decimal digits, or hexadecimal
// after 0x. Not C's octal, where 010 would be 8: 010 is 10. (--lanes and index:EXPR's numbers.)
std::optional<unsigned long long> plain_number(const std::string& text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  if (digits.empty() || !(hex ? std::isxdigit(static_cast<unsigned char>(digits[0]))
                              : std::isdigit(static_cast<unsigned char>(digits[0]))))
    return std::nullopt;
  std::size_t used = 0;
  unsigned long long v = 0;
  try {
    v = std::stoull(digits, &used, hex ? 16 : 10);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != digits.size()) return std::nullopt;
  return v;
}

// Whether text is a number as plain_number reads them, but of more than 64 bits.
bool wide_number(const std::string& text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  const auto digit = [hex](char c) {
    return hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : std::isdigit(static_cast<unsigned char>(c)) != 0;
  };
  return !digits.empty() && std::all_of(digits.begin(), digits.end(), digit) && !plain_number(text);
}

// The whole-number options' text, read as whole_number reads it. CLI11 alone reads an int as C
// does, where 010 is eight and 0x1f thirty-one, as no other number of the program is. An empty
// value is left to the check that says so.
CLI::Validator decimal_int() {
  return CLI::Validator(
      [](std::string& text) {
        if (text.empty()) return std::string();
        const std::optional<int> n = whole_number(text, INT_MIN, INT_MAX);
        if (!n) return text + ": not a whole number in decimal digits that fits in an int (010 is ten)";
        text = std::to_string(*n);
        return std::string();
      },
      "");
}

// "1 item", "8 items"; "1 warp-access", "2 warp-accesses".
std::string counted(long long n, const std::string& thing, const std::string& things) {
  return std::to_string(n) + " " + (n == 1 ? thing : things);
}
std::string counted(long long n, const std::string& thing) { return counted(n, thing, thing + "s"); }

// "name:N" -> N, for a whole number in [lo, hi].
int parse_suffix(const std::string& arg, const std::string& option, std::size_t colon, int lo, int hi) {
  const std::optional<int> n = whole_number(arg.substr(colon + 1), lo, hi);
  if (!n)
    throw usage_error(option + " " + arg + ": the number after ':' must be a whole number from " + std::to_string(lo) +
                      " to " + std::to_string(hi));
  return *n;
}

// --arch-file FILE: an architecture described as data, as the library's `architecture` holds it.
// One setting a line ('#' starts a comment):
//   name NAME | banks N | bank_bytes N | warp_size N | merge_loads yes|no | matrix_ops yes|no
//   load|store|merged_load WIDTHS blocks S         phases of S consecutive lanes (blocks(warp, S))
//   load|store|merged_load WIDTHS phases P1 P2 ... up to 8 phases, each lanes as 0-3,20-23
// WIDTHS: bytes a lane, a comma list of 1, 2, 4, 8 and 16, or all. banks, bank_bytes and
// warp_size must be given (a forgotten one would be NVIDIA's, silently); merge_loads and
// matrix_ops are no unless given. Each table is given once; the library's check() then says
// whether the whole is an architecture.
// A message quotes the file's words: bytes outside printable ASCII are written \xHH (a NUL byte
// would end the message, and control bytes would reach the terminal).
usage_error arch_file_error(const std::string& path, int line, const std::string& what) {
  return usage_error("--arch-file " + path + ", line " + std::to_string(line) + ": " + printable(what));
}
bc::architecture read_arch_file(const std::string& path) {
  // A regular file of at most 64 KiB (a description takes a few hundred bytes): not a directory,
  // a device or a pipe, which would read as empty or never end.
  constexpr std::uintmax_t max_bytes = std::uintmax_t{64} * 1024;
  std::error_code error;
  const bool regular = std::filesystem::is_regular_file(path, error);
  if (!regular || std::filesystem::file_size(path, error) > max_bytes || error)
    throw usage_error("--arch-file " + path + ": " +
                      (error ? "cannot read the file (" + error.message() + ")"
                       : !regular ? std::string("not a regular file")
                                  : "larger than " + std::to_string(max_bytes / 1024) + " KiB: not an architecture description"));
  std::ifstream in(path);
  if (!in) throw usage_error("--arch-file " + path + ": cannot read the file (" + std::strerror(errno) + ")");
  static std::string name = "custom";  // architecture::name points here, for the program's life
  bc::architecture a{};
  bool given[3][5] = {};
  std::vector<std::pair<std::string, int>> settings;  // each setting given, and its line
  std::vector<std::pair<int, std::vector<std::string>>> tables;  // line number, words: read once the scalars are
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto bad = [&](const std::string& what) { return arch_file_error(path, number, what); };
    if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 byte order mark
    std::istringstream words(line.substr(0, line.find('#')));
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    if (w[0] == "load" || w[0] == "store" || w[0] == "merged_load") {
      tables.emplace_back(number, w);
      continue;
    }
    static const char* const scalars[] = {"name", "banks", "bank_bytes", "warp_size", "merge_loads", "matrix_ops"};
    if (std::find(std::begin(scalars), std::end(scalars), w[0]) == std::end(scalars))
      throw bad("'" + w[0] + "' is not a setting (name, banks, bank_bytes, warp_size, merge_loads, matrix_ops, "
                "load, store, merged_load; lower case)");
    if (w.size() != 2) throw bad("'" + w[0] + "' takes one value");
    for (const auto& [setting, at] : settings)
      if (setting == w[0]) throw bad(w[0] + " is given twice (first on line " + std::to_string(at) + ")");
    settings.emplace_back(w[0], number);
    if (w[0] == "name") {
      for (const char c : w[1])
        if (c < '!' || c > '~') throw bad("name " + w[1] + ": printable ASCII characters only");
      name = w[1];
    } else if (w[0] == "bank_bytes") {
      const std::optional<int> n = whole_number(w[1], 1, 16);
      if (!n || (*n & (*n - 1)) != 0) throw bad("bank_bytes " + w[1] + ": 1, 2, 4, 8 or 16");
      a.bank_bytes = *n;
    } else if (w[0] == "banks" || w[0] == "warp_size") {
      const std::optional<int> n = whole_number(w[1], 1, 64);
      if (!n) throw bad(w[0] + " " + w[1] + ": not a whole number from 1 to 64");
      (w[0] == "banks" ? a.banks : a.warp_size) = *n;
    } else if (w[0] == "merge_loads" || w[0] == "matrix_ops") {
      if (w[1] != "yes" && w[1] != "no") throw bad(w[0] + " " + w[1] + ": yes or no");
      (w[0] == "merge_loads" ? a.merge_loads : a.matrix_ops) = w[1] == "yes";
    }
  }
  for (const char* required : {"banks", "bank_bytes", "warp_size"})
    if (std::none_of(settings.begin(), settings.end(),
                     [&](const auto& given_setting) { return given_setting.first == required; }))
      throw usage_error("--arch-file " + path + ": no " + required + " setting (banks, bank_bytes and warp_size must "
                        "each be given)");
  for (const auto& [setting, at] : settings)
    if (setting == "matrix_ops" && a.matrix_ops && a.warp_size < 32)
      throw arch_file_error(path, at, "matrix_ops yes needs a warp of 32 lanes or more (warp_size " +
                                          std::to_string(a.warp_size) + "): the matrices' rows come from lanes 0 to 31");
  for (const auto& [number, w] : tables) {
    const auto bad = [&, n = number](const std::string& what) { return arch_file_error(path, n, what); };
    if (w.size() < 4 || (w[2] != "blocks" && w[2] != "phases"))
      throw bad(w[0] + ": give the widths, then 'blocks S' or 'phases' and the phases' lanes");
    bc::phase_groups g{};
    if (w[2] == "blocks") {
      const std::optional<int> size = whole_number(w[3], 1, 64);
      if (!size || w.size() != 4) throw bad(w[0] + " blocks " + w[3] + ": one whole number of lanes from 1 to 64");
      const int phases = (a.warp_size + *size - 1) / *size;
      if (phases > bc::phase_groups::capacity)
        throw bad(w[0] + " blocks " + w[3] + ": " + std::to_string(phases) + " phases for the warp's " +
                  std::to_string(a.warp_size) + " lanes, where a table holds at most " +
                  std::to_string(bc::phase_groups::capacity));
      g = bc::blocks(a.warp_size, *size);
    } else {
      if (w.size() - 3 > static_cast<std::size_t>(bc::phase_groups::capacity)) throw bad(w[0] + ": at most " + std::to_string(bc::phase_groups::capacity) + " phases");
      for (std::size_t k = 3; k < w.size(); ++k) {
        if (w[k].back() == ',')
          throw bad(w[0] + " phase " + w[k] + ": ends with ',' where a lane or a range of lanes belongs");
        std::istringstream ranges(w[k]);
        for (std::string range; std::getline(ranges, range, ',');) {
          const std::size_t dash = range.find('-');
          const std::optional<int> first = whole_number(range.substr(0, dash), 0, 63),
                                   last = dash == std::string::npos ? first : whole_number(range.substr(dash + 1), 0, 63);
          if (!first || !last || *last < *first)
            throw bad(w[0] + " phase " + w[k] + ": '" + range + "' is not a lane or a range of lanes from 0 to 63, as 0-3");
          g.lanes[k - 3] |= bc::lane_range(*first, *last);
        }
      }
    }
    const int table = w[0] == "load" ? 0 : w[0] == "store" ? 1 : 2;
    if (w[1].back() == ',') throw bad(w[0] + " " + w[1] + ": ends with ',' where a width belongs");
    std::istringstream widths(w[1] == "all" ? std::string("1,2,4,8,16") : w[1]);
    for (std::string width; std::getline(widths, width, ',');) {
      const std::optional<int> bytes = whole_number(width, 1, 16);
      if (!bytes || (*bytes & (*bytes - 1)) != 0)
        throw bad(w[0] + " " + w[1] + ": widths are 1, 2, 4, 8 and 16 bytes, or all");
      const int i = bc::width_index(*bytes);
      if (given[table][i]) throw bad(w[0] + " " + width + " is given twice");
      given[table][i] = true;
      (table == 0 ? a.load : table == 1 ? a.store : a.merged_load)[i] = g;
      if (const char* rule = bc::why_invalid(g, a.warp_size))
        throw bad(w[0] + " " + width + ": " + rule + " (a warp of " + std::to_string(a.warp_size) + " lanes)");
    }
  }
  for (int i = 0; i < 5; ++i)
    if (given[2][i] && !a.merge_loads)
      throw usage_error("--arch-file " + path + ": merged_load phases are for loads the merge rule joins: add merge_loads yes");
  for (int table = 0; table < (a.merge_loads ? 3 : 2); ++table)
    for (int i = 0; i < 5; ++i)
      if (!given[table][i])
        throw usage_error("--arch-file " + path + ": no " + (table == 0 ? "load" : table == 1 ? "store" : "merged_load") +
                          " phases for " + std::to_string(1 << i) + "-byte accesses");
  a.name = name.c_str();
  if (bc::check(a) != bc::errc::none)
    throw usage_error("--arch-file " + path + ": " + bc::to_string(bc::check(a)));
  return a;
}

// The patterns each option describes, by kind; a pattern of another kind refuses the option
// rather than ignore it. `use` says which patterns take it.
struct option_scope {
  const char* option;
  std::vector<std::string> kinds;
  const char* use;
};
const std::vector<option_scope>& option_scopes() {
  static const std::vector<option_scope> scopes = {
      {"--rows", {"row", "column", "tile", "block"}, "row, column, tile or block:XxY"},
      {"--cols", {"row", "column", "tile", "block"}, "row, column, tile or block:XxY"},
      {"--index", {"row", "column"}, "row or column"},
      {"--pad", {"row", "column", "tile", "block", "exchange", "index"},
       "row, column, tile, block:XxY, exchange:IPT or index:EXPR (as its pad)"},
      {"--sweep-pad", {"row", "column", "tile", "block", "exchange", "index"},
       "row, column, tile, block:XxY, exchange:IPT or index:EXPR (as its pad)"},
      {"--vector", {"row", "block"}, "row or block:XxY"},
      {"--transposed", {"block"}, "block:XxY"},
      {"--swizzle", {"row", "column", "tile", "block"}, "row, column, tile or block:XxY"},
      {"--op", {"row", "column", "stride", "broadcast", "tile", "block", "index"},
       "row, column, stride:D, broadcast:K, tile, block:XxY or index:EXPR; an exchange moves every item both ways"},
      {"--lanes", {"row", "column", "stride", "broadcast", "index"},
       "row, column, stride:D, broadcast:K or index:EXPR, a single warp-access (tile, block:XxY and "
       "exchange:IPT cost every warp they run)"},
      {"--threads", {"exchange"}, "exchange:IPT"},
      {"--group", {"exchange"}, "exchange:IPT"}};
  return scopes;
}

// --pattern index:EXPR: lane l asks element EXPR of --type, an integer expression in `lane` and
// `pad` (--pad's value, which --sweep-pad sweeps), with C's operators and their precedence:
//   ( )   unary - ~   * / %   + -   << >>   &   ^   |
// Numbers are decimal or 0x hexadecimal. Every step is checked: a result that leaves 64 bits, a
// division by zero or a shift by less than 0 or more than 62 is an error, not a number. Parsing
// and evaluating recurse, at most as deep as the text is long: hence a bound on its length.
class expression {
 public:
  static constexpr std::size_t max_length = 1000;
  explicit expression(const std::string& text) : text_(text) {
    if (text_.size() > max_length)
      throw usage_error("--pattern index:EXPR: the expression has " + std::to_string(text_.size()) +
                        " characters, more than " + std::to_string(max_length));
    root_ = parse_binary(0);
    skip_spaces();
    if (at_ < text_.size()) fail("an operator or the end");
  }
  long long at(long long lane, long long pad) const { return eval(root_, lane, pad); }
  bool uses_pad() const {
    for (const node& n : nodes_)
      if (n.kind == 'p') return true;
    return false;
  }

 private:
  struct node {
    char kind;  // 'n' number, 'l' lane, 'p' pad, 'm' minus, '~', or a binary operator ('<' <<, '>' >>)
    long long value;
    int left, right;
  };
  std::string text_;
  std::size_t at_ = 0;
  std::vector<node> nodes_;
  int root_ = 0;

  [[noreturn]] void fail(const char* expected) const {
    throw usage_error("--pattern index:" + text_ + ": expected " + expected +
                      (at_ < text_.size() ? " at '" + text_.substr(at_) + "'" : std::string(" at the end")));
  }
  void skip_spaces() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }
  int add(char kind, long long value, int left = -1, int right = -1) {
    nodes_.push_back(node{kind, value, left, right});
    return static_cast<int>(nodes_.size()) - 1;
  }
  // The binary operator at the cursor and its precedence (higher binds tighter), or 0.
  int precedence(char& op) const {
    if (at_ >= text_.size()) return 0;
    op = text_[at_];
    const bool twice = at_ + 1 < text_.size() && text_[at_ + 1] == op;
    switch (op) {
      case '|': return 1;
      case '^': return 2;
      case '&': return 3;
      case '<': case '>': return twice ? 4 : 0;
      case '+': case '-': return 5;
      case '*': case '/': case '%': return 6;
      default: return 0;
    }
  }
  int parse_binary(int above) {  // NOLINT(misc-no-recursion): bounded by max_length
    int left = parse_unary();
    for (;;) {
      skip_spaces();
      char op = 0;
      const int level = precedence(op);
      if (level <= above) return left;
      at_ += op == '<' || op == '>' ? 2 : 1;
      left = add(op, 0, left, parse_binary(level));  // left to right: the right side binds tighter
    }
  }
  int parse_unary() {  // NOLINT(misc-no-recursion): bounded by max_length
    skip_spaces();
    if (at_ < text_.size() && (text_[at_] == '-' || text_[at_] == '~')) {
      const char kind = text_[at_++] == '-' ? 'm' : '~';
      return add(kind, 0, parse_unary());
    }
    if (at_ < text_.size() && text_[at_] == '(') {
      ++at_;
      const int inner = parse_binary(0);
      skip_spaces();
      if (at_ >= text_.size() || text_[at_] != ')') fail("')'");
      ++at_;
      return inner;
    }
    std::size_t end = at_;
    while (end < text_.size() && std::isalnum(static_cast<unsigned char>(text_[end]))) ++end;
    const std::string word = text_.substr(at_, end - at_);
    if (word == "lane" || word == "pad") {
      at_ = end;
      return add(word == "lane" ? 'l' : 'p', 0);
    }
    if (word.empty() || !std::isdigit(static_cast<unsigned char>(word[0]))) fail("a number, lane, pad or '('");
    const std::optional<unsigned long long> v = plain_number(word);  // decimal, or 0x hexadecimal
    if (!v || *v > static_cast<unsigned long long>(LLONG_MAX)) fail("a number of 63 bits or fewer (decimal, or 0x hexadecimal)");
    at_ = end;
    return add('n', static_cast<long long>(*v));
  }
  long long eval(int i, long long lane, long long pad) const {  // NOLINT(misc-no-recursion): bounded by max_length
    const node& n = nodes_[static_cast<std::size_t>(i)];
    if (n.kind == 'n') return n.value;
    if (n.kind == 'l') return lane;
    if (n.kind == 'p') return pad;
    const auto error = [&](const char* what) {
      return usage_error("--pattern index:" + text_ + ": " + what + " for lane " + std::to_string(lane) +
                         (uses_pad() ? ", pad " + std::to_string(pad) : std::string()));
    };
    const long long a = eval(n.left, lane, pad);
    if (n.kind == 'm' || n.kind == '~') {
      if (n.kind == '~') return ~a;
      if (a == LLONG_MIN) throw error("a result beyond 64 bits");
      return -a;
    }
    const long long b = eval(n.right, lane, pad);
    long long r = 0;
    switch (n.kind) {
      case '+': if (__builtin_add_overflow(a, b, &r)) throw error("a result beyond 64 bits"); return r;
      case '-': if (__builtin_sub_overflow(a, b, &r)) throw error("a result beyond 64 bits"); return r;
      case '*': if (__builtin_mul_overflow(a, b, &r)) throw error("a result beyond 64 bits"); return r;
      case '/': case '%':
        if (b == 0) throw error("a division by zero");
        if (a == LLONG_MIN && b == -1) throw error("a result beyond 64 bits");
        return n.kind == '/' ? a / b : a % b;
      case '<': case '>':
        if (b < 0 || b > 62) throw error("a shift by less than 0 or more than 62");
        if (n.kind == '>') return a >= 0 ? a >> b : ~(~a >> b);
        if (a < 0) throw error("a left shift of a negative number");
        if (a > (LLONG_MAX >> b)) throw error("a result beyond 64 bits");
        return a << b;
      case '&': return a & b;
      case '^': return a ^ b;
      default: return a | b;
    }
  }
};

struct options {
  std::string pattern = "column";
  std::string type = "float";
  int rows = 32, cols = 32, index = 0, vector = 1;
  std::string pad = "0";
  bool transposed = false;
  std::string op = "load";
  std::string arch = "nvidia";
  std::string arch_file;
  std::string lanes;
  std::string swizzle;
  std::string svg;
  bool sweep_pad = false;
  bool no_color = false;
  int threads = 128, group = 32;  // --pattern exchange:IPT
  std::vector<std::string> given;  // the options on the command line, by name ("--rows")
};

// What one run draws: the lanes' byte addresses for one instruction.
struct scenario {
  std::string title;
  bc::access op{};
  std::uint64_t mask = bc::whole_warp;
  std::vector<long long> address = std::vector<long long>(64, 0);
  bc::tile_report tile{};  // for --pattern tile: the whole tile's totals
  bool is_tile = false;
};

struct parsed {
  std::string kind;  // row, column, stride, broadcast, tile, block, exchange
  int amount = 0;    // D, K or exchange:IPT
  int block_x = 0, block_y = 0;  // block:XxY
  int bytes = 4;
  int piece = 4;  // an exchange's access width: the type's alignment, at most 16
  bc::access op{};
  bc::architecture arch = bc::arch::nvidia;
  std::optional<std::uint64_t> mask;
  int swizzle_b = 0, swizzle_m = 0, swizzle_s = 0;  // --swizzle B,M,S (B = 0: none)
  int pad = 0;
  int group = 32;  // --pattern exchange: items between two paddings
  int padding_bytes = 0;  // --pattern exchange with --pad auto: the chosen padding, not always whole items
  bc::detail::exchange_shape exchange{};  // --pattern exchange: the items, their pieces, the threads
  bc::exchange_report cub{};  // --pattern exchange: both exchanges through CUB's layout
  bool auto_pad = false, auto_swizzle = false;  // --pad auto, --swizzle auto: chosen (choose)
  std::optional<expression> index;  // --pattern index:EXPR
};

// --swizzle: "B,M,S", or a TMA mode's name (32B, 64B, 128B), checked as xor_swizzle checks its
// parameters, and keeping each element's bytes together.
void parse_swizzle(const std::string& arg, int element_bytes, parsed& p) {
  if (arg == "32B" || arg == "64B" || arg == "128B") {
    p.swizzle_b = arg == "32B" ? 1 : arg == "64B" ? 2 : 3;
    p.swizzle_m = 4;
    p.swizzle_s = 3;
  } else {
    int v[3] = {};
    std::size_t at = 0;
    for (int i = 0; i < 3; ++i) {
      const std::size_t end = i < 2 ? arg.find(',', at) : arg.size();
      const std::optional<int> n =
          whole_number(end == std::string::npos ? std::string() : arg.substr(at, end - at), -32, 32);
      if (!n)
        throw usage_error("--swizzle " + arg + ": not a swizzle (B,M,S: three whole numbers from -32 to 32, as 3,4,3; "
                          "or 32B, 64B, 128B)");
      v[i] = *n;
      at = end + 1;
    }
    p.swizzle_b = v[0];
    p.swizzle_m = v[1];
    p.swizzle_s = v[2];
  }
  const int b = p.swizzle_b, m = p.swizzle_m, s = p.swizzle_s;
  if (b < 0 || m < 0) throw usage_error("--swizzle " + arg + ": B and M must not be negative");
  if (s < b && -s < b)
    throw usage_error("--swizzle " + arg + ": S must be at least B in magnitude, or the masks overlap");
  if (m + (s > 0 ? s : -s) + b > 63)  // as xor_swizzle's static_assert
    throw usage_error("--swizzle " + arg + ": the masks must fit in 63 bits (M + |S| + B)");
  if (b > 0 && m < 4 && (1 << m) < element_bytes)
    throw usage_error("--swizzle " + arg + ": M must keep an element's bytes together (2^M >= " +
                      std::to_string(element_bytes) + ")");
}

parsed check(const options& o) {
  parsed p;
  const std::size_t colon = o.pattern.find(':');
  p.kind = o.pattern.substr(0, colon);
  if (p.kind == "stride" && colon != std::string::npos) {
    p.amount = parse_suffix(o.pattern, "--pattern", colon, 0, 1 << 20);
  } else if ((p.kind == "broadcast" || p.kind == "exchange") && colon != std::string::npos) {  // K lanes, IPT items
    p.amount = parse_suffix(o.pattern, "--pattern", colon, 1, 64);
  } else if (p.kind == "block" && colon != std::string::npos) {
    const std::string extents = o.pattern.substr(colon + 1);
    const std::size_t x = extents.find('x');
    const std::optional<int> bx = whole_number(extents.substr(0, x), 1, 1024),
                             by = x == std::string::npos ? std::nullopt : whole_number(extents.substr(x + 1), 1, 1024);
    if (!bx || !by)
      throw usage_error("--pattern " + o.pattern + ": block:XxY takes the block's extents, two whole numbers from 1 to 1024, "
                        "as block:16x16");
    p.block_x = *bx;
    p.block_y = *by;
  } else if (p.kind == "index" && colon != std::string::npos) {
    p.index.emplace(o.pattern.substr(colon + 1));
  } else if (!((p.kind == "row" || p.kind == "column" || p.kind == "tile") && colon == std::string::npos)) {
    throw usage_error("--pattern " + o.pattern +
                      ": not a pattern (row, column, stride:D, broadcast:K, tile, block:XxY, exchange:IPT or index:EXPR)");
  }
  const auto given = [&o](const char* name) {
    for (const std::string& g : o.given)
      if (g == name) return true;
    return false;
  };
  for (const option_scope& scope : option_scopes())
    if (given(scope.option) && std::find(scope.kinds.begin(), scope.kinds.end(), p.kind) == scope.kinds.end())
      throw usage_error(std::string(scope.option) + " is not for --pattern " + o.pattern + ": it is for --pattern " +
                        scope.use);
  if (p.kind == "exchange") {
    if (o.threads < 1 || o.threads > 1024) throw usage_error("--threads must be from 1 to 1024");
    if (o.group < 1 || o.group > 1024) throw usage_error("--group must be from 1 to 1024");
    if (o.pad == "auto" && given("--group"))
      throw usage_error("--pad auto chooses the group too: leave out --group");
    if (given("--group") && !o.sweep_pad && whole_number(o.pad, 0, 0))
      throw usage_error("--group " + std::to_string(o.group) + " counts the items between two paddings, and " +
                        (given("--pad") ? "--pad 0 inserts none: give a padding above 0" : "there is no padding: give --pad") +
                        " (or --sweep-pad)");
  }
  if (p.index && !p.index->uses_pad() && (given("--pad") || o.sweep_pad))
    throw usage_error(std::string(o.sweep_pad ? "--sweep-pad" : "--pad") + ": --pattern " + o.pattern +
                      " does not use pad, so no padding changes it");
  const element_type& type = type_named(o.type);
  p.bytes = type.bytes;
  p.piece = type.align < 16 ? type.align : 16;
  if (p.kind != "exchange" && p.bytes != 1 && p.bytes != 2 && p.bytes != 4 && p.bytes != 8 && p.bytes != 16)
    throw usage_error("--type " + o.type + ": " + std::to_string(p.bytes) +
                      " bytes, which no access moves at once (1, 2, 4, 8 or 16): use it with --pattern exchange:IPT");
  if (o.vector != 1 && o.vector != 2 && o.vector != 4 && o.vector != 8 && o.vector != 16)
    throw usage_error("--vector " + std::to_string(o.vector) + ": the vector length must be 1, 2, 4, 8 or 16");
  if (p.kind != "exchange" && o.vector * p.bytes > 16)  // an exchange's items move in pieces
    throw usage_error("--vector " + std::to_string(o.vector) + ": " + std::to_string(o.vector) + " elements of " + o.type +
                      " make " + std::to_string(o.vector * p.bytes) + " bytes, and an access moves at most 16");
  if (o.rows < 1 || o.cols < 1) throw usage_error("--rows and --cols must be at least 1");
  if (o.rows > 4096 || o.cols > 4096) throw usage_error("--rows and --cols must be at most 4096");
  if ((p.kind == "row" || p.kind == "block") && o.cols % o.vector != 0)
    throw usage_error("--vector " + std::to_string(o.vector) + ": the rows' " + std::to_string(o.cols) +
                      " columns are not a whole number of vectors");
  if (o.pad == "auto") {
    p.auto_pad = true;
  } else if (const std::optional<int> pad = whole_number(o.pad, 0, 4096)) {
    p.pad = *pad;
    p.group = o.group;
  } else {
    throw usage_error("--pad must be from 0 to 4096, or auto: " + o.pad);
  }
  if (o.index < 0) throw usage_error("--index must not be negative");
  const std::size_t op_colon = o.op.find(':');
  const std::string op_kind = o.op.substr(0, op_colon);
  if ((op_kind == "load" || op_kind == "store") && op_colon == std::string::npos) {
    const int width = p.bytes * o.vector;
    p.op = op_kind == "load" ? bc::access{bc::op_kind::load, width, 0} : bc::access{bc::op_kind::store, width, 0};
  } else if ((op_kind == "ldmatrix" || op_kind == "stmatrix") && op_colon != std::string::npos) {
    const int n = parse_suffix(o.op, "--op", op_colon, 1, 4);
    if (n == 3) throw usage_error("--op " + o.op + ": the matrix count must be 1, 2 or 4");
    p.op = bc::access{op_kind == "ldmatrix" ? bc::op_kind::ldmatrix : bc::op_kind::stmatrix, 16, n};
    if (p.bytes != 2) throw usage_error("--op " + o.op + ": matrices hold 2-byte elements; use --type half");
    if (p.kind != "tile")
      throw usage_error("--op " + o.op + ": ldmatrix and stmatrix read 8x8 sub-tiles; use --pattern tile");
  } else {
    throw usage_error("--op " + o.op + ": not an op (load, store, ldmatrix:N or stmatrix:N)");
  }
  if (given("--svg") && o.svg.empty()) throw usage_error("--svg: give the SVG file's name");
  if (given("--arch") && given("--arch-file")) throw usage_error("--arch and --arch-file each give the architecture: give one");
  p.arch = o.arch_file.empty() ? parse_arch(o.arch) : read_arch_file(o.arch_file);
  if (given("--lanes")) {
    const std::optional<unsigned long long> m = plain_number(o.lanes);
    if (!m && wide_number(o.lanes))
      throw usage_error("--lanes " + o.lanes + ": wider than 64 bits; the lane mask must fit the warp (" +
                        std::to_string(p.arch.warp_size) + " lanes on " + p.arch.name + ")");
    if (!m) throw usage_error("--lanes " + o.lanes + ": not a lane mask (a number, decimal or 0x hexadecimal, as 0xffff or 65535)");
    // Checked here, for every mask: the library reads all 64 bits set as "the whole warp".
    if (p.arch.warp_size < 64 && (*m >> p.arch.warp_size) != 0)
      throw usage_error("--lanes " + o.lanes + ": the lane mask must fit the warp (" + std::to_string(p.arch.warp_size) +
                        " lanes on " + p.arch.name + ")");
    p.mask = *m;
  }
  if (!o.swizzle.empty()) {
    if (o.swizzle == "auto")
      p.auto_swizzle = true;
    else
      parse_swizzle(o.swizzle, p.bytes, p);
    // A swizzle that keeps elements but splits the access (a vector, or ldmatrix's 16-byte rows):
    // often CuTe's Swizzle<B, M, S> of element offsets, which is B, M + log2(element bytes), S on
    // bytes. (The analysis said only "address must be a multiple of the access width".)
    if (p.swizzle_b > 0 && p.swizzle_m < 4 && (1 << p.swizzle_m) < p.op.bytes) {
      int e = 0;
      while ((1 << e) < p.bytes) ++e;
      throw usage_error("--swizzle " + o.swizzle + ": M must keep each " + std::to_string(p.op.bytes) +
                        "-byte access together (2^M >= " + std::to_string(p.op.bytes) +
                        "). The swizzle is on byte offsets: CuTe's Swizzle<" + std::to_string(p.swizzle_b) + ", " +
                        std::to_string(p.swizzle_m) + ", " + std::to_string(p.swizzle_s) + "> of " +
                        std::to_string(p.bytes) + "-byte elements' offsets is --swizzle " + std::to_string(p.swizzle_b) +
                        "," + std::to_string(p.swizzle_m + e) + "," + std::to_string(p.swizzle_s));
    }
  }
  if (p.auto_pad && p.kind != "row" && p.kind != "column" && p.kind != "tile" && p.kind != "block" && p.kind != "exchange")
    throw usage_error("--pad auto chooses for the pattern's accesses over a tile or an exchange: use --pattern row, column, "
                      "tile, block:XxY or exchange:IPT");
  if (p.auto_pad && !o.swizzle.empty())
    throw usage_error("--pad auto chooses a padding for an unswizzled tile: leave out --swizzle (or use --swizzle auto alone)");
  if (p.auto_swizzle && (p.auto_pad || p.pad != 0))
    throw usage_error("--swizzle auto chooses a swizzle for an unpadded tile: leave out --pad (or use --pad auto alone)");
  if ((p.auto_pad || p.auto_swizzle) && o.sweep_pad)
    throw usage_error("--sweep-pad shows every padding: leave out --pad auto and --swizzle auto");
  if (given("--pad") && o.sweep_pad) throw usage_error("--sweep-pad shows every padding from 0 to 32: leave out --pad");
  if (p.kind == "exchange") {  // CUB's totals, which every exchange shown is set against: once, not once a padding
    p.exchange = bc::detail::exchange_shape{p.bytes, p.piece, p.amount, o.threads};
    p.cub = bc::detail::exchange_cost(p.exchange, bc::cub_exchange_layout(p.amount, p.bytes), p.arch);
  }
  return p;
}

// The byte offset of element (r, c) of the tile of pitch `pitch` elements, through the swizzle.
long long byte_at(const parsed& p, long long pitch, long long r, long long c) {
  const long long x = (r * pitch + c) * p.bytes;
  return p.swizzle_b == 0
             ? x
             : static_cast<long long>(bc::detail::xor_swizzle_bits(static_cast<std::uint64_t>(x), p.swizzle_b, p.swizzle_m,
                                                                  p.swizzle_s));
}

// " swizzled <B, M, S> on bytes", or nothing without a swizzle.
std::string swizzle_text(const parsed& p) {
  return p.swizzle_b == 0 ? std::string()
                          : " swizzled <" + std::to_string(p.swizzle_b) + ", " + std::to_string(p.swizzle_m) + ", " +
                                std::to_string(p.swizzle_s) + "> on bytes";
}

std::string type_title(const options& o, const parsed& p, int pad) {
  std::string t = o.type + "[" + std::to_string(o.rows) + "][" + std::to_string(o.cols);
  if (pad > 0) t += " + " + std::to_string(pad);
  return t + "]" + swizzle_text(p);
}

// The addresses of one access of the pattern over a tile of pitch cols + pad.
scenario build(const options& o, const parsed& p, int pad) {
  scenario s;
  s.op = p.op;
  const long long pitch = o.cols + pad, e = p.bytes;
  const int warp = p.arch.warp_size;
  std::uint64_t active = 0;
  if (p.kind == "row" || p.kind == "column") {
    const int along = p.kind == "row" ? o.cols : o.rows, across = p.kind == "row" ? o.rows : o.cols;
    if (o.index >= across)
      throw usage_error("--index " + std::to_string(o.index) + ": the tile has " + std::to_string(across) +
                        (p.kind == "row" ? " rows" : " columns"));
    const long long v = o.vector;  // a whole number of vectors a row (check)
    for (int l = 0; l < warp && v * l < along; ++l) {
      s.address[static_cast<std::size_t>(l)] =
          p.kind == "row" ? byte_at(p, pitch, o.index, v * l) : byte_at(p, pitch, l, o.index);
      // The library's rule for a lane's vector, tested at every lane: a swizzle may split one.
      if (v > 1 && byte_at(p, pitch, o.index, v * l + v - 1) - s.address[static_cast<std::size_t>(l)] != (v - 1) * e)
        throw rule_error("this access breaks a rule of the model (lane " + std::to_string(l) + "'s vector): ",
                         bc::errc::vector_elements_must_be_contiguous);
      active |= std::uint64_t{1} << l;
    }
    s.title = type_title(o, p, pad) + ", " + p.kind + " " + std::to_string(o.index) +
              (p.op.kind == bc::op_kind::store ? " written" : " read") + " by one warp" +
              (v > 1 ? ", " + std::to_string(v) + " elements a lane" : std::string());
  } else if (p.kind == "stride") {
    for (int l = 0; l < warp; ++l) s.address[static_cast<std::size_t>(l)] = l * static_cast<long long>(p.amount) * e;
    active = bc::lane_range(0, warp - 1);
    s.title = o.type + " at stride " + std::to_string(p.amount) + " elements";
  } else if (p.kind == "broadcast") {
    for (int l = 0; l < warp; ++l) s.address[static_cast<std::size_t>(l)] = l / p.amount * e;
    active = bc::lane_range(0, warp - 1);
    s.title = o.type + ", " + std::to_string(p.amount) + " lanes sharing each element";
  } else if (p.index) {
    const std::uint64_t lanes = p.mask ? *p.mask : bc::lane_range(0, warp - 1);
    for (int l = 0; l < warp; ++l) {
      if ((lanes >> l & 1) == 0) continue;  // a lane outside the mask asks nothing: its element is not computed
      const long long x = p.index->at(l, pad);
      long long byte = 0;
      if (__builtin_mul_overflow(x, e, &byte))
        throw usage_error("--pattern " + o.pattern + ": lane " + std::to_string(l) + "'s byte address, " +
                          std::to_string(x) + " x " + std::to_string(e) + ", is beyond 64 bits");
      s.address[static_cast<std::size_t>(l)] = byte;
    }
    active = bc::lane_range(0, warp - 1);
    s.title = o.type + " at element " + o.pattern.substr(o.pattern.find(':') + 1) + " of lane l" +
              (p.index->uses_pad() ? ", pad " + std::to_string(pad) : std::string());
  }
  s.mask = p.mask ? *p.mask : active;
  // A lane the pattern gives no element would be drawn at an address it never asks. (Lanes past
  // the warp are the library's rule, lane_mask_must_fit_the_warp.)
  if (const std::uint64_t idle = s.mask & bc::lane_range(0, warp - 1) & ~active; idle != 0)
    throw usage_error("--lanes " + o.lanes + ": lane " + std::to_string(bc::detail::lowest_lane(idle)) +
                      " has no element to read: the pattern's lanes are " + bc::detail::lane_ranges(active));
  return s;
}

// --pattern tile: every warp-access of the tile's row and column reads (or its matrices), its
// totals, and its worst access drawn.
template <class Pattern>
bc::tile_report tile_cost(const Pattern& pattern, const options& o, const parsed& p, int pad) {
  const long long pitch = o.cols + pad;
  return bc::analyze_pattern(pattern, bc::tile_shape{p.bytes, o.rows, o.cols},
                             [&p, pitch](int r, int c) { return byte_at(p, pitch, r, c); }, p.arch);
}

template <class Pattern>
scenario worst_of(const Pattern& pattern, const options& o, const parsed& p, int pad, const bc::tile_report& t,
                  const std::string& what) {
  scenario s;
  s.is_tile = true;
  s.tile = t;
  const bc::tile_shape shape{p.bytes, o.rows, o.cols, p.arch.warp_size};  // as the walk set it
  s.op = pattern.op(shape);
  const long long pitch = o.cols + pad;
  const int k = t.worst_access < 0 ? 0 : t.worst_access;
  for (int l = 0; l < 64; ++l) {
    const bc::element el = pattern.at(shape, k, l);
    s.address[static_cast<std::size_t>(l)] = byte_at(p, pitch, el.row, el.col);
  }
  s.mask = pattern.lanes(shape, k);  // --lanes is for one access, not a walk (option_scopes)
  s.title = type_title(o, p, pad) + ", " + what + ":\n" + counted(t.accesses, "warp-access", "warp-accesses") + ", " +
            counted(t.wavefronts, "wavefront") + " (ideal " + std::to_string(t.ideal) + "); the worst, access " +
            std::to_string(k) + ", drawn below";
  return s;
}

template <int N>
scenario matrices(const options& o, const parsed& p, int pad) {
  using M = bc::matrix_tiles<N>;
  using S = bc::matrix_tiles<N, bc::op_kind::stmatrix>;
  const bool store = p.op.kind == bc::op_kind::stmatrix;
  const bc::tile_report t = store ? tile_cost(S{}, o, p, pad) : tile_cost(M{}, o, p, pad);
  if (!t.ok()) throw rule_error("the tile does not suit the matrices: ", t.error);
  return store ? worst_of(S{}, o, p, pad, t, "stmatrix.x" + std::to_string(N) + " over every 8x8 sub-tile")
               : worst_of(M{}, o, p, pad, t, "ldmatrix.x" + std::to_string(N) + " over every 8x8 sub-tile");
}

scenario tile(const options& o, const parsed& p, int pad) {
  if (p.op.is_matrix()) {
    if (p.op.matrices == 1) return matrices<1>(o, p, pad);
    if (p.op.matrices == 2) return matrices<2>(o, p, pad);
    return matrices<4>(o, p, pad);
  }
  const bool store = p.op.kind == bc::op_kind::store;
  using RL = bc::row_segments<>;
  using RS = bc::row_segments<bc::op_kind::store>;
  using CL = bc::column_segments<>;
  using CS = bc::column_segments<bc::op_kind::store>;
  const bc::tile_report rows = store ? tile_cost(RS{}, o, p, pad) : tile_cost(RL{}, o, p, pad);
  const bc::tile_report cols = store ? tile_cost(CS{}, o, p, pad) : tile_cost(CL{}, o, p, pad);
  if (!rows.ok()) throw rule_error("the tile's rows: ", rows.error);
  if (!cols.ok()) throw rule_error("the tile's columns: ", cols.error);
  const bc::tile_report sum = bc::detail::join(rows, cols);  // the worst of both, the rows' on a tie
  const bool columns_worse = cols.worst.conflicts() > rows.worst.conflicts();
  scenario s = columns_worse ? (store ? worst_of(CS{}, o, p, pad, cols, "") : worst_of(CL{}, o, p, pad, cols, ""))
                             : (store ? worst_of(RS{}, o, p, pad, rows, "") : worst_of(RL{}, o, p, pad, rows, ""));
  s.tile = sum;
  s.title = type_title(o, p, pad) + ", every row and column " + (store ? "written" : "read") + " by warps:\n" +
            counted(sum.accesses, "warp-access", "warp-accesses") + ", " + counted(sum.wavefronts, "wavefront") +
            " (ideal " + std::to_string(sum.ideal) +
            "); the worst, a " + (columns_worse ? "column" : "row") + " access, drawn below";
  return s;
}

// --pattern block:XxY: a thread block chosen here, at run time, sweeping the tile, as a value
// pattern; its totals, and its worst warp-access drawn.
scenario block(const options& o, const parsed& p, int pad) {
  const bc::dynamic_thread_block b{p.block_x, p.block_y, p.op.kind, o.transposed, o.vector};
  const bc::tile_report t = tile_cost(b, o, p, pad);
  if (!t.ok()) throw rule_error("the thread block over the tile: ", t.error);
  std::string what = "a " + std::to_string(p.block_x) + " x " + std::to_string(p.block_y) + " thread block" +
                     (o.transposed ? ", transposed," : "") +
                     (p.op.kind == bc::op_kind::store ? " writing the tile" : " reading the tile");
  if (o.vector > 1) what += ", " + std::to_string(o.vector) + " elements a thread";
  return worst_of(b, o, p, pad, t, what);
}

// --pattern exchange:IPT: both exchanges of CUB's BlockExchange (blocked -> striped -> blocked)
// through `layout`, their totals against CUB's layout, and the worst warp instruction drawn.
std::string layout_text(const bc::exchange_layout& layout) {
  return layout.padding == 0 ? std::string("unpadded")
         : layout.group == 1 ? counted(layout.padding, "byte") + " after every item"
                             : counted(layout.padding, "byte") + " after every " + counted(layout.group, "item");
}
// "float, 8 items a thread, 128 threads"
std::string exchange_text(const options& o, const parsed& p) {
  return o.type + ", " + counted(p.amount, "item") + " a thread, " + counted(o.threads, "thread");
}
scenario exchange(const options& o, const parsed& p, const bc::exchange_layout& layout) {
  const int ipt = p.amount, threads = o.threads, bytes = p.bytes, piece = p.piece, pieces = bytes / piece;
  // Each half (exchange.hpp's order), its totals summed, and the worst instruction: the first of
  // those with the most conflicts.
  const char* const half_name[4] = {"store of blocked", "load of striped", "store of striped", "load of blocked"};
  int worst_half = 0;
  bc::tile_report worst{}, total{};
  for (int h = 0; h < 4; ++h) {
    const bc::tile_report t =
        bc::detail::exchange_half(p.exchange, layout, bc::detail::half_is_blocked(h), bc::detail::half_kind(h), p.arch);
    if (!t.ok()) throw rule_error("the exchange breaks a rule of the model: ", t.error);
    total = h == 0 ? t : bc::detail::join(total, t);
    if (h == 0 || t.worst.conflicts() > worst.worst.conflicts()) {
      worst = t;
      worst_half = h;
    }
  }
  const int warp = p.arch.warp_size, warps = (threads + warp - 1) / warp;
  const bc::detail::exchange_instruction worst_one = bc::detail::instruction_at(worst.worst_access, pieces, warps);
  const int w = worst_one.warp, j = worst_one.piece, item = worst_one.item;
  const bool blocked = bc::detail::half_is_blocked(worst_half);
  scenario s;
  s.op = bc::access{bc::detail::half_kind(worst_half), piece, 0};
  s.mask = 0;
  for (int l = 0; l < warp && static_cast<long long>(warp) * w + l < threads; ++l) {
    const long long t = static_cast<long long>(warp) * w + l;
    const long long x = blocked ? t * ipt + item : static_cast<long long>(item) * threads + t;
    s.address[static_cast<std::size_t>(l)] = layout.offset(x, bytes) + static_cast<long long>(j) * piece;
    s.mask |= std::uint64_t{1} << l;
  }
  s.is_tile = true;
  s.tile = total;
  s.title = exchange_text(o, p) + ", " +
            layout_text(layout) + ": blocked -> striped -> blocked on " + p.arch.name + ",\n" +
            std::to_string(total.accesses) + " warp instructions, " + std::to_string(total.wavefronts) + " wavefronts (ideal " +
            std::to_string(total.ideal) + "; CUB's layout, " + layout_text(bc::cub_exchange_layout(ipt, bytes)) + ": " +
            std::to_string(p.cub.wavefronts()) + "); the worst, the " + half_name[worst_half] + " item " +
            std::to_string(item) + (pieces > 1 ? " (bytes " + std::to_string(j * piece) + ".." +
                                                     std::to_string((j + 1) * piece - 1) + ")"
                                               : std::string()) +
            " by warp " + std::to_string(w) + ", drawn below";
  return s;
}

scenario make(const options& o, const parsed& p, int pad) {
  if (p.kind == "exchange") return exchange(o, p, bc::exchange_layout{p.group, p.auto_pad ? p.padding_bytes : pad * p.bytes});
  return p.kind == "tile" ? tile(o, p, pad) : p.kind == "block" ? block(o, p, pad) : build(o, p, pad);
}

// The pattern's accesses over the whole tile, as the library's patterns, given to f: what --pad
// auto and --swizzle auto choose for (rows and columns as --pattern tile takes them, a block as
// --pattern block takes it).
template <bc::op_kind Kind, class F>
auto with_rows(int vector, F& f) {
  switch (vector) {
    case 2: return f(bc::row_segments<Kind, 2>{});
    case 4: return f(bc::row_segments<Kind, 4>{});
    case 8: return f(bc::row_segments<Kind, 8>{});
    case 16: return f(bc::row_segments<Kind, 16>{});
    default: return f(bc::row_segments<Kind, 1>{});
  }
}
template <int N, class F>
auto with_matrices(bool store, F& f) {
  return store ? f(bc::matrix_tiles<N, bc::op_kind::stmatrix>{}) : f(bc::matrix_tiles<N>{});
}
template <class F>
auto with_tile_patterns(const options& o, const parsed& p, F&& f) {
  using bc::op_kind;
  const bool store = p.op.kind == op_kind::store || p.op.kind == op_kind::stmatrix;
  if (p.kind == "block") return f(bc::dynamic_thread_block{p.block_x, p.block_y, p.op.kind, o.transposed, o.vector});
  if (p.kind == "row") return store ? with_rows<op_kind::store>(o.vector, f) : with_rows<op_kind::load>(o.vector, f);
  if (p.kind == "column") return store ? f(bc::column_segments<op_kind::store>{}) : f(bc::column_segments<>{});
  if (p.op.is_matrix())
    return p.op.matrices == 1 ? with_matrices<1>(store, f) : p.op.matrices == 2 ? with_matrices<2>(store, f)
                                                                                : with_matrices<4>(store, f);
  return store ? f(bc::row_segments<op_kind::store>{}, bc::column_segments<op_kind::store>{})
               : f(bc::row_segments<>{}, bc::column_segments<>{});
}

// "every column access of float[64][64] on gfx950", for the line that names a choice.
std::string chosen_for(const options& o, const parsed& p) {
  const std::string what =
      p.kind == "block"    ? "the " + std::to_string(p.block_x) + " x " + std::to_string(p.block_y) + " thread block's " +
                              (p.op.kind == bc::op_kind::store ? "stores" : "loads") +
                              (o.transposed ? " (transposed)" : "")
      : p.kind == "row"    ? std::string("every row access")
      : p.kind == "column" ? std::string("every column access")
      : p.op.is_matrix()   ? std::string(p.op.kind == bc::op_kind::stmatrix ? "every stmatrix.x" : "every ldmatrix.x") +
                               std::to_string(p.op.matrices) + " over the 8x8 sub-tiles"
                           : std::string("every row and column access");
  return what + " of " + o.type + "[" + std::to_string(o.rows) + "][" + std::to_string(o.cols) + "] on " + p.arch.name;
}
// Its costs: "conflict-free (64 wavefronts)", or how bad the best is.
std::string chosen_cost(bool conflict_free, long long wavefronts, long long ideal, int degree, const char* what) {
  return conflict_free ? "conflict-free (" + std::to_string(wavefronts) + " wavefronts)"
                       : std::string("no ") + what + " it tries is conflict-free; of those, this one costs the fewest wavefronts, " +
                             std::to_string(wavefronts) + " (ideal " + std::to_string(ideal) + "), " +
                             std::to_string(degree) + "-way at worst";
}

// --pad auto and --swizzle auto: the library's choice (choose_padding, choose_swizzle) for the
// pattern's accesses over the tile on the architecture, set in p; returns the line that says it.
std::string choose(const options& o, parsed& p) {
  if (p.auto_pad && p.kind == "exchange") {
    const bc::exchange_choice c = bc::choose_exchange_padding(p.arch, p.bytes, p.piece, p.amount, o.threads);
    if (!c.ok()) throw rule_error("--pad auto: the exchange breaks a rule of the model: ", c.error);
    p.padding_bytes = c.layout.padding;
    p.group = c.layout.group;
    return "--pad auto: choose_exchange_padding picks " + layout_text(c.layout) + " for the exchange of " +
           exchange_text(o, p) + ", on " +
           p.arch.name + ": " + chosen_cost(c.conflict_free(), c.wavefronts, c.ideal, c.degree, "padding") + "\n\n";
  }
  if (p.auto_pad) {
    const bc::padding_choice c = with_tile_patterns(o, p, [&](const auto&... patterns) {
      return bc::choose_padding(p.arch, p.bytes, o.rows, o.cols, patterns...);
    });
    if (!c.ok()) throw rule_error("--pad auto: the accesses over the tile break a rule of the model: ", c.error);
    p.pad = c.padding;
    return "--pad auto: choose_padding picks a padding of " + std::to_string(c.padding) + " (pitch " +
           std::to_string(c.pitch) + ") for " + chosen_for(o, p) + ": " +
           chosen_cost(c.conflict_free(), c.wavefronts, c.ideal, c.degree, "padding") + "\n\n";
  }
  if (p.auto_swizzle) {
    const bc::swizzle_choice c = with_tile_patterns(o, p, [&](const auto&... patterns) {
      return bc::choose_swizzle(p.arch, p.bytes, o.rows, o.cols, patterns...);
    });
    if (!c.ok()) throw rule_error("--swizzle auto: the accesses over the tile break a rule of the model: ", c.error);
    p.swizzle_b = c.b;
    p.swizzle_m = c.m;
    p.swizzle_s = c.s;
    const std::string picked = c.b == 0 ? std::string("no swizzle")
                                        : "Swizzle<" + std::to_string(c.b) + ", " + std::to_string(c.m) + ", " +
                                              std::to_string(c.s) + "> on byte addresses (align the tile to " +
                                              std::to_string(c.period) + " bytes)";
    return "--swizzle auto: choose_swizzle picks " + picked + " for " + chosen_for(o, p) + ": " +
           chosen_cost(c.conflict_free(), c.wavefronts, c.ideal, c.degree, "swizzle") + "\n\n";
  }
  return std::string();
}

bc::bank_map map_of(const scenario& s, const parsed& p) {
  bc::bank_map m = bc::map_access([&s](int l) { return s.address[static_cast<std::size_t>(l)]; }, s.op, s.mask, p.arch);
  if (!m.ok()) throw rule_error("this access breaks a rule of the model: ", m.error);
  return m;
}

// With C's stdio, whose failures set errno (POSIX), so the message can say why.
void write_file(const std::string& path, const std::string& text) {
  errno = 0;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  bool ok = f != nullptr && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  ok = f != nullptr && std::fclose(f) == 0 && ok;
  // Not a bad argument: the path may be fine and the disk full. main says so, without the usage.
  if (!ok)
    throw std::runtime_error("--svg " + path + ": cannot write the file" +
                             (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
}

// --sweep-pad: wavefronts for paddings 0..32, as a table, and as an SVG plot with --svg. A tile's
// padding is elements added to each row; an exchange's, items inserted after every --group items.
void sweep(std::ostream& out, const options& o, const parsed& p) {
  const bool is_exchange = p.kind == "exchange";
  // The lanes, where --lanes gives them (the patterns' own lanes are the whole warp).
  const std::string lanes_text = p.mask ? ", lanes " + bc::detail::lane_ranges(*p.mask) : std::string();
  const std::string subject =
      is_exchange ? o.pattern + " of " + o.type + ", " + counted(o.threads, "thread") + ", pad items after every " +
                        (p.group == 1 ? std::string("item") : counted(p.group, "item"))
      : p.index   ? o.pattern + " of " + o.type + lanes_text
                  : o.pattern + (p.kind == "row" || p.kind == "column" ? " " + std::to_string(o.index) : std::string()) +
                        " over " + o.type + "[" + std::to_string(o.rows) + "][" + std::to_string(o.cols) + " + pad]" +
                        swizzle_text(p) + lanes_text;
  out << "wavefronts by padding: " << subject << ", "
      << (is_exchange ? std::string("blocked -> striped -> blocked") : bc::detail::op_name(p.op)) << " on "
      << p.arch.name << "\n";
  if (is_exchange) {
    out << "(CUB's layout, " << layout_text(bc::cub_exchange_layout(p.amount, p.bytes)) << ": " << p.cub.wavefronts()
        << " wavefronts, ideal " << p.cub.ideal() << ")\n";
  }
  out << "\n";
  out << "| pad | wavefronts | ideal | degree | bandwidth |\n|---:|---:|---:|---:|---:|\n";
  struct padding_cost {
    long long wavefronts = 0, ideal = 0;
    std::string rule;  // the rule the padding breaks (a vector's alignment, say), or empty
  };
  std::vector<padding_cost> costs;
  std::string first_broken;  // padding 0's error, said alone when no padding gives a number
  const auto refuse = [&out, &costs, &first_broken](int pad, bc::errc rule, const std::string& message) {
    out << "| " << pad << " | " << bc::to_string(rule) << " | | | |\n";  // its row says which rule
    costs.push_back(padding_cost{0, 0, bc::to_string(rule)});
    if (first_broken.empty()) first_broken = message;
  };
  for (int pad = 0; pad <= 32; ++pad) {
    scenario s;
    try {
      s = make(o, p, pad);
    } catch (const rule_error& e) {
      refuse(pad, e.rule, e.what());
      continue;
    }
    long long w = 0, ideal = 0;
    int degree = 0;
    if (s.is_tile) {
      w = s.tile.wavefronts;
      ideal = s.tile.ideal;
      degree = s.tile.degree();
    } else {
      const bc::report r = bc::analyze([&s](int l) { return s.address[static_cast<std::size_t>(l)]; }, s.op, s.mask, p.arch);
      if (!r.ok()) {
        refuse(pad, r.error, std::string("this access breaks a rule of the model: ") + bc::to_string(r.error));
        continue;
      }
      w = r.wavefronts;
      ideal = r.ideal;
      degree = r.degree;
    }
    costs.push_back(padding_cost{w, ideal, {}});
    out << "| " << pad << " | " << w << " | " << ideal << " | " << degree << " | "
        << bc::detail::percent(w > 0 ? static_cast<double>(ideal) / static_cast<double>(w) : 0.0) << " |\n";
  }
  // A rule broken at every padding (a thread block of too many threads, an empty lane mask) is
  // the input's, not a padding's: a bad argument, as without --sweep-pad, and no table.
  if (std::all_of(costs.begin(), costs.end(), [](const padding_cost& c) { return !c.rule.empty(); }))
    throw usage_error("--sweep-pad: every padding from 0 to 32 breaks a rule. Padding 0: " + first_broken);
  if (!o.svg.empty()) {
    long long top = 1;
    for (const padding_cost& c : costs) top = std::max(top, c.wavefronts);
    const int left = 70, bar = 22, height = 300, base = 340;
    std::ostringstream svg;
    svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
        << left + 33 * bar + 30 << "\" height=\"" << base + 50 << "\" font-family=\"monospace\" font-size=\"11\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<title>wavefronts by padding</title>\n"
        << "<text x=\"16\" y=\"22\" font-size=\"14\" font-weight=\"bold\">" << bc::detail::xml_escape(subject)
        << ": wavefronts by padding</text>\n";
    bool any_broken = false;
    for (int pad = 0; pad <= 32; ++pad) {
      const padding_cost& c = costs[static_cast<std::size_t>(pad)];
      const long long w = c.wavefronts;
      const int h = static_cast<int>(w * height / top), x = left + pad * bar;
      if (!c.rule.empty()) {  // no bar: an 'x' on the axis, the rule in its tooltip
        any_broken = true;
        svg << "<text class=\"broken\" x=\"" << x + bar / 2 << "\" y=\"" << base - 4
            << "\" text-anchor=\"middle\" fill=\"#777\">x<title>pad " << pad << ": "
            << bc::detail::xml_escape(c.rule) << "</title></text>\n";
      } else {
        const bool ideal = w > 0 && w == c.ideal;
        svg << "<rect class=\"bar\" x=\"" << x + 2 << "\" y=\"" << base - h << "\" width=\"" << bar - 4 << "\" height=\"" << h
            << "\" fill=\"" << (ideal ? "#3a9a5b" : "#d0553f") << "\"><title>pad " << pad << ": " << counted(w, "wavefront")
            << "</title></rect>\n";
      }
      svg << "<text x=\"" << x + bar / 2 << "\" y=\"" << base + 14 << "\" text-anchor=\"middle\">" << pad << "</text>\n";
    }
    svg << "<text x=\"" << left << "\" y=\"" << base + 34 << "\">padding ("
        << (is_exchange ? "items after every " + std::to_string(p.group) : p.index ? std::string("pad") : std::string("elements"))
        << "); green: conflict-free" << (any_broken ? "; x: breaks a rule (the table says which)" : "") << "</text>\n"
        << "<text x=\"" << left - 6 << "\" y=\"" << base - height + 4 << "\" text-anchor=\"end\">" << top << "</text>\n"
        << "<text x=\"" << left - 6 << "\" y=\"" << base << "\" text-anchor=\"end\">0</text>\n</svg>\n";
    write_file(o.svg, svg.str());
    out << "\nwrote " << o.svg << "\n";
  }
}

void show(std::ostream& out, const options& o, const parsed& p, int pad, bool color, const std::string& svg_path) {
  const scenario s = make(o, p, pad);
  const bc::bank_map m = map_of(s, p);
  out << bc::to_text(m, bc::text_options{color, s.title});
  if (!svg_path.empty()) {
    write_file(svg_path, bc::to_svg(m, bc::svg_options{s.title}));
    out << "wrote " << svg_path << "\n";
  }
}

int run(int argc, char** argv) {
  CLI::App app{"bankcheck-explore: the bank map of a warp's shared-memory access.\n"
               "Each word asked is drawn in rows of 32 banks (a word's column is its bank), marked with the\n"
               "lane asking it and the wavefront that serves it. With no arguments: float[32][32] read down a\n"
               "column (32 wavefronts), then the same tile padded by 1 (1 wavefront).",
               "bankcheck-explore"};
  app.get_formatter()->column_width(34);
  app.footer("Examples:\n"
             "  bankcheck-explore --pattern column --pad 1          a padded column: 1 wavefront\n"
             "  bankcheck-explore --pattern row --type float4       LDS.128: 4 phases of 8 lanes\n"
             "  bankcheck-explore --pattern broadcast:2 --type float4   the load merge rule: 2 phases\n"
             "  bankcheck-explore --pattern tile --type half --cols 64 --op ldmatrix:4\n"
             "  bankcheck-explore --pattern column --swizzle 5,2,5  word column XOR row: 1 wavefront\n"
             "  bankcheck-explore --pattern block:4x32 --type half --vector 8 --op store --rows 128 --swizzle 64B\n"
             "                                                      a GEMM tile's copy, eight halves a thread\n"
             "  bankcheck-explore --pattern column --sweep-pad --svg pad.svg\n"
             "  bankcheck-explore --pattern 'index:lane * (32 + pad)' --sweep-pad\n"
             "                                                      the same sweep, written as an expression\n"
             "  bankcheck-explore --pattern block:32x8 --transposed --rows 64 --cols 64 --arch gfx950 --pad auto\n"
             "                                                      the padding gfx950's 64-lane warps need: 2\n"
             "  bankcheck-explore --pattern exchange:8 --type double --pad auto\n"
             "                                                      8 bytes after every 16 doubles (CUB: 2-way)\n"
             "Exit status: 0; 2 for a bad argument (the message says which); 1 when the output or the SVG\n"
             "file cannot be written.");
  options o;
  app.add_option("--pattern", o.pattern,
                 "row | column | stride:D | broadcast:K | tile | block:XxY | exchange:IPT | index:EXPR\n"
                 "(default column). row/column: one warp reads row/column --index of the tile; stride:D: lane l\n"
                 "reads element l*D; broadcast:K: K lanes share each element; tile: every row and column access\n"
                 "of the tile (or every ldmatrix), its totals, and its worst access drawn; block:XxY: an X x Y\n"
                 "thread block (thread (x, y) at row y, column x) sweeping the tile, the same way; exchange:IPT:\n"
                 "CUB's BlockExchange of IPT (1..64) items a thread, blocked -> striped -> blocked, the same way;\n"
                 "index:EXPR: lane l reads element EXPR, an integer expression in lane and pad (--pad's value)\n"
                 "with C's operators ( ) - ~ * / % + - << >> & ^ |, each step checked; numbers decimal or 0x\n"
                 "hexadecimal (010 is ten, not C's octal eight).\n"
                 "Example: --pattern block:16x16, --pattern 'index:(lane ^ (lane >> 3)) * 4'");
  app.add_option("--type", o.type,
                 "element type (default float): " + type_names() +
                     "\n(float3, int3 and double3 for exchange:IPT only). Example: --type float4");
  app.add_option("--rows", o.rows, "tile rows (default 32). Example: --rows 64")->transform(decimal_int());
  app.add_option("--cols", o.cols, "tile columns (default 32). Example: --cols 64")->transform(decimal_int());
  app.add_option("--pad", o.pad,
                 "padding: elements added to each row (default 0), or auto: the library's choice (choose_padding)\n"
                 "for the pattern's accesses over the whole tile on --arch. Example: --pad 1. For exchange:IPT,\n"
                 "items inserted after every --group items, or auto (choose_exchange_padding); for index:EXPR,\n"
                 "the value of pad in EXPR");
  app.add_option("--threads", o.threads, "exchange:IPT: the block's threads (1..1024, default 128). Example: --threads 256")
      ->transform(decimal_int());
  app.add_option("--group", o.group, "exchange:IPT: items between two paddings (1..1024, default 32). Example: --group 16")
      ->transform(decimal_int());
  app.add_option("--index", o.index, "which row or column the row/column patterns read (default 0). Example: --index 3")
      ->transform(decimal_int());
  app.add_option("--vector", o.vector,
                 "elements a lane moves along its row with one access, for row and block:XxY (1, 2, 4, 8, 16;\n"
                 "default 1; at most 16 bytes). Example: --type half --vector 8")->transform(decimal_int());
  // Flags take no value: --sweep-pad=false is refused, not read as absent, nor =-1 as false.
  app.add_flag("--transposed", o.transposed, "block:XxY with thread (x, y) at row x, column y")->disable_flag_override();
  app.add_option("--op", o.op,
                 "load | store | ldmatrix:N | stmatrix:N (N = 1, 2, 4; default load). A load or store moves one\n"
                 "element per lane (--vector: more); matrices need --type half and --pattern tile. Example: --op store");
  app.add_option("--arch", o.arch, "nvidia | gfx942 | gfx950 | rdna3 | rdna4 (default nvidia). Example: --arch gfx942");
  app.add_option("--arch-file", o.arch_file,
                 "an architecture described as data, one setting a line ('#' starts a comment): name; banks,\n"
                 "bank_bytes and warp_size (each required); merge_loads and matrix_ops (yes or no; no unless\n"
                 "given); and each width's load, store (and merged_load) phases, as 'load 16 blocks 8',\n"
                 "'load 1,2,4 blocks 32' or 'load 16 phases 0-3,20-23 4-7,16-19 ...'. Examples: examples/explore/arch/\n"
                 "in the sources, share/bankcheck/arch/ where installed.\n"
                 "Example: --arch-file my_gpu.arch");
  app.add_option("--lanes", o.lanes,
                 "the active lanes of a single warp-access (row, column, stride:D, broadcast:K, index:EXPR), as a\n"
                 "mask, decimal or 0x hexadecimal (default: the pattern's lanes). Example: --lanes 0xffff");
  app.add_option("--swizzle", o.swizzle,
                 "XOR-swizzle the tile's byte offsets as CuTe's Swizzle<B, M, S> (row, column, tile, block): B,M,S,\n"
                 "or a TMA mode, 32B | 64B | 128B (= 1,4,3 | 2,4,3 | 3,4,3), or auto: the library's choice\n"
                 "(choose_swizzle) for the pattern's accesses over the whole tile on --arch. Example: --swizzle 5,2,5");
  app.add_option("--svg", o.svg, "also write the picture (or, with --sweep-pad, the plot) as SVG. Example: --svg map.svg");
  app.add_flag("--sweep-pad", o.sweep_pad, "a table of wavefronts for paddings 0..32 (the seed's slider): elements a row, for\n"
               "exchange:IPT items after every --group items, for index:EXPR the values of pad")
      ->disable_flag_override();
  app.add_flag("--no-color", o.no_color, "no colours, even on a terminal")->disable_flag_override();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    std::cerr << "bankcheck-explore: " << printable(e.what()) << "\n\n" << app.help();
    return 2;
  }
  // The output is printed once everything has succeeded, the SVG file written included: an error
  // prints only the error (and, for a bad argument, the usage).
  for (const CLI::Option* opt : app.get_options())
    if (opt->count() > 0) o.given.push_back(opt->get_name());
  std::ostringstream out;
  try {
    // An empty value (--swizzle '', --rows '') is no value: said, not read as a default or 0.
    for (const CLI::Option* opt : app.get_options())
      if (opt->count() > 0 && opt->get_type_size() > 0)
        for (const std::string& value : opt->results())
          if (value.empty()) throw usage_error(opt->get_name() + ": the value is empty");
    parsed p = check(o);
    out << choose(o, p);
    const bool color = !o.no_color && isatty(STDOUT_FILENO);
    bool only_output_options = true;
    for (const CLI::Option* opt : app.get_options())
      if (opt->count() > 0 && opt->get_name() != "--no-color" && opt->get_name() != "--svg") only_output_options = false;
    if (o.sweep_pad) {
      sweep(out, o, p);
    } else if (only_output_options) {  // the seed's default: the plain tile, then padded by one
      show(out, o, p, 0, color, "");
      out << "\n";
      show(out, o, p, 1, color, o.svg);
    } else {
      show(out, o, p, p.pad, color, o.svg);
    }
  } catch (const usage_error& e) {
    std::cerr << "bankcheck-explore: " << printable(e.what()) << "\n\n" << app.help();
    return 2;
  }
  std::cout << out.str() << std::flush;
  if (!std::cout) {
    std::cerr << "bankcheck-explore: cannot write the output: " << std::strerror(errno) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Anything else (a file that cannot be written, no memory): said, and status 1.
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fputs("bankcheck-explore: ", stderr);
    std::fputs(printable(e.what()).c_str(), stderr);
    std::fputs("\n", stderr);
  } catch (...) {
    std::fputs("bankcheck-explore: unknown error\n", stderr);
  }
  return 1;
}
