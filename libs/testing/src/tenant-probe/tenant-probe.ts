import { type Endpoint, errorBodySchema, type ServiceName } from '@meridian/contracts';
import { endpointsOf } from '@meridian/server-kit';
import { randomUUID } from 'node:crypto';
import type { HttpTarget } from '../auth-factories';
import { type IdSlot, idSlotsOf, sampleRequest, withSlot } from './id-slots';
import { ownerIdIn, send, type UploadPart } from './probe-request';

/** Real ids per id kind (ID_KINDS' values). */
export type IdsByKind = Record<string, string[]>;

/**
 * An answer other than 404 that the spec gives for a route (and optionally only when `slot` is the
 * slot holding the other organisation's id). A 2xx here is a filter slot: the route answers with
 * the caller's own data, exactly as it answers for an id nobody has (the probe sends that too and
 * compares), unless `check` says what the body must be instead; either way the body is searched
 * for the owner's data.
 */
export interface AllowedAnswer {
  route: string;
  slot?: string;
  status: number;
  why: string;
  /** For a 2xx whose body differs call by call: what it must say instead of the comparison. */
  check?: (body: unknown, ownerId: string) => boolean;
}

export interface TenantProbeOptions {
  service: ServiceName;
  target: HttpTarget;
  /** Organisation A: its ids, and texts only its data holds (names, emails, domain). */
  owner: { bearer: string; ids: IdsByKind; texts: string[] };
  /** Organisation B's admin, with its own ids to fill the slots not under test. */
  stranger: { bearer: string; ids: IdsByKind };
  allow: AllowedAnswer[];
  /**
   * Valid input of a route the schema alone cannot give (a refinement, a value that must exist),
   * keyed 'METHOD /path'; the id slots are then filled over it.
   */
  inputs?: Record<string, (ids: IdsByKind) => Record<string, unknown>>;
  /**
   * Ids inside free-form values the name rule cannot see (an audience query's list ids), keyed
   * 'METHOD /path'; the route's `inputs` entry builds the structure they sit in.
   */
  extraSlots?: Record<string, Array<Required<IdSlot>>>;
  /** Multipart routes, keyed 'METHOD /path': their form fields are slots declared in `extraSlots`. */
  uploads?: Record<string, UploadPart>;
  /** A digest of A's stored rows per table; compared after every call. */
  digest: () => Promise<Record<string, string>>;
  /** Routes A reads its records with after the sweep (default: every `get`). */
  ownerReads?: RegExp;
}

export interface Finding {
  route: string;
  /** The slot holding A's id ('*' for all at once). */
  slot: string;
  status: number;
  why: string;
  body: string;
}

export interface TenantProbeReport {
  service: ServiceName;
  routesWalked: number;
  publicRoutes: number;
  routesWithSlots: number;
  calls: number;
  /** Reads of A's records by A after the sweep (every `get` route): all must still answer 200. */
  ownerReads: number;
  leaks: Finding[];
  /** A refusal with a status the spec does not give, or outside the error shape. */
  wrong: Finding[];
  /** Slots of a kind the generator does not know, or no id of which the seed made. */
  uncovered: string[];
  /** Routes whose generated input the contract refuses (teach `inputs`). */
  unbuildable: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Routes whose own call uses up what later routes fill their slots with (file.insert consumes the upload). */
const DESTRUCTIVE = /(remove|delete|cancel|file\.insert)[^/]*$/;
const routeOf = (e: Endpoint) => `${e.method} ${e.path}`;

function expectedStatus(endpoint: Endpoint, slot: string, allow: AllowedAnswer[]): AllowedAnswer | undefined {
  const route = routeOf(endpoint);
  return (
    allow.find((a) => a.route === route && a.slot === slot) ?? allow.find((a) => a.route === route && !a.slot)
  );
}

/**
 * Every route of `service` that takes an id, called as organisation B with A's ids in its id
 * slots (each slot with each of A's ids of its kind, then every slot at once), B's own ids or
 * generated values elsewhere. Each answer must be the spec's 404 (or an allowed answer), never a
 * 2xx, never hold A's data; A's stored rows must not change.
 */
export async function probeTenantIsolation(options: TenantProbeOptions): Promise<TenantProbeReport> {
  const endpoints = endpointsOf(options.service);
  const report: TenantProbeReport = {
    service: options.service,
    routesWalked: endpoints.length,
    publicRoutes: 0,
    routesWithSlots: 0,
    calls: 0,
    ownerReads: 0,
    leaks: [],
    wrong: [],
    uncovered: [],
    unbuildable: [],
  };
  const ownerIds = Object.values(options.owner.ids).flat();
  const needles = [...new Set([...ownerIds, ...options.owner.texts])].filter((n) => n.length >= 6);
  let digest = await options.digest();
  const reads: Array<{ endpoint: Endpoint; inputs: Array<Record<string, unknown>> }> = [];

  for (const endpoint of endpoints) {
    // Public routes take no organisation (signed tokens, webhooks of providers): nothing to cross.
    if (endpoint.access === 'public') {
      report.publicRoutes += 1;
      continue;
    }
    const route = routeOf(endpoint);
    const slots = [...idSlotsOf(endpoint), ...(options.extraSlots?.[route] ?? [])];
    if (slots.length === 0) continue;
    report.routesWithSlots += 1;
    const unknown = slots.filter((s) => !s.kind || !options.owner.ids[s.kind]?.length);
    if (unknown.length > 0) {
      for (const s of unknown)
        report.uncovered.push(
          `${route} ${s.path}: ${s.kind ? `no id of kind '${s.kind}' seeded` : 'unknown id kind'}`,
        );
      continue;
    }
    const own = (s: IdSlot) => options.stranger.ids[s.kind!]?.[0];
    let base = options.inputs?.[route]?.(options.stranger.ids) ?? sampleRequest(endpoint, slots);
    for (const s of slots) {
      const id = own(s);
      if (id) base = withSlot(base, s.path, id);
    }
    if ((options.ownerReads ?? /[./]get$/).test(endpoint.path)) {
      // One read per id of the first slot's kind (a kind may span record types, as connections do).
      const [first, ...rest] = slots;
      let mine = options.inputs?.[route]?.(options.owner.ids) ?? sampleRequest(endpoint, slots);
      for (const s of rest) mine = withSlot(mine, s.path, options.owner.ids[s.kind!]![0]!);
      reads.push({
        endpoint,
        inputs: options.owner.ids[first!.kind!]!.map((id) => withSlot(mine, first!.path, id)),
      });
    }
    // With several slots, one holding A's id and the rest B's own: B's own request must then be
    // answered, or a refusal may come from B's input rather than from A's id (destructive routes
    // are left out: their own call would remove what the next routes fill their slots with).
    if (slots.length > 1 && endpoint.access !== 'staff' && !DESTRUCTIVE.test(endpoint.path)) {
      const own = await send(
        options.target,
        endpoint,
        base,
        options.stranger.bearer,
        options.uploads?.[route],
      );
      report.calls += 1;
      const allowedOwn = expectedStatus(endpoint, 'own', options.allow);
      if (own.status >= 300 && own.status !== allowedOwn?.status)
        report.unbuildable.push(
          `${route}: B's own request answered ${own.status} ${(own.text ?? '').slice(0, 200)}`,
        );
    }
    const variants: Array<{ slot: string; input: Record<string, unknown> }> = [];
    for (const s of slots)
      for (const id of options.owner.ids[s.kind!]!)
        variants.push({ slot: s.path, input: withSlot(base, s.path, id) });
    if (slots.length > 1) {
      let all = base;
      for (const s of slots) all = withSlot(all, s.path, options.owner.ids[s.kind!]![0]!);
      variants.push({ slot: '*', input: all });
    }
    for (const { slot, input } of variants) {
      if (!endpoint.request.safeParse(input).success) {
        report.unbuildable.push(`${route} (${slot}): ${JSON.stringify(input).slice(0, 300)}`);
        continue;
      }
      const response = await send(
        options.target,
        endpoint,
        input,
        options.stranger.bearer,
        options.uploads?.[route],
      );
      report.calls += 1;
      const text = response.text ?? '';
      const finding = (why: string): Finding => ({
        route,
        slot,
        status: response.status,
        why,
        body: text.slice(0, 240),
      });
      const allowed =
        endpoint.access === 'staff'
          ? ({ route, status: 403, why: 'staff only' } as AllowedAnswer)
          : expectedStatus(endpoint, slot, options.allow);
      const expected = allowed?.status ?? 404;
      const sent = JSON.stringify(input);
      const shown = needles.filter((n) => !sent.includes(n) && text.includes(n));
      const after = await options.digest();
      const changed = Object.keys({ ...digest, ...after }).filter((table) => digest[table] !== after[table]);
      digest = after;
      if (response.status < 300 && expected >= 300) report.leaks.push(finding('answered 2xx'));
      else if (response.status < 300 && allowed?.check) {
        if (!allowed.check(response.body, slot === '*' ? '' : String(ownerIdIn(input, slot))))
          report.leaks.push(finding(`answered with more than the caller's own rows (${allowed.why})`));
      } else if (response.status < 300 && slot !== '*') {
        // A filter slot: the answer must be the one for an id nobody has.
        const kind = slots.find((s) => s.path === slot)!.kind!;
        const unknown = UUID.test(options.owner.ids[kind]![0]!)
          ? randomUUID()
          : `<${randomUUID()}@unknown.example>`;
        const control = await send(
          options.target,
          endpoint,
          withSlot(input, slot, unknown),
          options.stranger.bearer,
          options.uploads?.[route],
        );
        report.calls += 1;
        if (control.text !== text)
          report.leaks.push(
            finding(`answered otherwise than for an unknown id: ${control.text.slice(0, 200)}`),
          );
      }
      if (shown.length > 0) report.leaks.push(finding(`body holds A's ${shown.join(', ')}`));
      if (changed.length > 0) report.leaks.push(finding(`changed A's rows in ${changed.join(', ')}`));
      if (response.status >= 300 && response.status !== expected)
        report.wrong.push(finding(`expected ${expected}, got ${response.status}`));
      else if (response.status >= 400 && !errorBodySchema.safeParse(response.body).success)
        report.wrong.push(finding('not the error body'));
    }
  }
  // A still reads what it owns, as it was: the stored rows are compared after every call above.
  for (const { endpoint, inputs } of reads) {
    const statuses: number[] = [];
    let body = '';
    for (const input of inputs) {
      const response = await send(
        options.target,
        endpoint,
        input,
        options.owner.bearer,
        options.uploads?.[routeOf(endpoint)],
      );
      report.ownerReads += 1;
      statuses.push(response.status);
      body ||= response.status === 200 ? '' : (response.text ?? '');
    }
    if (!statuses.includes(200))
      report.wrong.push({
        route: routeOf(endpoint),
        slot: 'owner',
        status: statuses[0] ?? 0,
        why: 'the owner no longer reads its own record',
        body: body.slice(0, 240),
      });
  }
  return report;
}

/** One line of counts per service, printed by the suite. */
export function reportLine(r: TenantProbeReport): string {
  return (
    `tenant isolation ${r.service}: ${r.routesWalked} routes walked (${r.publicRoutes} public), ` +
    `${r.routesWithSlots} with id slots, ${r.calls} calls, ${r.leaks.length} leaks, ${r.ownerReads} owner reads, ` +
    `${r.wrong.length} wrong answers, ${r.uncovered.length} uncovered slots, ${r.unbuildable.length} unbuildable inputs`
  );
}

/** Prints the counts and fails with every finding: zero leaks, every slot covered. */
export function expectIsolated(report: TenantProbeReport): void {
  console.log(reportLine(report));
  expect(report.routesWithSlots).toBeGreaterThan(0);
  const { uncovered, unbuildable, leaks, wrong } = report;
  expect({ uncovered, unbuildable, leaks, wrong }).toEqual({
    uncovered: [],
    unbuildable: [],
    leaks: [],
    wrong: [],
  });
}
