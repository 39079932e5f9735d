/** Longest template name the contract accepts. */
const NAME_MAX = 255;

/**
 * The name of a template's copy: 'Copy of {name}', or 'Copy of {name} (2)', (3)… when that is
 * taken (case-insensitively), kept within the name length limit.
 */
export function copyName(name: string, taken: readonly string[] = []): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `Copy of ${name}`.slice(0, NAME_MAX - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
