import { emailEvents } from '@meridian/contracts';
import type { BrokerEvent } from './fault-broker-invariants';
import { checkInvariants, type SeedOutcome } from './fault-invariants';
import type { Arrival } from './fault-smtp-sink';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const statuses = ['sent', 'sent', 'not_sent', 'dropped', 'outcome_unknown'] as const;

const arrival = (n: number, outcome: Arrival['outcome'], at = T0 + 1000 * n): Arrival => ({
  messageId: `<m${n}@demo>`,
  to: [`p${n}@fault.example`],
  receivedAt: at,
  outcome,
  listUnsubscribe: null,
  listUnsubscribePost: null,
  subject: 'Hi',
});

/** Five persons, one of each outcome, everything as it should be. */
function healthy(): SeedOutcome {
  const messages = statuses.map((status, n) => ({
    id: `id${n}`,
    person_id: `person${n}`,
    email: `p${n}@fault.example`,
    message_id: `<m${n}@demo>`,
    status,
    created_at: T0 + 1000 * n - 500,
  }));
  const outcome = { sent: 'emailSent', not_sent: 'emailNotSent', dropped: 'emailDropped' } as const;
  return {
    audience: 5,
    runs: [{ id: 'run', state: 'finished' }],
    runPersons: messages.map((m) => ({ person_id: m.person_id, state: 'completed' })),
    messages,
    events: messages.flatMap((m, n) => [
      { id: `e${n}p`, name: emailEvents.emailProcessed.name, message_id: m.message_id },
      {
        id: `e${n}o`,
        name: emailEvents[m.status === 'outcome_unknown' ? 'emailDropped' : outcome[m.status]].name,
        message_id: m.message_id,
      },
    ]),
    // Sent ones accepted (one after a tempfail), the unknown one dropped mid-DATA, twice.
    arrivals: [
      arrival(0, 'tempfailed'),
      arrival(0, 'accepted'),
      arrival(1, 'accepted'),
      arrival(4, 'dropped'),
      arrival(4, 'accepted'),
    ],
    unsubscribes: [{ personId: 'person2', email: 'p2@fault.example', committedAt: T0 }],
  };
}

describe('checkInvariants', () => {
  it('passes a seed that kept every invariant', () => {
    expect(checkInvariants(healthy())).toEqual([]);
  });

  it('names a run that did not finish, a second run and persons left in flight', () => {
    const o = healthy();
    o.runs = [
      { id: 'run', state: 'processing' },
      { id: 'again', state: 'finished' },
    ];
    o.runPersons[1]!.state = 'active';
    expect(checkInvariants(o)).toEqual([
      'the campaign has 2 runs (an at_once campaign runs exactly once)',
      "run run ended 'processing', not finished",
      '1 run persons not in a terminal state: person1=active',
    ]);
  });

  it('names a person without a message and a message without an outcome', () => {
    const o = healthy();
    o.audience = 6;
    o.runPersons.push({ person_id: 'person5', state: 'completed' });
    o.messages[3]!.status = 'sending';
    o.arrivals = o.arrivals.filter((a) => a.messageId !== '<m3@demo>');
    o.events = o.events.filter((e) => e.message_id !== '<m3@demo>' || e.name.endsWith('processed.v1'));
    expect(checkInvariants(o)).toEqual([
      '1 persons of the run have no message: person5',
      '1 messages without an outcome: <m3@demo>=sending',
    ]);
  });

  it('names a Message-ID received twice unless its outcome is unknown', () => {
    const o = healthy();
    o.arrivals = [...o.arrivals, arrival(1, 'accepted')];
    expect(checkInvariants(o)).toEqual(['1 Message-IDs received more than once: <m1@demo> x2']);
  });

  it('names a message marked sent that never arrived, and one accepted but marked dropped', () => {
    const o = healthy();
    o.arrivals = [arrival(0, 'accepted'), arrival(3, 'accepted')];
    const [failure] = checkInvariants(o);
    expect(failure).toMatch(/^sent count 2 != 2 Message-IDs accepted \(\+\/- 1 outcome unknown\)/);
    expect(failure).toMatch(/1 marked sent but never accepted \(<m1@demo>\)/);
    expect(failure).toMatch(/1 accepted but marked otherwise \(<m3@demo>\)/);
  });

  it('names mail that names no message', () => {
    const o = healthy();
    o.arrivals = [...o.arrivals, { ...arrival(9, 'accepted'), messageId: '' }];
    expect(checkInvariants(o)).toEqual(['1 mails arrived that name no message: (no Message-ID)']);
  });

  it('names a lost or doubled processed event and a missing or wrong outcome event', () => {
    const o = healthy();
    o.events = o.events.filter((e, i) => i !== 0 && i !== 3);
    o.events.push({ id: 'x1', name: emailEvents.emailProcessed.name, message_id: '<m2@demo>' });
    o.events.push({ id: 'x2', name: emailEvents.emailSent.name, message_id: '<m4@demo>' });
    expect(checkInvariants(o)).toEqual([
      '2 messages without exactly one processed event: <m0@demo> x0, <m2@demo> x2',
      '2 messages without exactly their one outcome event: <m1@demo> (sent): [], ' +
        '<m4@demo> (outcome_unknown): [campaign.email.dropped.v1, campaign.email.sent.v1]',
    ]);
  });

  it('allows mail to an unsubscribed person from the batch in flight, not from a later one', () => {
    const o = healthy();
    o.unsubscribes = [{ personId: 'person1', email: 'p1@fault.example', committedAt: T0 + 900 }];
    // The message was taken in hand at T0 + 500, before the commit: the batch in flight.
    expect(checkInvariants(o)).toEqual([]);
    o.messages[1]!.created_at = T0 + 950;
    expect(checkInvariants(o)).toEqual([
      'p1@fault.example unsubscribed at 2026-11-26T10:00:00.900Z and still got <m1@demo> at 2026-11-26T10:00:01.000Z',
    ]);
  });
});

/** A Kafka run: the healthy outbox as the broker carries it, one event delivered twice (same id). */
function onKafka(): SeedOutcome & { broker: BrokerEvent[] } {
  const o = healthy();
  const broker = o.events.map((e) => ({
    topic: e.name,
    id: e.id,
    message_id: e.message_id,
    value: JSON.stringify({ message_id: e.message_id, name: e.name }),
  }));
  return { ...o, broker: [...broker, { ...broker[1]! }] };
}

describe('checkInvariants on Kafka', () => {
  it('passes what the broker carries at least once under one event id', () => {
    expect(checkInvariants(onKafka())).toEqual([]);
  });

  it('fails a run whose topics were never read (nothing on the broker)', () => {
    const o = { ...onKafka(), broker: [] };
    const failures = checkInvariants(o);
    expect(failures).toEqual([
      '10 outbox events never reached the broker: ' +
        'campaign.email.processed.v1 <m0@demo>, campaign.email.sent.v1 <m0@demo>, ' +
        'campaign.email.processed.v1 <m1@demo>, campaign.email.sent.v1 <m1@demo>, ' +
        'campaign.email.processed.v1 <m2@demo> (+5)',
      expect.stringMatching(
        /^5 messages whose events are not on the broker: <m0@demo> \(sent\): processed missing/,
      ),
    ]);
  });

  it('names an outcome event lost on the way to the broker', () => {
    const o = onKafka();
    o.broker = o.broker.filter((e) => e.id !== 'e3o');
    expect(checkInvariants(o)).toEqual([
      '1 outbox events never reached the broker: campaign.email.dropped.v1 <m3@demo>',
      '1 messages whose events are not on the broker: <m3@demo> (dropped): campaign.email.dropped.v1 missing',
    ]);
  });

  it('names an outcome published twice under two event ids (counted twice)', () => {
    const o = onKafka();
    o.broker.push({ ...o.broker.find((e) => e.id === 'e0o')!, id: 'second-id' });
    expect(checkInvariants(o)).toEqual([
      '1 events on the broker that the outbox never held: campaign.email.sent.v1 second-id',
      '1 messages counted twice on the broker (two event ids or outcomes): ' +
        '<m0@demo> (sent): processed x1, outcomes [campaign.email.sent.v1#e0o, campaign.email.sent.v1#second-i]',
    ]);
  });

  it('names a second outcome of another kind for one message, even when the outbox held it', () => {
    const o = onKafka();
    const extra = { id: 'e1x', name: emailEvents.emailDropped.name, message_id: '<m1@demo>' };
    o.broker.push({ topic: extra.name, id: extra.id, message_id: extra.message_id, value: '{}' });
    const failures = checkInvariants({ ...o, events: [...o.events, extra] });
    expect(failures).toContain(
      '1 messages counted twice on the broker (two event ids or outcomes): ' +
        '<m1@demo> (sent): processed x1, outcomes [campaign.email.sent.v1#e1o, campaign.email.dropped.v1#e1x]',
    );
  });

  it('names one event id carrying two different payloads, and a message with no event id', () => {
    const o = onKafka();
    o.broker.push({ ...o.broker[2]!, value: '{"changed":true}' });
    o.broker.push({ ...o.broker[4]!, id: '' });
    expect(checkInvariants(o)).toEqual([
      '1 messages on the email topics carry no event-id header: campaign.email.processed.v1 <m2@demo>',
      '1 event ids carry two different events on the broker: e1p',
    ]);
  });

  it('skips the broker checks on the Postgres transport', () => {
    expect(checkInvariants({ ...onKafka(), broker: undefined })).toEqual([]);
  });
});
