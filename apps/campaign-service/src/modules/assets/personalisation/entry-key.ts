import type { PersonRef } from '@meridian/contracts';

/**
 * One recipient of a render: a person, and in the org context the product org they receive as.
 * One person may stand in a request several times, once per org (an org-context campaign enters
 * a person once per org), so results and per-recipient inputs are keyed by both.
 */
export const entryKey = (personId: string, orgId: string | null | undefined): string =>
  `${personId}\u0000${orgId ?? ''}`;

/**
 * Pairs render results with the refs asked for, by entry key. Results come in the order asked,
 * without the persons not found (a person missing is missing for each of their orgs), so one
 * walk over both pairs them.
 */
export function pairRendered<R extends { person: { id: string } }>(
  refs: readonly Pick<PersonRef, 'id' | 'org_id'>[],
  rendered: readonly R[],
): Map<string, R> {
  const paired = new Map<string, R>();
  let next = 0;
  for (const ref of refs) {
    const result = rendered[next];
    if (result?.person.id !== ref.id) continue;
    paired.set(entryKey(ref.id, ref.org_id), result);
    next++;
  }
  return paired;
}
