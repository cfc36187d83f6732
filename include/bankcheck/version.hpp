// SPDX-License-Identifier: BSL-1.0
// bankcheck: version number, major * 100000 + minor * 100 + patch.
#ifndef BANKCHECK_VERSION_HPP
#define BANKCHECK_VERSION_HPP

#define BANKCHECK_VERSION 100  // 0.1.0

#endif
