import {
  type AudienceItem,
  type AudienceLeaf,
  type AudienceOuterGroup,
  type AudienceQuery,
  type CampaignContext,
  DEFAULT_FIELD_NAMES,
  personFieldRules,
  type PersonFieldType,
} from '@meridian/contracts';
import { compileActivityGroup } from './audience-activity';
import { compareOperand } from './audience-operators';
import { type CompileScope, joinItems, type ListMembership } from './audience-scope';
import { invalidAt, Params, uuidList } from './audience-values';

export { joinItems };

/** A field the person filter may use: the organisation's field list, as persons.person_fields holds it. */
export interface AudienceFieldDefinition {
  name: string;
  type: PersonFieldType;
  custom: boolean;
}

export interface AudienceCompileOptions {
  organisationId: string;
  context: CampaignContext;
  now: Date;
  fields: readonly AudienceFieldDefinition[];
}

/**
 * A compiled query: `text` selects the audience, `values` are its bind parameters ($1 is always the
 * organisation). The unit: in the person context one row per person (`person_id`); in the org
 * context one row per person and org, a campaign.person_org row joined to its person by email
 * (`person_id`, `person_org_id`, `org_id`), since a person of several orgs is mailed once per org.
 * Activity and list membership are the person's in either context; org_membership reads the unit's org.
 */
export interface CompiledAudience {
  text: string;
  values: unknown[];
}

const defaultColumns = new Set<string>(DEFAULT_FIELD_NAMES);

/** The FROM of the unit and its alias names; every predicate reads `p` (and `po` in the org context). */
export function unitFrom(context: CampaignContext): string {
  return context === 'org'
    ? `campaign.persons p JOIN campaign.person_org po
         ON po.organisation_id = p.organisation_id AND lower(po.email) = lower(p.email)`
    : 'campaign.persons p';
}

export function unitColumns(context: CampaignContext): string {
  return context === 'org' ? 'p.id AS person_id, po.id AS person_org_id, po.org_id' : 'p.id AS person_id';
}

function scopeFor(options: AudienceCompileOptions, params: Params): CompileScope {
  return {
    params,
    now: options.now,
    fields: new Map(options.fields.map((field) => [field.name, field])),
    patterns: personFieldRules.textPatterns,
    orgId: options.context === 'org' ? 'po.org_id' : 'p.org_id',
    organisation: params.add(options.organisationId, '::uuid'),
  };
}

/**
 * The WHERE condition of a query over `unitFrom`, the organisation included, binding into
 * `params`: preview and count wrap it in their own SELECT.
 */
export function audienceCondition(
  query: AudienceQuery,
  options: AudienceCompileOptions,
  params: Params,
): string {
  const scope = scopeFor(options, params);
  if (query.conditions.length === 0) invalidAt('');
  const condition = joinItems(
    query.conditions.map((group, index) => ({
      connector: group.connector,
      sql: outerGroup(group, String(index), scope),
    })),
  );
  return `p.organisation_id = ${scope.organisation} AND (${condition})`;
}

/** Selects the unit's rows matching the query: see CompiledAudience. */
export function compileAudience(query: AudienceQuery, options: AudienceCompileOptions): CompiledAudience {
  const params = new Params();
  const condition = audienceCondition(query, options, params);
  return {
    text: `SELECT ${unitColumns(options.context)} FROM ${unitFrom(options.context)} WHERE ${condition}`,
    values: params.values,
  };
}

/**
 * Person leaves (a branch by filter's conditions, all of which must hold) for one person or a
 * batch: selects the ids of `personIds` that match. The engine and the dry run call it per step.
 */
export function compilePersonLeaves(
  leaves: readonly AudienceLeaf[],
  personIds: readonly string[],
  options: Omit<AudienceCompileOptions, 'context'> & { memberships?: readonly ListMembership[] },
): CompiledAudience {
  const params = new Params();
  const scope = { ...scopeFor({ ...options, context: 'person' }, params), memberships: options.memberships };
  const ids = params.add(uuidList(personIds as string[], 'person_ids'), '::uuid[]');
  const condition = leaves.length
    ? leaves
        .map((leaf, index) => `(${item({ ...leaf, connector: 'and' }, String(index), scope)})`)
        .join(' AND ')
    : 'true';
  return {
    text: `SELECT p.id AS person_id FROM campaign.persons p
      WHERE p.organisation_id = ${scope.organisation} AND p.id = ANY(${ids}) AND (${condition})`,
    values: params.values,
  };
}

function outerGroup(group: AudienceOuterGroup, path: string, scope: CompileScope): string {
  if (group.children.length === 0) return group.operator === 'all' ? 'true' : invalidAt(path);
  return children(group.children, path, scope);
}

function children(items: readonly AudienceItem[], path: string, scope: CompileScope): string {
  return joinItems(
    items.map((child, index) => ({
      connector: child.connector,
      sql: item(child, `${path}.children.${index}`, scope),
    })),
  );
}

function item(entry: AudienceItem, path: string, scope: CompileScope): string {
  if (entry.type === 'group') {
    if (entry.filter_type === 'person')
      return entry.children.length ? children(entry.children, path, scope) : invalidAt(path);
    return compileActivityGroup(entry, path, scope);
  }
  switch (entry.filter_type) {
    case 'person':
      return personLeaf(entry, path, scope);
    case 'list_membership':
      return membershipLeaf(entry, path, scope);
    case 'org_membership':
      return orgLeaf(entry, path, scope);
    case 'product_activity':
    case 'marketing_activity':
      // Activity is always a group of rows; a bare activity leaf has no meaning.
      return invalidAt(path);
  }
}

function personLeaf(leaf: AudienceLeaf, path: string, scope: CompileScope): string {
  const field = scope.fields.get(leaf.filter) ?? invalidAt(path);
  // Default field names come from our own column list; custom keys travel as parameters.
  const text =
    !field.custom && defaultColumns.has(field.name)
      ? `p.${field.name}`
      : `(p.custom_fields ->> ${scope.params.add(field.name, '::text')})`;
  return compareOperand({ text, type: field.custom ? field.type : 'string' }, leaf.operator, leaf.value, {
    ...scope,
    path,
  });
}

const inOrNot = (operator: string, sql: string, path: string) =>
  operator === 'in' ? sql : operator === 'not_in' ? `NOT (${sql})` : invalidAt(path);

function membershipLeaf(leaf: AudienceLeaf, path: string, scope: CompileScope): string {
  const ids = scope.params.add(uuidList(leaf.value, path), '::uuid[]');
  const org = scope.organisation;
  const member =
    leaf.filter === 'static_list'
      ? staticListMember(ids, org, scope)
      : leaf.filter === 'campaign'
        ? `p.id IN (SELECT a.person_id FROM campaign.person_marketing_activity a
             WHERE a.organisation_id = ${org} AND a.campaign_id = ANY(${ids}))`
        : invalidAt(path);
  return inOrNot(leaf.operator, member, path);
}

/**
 * Whether the person is in any of the lists `ids`: the table's rows, with a dry run's simulated
 * changes over them (a list it left no longer counts; a list it joined counts).
 */
function staticListMember(ids: string, org: string, scope: CompileScope): string {
  const changed = scope.memberships ?? [];
  const listsWhere = (member: boolean) =>
    scope.params.add(
      changed.filter((c) => c.member === member).map((c) => c.listId),
      '::uuid[]',
    );
  const left = changed.length ? ` AND NOT (m.static_list_id = ANY(${listsWhere(false)}))` : '';
  const stored = `p.id IN (SELECT m.person_id FROM campaign.static_list_members m
           WHERE m.organisation_id = ${org} AND m.static_list_id = ANY(${ids})${left})`;
  return changed.length ? `(${stored} OR ${ids} && ${listsWhere(true)})` : stored;
}

function orgLeaf(leaf: AudienceLeaf, path: string, scope: CompileScope): string {
  if (leaf.filter !== 'org_id') invalidAt(path);
  const ids = scope.params.add(
    leaf.value.filter((v) => v !== null && String(v).trim() !== '').map(String),
    '::text[]',
  );
  if (!leaf.value.some((v) => v !== null && String(v).trim() !== '')) invalidAt(path);
  return inOrNot(leaf.operator, `coalesce(${scope.orgId} = ANY(${ids}), false)`, path);
}
