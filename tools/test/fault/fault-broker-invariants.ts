/**
 * "No event lost, none counted twice", checked against what the Kafka broker actually carries
 * (the email topics read back by a plain consumer after the run), not against the outbox that
 * fed it. Delivery is at least once with event ids (README, "Events on Kafka"): an event may be
 * on its topic more than once, but only under the one id, with the one payload. Pure, like the
 * other checks (fault-invariants.spec.ts plants faults in it).
 */

/** One message read from a `campaign.email.*` topic, of the seed's campaign. */
export interface BrokerEvent {
  topic: string;
  /** The `event-id` header; '' when the message had none. */
  id: string;
  /** The payload's message_id (the RFC 5322 Message-ID). */
  message_id: string;
  /** The message value as it was on the topic (the JSON payload). */
  value: string;
}

/** An outbox row of the seed's campaign: what the service meant to publish. */
export interface OutboxEvent {
  id: string;
  name: string;
  message_id: string;
}

export interface BrokerCheckInput {
  messages: readonly { message_id: string; status: string }[];
  events: readonly OutboxEvent[];
  broker: readonly BrokerEvent[];
}

type Fail = (text: string) => void;

function sample(items: readonly string[], limit = 5): string {
  return items.length <= limit
    ? items.join(', ')
    : `${items.slice(0, limit).join(', ')} (+${items.length - limit})`;
}

/** Distinct event ids per (topic, message_id) on the broker (messages without one are named apart). */
function idsByTopicAndMessage(broker: readonly BrokerEvent[]): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const e of broker) {
    if (e.id === '') continue;
    const key = `${e.topic} ${e.message_id}`;
    const set = ids.get(key) ?? new Set<string>();
    set.add(e.id);
    ids.set(key, set);
  }
  return ids;
}

function idChecks(o: BrokerCheckInput, fail: Fail): void {
  const unnamed = o.broker.filter((e) => e.id === '');
  if (unnamed.length > 0)
    fail(
      `${unnamed.length} messages on the email topics carry no event-id header: ${sample(unnamed.map((e) => `${e.topic} ${e.message_id}`))}`,
    );
  const first = new Map<string, BrokerEvent>();
  const differing = new Set<string>();
  for (const e of o.broker) {
    if (e.id === '') continue;
    const seen = first.get(e.id);
    if (!seen) first.set(e.id, e);
    else if (seen.topic !== e.topic || seen.value !== e.value) differing.add(e.id);
  }
  if (differing.size > 0)
    fail(`${differing.size} event ids carry two different events on the broker: ${sample([...differing])}`);
  const outbox = new Set(o.events.map((e) => e.id));
  const foreign = [...first.values()].filter((e) => !outbox.has(e.id));
  if (foreign.length > 0)
    fail(
      `${foreign.length} events on the broker that the outbox never held: ${sample(foreign.map((e) => `${e.topic} ${e.id}`))}`,
    );
  const lost = o.events.filter((e) => !first.has(e.id));
  if (lost.length > 0)
    fail(
      `${lost.length} outbox events never reached the broker: ${sample(lost.map((e) => `${e.name} ${e.message_id}`))}`,
    );
}

/**
 * Per final message: its processed event and its one outcome event are on their topics (at
 * least once), each under exactly one event id: a second id is the same fact counted twice by
 * any consumer that drops repeats by id.
 */
function perMessageChecks(
  o: BrokerCheckInput,
  outcomeEvent: Record<string, string>,
  processed: string,
  fail: Fail,
) {
  const ids = idsByTopicAndMessage(o.broker);
  const outcomeTopics = [...new Set(Object.values(outcomeEvent))];
  const lost: string[] = [];
  const twice: string[] = [];
  for (const m of o.messages) {
    const expected = outcomeEvent[m.status];
    if (!expected) continue;
    const processedIds = ids.get(`${processed} ${m.message_id}`)?.size ?? 0;
    const outcomes = outcomeTopics.flatMap((topic) =>
      [...(ids.get(`${topic} ${m.message_id}`) ?? [])].map((id) => `${topic}#${id.slice(0, 8)}`),
    );
    const expectedIds = ids.get(`${expected} ${m.message_id}`)?.size ?? 0;
    if (processedIds === 0 || expectedIds === 0)
      lost.push(`${m.message_id} (${m.status}): ${processedIds === 0 ? 'processed' : expected} missing`);
    if (processedIds > 1 || outcomes.length > 1)
      twice.push(
        `${m.message_id} (${m.status}): processed x${processedIds}, outcomes [${outcomes.join(', ')}]`,
      );
  }
  if (lost.length > 0) fail(`${lost.length} messages whose events are not on the broker: ${sample(lost)}`);
  if (twice.length > 0)
    fail(
      `${twice.length} messages counted twice on the broker (two event ids or outcomes): ${sample(twice)}`,
    );
}

/** Every broken broker invariant, as sentences. */
export function checkBrokerInvariants(
  o: BrokerCheckInput,
  outcomeEvent: Record<string, string>,
  processed: string,
  fail: Fail,
): void {
  idChecks(o, fail);
  perMessageChecks(o, outcomeEvent, processed, fail);
}

/** Counts for the seed's printed invariants. */
export function brokerCounts(broker: readonly BrokerEvent[]) {
  const ids = new Set(broker.map((e) => e.id));
  return {
    events: broker.length,
    distinct: ids.size,
    repeats: broker.length - ids.size,
    topics: new Set(broker.map((e) => e.topic)).size,
  };
}
