// SPDX-License-Identifier: BSL-1.0
// bankcheck: every public header but three, which are included on their own: mdspan.hpp and
// exchange.hpp (they would raise this header's include cost) and the host-only print.hpp.
#ifndef BANKCHECK_BANKCHECK_HPP
#define BANKCHECK_BANKCHECK_HPP

#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/check.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/report.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <bankcheck/tile.hpp>
#include <bankcheck/version.hpp>

#endif
