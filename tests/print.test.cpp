// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/print.hpp: the bank map's words, lanes and wavefronts, and its pictures.
#include <bankcheck/print.hpp>
#include <doctest/doctest.h>

#include "support/random_blocks.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace bankcheck;

TEST_CASE("the bank map of a column of float[32][32]: one bank, 32 words, 32 wavefronts") {
  const bank_map m = map_access([](int l) { return 4 * 32 * l; }, load(4));
  REQUIRE(m.ok());
  REQUIRE(m.words.size() == 32);
  for (int l = 0; l < 32; ++l) {
    const mapped_word& w = m.words[static_cast<std::size_t>(l)];
    CHECK(w.word == static_cast<std::uint64_t>(32 * l));
    CHECK(w.lanes == std::uint64_t{1} << l);
    CHECK(w.wavefront == l);
  }
  CHECK(m.phase_wavefronts.size() == 1);
  CHECK(m.phase_wavefronts[0] == 32);
  const std::string text = to_text(m);
  CHECK(text.find("wavefronts 32, ideal 1, degree 32, bandwidth 3.1%") != std::string::npos);
  CHECK(text.find("worst conflict: phase 0, bank 0: lane 0 asks word 0, lane 1 asks word 32") != std::string::npos);
}

TEST_CASE("wavefronts are numbered across phases, and shared words name their lowest lane") {
  // float4 row: 4 phases of 8 lanes, one wavefront each.
  const bank_map row = map_access([](int l) { return 16 * l; }, load(16));
  REQUIRE(row.ok());
  CHECK(row.words.size() == 128);
  CHECK(row.phase_wavefronts.size() == 4);
  for (const mapped_word& w : row.words) CHECK(w.wavefront == w.phase);
  // Four lanes share each word: one cell per word, all four lanes in it.
  const bank_map shared = map_access([](int l) { return 4 * (l / 4); }, load(4));
  REQUIRE(shared.words.size() == 8);
  CHECK(shared.words[1].lanes == 0xf0u);
  CHECK(to_text(shared).find(" 4+") != std::string::npos);
}

TEST_CASE("bad input draws nothing and names the rule") {
  const bank_map m = map_access([](int l) { return 4 * l + 2; }, load(4));
  CHECK(m.error == errc::address_must_be_a_multiple_of_the_access_width);
  CHECK(m.words.empty());
  CHECK(to_text(m).find("error: address must be a multiple of the access width") != std::string::npos);
  CHECK(to_svg(m).find("error: address must be a multiple of the access width") != std::string::npos);
}

namespace {
std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    widest = std::max(widest, end - start);
    start = end + 1;
  }
  return widest;
}
}  // namespace

TEST_CASE("text is at most 100 columns, with colour only when asked for") {
  const bank_map m = map_access([](int l) { return 4 * (l % 8) * 33; }, load(4), whole_warp, arch::gfx942);
  for (const bool color : {false, true}) {
    const std::string text = to_text(m, text_options{color, "title"});
    CHECK((text.find('\x1b') != std::string::npos) == color);
    if (!color) CHECK(widest_line(text) <= 100);
  }
  // The bound's edge: a word shared by lanes 0 and 1 in the last bank of row +99 (+9 on 64 banks,
  // whose rows take two lines, a and b) takes column 100; at row +100 (+10), 101.
  CHECK(widest_line(to_text(map_access([](int l) { return l < 2 ? 4 * (99 * 32 + 31) : 4 * l; }, load(4)))) == 100);
  CHECK(widest_line(to_text(map_access([](int l) { return l < 2 ? 4 * (100 * 32 + 31) : 4 * l; }, load(4)))) == 101);
  CHECK(widest_line(to_text(map_access([](int l) { return l < 2 ? 4 * (9 * 64 + 63) : 4 * l; }, load(4), whole_warp,
                                       arch::gfx950))) == 100);
  CHECK(widest_line(to_text(map_access([](int l) { return l < 2 ? 4 * (10 * 64 + 63) : 4 * l; }, load(4), whole_warp,
                                       arch::gfx950))) == 101);
}

TEST_CASE("an ldmatrix of fewer than 4 matrices names the lanes that give its addresses") {
  const auto rows = [](int l) { return 16 * l; };
  CHECK(summary(map_access(rows, ldmatrix(1))).find("ldmatrix(1) on nvidia, lanes 0-31 (addresses from lanes 0-7)\n") !=
        std::string::npos);
  CHECK(summary(map_access(rows, stmatrix(2))).find("stmatrix(2) on nvidia, lanes 0-31 (addresses from lanes 0-15)\n") !=
        std::string::npos);
  CHECK(summary(map_access(rows, ldmatrix(4))).find("ldmatrix(4) on nvidia, lanes 0-31\n") != std::string::npos);
  CHECK(summary(map_access(rows, load(16))).find("load(16) on nvidia, lanes 0-31\n") != std::string::npos);
}

TEST_CASE("an SVG is as wide as its longest line of text: 0.6 em a character") {
  const auto width = [](const std::string& svg) {
    const std::size_t at = svg.find("width=\"") + 7;
    return std::stoi(svg.substr(at, svg.find('"', at) - at));
  };
  const auto column = [](int l) { return 4 * 32 * l; };
  // The grid and legend alone: 32 banks, 1000 pixels.
  CHECK(width(to_svg(map_access(column, load(4)))) == 1000);
  // A heading of 200 characters at 16 points (the first line) and at 13 (the others).
  const std::string long_line(200, 'x');
  CHECK(width(to_svg(map_access(column, load(4)), svg_options{long_line})) == 16 + 200 * 16 * 6 / 10 + 16);
  CHECK(width(to_svg(map_access(column, load(4)), svg_options{"t\n" + long_line})) == 16 + 200 * 13 * 6 / 10 + 16);
  // An architecture's long name lengthens the totals line (13 points); a UTF-8 character is one.
  architecture a = arch::nvidia;
  const std::string name = std::string(90, 'n') + "\xc3\xa9";
  a.name = name.c_str();
  const std::string totals = "load(4) on " + name + ": 32 wavefronts, ideal 1, degree 32, bandwidth 3.1%";
  const int characters = static_cast<int>(totals.size()) - 1;  // 152, the two bytes of U+00E9 one
  CHECK(width(to_svg(map_access(column, load(4), whole_warp, a))) == 16 + (characters * 13 * 6 + 9) / 10 + 16);
  // Each byte of an invalid UTF-8 name is one character, as xml_escape writes it (U+FFFD).
  const std::string bytes(150, '\x80');
  a.name = bytes.c_str();
  const int drawn = static_cast<int>(("load(4) on " + bytes + ": 32 wavefronts, ideal 1, degree 32, bandwidth 3.1%").size());
  CHECK(width(to_svg(map_access(column, load(4), whole_warp, a))) == 16 + (drawn * 13 * 6 + 9) / 10 + 16);
  // An error map: its error's line, at 13 points (architecture_is_invalid's is the longest).
  architecture broken = arch::nvidia;
  broken.banks = 0;
  const bank_map error = map_access(column, load(4), whole_warp, broken);
  REQUIRE(error.error == errc::architecture_is_invalid);
  const int error_line = static_cast<int>(std::string("error: ").size() + std::string(to_string(error.error)).size());
  CHECK(width(to_svg(error)) == 16 + (error_line * 13 * 6 + 9) / 10 + 16);
  CHECK(width(to_svg(error)) > 1000);
}

namespace {
// The number in attribute `name` of the element that starts at `at` (-1 where it has none).
long long attribute(const std::string& svg, std::size_t at, const char* name) {
  const std::size_t end = svg.find('>', at), found = svg.find(std::string(" ") + name + "=\"", at);
  if (found == std::string::npos || found > end) return -1;
  return std::stoll(svg.substr(found + std::string(name).size() + 3));
}
}  // namespace

TEST_CASE("everything an SVG draws lies inside it") {
  const std::vector<std::pair<const char*, bank_map>> maps = {
      {"one wavefront", map_access([](int l) { return 4 * l; }, load(4))},
      {"a column: 32 wavefronts", map_access([](int l) { return 4 * 32 * l; }, load(4))},
      {"17 wavefronts", map_access([](int l) { return l < 17 ? 4 * 32 * l : 4 * l; }, load(4))},
      {"float4 columns: four phases", map_access([](int l) { return 16 * 33 * l; }, load(16))},
      {"ldmatrix", map_access([](int l) { return 16 * 8 * l; }, ldmatrix(4))},
      {"gfx950, 64 banks, 64 lanes", map_access([](int l) { return 4 * 64 * l; }, load(4), whole_warp, arch::gfx950)},
      {"an error", map_access([](int l) { return 4 * l + 2; }, load(4))}};
  for (const auto& named : maps) {
    INFO(named.first);  // (not a structured binding: clang 14's INFO cannot capture one)
    const bank_map& m = named.second;
    const std::string svg = to_svg(m, svg_options{"a title\nand a second line"});
    const std::size_t top = svg.find("<svg ");
    const long long width = attribute(svg, top, "width"), height = attribute(svg, top, "height");
    REQUIRE(width > 0);
    REQUIRE(height > 0);
    int elements = 0;
    for (std::size_t at = svg.find('<', top + 1); at != std::string::npos; at = svg.find('<', at + 1)) {
      const long long x = attribute(svg, at, "x"), y = attribute(svg, at, "y");
      if (x < 0 && y < 0) continue;  // no position (the background's rect is 100% of the picture)
      ++elements;
      const long long w = std::max(0LL, attribute(svg, at, "width")), h = std::max(0LL, attribute(svg, at, "height"));
      CHECK(x + w <= width);
      CHECK(y + h <= height);
    }
    CHECK(elements > 0);
  }
}

TEST_CASE("an architecture's name is escaped in SVG, and a null name is drawn as 'unnamed'") {
  architecture a = arch::nvidia;
  a.name = "<b> & \"x\"\x01";
  const std::string svg = to_svg(map_access([](int l) { return 4 * l; }, load(4), whole_warp, a));
  CHECK(svg.find("load(4) on &lt;b&gt; &amp; &quot;x&quot;?:") != std::string::npos);
  CHECK(svg.find("<b>") == std::string::npos);
  a.name = nullptr;
  const bank_map unnamed = map_access([](int l) { return 4 * l; }, load(4), whole_warp, a);
  CHECK(std::string(unnamed.arch_name) == "unnamed");
  CHECK(to_text(unnamed).find("load(4) on unnamed") != std::string::npos);
}

TEST_CASE("map_access takes an architecture type of one's own, as analyze does") {
  const bank_map by_type = map_access([](int l) { return 128 * l; }, load(4), whole_warp, bankcheck_test::banks_34_type{});
  const bank_map by_value = map_access([](int l) { return 128 * l; }, load(4), whole_warp, architecture(bankcheck_test::banks_34_type{}));
  CHECK(by_type.ok());
  CHECK(by_type.banks == 34);
  CHECK(by_type.totals.wavefronts == 2);  // words 32 l fall in 17 of the 34 banks, two lanes each
  CHECK(to_text(by_type) == to_text(by_value));
}

TEST_CASE("SVG text is UTF-8: valid characters stay, each byte of an invalid one becomes U+FFFD") {
  const bank_map m = map_access([](int l) { return 4 * l; }, load(4));
  // \xff never starts a character; \xe2\x82 is cut short; \xed\xa0\x80 is a surrogate; \xc0\xaf is
  // overlong; \xef\xbf\xbf is U+FFFF, which XML leaves out; \xc3\xa9 and \xf0\x9f\x98\x80 are valid.
  const std::string svg = to_svg(m, svg_options{"a\xff b \xe2\x82 c \xed\xa0\x80 d \xc0\xaf e \xef\xbf\xbf f \xc3\xa9 \xf0\x9f\x98\x80"});
  CHECK(svg.find("<title>a&#xFFFD; b &#xFFFD;&#xFFFD; c &#xFFFD;&#xFFFD;&#xFFFD; d &#xFFFD;&#xFFFD; e "
                 "&#xFFFD;&#xFFFD;&#xFFFD; f \xc3\xa9 \xf0\x9f\x98\x80</title>") != std::string::npos);
  // A character cut short at the end of the text.
  CHECK(to_svg(m, svg_options{"z\xf0\x9f\x98"}).find("<title>z&#xFFFD;&#xFFFD;&#xFFFD;</title>") != std::string::npos);
}

TEST_CASE("phases keep the architecture's numbers where an earlier phase has no active lane") {
  // 8-byte loads of a column on lanes 16-31: phase 1 of the two, 16 wavefronts in bank 0.
  const bank_map m = map_access([](int l) { return 256 * l; }, load(8), 0xffff0000u);
  REQUIRE(m.ok());
  REQUIRE(m.phase_numbers.size() == 1);
  CHECK(m.phase_numbers[0] == 1);
  CHECK(m.phase_wavefronts[0] == 16);
  CHECK(m.totals.worst.phase == 1);
  CHECK(m.schedule.phase[16] == 1);
  for (const mapped_word& w : m.words) CHECK(w.phase == 1);
  const std::string text = to_text(m), svg = to_svg(m);
  CHECK(text.find("worst conflict: phase 1, bank 0: lane 16 asks word 1024, lane 17 asks word 1088\n") != std::string::npos);
  CHECK(text.find("\nphase 1 (lanes 16-31): 16 wavefronts\n") != std::string::npos);
  CHECK(svg.find("worst conflict: phase 1, bank 0:") != std::string::npos);
  CHECK(svg.find(">phase 1 (lanes 16-31): 16 wavefronts<") != std::string::npos);
  CHECK(svg.find("id=\"phase1\"") != std::string::npos);
  // gfx942's 4-byte loads on lanes 32-63: phase 1 of two.
  const bank_map upper = map_access([](int l) { return 4 * l; }, load(4), 0xffffffff00000000u, arch::gfx942);
  REQUIRE(upper.ok());
  CHECK(upper.phase_numbers == std::vector<int>{1});
  CHECK(to_text(upper).find("\nphase 1 (lanes 32-63): 1 wavefront\n") != std::string::npos);
}

// A map changed or built by hand is drawn when it holds together as map_access's maps do, and is
// otherwise an error that names what breaks (it was drawn in part, or read out of bounds).
TEST_CASE("a map that does not hold together is an error, not a picture") {
  const bank_map column = map_access([](int l) { return 256 * l; }, load(8), 0xffff0000u);
  REQUIRE(column.ok());
  const auto fault = [](const bank_map& m) {
    std::string what[3];
    int k = 0;
    for (const auto draw : {+[](const bank_map& x) { return summary(x); }, +[](const bank_map& x) { return to_text(x); },
                            +[](const bank_map& x) { return to_svg(x); }}) {
      try {
        static_cast<void>(draw(m));
      } catch (const std::invalid_argument& e) {
        what[k] = e.what();
      }
      ++k;
    }
    CHECK(what[0].find("bankcheck::summary: the bank map does not hold together: ") == 0);
    CHECK(what[1].find("bankcheck::to_text: the bank map does not hold together: ") == 0);
    CHECK(what[2].find("bankcheck::to_svg: the bank map does not hold together: ") == 0);
    return what[1].substr(what[1].find("together: ") + 10);
  };
  bank_map m = column;
  m.banks = 0;
  CHECK(fault(m) == "banks is 0, not 1..64");
  m.banks = 65;
  CHECK(fault(m) == "banks is 65, not 1..64");
  m = column;
  m.bank_bytes = 3;
  CHECK(fault(m) == "bank_bytes is 3, not a power of two in 1..16");
  m = column;
  m.bank_bytes = 32;
  CHECK(fault(m) == "bank_bytes is 32, not a power of two in 1..16");
  m = column;
  m.phase_numbers.clear();
  CHECK(fault(m) == "phase_wavefronts, phase_lanes and phase_numbers hold 1, 1 and 0 entries, not one each per phase");
  m = column;
  m.phase_lanes.push_back(1);
  CHECK(fault(m) == "phase_wavefronts, phase_lanes and phase_numbers hold 1, 2 and 1 entries, not one each per phase");
  m = column;
  m.words[3].lanes = 0;
  CHECK(fault(m) == "words[3] has no lane asking it");
  m = column;
  m.words[0].phase = -1;
  CHECK(fault(m) == "words[0] has phase -1 and pass 0, not both 0 or more");
  m = column;
  m.words[15].pass = -2;
  CHECK(fault(m) == "words[15] has phase 1 and pass -2, not both 0 or more");
  m = column;
  m.words[2].wavefront = -1;
  CHECK(fault(m) == "words[2] has wavefront -1, not in 0..16 - 1 (totals.wavefronts)");
  m = column;
  m.words[2].wavefront = 16;
  CHECK(fault(m) == "words[2] has wavefront 16, not in 0..16 - 1 (totals.wavefronts)");
  m = column;
  m.totals.wavefronts = 0;
  CHECK(fault(m) == "words[0] has wavefront 0, not in 0..0 - 1 (totals.wavefronts)");
  // The words in order, each in a phase the map lists (a word out of its place was left out of
  // both pictures, or drawn in one only).
  m = column;
  m.words[5].phase = 3;
  CHECK(fault(m) == "words[5] is in phase 3, which phase_numbers does not list");
  m = column;
  m.words[3] = m.words[2];
  CHECK(fault(m) == "words[3] comes after words[2] out of order: the words go by phase, bank row and bank, each once");
  m = column;
  std::swap(m.words[7], m.words[8]);
  CHECK(fault(m) == "words[8] comes after words[7] out of order: the words go by phase, bank row and bank, each once");
  bank_map two = map_access([](int l) { return 8 * l; }, load(8), whole_warp, arch::gfx942);
  REQUIRE(two.phase_numbers.size() == 4);  // 64 lanes, 16 a phase
  std::swap(two.phase_numbers[0], two.phase_numbers[1]);
  CHECK(fault(two) == "phase_numbers[1] is 0, not above the one before it, 1");
  two.phase_numbers = {-1, 0, 1, 2};
  CHECK(fault(two) == "phase_numbers[0] is -1, below 0");
  two.phase_numbers = {2147483647, 0, 1, 2};  // (one more than the first overflowed)
  CHECK(fault(two) == "phase_numbers[1] is 0, not above the one before it, 2147483647");
  // What holds together is drawn, hand-built or not: a wavefront far past the colours' wheel
  // (whose hue overflowed an int), a null name, and an error with nothing else set.
  m = column;
  m.totals.wavefronts = 2147483647;
  m.words[1].wavefront = 2147483646;
  m.arch_name = nullptr;
  const std::string far = to_svg(m);
  CHECK(far.find("colour = wavefront (first 64 shown)") != std::string::npos);
  CHECK(far.find("fill=\"hsl(209, 70%, 58%)\"") != std::string::npos);  // 2147483646 * 360 / 2147483647 + 210, mod 360
  CHECK(to_text(m).find("load(8) on unnamed, lanes 16-31\nwavefronts 2147483647, ") == 0);
  bank_map error{};
  error.error = errc::lane_mask_must_not_be_empty;
  error.banks = 0;
  CHECK(to_text(error) == "error: lane mask must not be empty\n");
  CHECK(to_svg(error).find("error: lane mask must not be empty") != std::string::npos);
  // An error set on a map with words, and an error map of an architecture too wide to draw: only
  // the error (their banks were divided by and multiplied before).
  m = column;
  m.error = errc::lane_mask_must_not_be_empty;
  m.banks = 0;
  CHECK(to_svg(m).find("error: lane mask must not be empty") != std::string::npos);
  architecture wide = arch::nvidia;
  wide.banks = 100000000;
  const bank_map invalid = map_access([](int l) { return 4 * l; }, load(4), whole_warp, wide);
  REQUIRE(invalid.error == errc::architecture_is_invalid);
  CHECK(to_svg(invalid).find("error: architecture is invalid") != std::string::npos);
  bank_map empty{};
  CHECK(to_text(empty).find("wavefronts 0, ideal 0, degree 0") != std::string::npos);
  empty.totals.wavefronts = -2147483647 - 1;  // no word to disagree with it: drawn, its legend empty
  CHECK(to_svg(empty).find("</svg>") != std::string::npos);
}

TEST_CASE("text keeps each cell under its bank: row labels of 4 digits, wavefronts of 3") {
  // A column at a pitch of 4096 floats: rows +0 .. +3968, lanes 10 and up after the longest label.
  const std::string column = to_text(map_access([](int l) { return 4 * 4096 * l; }, load(4)));
  CHECK(column.find("\nbank   0  1  2 ") != std::string::npos);
  CHECK(column.find("\n+0     0\n       0\n") != std::string::npos);
  CHECK(column.find("\n+1280 10\n      10\n") != std::string::npos);
  CHECK(column.find("\n+3968 31\n      31\n") != std::string::npos);
  // One bank of one byte: each float4 is 16 words in it, 160 wavefronts for lanes 22-31.
  architecture a{};
  a.banks = 1;
  a.bank_bytes = 1;
  for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = blocks(32, 32);
  const std::string bytes = to_text(map_access([](int l) { return 16 * l; }, load(16), 0x3ffu << 22, a));
  CHECK(bytes.find("rows of 1 word (1 byte); row +0 holds bytes 352..352\n") != std::string::npos);
  CHECK(bytes.find("\nbank   0\n+0    22\n       0\n") != std::string::npos);
  CHECK(bytes.find("\n+159  31\n     159\n") != std::string::npos);
}

TEST_CASE("the map's schedule and totals are pass_schedule's and analyze's, from its one run") {
  std::mt19937_64 random(20261206);
  const access ops[] = {load(1), load(2), load(4), store(4), load(8), store(8), load(16), store(16)};
  for (int trial = 0; trial < 2000; ++trial) {
    const access op = ops[trial % 8];
    std::uint64_t address[32];
    for (std::uint64_t& a : address) a = (random() % 512) / static_cast<unsigned>(op.bytes) * static_cast<unsigned>(op.bytes);
    // A third of the masks leave lanes 0-7 out, so that a 16-byte access has no phase 0.
    const std::uint64_t lanes = trial % 3 == 0   ? whole_warp
                                : trial % 3 == 1 ? (random() & 0xffffffffu) | 1u
                                                 : (random() & 0xffffff00u) | 0x80000000u;
    const auto at = [&address](int l) { return address[l]; };
    const bank_map m = map_access(at, op, lanes);
    REQUIRE(m.ok());
    const report r = analyze(at, op, lanes);
    CHECK(m.totals.wavefronts == r.wavefronts);
    CHECK(m.totals.degree == r.degree);
    const pass_table t = pass_schedule(at, op, lanes);
    CHECK(m.schedule.error == t.error);
    CHECK(m.schedule.passes == t.passes);
    CHECK(m.schedule.lanes == t.lanes);
    for (int l = 0; l < 32; ++l) {
      CHECK(m.schedule.phase[l] == t.phase[l]);
      CHECK(m.schedule[l] == t[l]);
    }
    // Each word is in its lanes' phase and pass, and the phases shown are those with words.
    std::vector<int> shown;
    for (const mapped_word& w : m.words) {
      for (int l = 0; l < 32; ++l)
        if (w.lanes >> l & 1) CHECK((t.phase[l] == w.phase && t[l] == w.pass));
      if (shown.empty() || shown.back() != w.phase) shown.push_back(w.phase);
    }
    CHECK(m.phase_numbers == shown);
    CHECK(detail::map_fault(m).empty());
  }
  // Bad input: the schedule says so as pass_schedule's does, 0 passes and -1 for every lane.
  for (const bank_map& bad : {map_access([](int l) { return 4 * l + 2; }, load(4)),
                              map_access([](int l) { return 4 * l; }, load(4), 0)}) {
    CHECK(bad.schedule.error == bad.error);
    CHECK(bad.schedule.passes == 0);
    CHECK(bad.schedule[0] == -1);
  }
}

TEST_CASE("to_text's colours: a cell's ANSI colour is its wavefront's, twelve in turn, each cell reset after it") {
  // A column of float[32][32]: lane l's word, in bank 0 of row +l, is served by wavefront l.
  const bank_map m = map_access([](int l) { return 4 * 32 * l; }, load(4));
  REQUIRE(m.totals.wavefronts == 32);
  const std::string text = to_text(m, text_options{true, ""});
  // Cells of two digits and a space: the lane's (alone, so no '+'), then the wavefront's.
  CHECK(text.find("+6  \x1b[91m 6 \x1b[0m\n    \x1b[91m 6 \x1b[0m\n") != std::string::npos);
  CHECK(text.find("\x1b[31m 0 \x1b[0m") != std::string::npos);
  CHECK(text.find("\x1b[96m11 \x1b[0m") != std::string::npos);
  CHECK(text.find("\x1b[31m12 \x1b[0m") != std::string::npos);
  CHECK(text.find("\x1b[32m13 \x1b[0m") != std::string::npos);
}
