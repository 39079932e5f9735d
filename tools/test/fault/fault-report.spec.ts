import { emailEvents } from '@meridian/contracts';
import type { SeedOutcome } from './fault-invariants';
import { invariantLines, type SeedFaults } from './fault-report';

const message = (n: number, status: string) => ({
  id: `id${n}`,
  person_id: `person${n}`,
  email: `p${n}@fault.example`,
  message_id: `<m${n}@demo>`,
  status,
  created_at: 0,
});

function outcome(): SeedOutcome {
  const messages = [message(0, 'sent'), message(1, 'outcome_unknown')];
  return {
    audience: 2,
    runs: [{ id: 'run', state: 'finished' }],
    runPersons: messages.map((m) => ({ person_id: m.person_id, state: 'completed' })),
    messages,
    events: [
      { id: 'a', name: emailEvents.emailProcessed.name, message_id: '<m0@demo>' },
      { id: 'b', name: emailEvents.emailSent.name, message_id: '<m0@demo>' },
      { id: 'c', name: emailEvents.emailProcessed.name, message_id: '<m1@demo>' },
      { id: 'd', name: emailEvents.emailDropped.name, message_id: '<m1@demo>' },
    ],
    arrivals: [
      { messageId: '<m0@demo>', to: ['p0@fault.example'], receivedAt: 0, outcome: 'accepted' },
      { messageId: '<m1@demo>', to: ['p1@fault.example'], receivedAt: 0, outcome: 'dropped' },
      { messageId: '<m1@demo>', to: ['p1@fault.example'], receivedAt: 0, outcome: 'tempfailed' },
    ].map((a) => ({
      ...a,
      listUnsubscribe: null,
      listUnsubscribePost: null,
      subject: 'Hi',
    })) as SeedOutcome['arrivals'],
    unsubscribes: [],
  };
}

const faults: SeedFaults = {
  injected: {
    kill: 2,
    'kill-http': 1,
    'kill-reports': 0,
    'kill-auth': 0,
    terminate: 1,
    broker: 0,
    unsubscribe: 0,
    'one-click': 1,
  },
  rcptTempfails: 3,
  crashes: 0,
};

describe('invariantLines', () => {
  it('prints what was checked with its counts on the Postgres transport, without a broker line', () => {
    expect(invariantLines(outcome(), faults)).toEqual([
      'persons: audience 2, 2 in the run, each in one terminal state (completed 2); 1 run (finished 1)',
      'messages: 2, one per person, each with an outcome (outcome_unknown 1, sent 1)',
      'smtp: 3 mails reached the sink (accepted 1, dropped 1, tempfailed 1); no Message-ID twice beyond the 1 of unknown outcome; sent = accepted',
      'outbox: 4 email events (dropped.v1 1, processed.v1 2, sent.v1 1); one processed and exactly one outcome event per message',
      'unsubscribes: 0 mid-run, nothing sent after the commit beyond the batch in flight',
      'faults: kill 2, kill-http 1, one-click 1, terminate 1; SMTP 3 RCPT + 1 DATA tempfails, 1 drops',
    ]);
  });

  it('adds what the broker carried on Kafka: events, distinct ids and repeats, and the broker faults', () => {
    const o = outcome();
    o.broker = [...o.events, o.events[1]!].map((e) => ({
      topic: e.name,
      id: e.id,
      message_id: e.message_id,
      value: '{}',
    }));
    const lines = invariantLines(o, { ...faults, injected: { ...faults.injected, broker: 2 }, crashes: 1 });
    expect(lines[4]).toMatch(
      /^broker: 5 events of the campaign read back from 3 email topics, 4 event ids \(1 delivered again under their id\)/,
    );
    expect(lines[6]).toBe(
      'faults: broker 2, kill 2, kill-http 1, one-click 1, terminate 1; SMTP 3 RCPT + 1 DATA tempfails, 1 drops; 1 exits of a process by itself',
    );
  });
});
