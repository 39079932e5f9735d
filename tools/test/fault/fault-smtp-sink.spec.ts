import { createTransport } from 'nodemailer';
import { type FaultSmtpSink, headerFields, startFaultSmtpSink } from './fault-smtp-sink';

const message = (n: number) => ({
  from: 'news@fault.example',
  to: `p${n}@fault.example`,
  subject: `Mail ${n}`,
  messageId: `<m${n}@fault.example>`,
  text: `Hello ${n}\n.leading dot`,
  headers: { 'List-Unsubscribe': `<http://localhost/t/u/${n}>` },
});

async function send(sink: FaultSmtpSink, n: number) {
  const transport = createTransport({ url: sink.url, pool: false, connectionTimeout: 5000 } as never);
  try {
    return await transport.sendMail(message(n));
  } finally {
    transport.close();
  }
}

describe('fault SMTP sink', () => {
  it('accepts and records a message by its Message-ID and headers', async () => {
    const sink = await startFaultSmtpSink(1);
    try {
      const info = await send(sink, 1);
      expect(info.accepted).toEqual(['p1@fault.example']);
      expect(sink.arrivals).toEqual([
        expect.objectContaining({
          messageId: '<m1@fault.example>',
          to: ['p1@fault.example'],
          outcome: 'accepted',
          listUnsubscribe: '<http://localhost/t/u/1>',
          subject: 'Mail 1',
        }),
      ]);
    } finally {
      await sink.close();
    }
  });

  it('tempfails RCPT with a 451 the sender sees as temporary', async () => {
    const sink = await startFaultSmtpSink(2, { rcptTempfail: 1, dataTempfail: 0, dropAfterData: 0 });
    try {
      await expect(send(sink, 2)).rejects.toMatchObject({ responseCode: 451 });
      expect(sink.rcptTempfails).toBe(1);
      expect(sink.arrivals).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('tempfails DATA after reading the message, and records it as not kept', async () => {
    const sink = await startFaultSmtpSink(3, { rcptTempfail: 0, dataTempfail: 1, dropAfterData: 0 });
    try {
      await expect(send(sink, 3)).rejects.toMatchObject({ responseCode: 451 });
      expect(sink.arrivals.map((a) => [a.messageId, a.outcome])).toEqual([
        ['<m3@fault.example>', 'tempfailed'],
      ]);
    } finally {
      await sink.close();
    }
  });

  it('drops the connection after the data, before any reply', async () => {
    const sink = await startFaultSmtpSink(4, { rcptTempfail: 0, dataTempfail: 0, dropAfterData: 1 });
    try {
      const failure = await send(sink, 4).then(
        () => null,
        (error: Error & { responseCode?: number }) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(failure?.responseCode).toBeUndefined();
      expect(sink.arrivals.map((a) => [a.messageId, a.outcome])).toEqual([['<m4@fault.example>', 'dropped']]);
    } finally {
      await sink.close();
    }
  });

  it('draws the same faults for the same seed', async () => {
    const rates = { rcptTempfail: 0.3, dataTempfail: 0.3, dropAfterData: 0.2 };
    const outcomes = async (seed: number) => {
      const sink = await startFaultSmtpSink(seed, rates);
      try {
        for (let n = 0; n < 12; n++) await send(sink, n).catch(() => null);
        return [sink.rcptTempfails, ...sink.arrivals.map((a) => a.outcome)];
      } finally {
        await sink.close();
      }
    };
    const first = await outcomes(7);
    expect(await outcomes(7)).toEqual(first);
    expect(new Set(first.slice(1)).size).toBeGreaterThan(1);
  });

  it('reads folded header fields once, by lower-cased name', () => {
    const fields = headerFields('Message-ID:\r\n <a@b>\r\nSubject: x\r\nSubject: y\r\n\r\nMessage-ID: <no>');
    expect(fields.get('message-id')).toBe('<a@b>');
    expect(fields.get('subject')).toBe('x');
  });
});
