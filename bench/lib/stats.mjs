// Small numeric helpers shared by the benchmarks. Exact percentiles over the raw samples: the runs
// are short (a few thousand values), so sorting is cheaper than reasoning about histogram buckets,
// and autocannon's own histogram has no p95.

/**
 * Nearest-rank percentile of a list of numbers (any unit; the result has the same unit).
 * @param {number[]} values samples, unsorted
 * @param {number} p percentile in (0, 100]
 * @returns {number} the smallest sample ≥ p % of the samples; NaN for an empty list
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Mean of a list of numbers (same unit as the samples).
 * @param {number[]} values
 * @returns {number} NaN for an empty list
 */
export function mean(values) {
  return values.length === 0 ? Number.NaN : values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * Bytes as mebibytes with two decimals, for humans ("8.41 MiB").
 * @param {number} bytes
 * @returns {string}
 */
export function mib(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/**
 * A plain-text table with aligned columns (Markdown-compatible: pipes and a dash row), so the
 * console summary can be pasted into BENCHMARKS.md as is.
 * @param {string[]} header column titles
 * @param {string[][]} rows cells, already formatted
 * @returns {string}
 */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
