import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { type Random, seededRandom } from './seeded-random';

/**
 * A real SMTP server on loopback that misbehaves on purpose, with seeded randomness: it answers
 * some RCPT and DATA commands with a 4xx tempfail, and drops some connections right after the
 * message's final dot, before the 250, so the sender cannot know whether the mail went. It
 * records every message whose data arrived, by Message-ID, with what it answered.
 *
 * Written on node:net rather than a server library because the fault it must inject (closing
 * the socket after DATA and before any reply) is exactly what a correct server never does.
 */
export interface FaultRates {
  /** Probability that one RCPT is answered 451. */
  rcptTempfail: number;
  /** Probability that a received message is answered 451 (not kept). */
  dataTempfail: number;
  /** Probability that the connection is closed after the data, with no reply. */
  dropAfterData: number;
}

export const NO_FAULTS: FaultRates = { rcptTempfail: 0, dataTempfail: 0, dropAfterData: 0 };

export type ArrivalOutcome = 'accepted' | 'dropped' | 'tempfailed';

/** One message whose data reached the sink. */
export interface Arrival {
  /** The Message-ID header, angle brackets included; '' when the mail had none. */
  messageId: string;
  to: string[];
  /** Date.now() when the final dot arrived. */
  receivedAt: number;
  outcome: ArrivalOutcome;
  /** The List-Unsubscribe header as sent, or null. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  subject: string;
}

export interface FaultSmtpSink {
  url: string;
  readonly arrivals: readonly Arrival[];
  /** 451s given to RCPT commands. */
  readonly rcptTempfails: number;
  setRates(rates: FaultRates): void;
  close(): Promise<void>;
}

const CRLF = '\r\n';

/** Header fields of a raw message, names lower-cased, folded lines joined. */
export function headerFields(raw: string): Map<string, string> {
  const end = raw.indexOf('\r\n\r\n');
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const fields = new Map<string, string>();
  for (const line of head.split(CRLF)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

interface Transaction {
  to: string[];
  data: string[] | null;
}

function serve(socket: Socket, random: Random, rates: () => FaultRates, sink: SinkState) {
  let buffer = '';
  let txn: Transaction = { to: [], data: null };
  const reply = (line: string) => {
    if (!socket.destroyed) socket.write(`${line}${CRLF}`);
  };

  const finishData = () => {
    const raw = txn.data!.map((line) => (line.startsWith('..') ? line.slice(1) : line)).join(CRLF);
    const fields = headerFields(raw);
    const { dataTempfail, dropAfterData } = rates();
    const outcome: ArrivalOutcome = random.chance(dropAfterData)
      ? 'dropped'
      : random.chance(dataTempfail)
        ? 'tempfailed'
        : 'accepted';
    sink.arrivals.push({
      messageId: fields.get('message-id') ?? '',
      to: txn.to,
      receivedAt: Date.now(),
      outcome,
      listUnsubscribe: fields.get('list-unsubscribe') ?? null,
      listUnsubscribePost: fields.get('list-unsubscribe-post') ?? null,
      subject: fields.get('subject') ?? '',
    });
    txn = { to: [], data: null };
    if (outcome === 'dropped') socket.destroy();
    else if (outcome === 'tempfailed') reply('451 4.3.0 Try again later (injected fault)');
    else reply(`250 2.0.0 Ok: queued as ${sink.arrivals.length}`);
  };

  const command = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    switch (verb) {
      case 'EHLO':
        reply('250-fault-sink');
        reply('250-8BITMIME');
        reply('250-SMTPUTF8');
        return reply('250 SIZE 52428800');
      case 'HELO':
        return reply('250 fault-sink');
      case 'MAIL':
        txn = { to: [], data: null };
        return reply('250 2.1.0 Ok');
      case 'RCPT': {
        if (random.chance(rates().rcptTempfail)) {
          sink.rcptTempfails++;
          return reply('451 4.7.1 Recipient tempfailed (injected fault)');
        }
        const address = /<([^>]*)>/.exec(line)?.[1] ?? line.slice(8).trim();
        txn.to.push(address.toLowerCase());
        return reply('250 2.1.5 Ok');
      }
      case 'DATA':
        if (txn.to.length === 0) return reply('503 5.5.1 No valid recipients');
        txn.data = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        txn = { to: [], data: null };
        return reply('250 2.0.0 Ok');
      case 'NOOP':
        return reply('250 2.0.0 Ok');
      case 'QUIT':
        reply('221 2.0.0 Bye');
        return void socket.end();
      default:
        return reply('502 5.5.2 Command not recognised');
    }
  };

  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let at = buffer.indexOf(CRLF); at >= 0 && !socket.destroyed; at = buffer.indexOf(CRLF)) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      if (txn.data === null) command(line);
      else if (line === '.') finishData();
      else txn.data.push(line);
    }
  });
  reply('220 fault-sink ESMTP');
}

interface SinkState {
  arrivals: Arrival[];
  rcptTempfails: number;
}

/** Starts the sink; `seed` fixes which commands fail (in the order they arrive). */
export async function startFaultSmtpSink(
  seed: number,
  initial: FaultRates = NO_FAULTS,
): Promise<FaultSmtpSink> {
  const state: SinkState = { arrivals: [], rcptTempfails: 0 };
  const random = seededRandom(seed, 'smtp');
  let rates = initial;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, random, () => rates, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get arrivals() {
      return state.arrivals;
    },
    get rcptTempfails() {
      return state.rcptTempfails;
    },
    setRates(next) {
      rates = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
