import type { Admin } from 'kafkajs';
import { ensureTopicsReady } from './kafka-topics';

const protocolError = (type: string) => Object.assign(new Error(type), { type, retriable: true });
const aggregate = (...types: string[]) =>
  Object.assign(new Error('Topic creation errors'), { errors: types.map((t) => ({ type: t })) });
const led = (topic: string, leader = 1) => ({ name: topic, partitions: [{ partitionId: 0, leader }] });

/** An admin answering createTopics and fetchTopicMetadata from scripted steps, recording calls. */
function scriptedAdmin(create: (() => unknown)[], metadata: (() => unknown)[]) {
  const calls = { create: 0, metadata: 0 };
  const next = (steps: (() => unknown)[], n: number) => steps[Math.min(n, steps.length - 1)]!();
  const admin = {
    createTopics: async () => next(create, calls.create++),
    fetchTopicMetadata: async () => next(metadata, calls.metadata++),
  } as unknown as Admin;
  return { admin, calls };
}

describe(ensureTopicsReady.name, () => {
  it('waits while a just-created topic is unknown or leaderless, as a fresh KRaft broker answers', async () => {
    const { admin, calls } = scriptedAdmin(
      [() => true],
      [
        () => {
          throw protocolError('UNKNOWN_TOPIC_OR_PARTITION');
        },
        () => ({ topics: [led('a', -1)] }),
        () => ({ topics: [led('a')] }),
      ],
    );
    await ensureTopicsReady(admin, ['a']);
    expect(calls).toEqual({ create: 1, metadata: 3 });
  });

  it('takes topics another process created meanwhile as created, and waits for their leaders', async () => {
    const { admin, calls } = scriptedAdmin(
      [
        () => {
          throw aggregate('TOPIC_ALREADY_EXISTS', 'TOPIC_ALREADY_EXISTS');
        },
      ],
      [() => ({ topics: [led('a'), led('b')] })],
    );
    await ensureTopicsReady(admin, ['a', 'b']);
    expect(calls).toEqual({ create: 1, metadata: 1 });
  });

  it('fails at once on an error that waiting cannot cure', async () => {
    const denied = Object.assign(new Error('denied'), {
      type: 'TOPIC_AUTHORIZATION_FAILED',
      retriable: false,
    });
    const { admin } = scriptedAdmin(
      [
        () => {
          throw denied;
        },
      ],
      [() => ({ topics: [] })],
    );
    await expect(ensureTopicsReady(admin, ['a'])).rejects.toBe(denied);
  });

  it('gives up after its time limit', async () => {
    const { admin } = scriptedAdmin([() => true], [() => ({ topics: [led('a', -1)] })]);
    await expect(ensureTopicsReady(admin, ['a'], 300)).rejects.toThrow(/not ready within 300 ms/);
  });
});
