import { type KafkaBroker } from '@meridian/testing';
import { Kafka, logLevel } from 'kafkajs';
import type { Client } from 'pg';
import type { BrokerEvent } from './fault-broker-invariants';

/** The email events' topics, as the README documents them for consumers outside Meridian. */
const EMAIL_TOPIC = /^campaign\.email\.[a-z_]+\.v\d+$/;

/**
 * The outbox relay has published every email event of the campaign (after the broker's last
 * restart it may need a moment). Returns what is still waiting when the time is up.
 */
export async function waitForRelay(db: Client, campaignId: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaign.outbox
        WHERE published_at IS NULL AND name LIKE 'campaign.email.%' AND payload ->> 'campaign_id' = $1`,
      [campaignId],
    );
    const waiting = rows[0]?.n ?? 0;
    if (waiting === 0 || Date.now() > deadline) return waiting;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Reads every email topic from the beginning with a plain kafkajs consumer in a group of its
 * own (no project code: the header and payload names are the README's), up to the high-water
 * marks taken before it starts, and keeps the campaign's messages.
 */
export async function readEmailTopics(
  brokers: string,
  campaignId: string,
  group: string,
  timeoutMs = 300_000,
): Promise<BrokerEvent[]> {
  const kafka = new Kafka({
    clientId: 'fault-check',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => EMAIL_TOPIC.test(t));
  // What is left to read per partition: the offset of its last message (empty ones need nothing).
  const remaining = new Map<string, bigint>();
  for (const topic of topics)
    for (const p of await admin.fetchTopicOffsets(topic))
      if (BigInt(p.high) > BigInt(p.low)) remaining.set(`${topic}/${p.partition}`, BigInt(p.high) - 1n);
  await admin.disconnect();
  const events: BrokerEvent[] = [];
  if (remaining.size === 0) return events;
  const consumer = kafka.consumer({ groupId: group, maxBytes: 10 * 1024 * 1024 });
  await consumer.connect();
  try {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      eachBatch: async ({ batch }) => {
        for (const message of batch.messages) {
          const value = message.value?.toString() ?? '';
          const payload = JSON.parse(value || '{}') as { campaign_id?: string; message_id?: string };
          if (payload.campaign_id !== campaignId) continue;
          const id = message.headers?.['event-id'];
          events.push({
            topic: batch.topic,
            id: (Array.isArray(id) ? id[0] : id)?.toString() ?? '',
            message_id: payload.message_id ?? '',
            value,
          });
        }
        const key = `${batch.topic}/${batch.partition}`;
        const last = remaining.get(key);
        if (last !== undefined && BigInt(batch.lastOffset()) >= last) remaining.delete(key);
        if (remaining.size === 0) done();
      },
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      finished,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `the email topics were not read to their end within ${timeoutMs / 1000} s ` +
                  `(left: ${[...remaining.keys()].join(', ')})`,
              ),
            ),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    return events;
  } finally {
    await consumer.disconnect();
  }
}

/** Broker stops run one after another: a stop during a start would fail that start. */
let brokerCycle: Promise<void> = Promise.resolve();

/**
 * The broker fault: a controlled stop, `downMs` with no broker, then a start on the same ports
 * and data. Returns the cycle's promise (the tier waits for it before checking).
 */
export function cycleBroker(broker: KafkaBroker, downMs: number, log: (line: string) => void): Promise<void> {
  const cycle = brokerCycle.then(async () => {
    const stopping = Date.now();
    await broker.stop();
    log(`broker stopped (${Date.now() - stopping} ms), back in ${downMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, downMs));
    const starting = Date.now();
    await broker.start();
    log(`broker listening again after ${Date.now() - starting} ms`);
  });
  brokerCycle = cycle.catch(() => undefined);
  return cycle;
}
