import {
  type AudienceGroup,
  type AudienceLeaf,
  marketingEventSchema,
  type PersonFieldType,
} from '@meridian/contracts';
import { type CompileScope, joinItems } from './audience-scope';
import { compareDate, compareOperand } from './audience-operators';
import { invalidAt, textList, toCount, toNumber, uuidList } from './audience-values';

/**
 * Activity groups (product and marketing): the person's events of the group's name that pass the
 * group's rows are counted and compared with the frequency row (at least 1 without one). The count
 * is a set of person ids (`p.id IN (SELECT person_id ... GROUP BY person_id HAVING ...)`), which
 * Postgres runs as one hashed pass over the events instead of a lookup per person.
 */
const tables = {
  product_activity: { table: 'campaign.person_product_activity', event: 'event_name', at: 'event_date' },
  marketing_activity: { table: 'campaign.person_marketing_activity', event: 'event', at: 'occurred_at' },
} as const;

/**
 * Opens and clicks count a person's engagement only (not a security scanner's, see
 * delivery/tracking/scanner-detection.ts) unless the group holds the row
 * `{ filter: 'engagement', operator: 'equals', value: ['all'] }`; value ['human'] states the default.
 */
export const ENGAGEMENT_ROW = 'engagement';
const ENGAGEMENT_EVENTS: readonly string[] = ['opened', 'clicked'];

const dateOperators = ['before', 'after', 'on', 'in_last_days', 'not_in_last_days'];
const numberOperators = ['greater_than', 'less_than', 'greater_or_equal', 'less_or_equal'];

/**
 * Event properties have no declared type, so the operator says how to read the stored value:
 * order comparisons as numbers, date operators as dates, is_true/is_false as booleans, 'between'
 * as numbers when both bounds are numbers (else dates), everything else as text.
 */
export function propertyType(operator: string, value: readonly unknown[]): PersonFieldType {
  if (dateOperators.includes(operator)) return 'datetime';
  if (numberOperators.includes(operator)) return 'float';
  if (operator === 'is_true' || operator === 'is_false') return 'boolean';
  if (operator === 'between') {
    const numeric = value.slice(0, 2).every((v) => {
      try {
        toNumber(v as never, '');
        return true;
      } catch {
        return false;
      }
    });
    return numeric && value.length >= 2 ? 'float' : 'datetime';
  }
  return 'string';
}

export function compileActivityGroup(group: AudienceGroup, path: string, scope: CompileScope): string {
  const kind = group.filter_type;
  if (kind !== 'product_activity' && kind !== 'marketing_activity') return invalidAt(path);
  const source = tables[kind];
  const event = group.filter?.trim() ?? '';
  if (!event || (kind === 'marketing_activity' && !marketingEventSchema.safeParse(event).success))
    invalidAt(path);
  const { params } = scope;
  const rows: { connector: AudienceLeaf['connector']; sql: string }[] = [];
  const filters = [
    `e.organisation_id = ${scope.organisation}`,
    `e.${source.event} = ${params.add(event, '::text')}`,
  ];
  let frequency: { operator: string; count: number } | null = null;
  let timeFrame = false;
  let engagement = null as 'human' | 'all' | null;
  group.children.forEach((child, index) => {
    const at = `${path}.children.${index}`;
    if (child.type !== 'filter') invalidAt(at);
    const leaf = child as AudienceLeaf;
    switch (leaf.filter) {
      case 'frequency':
        if (frequency || !['exactly', 'at_least', 'at_most'].includes(leaf.operator)) invalidAt(at);
        frequency = { operator: leaf.operator, count: toCount(leaf.value[0], at) };
        return;
      case 'time_frame':
        if (timeFrame || !['in_last_days', 'before', 'after', 'between'].includes(leaf.operator))
          invalidAt(at);
        timeFrame = true;
        filters.push(compareDate(`e.${source.at}`, leaf.operator, leaf.value, { ...scope, path: at }));
        return;
      case ENGAGEMENT_ROW: {
        const value = leaf.value[0];
        if (kind !== 'marketing_activity' || engagement || leaf.operator !== 'equals') invalidAt(at);
        if (value !== 'human' && value !== 'all') return invalidAt(at);
        engagement = value;
        return;
      }
      default:
        rows.push({ connector: leaf.connector, sql: activityRow(kind, event, leaf, at, scope) });
    }
  });
  if (kind === 'marketing_activity' && ENGAGEMENT_EVENTS.includes(event) && engagement !== 'all')
    filters.push('e.human');
  if (rows.length) filters.push(`(${joinItems(rows)})`);
  return frequencyCondition(`FROM ${source.table} e WHERE ${filters.join(' AND ')}`, frequency, scope);
}

function activityRow(
  kind: 'product_activity' | 'marketing_activity',
  event: string,
  leaf: AudienceLeaf,
  path: string,
  scope: CompileScope,
): string {
  const { params } = scope;
  if (kind === 'product_activity') {
    const property = leaf.filter === 'property' && leaf.property?.trim() ? leaf.property : invalidAt(path);
    const text = `(e.event_properties ->> ${params.add(property, '::text')})`;
    const type = propertyType(leaf.operator, leaf.value);
    return compareOperand({ text, type }, leaf.operator, leaf.value, { ...scope, path });
  }
  if (leaf.property) invalidAt(path);
  const positive = leaf.operator === 'in' || leaf.operator === 'equals';
  if (!positive && leaf.operator !== 'not_in' && leaf.operator !== 'not_equals') invalidAt(path);
  let sql: string;
  if (leaf.filter === 'campaign' || leaf.filter === 'template') {
    sql = `e.${leaf.filter}_id = ANY(${params.add(uuidList(leaf.value, path), '::uuid[]')})`;
  } else if (leaf.filter === 'link_clicked' && event === 'clicked') {
    sql = `e.link = ANY(${params.add(textList(leaf.value, path), '::text[]')})`;
  } else {
    return invalidAt(path);
  }
  return positive ? sql : `NOT coalesce(${sql}, false)`;
}

function frequencyCondition(
  events: string,
  frequency: { operator: string; count: number } | null,
  scope: CompileScope,
): string {
  const { operator, count } = frequency ?? { operator: 'at_least', count: 1 };
  const having = (sign: string, n: number) =>
    `p.id IN (SELECT e.person_id ${events} GROUP BY e.person_id HAVING count(*) ${sign} ${scope.params.add(n, '::int')})`;
  const any = `p.id IN (SELECT e.person_id ${events})`;
  // At least 0 holds for everyone; the events stay in the text (folded away by the planner) so
  // every bound parameter keeps a known type.
  if (operator === 'at_least')
    return count === 0 ? `(${any} OR true)` : count === 1 ? any : having('>=', count);
  if (operator === 'at_most') return `NOT (${having('>', count)})`;
  return count === 0 ? `NOT (${any})` : having('=', count);
}
