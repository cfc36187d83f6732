// SPDX-License-Identifier: BSL-1.0
// bankcheck: the bank map of one access, drawn as text (a terminal, a log) or as SVG.
// Host-only: it uses the standard library's strings and streams (its functions are not
// __device__, so a .cu file may include it and call them from host code).
//
// The map shows, phase by phase, the words the lanes ask for in rows of `banks` words, so a
// word's column is its bank; each word is marked with the lane asking it (the lowest, and "+"
// when several share it) and the wavefront that serves it. Wavefronts are numbered across the
// whole instruction: phase 0's first, then phase 1's, and so on.
//
// std::min and std::max are called as (std::min)(...) or std::min<T>(...), never std::min(...):
// <windows.h> defines min and max as function-like macros (tests/platform_macros.cpp).
#ifndef BANKCHECK_PRINT_HPP
#define BANKCHECK_PRINT_HPP

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/detail/engine.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/report.hpp>

// A drawing given a map that does not hold together throws, or, in a unit built without
// exceptions, aborts. The functions that differ so (detail::require_drawable and the three
// drawings) are in an inline namespace named for the choice: a program whose units differ has
// both, each unit calling its own, where one definition under one name would be chosen by the
// link order.
#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
#define BANKCHECK_DETAIL_EXCEPTIONS 1
#define BANKCHECK_DETAIL_DRAWING_FAULTS faults_thrown
#else
#define BANKCHECK_DETAIL_EXCEPTIONS 0
#define BANKCHECK_DETAIL_DRAWING_FAULTS faults_abort
#endif

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

// One word asked in one phase: who asks it, and when it is served.
struct mapped_word {
  int phase = 0;  // the architecture's number of its phase, as in pass_table and the witness
  std::uint64_t word = 0;    // byte address / the architecture's bank_bytes; its bank is word % banks
  std::uint64_t lanes = 0;  // the lanes asking it
  int pass = 0;             // its position in its bank's queue, within the phase
  int wavefront = 0;        // pass + the wavefronts of the phases before
};

// Everything the pictures show, from one run of the engine. summary, to_text and to_svg draw a
// map that map_access made, or one built by hand that holds together as such a map does (they
// throw std::invalid_argument, naming the member, for one that does not): an architecture's
// banks (1..64) and bank bytes (a power of two, 1..16); as many entries in each per-phase list,
// phase_numbers increasing from 0 or more; each word asked by a lane, in a phase that
// phase_numbers lists, its pass and wavefront not negative, its wavefront below
// totals.wavefronts; the words by phase, bank row and bank, each once. Where error is set, they
// draw only the error. Built without exceptions, they print the message on stderr and abort.
struct bank_map {
  errc error = errc::none;
  access op{};
  std::uint64_t active = 0;  // the active lanes
  int banks = 32;
  int bank_bytes = 4;
  int warp_size = 32;
  const char* arch_name = "nvidia";
  report totals{};
  pass_table schedule{};
  // Per phase with an active lane, in order: its wavefronts, its lanes, and its number in the
  // architecture's table (as mapped_word::phase, pass_table and the witness give it).
  std::vector<int> phase_wavefronts;
  std::vector<std::uint64_t> phase_lanes;
  std::vector<int> phase_numbers;
  std::vector<mapped_word> words;     // by phase, then bank row, then bank

  bool ok() const noexcept { return error == errc::none; }
};

namespace detail {
// Each word with the lanes asking it, and each lane's phase and pass (as table_visitor records
// them): the map and its schedule from one run of the engine.
struct map_visitor {
  static constexpr bool wants_passes = true;
  std::vector<mapped_word>* words;
  table_visitor lanes;
  void word(int lane, int phase, std::uint64_t word, int pass) const {
    for (mapped_word& m : *words)
      if (m.phase == phase && m.word == word) {
        m.lanes |= std::uint64_t{1} << lane;
        return;
      }
    words->push_back(mapped_word{phase, word, std::uint64_t{1} << lane, pass, 0});
  }
  void lane(int lane, int phase, int pass) const noexcept { lanes.lane(lane, phase, pass); }
};
}  // namespace detail

// The bank map of the access analyze(address_of_lane, op, active_lanes, arch) describes.
// On bad input, .error says which rule broke and nothing else is filled in.
template <class F, class Arch = arch::nvidia_t, typename detail::if_engine_arch<Arch, true>::type = 0>
bank_map map_access(F&& address_of_lane, access op, std::uint64_t active_lanes = whole_warp, Arch arch = {}) {
  bank_map m{};
  const architecture a = arch;
  m.op = op;
  m.banks = a.banks, m.bank_bytes = a.bank_bytes, m.warp_size = a.warp_size;
  m.arch_name = a.name != nullptr ? a.name : "unnamed";
  const detail::plan p = detail::make_plan(op, active_lanes, arch);
  if (!p.ok()) return m.error = p.error, m.schedule = detail::unscheduled(p.error, a.warp_size), m;
  m.active = p.active;
  auto v = detail::to_fill<detail::lane_values<detail::lanes_for<Arch>()>>();
  detail::gather(address_of_lane, p.call, detail::span_of(p.call), v);
  m.schedule = detail::unscheduled(errc::none, a.warp_size);
  detail::map_visitor visit{&m.words, detail::table_visitor{&m.schedule}};
  m.totals = detail::run(v, op, p, arch, visit);
  if (!m.totals.ok()) {
    m.words.clear();
    m.schedule = detail::unscheduled(m.totals.error, a.warp_size);
    return m.error = m.totals.error, m;
  }
  m.schedule.passes = m.totals.degree;
  // Phases in the engine's order; each costs its deepest queue.
  int phases = 0;
  for (const mapped_word& w : m.words) phases = (std::max)(phases, w.phase + 1);
  std::vector<int> cost(static_cast<std::size_t>(phases), 0), first(static_cast<std::size_t>(phases), 0);
  std::vector<std::uint64_t> lanes(static_cast<std::size_t>(phases), 0);
  for (const mapped_word& w : m.words) {
    cost[static_cast<std::size_t>(w.phase)] = (std::max)(cost[static_cast<std::size_t>(w.phase)], w.pass + 1);
    lanes[static_cast<std::size_t>(w.phase)] |= w.lanes;
  }
  for (int i = 0, sum = 0; i < phases; ++i) {
    first[static_cast<std::size_t>(i)] = sum;
    sum += cost[static_cast<std::size_t>(i)];
    if (cost[static_cast<std::size_t>(i)] > 0) {
      m.phase_numbers.push_back(i);
      m.phase_wavefronts.push_back(cost[static_cast<std::size_t>(i)]);
      m.phase_lanes.push_back(lanes[static_cast<std::size_t>(i)]);
    }
  }
  for (mapped_word& w : m.words) w.wavefront = first[static_cast<std::size_t>(w.phase)] + w.pass;
  const auto banks = static_cast<std::uint64_t>(m.banks);
  std::stable_sort(m.words.begin(), m.words.end(), [banks](const mapped_word& x, const mapped_word& y) {
    if (x.phase != y.phase) return x.phase < y.phase;
    if (x.word / banks != y.word / banks) return x.word / banks < y.word / banks;
    return x.word % banks < y.word % banks;
  });
  return m;
}
// The same on an architecture of a type of one's own, converted as analyze converts it.
template <class F, class Arch, typename detail::if_engine_arch<Arch, false>::type = 0>
bank_map map_access(F&& address_of_lane, access op, std::uint64_t active_lanes, Arch arch) {
  if constexpr (detail::arch_required<Arch>::value)
    return map_access(static_cast<F&&>(address_of_lane), op, active_lanes, static_cast<architecture>(arch));
  else
    return bank_map{};
}

namespace detail {
// What makes a map that was built by hand impossible to draw (bank_map's comment), in words, or
// an empty string. A map with an error has only the error to draw.
inline std::string map_fault(const bank_map& m) {
  if (!m.ok()) return {};
  if (m.banks < 1 || m.banks > 64) return "banks is " + std::to_string(m.banks) + ", not 1..64";
  if (m.bank_bytes < 1 || m.bank_bytes > 16 || (m.bank_bytes & (m.bank_bytes - 1)) != 0)
    return "bank_bytes is " + std::to_string(m.bank_bytes) + ", not a power of two in 1..16";
  if (m.phase_lanes.size() != m.phase_wavefronts.size() || m.phase_numbers.size() != m.phase_wavefronts.size())
    return "phase_wavefronts, phase_lanes and phase_numbers hold " + std::to_string(m.phase_wavefronts.size()) + ", " +
           std::to_string(m.phase_lanes.size()) + " and " + std::to_string(m.phase_numbers.size()) +
           " entries, not one each per phase";
  for (std::size_t p = 0; p < m.phase_numbers.size(); ++p)
    if (p == 0 ? m.phase_numbers[p] < 0 : m.phase_numbers[p] <= m.phase_numbers[p - 1])
      return "phase_numbers[" + std::to_string(p) + "] is " + std::to_string(m.phase_numbers[p]) +
             (p == 0 ? ", below 0" : ", not above the one before it, " + std::to_string(m.phase_numbers[p - 1]));
  const auto banks = static_cast<std::uint64_t>(m.banks);
  for (std::size_t i = 0, p = 0; i < m.words.size(); ++i) {
    const mapped_word& w = m.words[i];
    const std::string word = "words[" + std::to_string(i) + "]";
    if (w.lanes == 0) return word + " has no lane asking it";
    if (w.phase < 0 || w.pass < 0)
      return word + " has phase " + std::to_string(w.phase) + " and pass " + std::to_string(w.pass) +
             ", not both 0 or more";
    if (w.wavefront < 0 || w.wavefront >= m.totals.wavefronts)
      return word + " has wavefront " + std::to_string(w.wavefront) + ", not in 0.." +
             std::to_string(m.totals.wavefronts) + " - 1 (totals.wavefronts)";
    if (i > 0) {
      const mapped_word& v = m.words[i - 1];
      if (w.phase < v.phase ||
          (w.phase == v.phase && (w.word / banks < v.word / banks ||
                                  (w.word / banks == v.word / banks && w.word % banks <= v.word % banks))))
        return word + " comes after words[" + std::to_string(i - 1) +
               "] out of order: the words go by phase, bank row and bank, each once";
    }
    while (p < m.phase_numbers.size() && m.phase_numbers[p] < w.phase) ++p;
    if (p == m.phase_numbers.size() || m.phase_numbers[p] != w.phase)
      return word + " is in phase " + std::to_string(w.phase) + ", which phase_numbers does not list";
  }
  return {};
}
inline namespace BANKCHECK_DETAIL_DRAWING_FAULTS {
// Throws std::invalid_argument where `m` cannot be drawn, naming `drawing` and the fault. Built
// without exceptions (-fno-exceptions), it writes the same message and a newline to stderr and
// aborts instead: never a picture of a map that does not hold together.
inline void require_drawable(const bank_map& m, const char* drawing) {
  const std::string fault = map_fault(m);
  if (fault.empty()) return;
  const std::string message = std::string("bankcheck::") + drawing + ": the bank map does not hold together: " + fault;
#if BANKCHECK_DETAIL_EXCEPTIONS
  throw std::invalid_argument(message);
#else
  std::fprintf(stderr, "%s\n", message.c_str());
  std::abort();
#endif
}
}  // namespace BANKCHECK_DETAIL_DRAWING_FAULTS
// The phases a map shows: one per entry of its per-phase lists (require_drawable: as many in each).
inline std::size_t phases_shown(const bank_map& m) noexcept {
  return (std::min)({m.phase_wavefronts.size(), m.phase_lanes.size(), m.phase_numbers.size()});
}
// The lowest and the highest bank row the map's words are in (0 and 0 without words): the
// pictures label rows from the first, "+0".
struct row_span {
  std::uint64_t first = 0, last = 0;
};
inline row_span rows_asked(const bank_map& m) noexcept {
  const auto banks = static_cast<std::uint64_t>(m.banks);
  row_span s{m.words.empty() ? 0 : m.words.front().word / banks, 0};
  for (const mapped_word& w : m.words) {
    s.first = (std::min)(s.first, w.word / banks);
    s.last = (std::max)(s.last, w.word / banks);
  }
  return s;
}
// "F..L": the bytes bank row `row` holds.
inline std::string row_byte_range(const bank_map& m, std::uint64_t row) {
  const std::uint64_t bytes = static_cast<std::uint64_t>(m.banks) * static_cast<unsigned>(m.bank_bytes);
  return std::to_string(row * bytes) + ".." + std::to_string((row + 1) * bytes - 1);
}
inline std::string op_name(access op) {
  switch (op.kind) {
    case op_kind::load: return std::string("load(") + std::to_string(op.bytes) + ")";
    case op_kind::store: return std::string("store(") + std::to_string(op.bytes) + ")";
    case op_kind::ldmatrix: return std::string("ldmatrix(") + std::to_string(op.matrices) + ")";
    case op_kind::stmatrix: return std::string("stmatrix(") + std::to_string(op.matrices) + ")";
  }
  return "?";
}
// "0-31", "0-7 16-23", ...: the runs of set bits.
inline std::string lane_ranges(std::uint64_t m) {
  std::string s;
  for (int l = 0; l < 64; ++l) {
    if (!(m >> l & 1)) continue;
    int e = l;
    while (e + 1 < 64 && (m >> (e + 1) & 1)) ++e;
    if (!s.empty()) s += ' ';
    s += e == l ? std::to_string(l) : std::to_string(l) + "-" + std::to_string(e);
    l = e;
  }
  return s;
}
// The active lanes, and for an ldmatrix / stmatrix of fewer than 4 matrices the lanes that give
// its rows' addresses: "0-31 (addresses from lanes 0-7)" for an ldmatrix.x1 (MODEL.md: lanes
// 8m..8m+7 give matrix m's rows; the others' addresses are not read).
inline std::string lanes_named(const bank_map& m) {
  std::string s = lane_ranges(m.active);
  if (!m.op.is_matrix() || m.op.matrices < 1 || m.op.matrices > 4) return s;
  const std::uint64_t giving = m.active & ((std::uint64_t{1} << (8 * m.op.matrices)) - 1);
  if (giving != m.active) s += " (addresses from lanes " + lane_ranges(giving) + ")";
  return s;
}
inline std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x);
  return buf;
}
// The length of the UTF-8 character that starts at s[i] when it is one XML allows (no overlong
// form, surrogate, U+FFFE or U+FFFF, nothing past U+10FFFF), else 0.
inline std::size_t utf8_character(const std::string& s, std::size_t i) noexcept {
  const auto at = [&s](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned c = at(i);
  const std::size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((at(i + k) & 0xc0) != 0x80) return 0;
  const unsigned second = at(i + 1);
  if ((c == 0xe0 && second < 0xa0) || (c == 0xed && second > 0x9f) || (c == 0xf0 && second < 0x90) ||
      (c == 0xf4 && second > 0x8f) || (c == 0xef && second == 0xbf && (at(i + 2) == 0xbe || at(i + 2) == 0xbf)))
    return 0;
  return n;
}
// Text for an XML document declared UTF-8: markup characters escaped, control characters '?',
// and each byte that is not part of a valid UTF-8 character U+FFFD.
inline std::string xml_escape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      const std::size_t n = utf8_character(s, i);
      if (n == 0) {
        out += "&#xFFFD;";
      } else {
        out.append(s, i, n);
        i += n - 1;
      }
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\t':
      case '\n':
      case '\r': out += c; break;
      default: out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;  // no control character is XML
    }
  }
  return out;
}
// The pixels a line of SVG text takes at `size` points in a monospace font, whose characters
// advance 0.6 em, rounded up: a character as xml_escape writes it (a valid UTF-8 character one,
// each other byte one U+FFFD).
inline int svg_text_width(const std::string& text, int size) {
  long long chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i, ++chars)
    if (static_cast<unsigned char>(text[i]) >= 0x80) i += std::max<std::size_t>(utf8_character(text, i), 1) - 1;
  return static_cast<int>(std::min<long long>((chars * size * 6 + 9) / 10, 1 << 24));
}
// A colour per wavefront: hues around the wheel, alternating light and dark.
inline std::string wave_colour(int wave, int waves) {
  const long long hue = waves <= 1 ? 210 : (wave * 360LL / waves + 210) % 360;  // (wave * 360 overflowed int)
  return std::string("hsl(") + std::to_string(hue) + ", 70%, " + (wave % 2 ? "72%" : "58%") + ")";
}
}  // namespace detail

struct text_options {
  bool color = false;  // ANSI colours, one per wavefront
  std::string title;   // a first line, when not empty
};

struct svg_options {
  std::string title;  // the picture's heading; the totals follow it
};

// The drawings call require_drawable, so they are in its inline namespace too (see there).
inline namespace BANKCHECK_DETAIL_DRAWING_FAULTS {

// The summary lines: totals and the witness of the worst conflict.
inline std::string summary(const bank_map& m) {
  detail::require_drawable(m, "summary");
  std::ostringstream o;
  if (!m.ok()) {
    o << "error: " << to_string(m.error) << "\n";
    return o.str();
  }
  const report& r = m.totals;
  o << detail::op_name(m.op) << " on " << (m.arch_name != nullptr ? m.arch_name : "unnamed") << ", lanes "
    << detail::lanes_named(m) << "\n";
  o << "wavefronts " << r.wavefronts << ", ideal " << r.ideal << ", degree " << r.degree << ", bandwidth "
    << detail::percent(r.bandwidth()) << (r.merged ? ", merged (the load merge rule holds)" : "") << "\n";
  if (r.degree > 1) {
    const conflict_witness& w = r.worst;
    o << "worst conflict: phase " << w.phase << ", bank " << w.bank << ": lane " << w.lane_a << " asks word "
      << w.word_a << ", lane " << w.lane_b << " asks word " << w.word_b << "\n";
  } else {
    o << "no bank conflict\n";
  }
  return o.str();
}

// The map as text: per phase, one pair of lines per bank row with words in it (lanes, then
// wavefronts), 32 banks to a line. At most 100 columns wide while the rows stay below +100 (+10
// on 64 banks, whose labels add a or b) and the wavefronts below 100 (32 banks take at most 64);
// longer labels and numbers widen it (a label of +100 makes a shared word in bank 31 end at 101).
// The summary and phase headings are as long as the title, the architecture's name, the lanes
// and the witness's words make them.
inline std::string to_text(const bank_map& m, const text_options& opt = {}) {
  detail::require_drawable(m, "to_text");
  std::ostringstream o;
  if (!opt.title.empty()) o << opt.title << "\n";
  o << summary(m);
  if (!m.ok()) return o.str();
  const int per_line = (std::min)(m.banks, 32);
  const auto banks = static_cast<std::uint64_t>(m.banks);
  const detail::row_span span = detail::rows_asked(m);
  const std::uint64_t base_row = span.first, last_row = span.last - span.first;
  o << "rows of " << m.banks << (m.banks == 1 ? " word (" : " words (") << m.banks * m.bank_bytes
    << (m.banks * m.bank_bytes == 1 ? " byte)" : " bytes)") << "; row +0 holds bytes "
    << detail::row_byte_range(m, base_row) << "\n"
    << "each word: the lane asking it (+: more lanes share it), and below, the wavefront serving it\n";
  if (m.banks > per_line)
    o << "a row takes two pairs of lines: a for banks 0-" << per_line - 1 << ", b for banks " << per_line << "-"
      << m.banks - 1 << "\n";
  auto paint = [&](const std::string& cell, int wave) {
    if (!opt.color) return cell;
    static const char* const colours[] = {"31", "32", "33", "34", "35", "36", "91", "92", "93", "94", "95", "96"};
    return std::string("\x1b[") + colours[wave % 12] + "m" + cell + "\x1b[0m";
  };
  // Widths that keep every cell under its bank: a cell's number as wide as the widest wavefront
  // (lanes and banks take two digits), a row's label one more than the longest ("+1024a ").
  int digits = 2;
  for (const mapped_word& w : m.words) digits = (std::max)(digits, static_cast<int>(std::to_string(w.wavefront).size()));
  const std::size_t row_label_width =
      std::max<std::size_t>(4, 1 + std::to_string(last_row).size() + (m.banks > per_line ? 1 : 0) + 1);
  std::size_t i = 0;
  for (std::size_t p = 0; p < detail::phases_shown(m); ++p) {
    o << "phase " << m.phase_numbers[p] << " (lanes " << detail::lane_ranges(m.phase_lanes[p])
      << "): " << m.phase_wavefronts[p]
      << (m.phase_wavefronts[p] == 1 ? " wavefront" : " wavefronts") << "\n";
    std::string header = "bank";
    header.resize(row_label_width, ' ');
    for (int b = 0; b < per_line; ++b) {
      char cell[32];
      std::snprintf(cell, sizeof cell, "%*d ", digits, b);
      header += cell;
    }
    while (header.back() == ' ') header.pop_back();
    o << header << "\n";
    while (i < m.words.size() && m.words[i].phase == m.phase_numbers[p]) {
      const std::uint64_t row = m.words[i].word / banks;
      std::size_t end = i;
      while (end < m.words.size() && m.words[end].phase == m.phase_numbers[p] && m.words[end].word / banks == row)
        ++end;
      for (int part = 0; part * per_line < m.banks; ++part) {
        std::string lanes_line, waves_line;
        bool any = false;
        for (int b = part * per_line; b < (part + 1) * per_line && b < m.banks; ++b) {
          const mapped_word* w = nullptr;
          for (std::size_t j = i; j < end; ++j)
            if (m.words[j].word % banks == static_cast<std::uint64_t>(b)) w = &m.words[j];
          if (w == nullptr) {
            lanes_line += std::string(static_cast<std::size_t>(digits) + 1, ' ');
            waves_line += std::string(static_cast<std::size_t>(digits) + 1, ' ');
            continue;
          }
          any = true;
          char lane[32], wave[32];
          std::snprintf(lane, sizeof lane, "%*d%c", digits, detail::lowest_lane(w->lanes),
                        detail::set_bits(w->lanes) > 1 ? '+' : ' ');
          std::snprintf(wave, sizeof wave, "%*d ", digits, w->wavefront);
          lanes_line += paint(lane, w->wavefront), waves_line += paint(wave, w->wavefront);
        }
        if (!any) continue;
        std::string label = "+";  // (appended, not "+" + to_string: g++ 12 -O3 warns -Wrestrict there)
        label += std::to_string(row - base_row);
        if (m.banks > per_line) label += part == 0 ? "a" : "b";
        label.resize(row_label_width, ' ');
        auto trim = [](std::string s) {
          while (!s.empty() && s.back() == ' ') s.pop_back();
          return s;
        };
        o << trim(label + lanes_line) << "\n" << trim(std::string(label.size(), ' ') + waves_line) << "\n";
      }
      i = end;
    }
  }
  return o.str();
}

// The map as a standalone SVG document: per phase, a grid with one column per bank and one row
// per bank row asked, each word a cell coloured by its wavefront and labelled with its lane; a
// legend of the wavefronts' colours.
inline std::string to_svg(const bank_map& m, const svg_options& opt = {}) {
  detail::require_drawable(m, "to_svg");
  // The title's lines (split at '\n'), then the totals and the witness, then the phases.
  std::vector<std::string> heading;
  {
    std::string line;
    std::istringstream in(opt.title.empty() ? std::string("bank map") : opt.title);
    while (std::getline(in, line)) heading.push_back(line);
  }
  const int heading_lines = static_cast<int>(heading.size());
  // A map with an error draws only the error: none of its other members is read (require_drawable
  // checks none of them).
  const bool drawn = m.ok();
  const auto banks = static_cast<std::uint64_t>(drawn ? m.banks : 1);
  const int waves = drawn ? m.totals.wavefronts : 0;
  // Layout: rows per phase shown (the words come by phase, then row).
  std::vector<std::vector<std::uint64_t>> rows(drawn ? detail::phases_shown(m) : 0);
  for (std::size_t p = 0, i = 0; p < rows.size(); ++p)
    for (; i < m.words.size() && m.words[i].phase == m.phase_numbers[p]; ++i)
      if (rows[p].empty() || rows[p].back() != m.words[i].word / banks) rows[p].push_back(m.words[i].word / banks);
  const detail::row_span span = drawn ? detail::rows_asked(m) : detail::row_span{};
  const std::uint64_t base_row = span.first;
  // Row labels ("+1024") end 6 pixels before the grid, 7 pixels a character at 11 points. The
  // height in 64 bits: a map built by hand may have millions of rows.
  const int cell = 26, top = 78 + 18 * (heading_lines - 1),
            left = (std::max)(56, 22 + 7 * static_cast<int>(std::to_string(span.last - span.first).size()));
  long long height = top;
  for (const auto& r : rows) height += 30 + static_cast<long long>(r.size()) * cell + 14;
  const int legend_rows = ((std::max)(0, (std::min)(waves, 64)) + 15) / 16;  // (a map built by hand: any total)
  height += legend_rows * 22 + 30;
  // The lines of text below the heading, each as wide as it needs: the totals, the witness, the
  // phases' headings and the legend's line. The picture is as wide as the grid, the legend (16
  // colours at 60 pixels) and its longest line of text.
  const report& r = m.totals;
  std::string totals, witness, legend;
  std::vector<std::string> phase_heading(rows.size());
  if (drawn) {
    totals = detail::op_name(m.op) + " on " + (m.arch_name != nullptr ? m.arch_name : "unnamed") + ": " +
             std::to_string(r.wavefronts) + (r.wavefronts == 1 ? " wavefront" : " wavefronts") + ", ideal " +
             std::to_string(r.ideal) + ", degree " + std::to_string(r.degree) + ", bandwidth " +
             detail::percent(r.bandwidth()) + (r.merged ? ", merged" : "");
    if (r.degree > 1)
      witness = "worst conflict: phase " + std::to_string(r.worst.phase) + ", bank " + std::to_string(r.worst.bank) +
                ": lane " + std::to_string(r.worst.lane_a) + " (word " + std::to_string(r.worst.word_a) +
                ") and lane " + std::to_string(r.worst.lane_b) + " (word " + std::to_string(r.worst.word_b) + ")";
    for (std::size_t p = 0; p < rows.size(); ++p)
      phase_heading[p] = "phase " + std::to_string(m.phase_numbers[p]) + " (lanes " +
                         detail::lane_ranges(m.phase_lanes[p]) + "): " + std::to_string(m.phase_wavefronts[p]) +
                         (m.phase_wavefronts[p] == 1 ? " wavefront" : " wavefronts");
    legend = std::string("colour = wavefront") + (waves > 64 ? " (first 64 shown)" : "") +
             "; label = lane (+: shared word); row +0 holds bytes " + detail::row_byte_range(m, base_row);
  }
  int text_width = detail::svg_text_width(m.ok() ? totals : "error: " + std::string(to_string(m.error)), 13);
  for (int i = 0; i < heading_lines; ++i)
    text_width = (std::max)(text_width, detail::svg_text_width(heading[static_cast<std::size_t>(i)], i == 0 ? 16 : 13));
  for (const std::string& line : phase_heading) text_width = (std::max)(text_width, detail::svg_text_width(line, 12));
  text_width = (std::max)({text_width, detail::svg_text_width(witness, 12), detail::svg_text_width(legend, 12)});
  const int width = (std::max)({left + (drawn ? m.banks : 0) * cell + 20, 16 * 60 + 40, 16 + text_width + 16});
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height << "\" font-family=\"monospace\" font-size=\"11\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  std::string title;
  for (const std::string& line : heading) title += (title.empty() ? "" : " ") + line;
  o << "<title>" << detail::xml_escape(title) << "</title>\n";
  for (int i = 0; i < heading_lines; ++i)
    o << "<text x=\"16\" y=\"" << 24 + 18 * i << "\" font-size=\"" << (i == 0 ? 16 : 13) << "\""
      << (i == 0 ? " font-weight=\"bold\"" : "") << ">" << detail::xml_escape(heading[static_cast<std::size_t>(i)])
      << "</text>\n";
  const int below = 18 * (heading_lines - 1);
  if (!m.ok()) {
    o << "<text x=\"16\" y=\"" << 48 + below << "\" font-size=\"13\">error: " << detail::xml_escape(to_string(m.error))
      << "</text>\n</svg>\n";
    return o.str();
  }
  o << "<text x=\"16\" y=\"" << 46 + below << "\" font-size=\"13\">" << detail::xml_escape(totals) << "</text>\n";
  if (!witness.empty())
    o << "<text x=\"16\" y=\"" << 64 + below << "\" font-size=\"12\">" << detail::xml_escape(witness) << "</text>\n";
  long long y = top;
  for (std::size_t p = 0; p < rows.size(); ++p) {
    o << "<g class=\"phase\" id=\"phase" << m.phase_numbers[p] << "\">\n";
    o << "<text x=\"16\" y=\"" << y + 12 << "\" font-size=\"12\" font-weight=\"bold\">"
      << detail::xml_escape(phase_heading[p]) << "</text>\n";
    o << "<text x=\"" << left - 6 << "\" y=\"" << y + 26 << "\" text-anchor=\"end\" fill=\"#555\">bank</text>\n";
    for (int b = 0; b < m.banks; ++b)
      o << "<text x=\"" << left + b * cell + cell / 2 << "\" y=\"" << y + 26 << "\" text-anchor=\"middle\" fill=\"#555\">"
        << b << "</text>\n";
    y += 30;
    for (std::size_t k = 0; k < rows[p].size(); ++k) {
      const std::uint64_t row = rows[p][k];
      o << "<text x=\"" << left - 6 << "\" y=\"" << y + cell / 2 + 4 << "\" text-anchor=\"end\" fill=\"#555\">+"
        << row - base_row << "</text>\n";
      for (int b = 0; b < m.banks; ++b)
        o << "<rect x=\"" << left + b * cell << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell
          << "\" fill=\"#f4f4f4\" stroke=\"#ddd\"/>\n";
      for (const mapped_word& w : m.words) {
        if (w.phase != m.phase_numbers[p] || w.word / banks != row) continue;
        const int x = left + static_cast<int>(w.word % banks) * cell;
        o << "<rect class=\"word\" x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell
          << "\" fill=\"" << detail::wave_colour(w.wavefront, waves) << "\" stroke=\"#333\"><title>word " << w.word
          << ", bank " << w.word % banks << ", lanes " << detail::lane_ranges(w.lanes) << ", wavefront " << w.wavefront
          << "</title></rect>\n";
        o << "<text x=\"" << x + cell / 2 << "\" y=\"" << y + cell / 2 + 4 << "\" text-anchor=\"middle\">"
          << detail::lowest_lane(w.lanes) << (detail::set_bits(w.lanes) > 1 ? "+" : "") << "</text>\n";
      }
      y += cell;
    }
    o << "</g>\n";
    y += 14;
  }
  o << "<g class=\"legend\">\n<text x=\"16\" y=\"" << y + 12 << "\" font-size=\"12\">" << detail::xml_escape(legend)
    << "</text>\n";
  y += 20;
  for (int wv = 0; wv < (std::min)(waves, 64); ++wv) {
    const int x = 16 + (wv % 16) * 60;
    const long long yy = y + static_cast<long long>(wv / 16) * 22;
    o << "<rect x=\"" << x << "\" y=\"" << yy << "\" width=\"16\" height=\"16\" fill=\""
      << detail::wave_colour(wv, waves) << "\" stroke=\"#333\"/>\n";
    o << "<text x=\"" << x + 20 << "\" y=\"" << yy + 12 << "\">" << wv << "</text>\n";
  }
  o << "</g>\n</svg>\n";
  return o.str();
}

}  // namespace BANKCHECK_DETAIL_DRAWING_FAULTS
}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
