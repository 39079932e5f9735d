import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@meridian/contracts';
import { z } from 'zod';

/**
 * The id slots of a request: the fields that name a stored thing of the caller's organisation.
 *
 * The rule (one place, so a new route is covered without a test):
 * - a field is an id slot when its name is `id`, `ids`, ends in `_id`/`_ids`/`Id`, or is an
 *   upload handle (`filepath`, `filename`: the server-made path of a stored upload), or when
 *   zod types it as a uuid, wherever it sits (body, query, path, nested objects, array items);
 * - each slot names an id kind through ID_KINDS, by its dotted path (`person_ids[].id`) or, when
 *   no path entry matches, by its field name;
 * - a slot that is neither in ID_KINDS nor in NOT_IDS fails the suite: teaching the generator a
 *   new kind is one line here (and the spec's seed makes one real id of it).
 */
export const ID_KINDS: Record<string, string> = {
  account_id: 'account',
  organisation_id: 'organisation',
  campaign_id: 'campaign',
  template_id: 'template',
  static_list_id: 'static-list',
  person_id: 'person',
  contact_id: 'person',
  'person_ids[].id': 'person',
  token_id: 'email-token',
  webhook_id: 'webhook',
  filepath: 'upload',
  filename: 'upload',
  action_id: 'flow-action',
  add_after_action_id: 'flow-action',
  branch_id: 'flow-branch',
  correlation_id: 'email-message',
  connection_id: 'connection',
  'inclusion_list.list_id': 'audience-list',
  sf_id: 'salesforce-record',
};

/** Fields the rule matches that name no stored thing of an organisation, and why. */
export const NOT_IDS: Record<string, string> = {
  // The identity provider's issuer URI, typed by the admin: it selects nothing stored.
  entity_id: 'SAML issuer URI',
  // A person reference's own external keys, echoed beside its `id`: the person is found by `id`.
  'person_ids[].org_id': 'external key of a person reference',
  'person_ids[].product_user_id': 'external key of a person reference',
};

export interface IdSlot {
  /** Dotted path; `[]` marks every item of an array (`person_ids[].id`, `emails[]`). */
  path: string;
  /** The id kind, or undefined when the generator does not know it yet. */
  kind?: string;
}

type Json = Record<string, unknown>;

const SLOT_NAME = /^(ids?|filepath|filename)$|_ids?$|Id$/;

export function requestJsonSchema(endpoint: Endpoint): Json {
  return z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any' }) as Json;
}

function resolve(schema: Json, defs: Json): Json {
  let s = schema;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 20; hops += 1) {
    s = (defs[(s.$ref as string).split('/').pop()!] as Json) ?? {};
  }
  return s;
}

function branches(schema: Json): Json[] {
  return [
    ...((schema.anyOf as Json[]) ?? []),
    ...((schema.oneOf as Json[]) ?? []),
    ...((schema.allOf as Json[]) ?? []),
  ];
}

function isUuid(schema: Json, defs: Json): boolean {
  const s = resolve(schema, defs);
  return s.format === 'uuid' || branches(s).some((b) => isUuid(b, defs));
}

function isArray(schema: Json, defs: Json): Json | undefined {
  const s = resolve(schema, defs);
  if (s.type === 'array') return s;
  for (const b of branches(s)) {
    const found = isArray(b, defs);
    if (found) return found;
  }
  return undefined;
}

function kindOf(path: string): string | undefined {
  if (ID_KINDS[path]) return ID_KINDS[path];
  const bare = path.replace(/\[\]$/, '');
  if (ID_KINDS[bare]) return ID_KINDS[bare];
  const name = bare.split('.').pop()!.replace(/\[\]$/, '');
  return ID_KINDS[name];
}

function isNotId(path: string): boolean {
  const bare = path.replace(/\[\]$/, '');
  return bare in NOT_IDS || bare.split('.').pop()! in NOT_IDS;
}

/** Every id slot of a request schema (path parameters included), with its kind. */
export function idSlotsOf(endpoint: Endpoint): IdSlot[] {
  const root = requestJsonSchema(endpoint);
  const defs = (root.$defs as Json) ?? {};
  const slots = new Map<string, IdSlot>();
  const seen = new Set<Json>();
  const add = (path: string) => {
    if (isNotId(path) || slots.has(path)) return;
    slots.set(path, { path, kind: kindOf(path) });
  };
  const walk = (schema: Json, path: string) => {
    const s = resolve(schema, defs);
    if (seen.has(s)) return; // recursive schemas (audience queries) are walked once
    seen.add(s);
    for (const b of branches(s)) walk(b, path);
    for (const [name, child] of Object.entries((s.properties as Record<string, Json>) ?? {})) {
      const at = path ? `${path}.${name}` : name;
      const array = isArray(child, defs);
      // An array of objects (`person_ids: [{ id }]`) is no slot itself: its items' fields are.
      const ofObjects = array && resolve((array.items as Json) ?? {}, defs).type === 'object';
      if ((SLOT_NAME.test(name) && !ofObjects) || isUuid(child, defs)) add(array ? `${at}[]` : at);
      walk(child, at);
    }
    if (s.items && typeof s.items === 'object') walk(s.items as Json, `${path}[]`);
    seen.delete(s);
  };
  walk(root, '');
  for (const param of endpoint.path.match(/:[A-Za-z_]+/g) ?? []) add(param.slice(1));
  return [...slots.values()];
}

/** Whether a slot sits at or under `prefix`. */
function containsPath(prefix: string, slotPaths: string[]): boolean {
  return slotPaths.some((p) => p === prefix || p.startsWith(`${prefix}.`) || p.startsWith(`${prefix}[]`));
}

let counter = 0;

/**
 * A minimal value of a JSON schema: required fields only, plus every field on the way to an id
 * slot (so each slot exists to be filled). Checks zod cannot express are not known here: the
 * caller parses the result with the contract and reports what did not parse.
 */
export function sampleRequest(endpoint: Endpoint, slots: IdSlot[]): Record<string, unknown> {
  const root = requestJsonSchema(endpoint);
  const defs = (root.$defs as Json) ?? {};
  const slotPaths = slots.map((s) => s.path);
  const sample = (schema: Json, path: string, depth: number): unknown => {
    const s = resolve(schema, defs);
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum)) return s.enum[0];
    const options = branches(s);
    if (options.length > 0 && !s.type && !s.properties) {
      const usable = options.filter((o) => resolve(o, defs).type !== 'null');
      return sample(usable[0] ?? options[0]!, path, depth + 1);
    }
    const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const required = new Set((s.required as string[]) ?? []);
        for (const [name, child] of Object.entries((s.properties as Record<string, Json>) ?? {})) {
          const at = path ? `${path}.${name}` : name;
          if (required.has(name) || (depth < 8 && containsPath(at, slotPaths))) {
            out[name] = sample(child, at, depth + 1);
          }
        }
        return out;
      }
      case 'array': {
        const wanted = containsPath(`${path}[]`, slotPaths) ? 1 : 0;
        const n = Math.max((s.minItems as number) ?? 0, wanted);
        return Array.from({ length: n }, () => sample((s.items as Json) ?? {}, `${path}[]`, depth + 1));
      }
      case 'string': {
        counter += 1;
        if (s.format === 'uuid') return randomUUID();
        if (s.format === 'email') return `probe-${counter}@example.com`;
        if (s.format === 'date-time') return new Date().toISOString();
        if (s.format === 'date') return new Date().toISOString().slice(0, 10);
        if (s.format === 'uri' || s.format === 'url' || /url$/i.test(path))
          return 'https://example.com/probe';
        const min = (s.minLength as number) ?? 1;
        const max = (s.maxLength as number) ?? 64;
        const text = `probe${counter}`.padEnd(Math.max(min, 1), 'x');
        return text.slice(0, Math.max(max, 1));
      }
      case 'integer':
      case 'number': {
        const min = (s.minimum as number) ?? ((s.exclusiveMinimum as number) ?? 0) + 1;
        const max = (s.maximum as number) ?? Number.MAX_SAFE_INTEGER;
        return Math.min(Math.max(min, 1), max);
      }
      case 'boolean':
        return false;
      case 'null':
        return null;
      default:
        return s.default ?? {};
    }
  };
  const value = sample(root, '', 0);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A copy of `value` with every place the slot's path reaches set to `id`. */
export function withSlot(value: Record<string, unknown>, path: string, id: string): Record<string, unknown> {
  const copy = structuredClone(value);
  const steps = path.split('.');
  const visit = (node: unknown, i: number) => {
    if (!node || typeof node !== 'object') return;
    const step = steps[i]!;
    const array = step.endsWith('[]');
    const key = array ? step.slice(0, -2) : step;
    const record = node as Record<string, unknown>;
    const last = i === steps.length - 1;
    if (array) {
      if (!Array.isArray(record[key]) || (record[key] as unknown[]).length === 0)
        record[key] = last ? [id] : [{}];
      const items = record[key] as unknown[];
      if (last) items.forEach((_, n) => (items[n] = id));
      else items.forEach((item) => visit(item, i + 1));
    } else if (last) record[key] = id;
    else {
      if (!record[key] || typeof record[key] !== 'object') record[key] = {};
      visit(record[key], i + 1);
    }
  };
  visit(copy, 0);
  return copy;
}
