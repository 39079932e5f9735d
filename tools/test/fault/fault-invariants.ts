import { emailEvents } from '@meridian/contracts';
import { type BrokerEvent, checkBrokerInvariants } from './fault-broker-invariants';
import type { Arrival } from './fault-smtp-sink';

/**
 * Issue 14's invariants over what one seed left behind: the database rows of its run, the
 * outbox, and what the SMTP sink received. Pure, so the checks themselves are tested on planted
 * faults (fault-invariants.spec.ts) and cannot pass by never looking.
 */
export interface RunRow {
  id: string;
  state: string;
}

export interface RunPersonRow {
  person_id: string;
  state: string;
}

export interface MessageRow {
  id: string;
  person_id: string;
  email: string;
  message_id: string;
  status: string;
  /** Epoch ms: when delivery took the person's message in hand (the batch's start). */
  created_at: number;
}

export interface EventRow {
  /** The event id (the outbox row's id, the `event-id` header on Kafka). */
  id: string;
  name: string;
  message_id: string;
}

/** A person unsubscribed during the run; `committedAt` is when the call answered (after commit). */
export interface Unsubscribe {
  personId: string;
  email: string;
  committedAt: number;
}

export interface SeedOutcome {
  /** Persons of the organisation the campaign's audience selects. */
  audience: number;
  runs: RunRow[];
  runPersons: RunPersonRow[];
  messages: MessageRow[];
  events: EventRow[];
  arrivals: readonly Arrival[];
  unsubscribes: Unsubscribe[];
  /** The email topics of a Kafka run, read back after it; undefined on the Postgres transport. */
  broker?: readonly BrokerEvent[];
}

export const TERMINAL_PERSON_STATES = ['completed', 'failed', 'cancelled'];
const FINAL_MESSAGE_STATES = ['sent', 'not_sent', 'dropped', 'outcome_unknown'];

const name = (key: keyof typeof emailEvents) => emailEvents[key].name;
/** The one outcome event each final message status must have published. */
const OUTCOME_EVENT: Record<string, string> = {
  sent: name('emailSent'),
  not_sent: name('emailNotSent'),
  dropped: name('emailDropped'),
  // Given up on: the sender cannot know whether it went, and reports count it as dropped.
  outcome_unknown: name('emailDropped'),
};
const OUTCOME_EVENTS = new Set(Object.values(OUTCOME_EVENT));

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** At most `limit` examples, so a broken seed's message stays readable. */
function sample(items: readonly string[], limit = 5): string {
  return items.length <= limit
    ? items.join(', ')
    : `${items.slice(0, limit).join(', ')} (+${items.length - limit})`;
}

function runChecks(o: SeedOutcome, fail: (text: string) => void) {
  if (o.runs.length !== 1)
    fail(`the campaign has ${o.runs.length} runs (an at_once campaign runs exactly once)`);
  for (const run of o.runs)
    if (run.state !== 'finished') fail(`run ${run.id} ended '${run.state}', not finished`);
  const open = o.runPersons.filter((p) => !TERMINAL_PERSON_STATES.includes(p.state));
  if (open.length > 0)
    fail(
      `${open.length} run persons not in a terminal state: ${sample(open.map((p) => `${p.person_id}=${p.state}`))}`,
    );
  if (o.runPersons.length !== o.audience)
    fail(`${o.runPersons.length} run persons for an audience of ${o.audience}`);
}

function messageChecks(o: SeedOutcome, fail: (text: string) => void) {
  const perPerson = countBy(o.messages, (m) => m.person_id);
  const without = o.runPersons.filter((p) => !perPerson.has(p.person_id));
  if (without.length > 0)
    fail(`${without.length} persons of the run have no message: ${sample(without.map((p) => p.person_id))}`);
  const unfinished = o.messages.filter((m) => !FINAL_MESSAGE_STATES.includes(m.status));
  if (unfinished.length > 0)
    fail(
      `${unfinished.length} messages without an outcome: ${sample(unfinished.map((m) => `${m.message_id}=${m.status}`))}`,
    );
}

function arrivalChecks(o: SeedOutcome, fail: (text: string) => void) {
  const byMessageId = new Map(o.messages.map((m) => [m.message_id, m]));
  // A dropped connection counts as arrived: the data reached the server, which may deliver it.
  const arrived = o.arrivals.filter((a) => a.outcome !== 'tempfailed');
  const unnamed = arrived.filter((a) => !byMessageId.has(a.messageId));
  if (unnamed.length > 0)
    fail(
      `${unnamed.length} mails arrived that name no message: ${sample(unnamed.map((a) => a.messageId || '(no Message-ID)'))}`,
    );
  const twice = [...countBy(arrived, (a) => a.messageId)]
    .filter(([id, n]) => n > 1 && byMessageId.get(id)?.status !== 'outcome_unknown')
    .map(([id, n]) => `${id} x${n}`);
  if (twice.length > 0) fail(`${twice.length} Message-IDs received more than once: ${sample(twice)}`);

  const accepted = new Set(o.arrivals.filter((a) => a.outcome === 'accepted').map((a) => a.messageId));
  const sent = o.messages.filter((m) => m.status === 'sent');
  const unknown = o.messages.filter((m) => m.status === 'outcome_unknown').length;
  const notAccepted = sent.filter((m) => !accepted.has(m.message_id));
  const acceptedNotSent = [...accepted].filter((id) => {
    const status = byMessageId.get(id)?.status;
    return status !== undefined && status !== 'sent' && status !== 'outcome_unknown';
  });
  if (notAccepted.length > 0 || acceptedNotSent.length > 0)
    fail(
      `sent count ${sent.length} != ${accepted.size} Message-IDs accepted (+/- ${unknown} outcome unknown): ` +
        `${notAccepted.length} marked sent but never accepted (${sample(notAccepted.map((m) => m.message_id))}), ` +
        `${acceptedNotSent.length} accepted but marked otherwise (${sample(acceptedNotSent)})`,
    );
}

function eventChecks(o: SeedOutcome, fail: (text: string) => void) {
  const processed = countBy(
    o.events.filter((e) => e.name === name('emailProcessed')),
    (e) => e.message_id,
  );
  const outcomes = new Map<string, string[]>();
  for (const e of o.events)
    if (OUTCOME_EVENTS.has(e.name))
      outcomes.set(e.message_id, [...(outcomes.get(e.message_id) ?? []), e.name]);
  const badProcessed: string[] = [];
  const badOutcome: string[] = [];
  for (const m of o.messages) {
    const n = processed.get(m.message_id) ?? 0;
    if (n !== 1) badProcessed.push(`${m.message_id} x${n}`);
    const expected = OUTCOME_EVENT[m.status];
    const got = outcomes.get(m.message_id) ?? [];
    if (expected && (got.length !== 1 || got[0] !== expected))
      badOutcome.push(`${m.message_id} (${m.status}): [${got.join(', ')}]`);
  }
  if (badProcessed.length > 0)
    fail(`${badProcessed.length} messages without exactly one processed event: ${sample(badProcessed)}`);
  if (badOutcome.length > 0)
    fail(`${badOutcome.length} messages without exactly their one outcome event: ${sample(badOutcome)}`);
}

function unsubscribeChecks(o: SeedOutcome, fail: (text: string) => void) {
  const messagesOf = new Map(o.messages.map((m) => [m.message_id, m]));
  for (const u of o.unsubscribes) {
    // Allowed: a mail of the batch in flight, i.e. one whose message was taken in hand before the commit.
    const late = o.arrivals.filter((a) => {
      if (a.outcome === 'tempfailed' || !a.to.includes(u.email.toLowerCase())) return false;
      const message = messagesOf.get(a.messageId);
      return a.receivedAt > u.committedAt && (message === undefined || message.created_at > u.committedAt);
    });
    if (late.length > 0)
      fail(
        `${u.email} unsubscribed at ${new Date(u.committedAt).toISOString()} and still got ` +
          `${sample(late.map((a) => `${a.messageId} at ${new Date(a.receivedAt).toISOString()}`))}`,
      );
  }
}

/** Every broken invariant, as sentences; empty when the seed held them all. */
export function checkInvariants(outcome: SeedOutcome): string[] {
  const failures: string[] = [];
  const fail = (text: string) => failures.push(text);
  runChecks(outcome, fail);
  messageChecks(outcome, fail);
  arrivalChecks(outcome, fail);
  eventChecks(outcome, fail);
  unsubscribeChecks(outcome, fail);
  if (outcome.broker)
    checkBrokerInvariants(
      { messages: outcome.messages, events: outcome.events, broker: outcome.broker },
      OUTCOME_EVENT,
      name('emailProcessed'),
      fail,
    );
  return failures;
}
