/** Spec 9 number abbreviations, names as the spec writes them. */
const SCALES = [
  { value: 1e18, name: 'Quinitillion' },
  { value: 1e15, name: 'Quadillion' },
  { value: 1e12, name: 'Trillion' },
  { value: 1e9, name: 'Billion' },
  { value: 1e6, name: 'Million' },
] as const;

/** Spec 9 float precision: at most 2 decimals, trailing zeros dropped. */
const twoDecimals = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A count for a stat: '12,345' below a million, then '1.5 Million', '2.25 Billion', ... */
export function abbreviateNumber(value: number): string {
  const size = Math.abs(value);
  const scale = SCALES.find((s) => size >= s.value);
  if (!scale) return value.toLocaleString('en-US');
  return `${twoDecimals(value / scale.value)} ${scale.name}`;
}

/** part / whole, 0 when there is nothing to divide by (no sends yet is 0%, not NaN). */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** A ratio as a percentage with at most 2 decimals: 0.12345 -> '12.35%'. */
export function formatPercent(value: number): string {
  return `${twoDecimals(value * 100)}%`;
}
