// SPDX-License-Identifier: BSL-1.0
// Runs the fuzz target on files, as libFuzzer would, for compilers without -fsanitize=fuzzer:
// `bankcheck_fuzz_replay DIR_OR_FILE...` checks each input and prints how many it ran.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
int run(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  return 1;
}
}  // namespace

int main(int argc, char** argv) {
  int inputs = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path p(argv[i]);
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::directory_iterator(p))
        if (e.is_regular_file()) inputs += run(e.path());
    } else if (std::filesystem::is_regular_file(p)) {
      inputs += run(p);
    } else {
      std::fprintf(stderr, "bankcheck_fuzz_replay: %s: no such file or directory\n", argv[i]);
      return 2;
    }
  }
  if (inputs == 0) {
    std::fprintf(stderr, "bankcheck_fuzz_replay: no inputs (usage: bankcheck_fuzz_replay DIR_OR_FILE...)\n");
    return 2;
  }
  std::printf("bankcheck_fuzz_replay: %d inputs, every check held\n", inputs);
  return 0;
}
