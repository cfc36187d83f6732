// SPDX-License-Identifier: BSL-1.0
// A unit built with exceptions, linked into tests/no_exceptions.cpp's program after that unit,
// which is built without: its to_text must still throw, not call the other unit's aborting
// definition (print.hpp keeps the two in inline namespaces of their own).
#include <bankcheck/print.hpp>

#include <stdexcept>
#include <string>

#if !BANKCHECK_DETAIL_EXCEPTIONS  // print.hpp's finding
#error "tests/no_exceptions_mixed.cpp must be compiled with exceptions"
#endif

std::string fault_caught_with_exceptions();
std::string fault_caught_with_exceptions() {
  bankcheck::bank_map column = bankcheck::map_access([](int l) { return 128 * l; }, bankcheck::load(4));
  column.banks = 0;
  try {
    static_cast<void>(bankcheck::to_text(column));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "nothing: to_text drew a map with 0 banks";
}
