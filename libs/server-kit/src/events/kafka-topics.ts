import type { Admin } from 'kafkajs';

/** Errors a topic still being created (or created by another process a moment ago) answers with. */
const SETTLING = new Set(['TOPIC_ALREADY_EXISTS', 'UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);

interface KafkaErrorLike {
  type?: string;
  retriable?: boolean;
  errors?: unknown[];
}

function settling(error: unknown): boolean {
  const e = error as KafkaErrorLike;
  if (Array.isArray(e.errors) && e.errors.length > 0) return e.errors.every(settling);
  return (e.type !== undefined && SETTLING.has(e.type)) || e.retriable === true;
}

/**
 * Creates the topics that are missing and waits until every partition has a leader. Several
 * services start at once and create the same topics: a topic another process just created, or
 * whose metadata the broker has not spread yet, is waited for rather than taken as a failure
 * (kafkajs's own wait gives up on UNKNOWN_TOPIC_OR_PARTITION).
 */
export async function ensureTopicsReady(
  admin: Admin,
  topics: readonly string[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let created = false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!created) {
        await admin.createTopics({ topics: topics.map((topic) => ({ topic })), waitForLeaders: false });
        created = true;
      }
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const ready =
        metadata.length === topics.length &&
        metadata.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
      if (ready) return;
    } catch (error) {
      if (!settling(error) || Date.now() > deadline) throw error;
      // An existing topic needs no creating; only its leaders are waited for.
      if (
        (error as KafkaErrorLike).errors?.every((e) => (e as KafkaErrorLike).type === 'TOPIC_ALREADY_EXISTS')
      )
        created = true;
    }
    if (Date.now() > deadline)
      throw new Error(`Kafka topics not ready within ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 1000)));
  }
}
