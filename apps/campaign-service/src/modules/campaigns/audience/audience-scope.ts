import type { AudienceConnector } from '@meridian/contracts';
import type { AudienceFieldDefinition } from './audience-compiler';
import type { Params } from './audience-values';

/** Shared state of one compilation. */
export interface CompileScope {
  params: Params;
  now: Date;
  fields: ReadonlyMap<string, AudienceFieldDefinition>;
  patterns: Record<string, string>;
  /** SQL of the unit's org id (org_membership). */
  orgId: string;
  /** The organisation's bind parameter: every table read is scoped by it. */
  organisation: string;
  /**
   * Static list memberships taken as given for every person the query selects among, over what
   * the table holds: a dry run's own earlier add/remove steps, which it never writes.
   */
  memberships?: readonly ListMembership[];
}

/** A person's membership of a static list as a dry run has changed it. */
export interface ListMembership {
  listId: string;
  member: boolean;
}

/** AND binds tighter than OR: split at each 'or' connector, AND within the runs, OR between them. */
export function joinItems(items: readonly { connector: AudienceConnector; sql: string }[]): string {
  const terms: string[][] = [];
  items.forEach((entry, index) => {
    if (index === 0 || entry.connector === 'or') terms.push([]);
    terms[terms.length - 1].push(`(${entry.sql})`);
  });
  return terms.map((term) => (term.length === 1 ? term[0] : `(${term.join(' AND ')})`)).join(' OR ');
}
