import { brokerCounts } from './fault-broker-invariants';
import type { FaultKind } from './fault-chaos';
import type { SeedOutcome } from './fault-invariants';

/** What the tier did to the seed besides the run itself. */
export interface SeedFaults {
  injected: Record<FaultKind, number>;
  rcptTempfails: number;
  /** Service processes that exited by themselves (started again by the tier). */
  crashes: number;
}

function tally(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([item, n]) => `${item} ${n}`)
    .join(', ');
}

/**
 * The seed's invariants as printed after it: each line says what was checked and over how
 * much (persons, messages, events in the outbox and on the broker, faults by kind), so a pass
 * shows what it stands on. The failures themselves are listed apart (checkInvariants).
 */
export function invariantLines(o: SeedOutcome, faults: SeedFaults): string[] {
  const arrivals = tally(o.arrivals.map((a) => a.outcome));
  const unknown = o.messages.filter((m) => m.status === 'outcome_unknown').length;
  const lines = [
    `persons: audience ${o.audience}, ${o.runPersons.length} in the run, each in one terminal state ` +
      `(${tally(o.runPersons.map((p) => p.state))}); ${o.runs.length} run (${tally(o.runs.map((r) => r.state))})`,
    `messages: ${o.messages.length}, one per person, each with an outcome (${tally(o.messages.map((m) => m.status))})`,
    `smtp: ${o.arrivals.length} mails reached the sink (${arrivals || 'none'}); no Message-ID twice ` +
      `beyond the ${unknown} of unknown outcome; sent = accepted`,
    `outbox: ${o.events.length} email events (${tally(o.events.map((e) => e.name.replace(/^campaign\.email\./, '')))}); ` +
      'one processed and exactly one outcome event per message',
  ];
  if (o.broker) {
    const b = brokerCounts(o.broker);
    lines.push(
      `broker: ${b.events} events of the campaign read back from ${b.topics} email topics, ${b.distinct} event ids ` +
        `(${b.repeats} delivered again under their id); every outbox event on its topic, one id and one payload per event, ` +
        'one processed and one outcome id per message',
    );
  }
  lines.push(
    `unsubscribes: ${o.unsubscribes.length} mid-run, nothing sent after the commit beyond the batch in flight`,
    `faults: ${
      tally(
        Object.entries(faults.injected)
          .map(([kind, n]) => Array<string>(n).fill(kind))
          .flat(),
      ) || 'none'
    }; ` +
      `SMTP ${faults.rcptTempfails} RCPT + ${o.arrivals.filter((a) => a.outcome === 'tempfailed').length} DATA tempfails, ` +
      `${o.arrivals.filter((a) => a.outcome === 'dropped').length} drops` +
      (faults.crashes > 0 ? `; ${faults.crashes} exits of a process by itself` : ''),
  );
  return lines;
}
