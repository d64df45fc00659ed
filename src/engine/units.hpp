// Unit constants. The engine keeps memory in bytes (as double: byte counts of large models
// overflow 32-bit size_t on wasm32) and throughput in FLOP/s; conversion to GB, GiB or TFLOPS
// happens only at the edges (data loading and display).
#pragma once

namespace atlas {

inline constexpr double kBytesPerGB = 1e9;                      // decimal gigabyte
inline constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;  // binary gibibyte
inline constexpr double kBytesPerMiB = 1024.0 * 1024.0;           // binary mebibyte
inline constexpr double kFlopsPerTflops = 1e12;
inline constexpr double kSecondsPerHour = 3600.0;

// Accelerator memory is sold in binary units: an "80 GB" A100 or H100 reports 81,920 MiB /
// 81,559 MiB in nvidia-smi and a "24 GB" RTX 4090 24,564 MiB. The engine therefore reads a
// card's nominal "GB" capacity as GiB (2^30 bytes); memory *bandwidth* stays decimal (GB/s).
inline constexpr double kBytesPerNominalCardGB = kBytesPerGiB;

}  // namespace atlas
