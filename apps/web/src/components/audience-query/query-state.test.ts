import {
  audienceMessages,
  type AudienceGroup,
  type AudienceLeaf,
  type AudienceQuery,
} from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  addChild,
  addOuterGroup,
  canAddRow,
  emptyQuery,
  forSend,
  newActivityRow,
  newItem,
  queryErrors,
  removeItem,
  setActivityEvent,
  setMarketingCampaigns,
  updateItem,
  valueForOperator,
  withField,
} from './query-state';

const person = (
  filter: string,
  operator: string,
  value: AudienceLeaf['value'],
  connector: AudienceLeaf['connector'] = 'and',
): AudienceLeaf => ({
  type: 'filter',
  filter_type: 'person',
  filter,
  property: null,
  operator,
  value,
  connector,
});
const group = (
  kind: AudienceGroup['filter_type'],
  filter: string,
  children: AudienceGroup['children'],
): AudienceGroup => ({
  type: 'group',
  filter_type: kind,
  filter,
  connector: 'and',
  children,
});
const oneGroup = (...children: AudienceGroup['children']): AudienceQuery => ({
  conditions: [{ type: 'group', name: 'Group 1', connector: '', children }],
});
const childrenOf = (query: AudienceQuery, ...path: number[]) => {
  let items = query.conditions[path[0]!]!.children;
  for (const index of path.slice(1)) items = (items[index] as AudienceGroup).children;
  return items;
};

describe('the query builder state', () => {
  it('adds a frequency row as exactly 0, as spec 5 says', () => {
    const product = newItem('product_activity') as AudienceGroup;
    expect(newActivityRow('frequency', product)).toMatchObject({
      filter: 'frequency',
      operator: 'exactly',
      value: [0],
    });
  });

  it("keeps 'Add new property' disabled until the group has an event", () => {
    const product = newItem('product_activity') as AudienceGroup;
    expect(canAddRow(product, 'property')).toBe(false);
    expect(canAddRow({ ...product, filter: 'signup' }, 'property')).toBe(true);
  });

  it('lets a time frame, a link clicked and a frequency row be added once per group', () => {
    const clicked = group('marketing_activity', 'clicked', []);
    expect(canAddRow(clicked, 'link_clicked')).toBe(true);
    const full = {
      ...clicked,
      children: (['link_clicked', 'time_frame', 'frequency'] as const).map((kind) =>
        newActivityRow(kind, clicked),
      ),
    };
    expect(canAddRow(full, 'link_clicked')).toBe(false);
    expect(canAddRow(full, 'time_frame')).toBe(false);
    expect(canAddRow(full, 'frequency')).toBe(false);
    expect(canAddRow(full, 'campaign')).toBe(true);
    expect(canAddRow(group('marketing_activity', 'opened', []), 'link_clicked')).toBe(false);
  });

  it("clears a product group's property rows when its event changes, keeping frequency and time frame", () => {
    const property = {
      ...person('property', 'equals', ['pro']),
      filter_type: 'product_activity' as const,
      property: 'plan',
    };
    const frequency = newActivityRow('frequency', group('product_activity', 'signup', []));
    const query = oneGroup(group('product_activity', 'signup', [property, frequency]));
    const changed = setActivityEvent(query, [0, 0], 'upgrade');
    expect((changed.conditions[0]!.children[0] as AudienceGroup).filter).toBe('upgrade');
    expect(childrenOf(changed, 0, 0)).toEqual([frequency]);
    // Choosing the same event again keeps the rows.
    expect(setActivityEvent(query, [0, 0], 'signup')).toEqual(query);
  });

  it('drops the link clicked row when a marketing event is no longer Clicked', () => {
    const clicked = group('marketing_activity', 'clicked', []);
    const query = oneGroup({ ...clicked, children: [newActivityRow('link_clicked', clicked)] });
    expect(childrenOf(setActivityEvent(query, [0, 0], 'opened'), 0, 0)).toEqual([]);
  });

  it('resets the template filter when the campaign filter changes', () => {
    const opened = group('marketing_activity', 'opened', []);
    const campaign = newActivityRow('campaign', opened);
    const template = { ...newActivityRow('template', opened), value: ['t-1'] };
    const query = oneGroup({ ...opened, children: [campaign, template] });
    const changed = childrenOf(setMarketingCampaigns(query, [0, 0, 0], ['c-1']), 0, 0) as AudienceLeaf[];
    expect(changed[0]!.value).toEqual(['c-1']);
    expect(changed[1]!.value).toEqual([]);
  });

  it('blanks the first connector of every level before sending and fills the others', () => {
    let query = addOuterGroup(addOuterGroup(emptyQuery()));
    query = addChild(query, [0], { ...person('email', 'contains', ['@acme']), connector: 'or' });
    query = addChild(query, [0], { ...person('city', 'equals', ['Oslo']), connector: '' });
    query = addChild(query, [1], group('product_activity', 'signup', []));
    query = addChild(query, [1, 0], {
      ...newActivityRow('property', group('product_activity', 'signup', [])),
      connector: 'or',
    });
    query = { conditions: query.conditions.map((g) => ({ ...g, connector: 'or' as const })) };
    const sent = forSend(query);
    expect(sent.conditions.map((g) => g.connector)).toEqual(['', 'or']);
    expect(sent.conditions[0]!.children.map((c) => c.connector)).toEqual(['', 'and']);
    expect(childrenOf(sent, 1, 0)[0]!.connector).toBe('');
  });

  it('gives the spec 5 messages by item path', () => {
    expect(queryErrors(emptyQuery())).toEqual({ '': audienceMessages.empty });
    const query = {
      conditions: [
        { type: 'group' as const, name: 'Empty', connector: '' as const, children: [] },
        {
          type: 'group' as const,
          name: 'x'.repeat(101),
          connector: 'and' as const,
          children: [person('email', 'equals', []), group('product_activity', 'signup', [])],
        },
      ],
    };
    expect(queryErrors(query)).toEqual({
      '0': audienceMessages.outerGroupEmpty,
      '1': audienceMessages.groupNameTooLong,
      '1.children.0': audienceMessages.invalidValues,
      '1.children.1': audienceMessages.filterGroupEmpty,
    });
    expect(queryErrors(oneGroup(person('email', 'is_empty', [])))).toEqual({});
  });

  it('fits the value to a new operator: none, a range of two, a list or one', () => {
    expect(valueForOperator('is_empty', ['a'])).toEqual([]);
    expect(valueForOperator('between', [3])).toEqual([3, null]);
    expect(valueForOperator('in', ['a', '', null, 'b'])).toEqual(['a', 'b']);
    expect(valueForOperator('equals', ['a', 'b'])).toEqual(['a']);
    expect(withField(person('email', 'contains', ['x']), 'score', 'integer')).toMatchObject({
      filter: 'score',
      operator: 'equals',
      value: [],
    });
  });

  it('removes and updates items by path, leaving the others', () => {
    const query = oneGroup(person('a', 'equals', ['1']), person('b', 'equals', ['2']));
    expect(childrenOf(removeItem(query, [0, 0]), 0)).toEqual([person('b', 'equals', ['2'])]);
    const updated = updateItem(query, [0, 1], (item) => ({ ...item, connector: 'or' }));
    expect(childrenOf(updated, 0).map((c) => c.connector)).toEqual(['and', 'or']);
  });
});
