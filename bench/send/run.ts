import { fork } from 'node:child_process';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Client } from 'pg';
import type {
  CampaignMailer,
  SendRecipient,
  SendScope,
} from '../../apps/campaign-service/src/modules/campaigns/journey/campaign-mailer.port';

/** An SMTP server on loopback, in its own process, that accepts every mail and keeps a count. */
export interface DiscardSink {
  url: string;
  port: number;
  pid: number;
  received(): Promise<number>;
  close(): Promise<void>;
}

export async function startDiscardSink(): Promise<DiscardSink> {
  const child = fork(join(__dirname, 'sink.cjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(key: string) =>
    new Promise<T>((resolve) => {
      const listen = (message: Record<string, T>) => {
        if (!(key in message)) return;
        child.off('message', listen);
        resolve(message[key]!);
      };
      child.on('message', listen);
    });
  const port = await next<number>('port');
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    received: () => {
      const answer = next<number>('count');
      child.send('count');
      return answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

/** A mail of the size and shape campaigns send: ~5 KB, person fields, a few links, a token. */
export const BENCH_TEMPLATE = {
  subject: 'Spring news for {{ person.first_name }}',
  content:
    '<html><body><h1>Hello {{ person.first_name }} {{ person.last_name }}</h1>' +
    '<p>Your plan: {{ person.plan | default: "free" }}.</p>' +
    Array.from(
      { length: 12 },
      (_, i) =>
        `<p>Paragraph ${i}: Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor ` +
        `incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ` +
        `ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>`,
    ).join('') +
    '<p><a href="https://shop.example/spring?utm=mail">Shop</a> <a href="https://shop.example/blog">Blog</a> ' +
    '<a href="https://shop.example/account">Account</a></p>' +
    '<p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>',
};

/** Persons, a template, a campaign and a processing run, set-based. */
export async function generate(client: Client, organisationId: string, persons: number) {
  await client.query(
    `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name, custom_fields)
     SELECT $1, 'p' || g || '@bench.example', 'First' || g, 'Last' || g,
            jsonb_build_object('plan', CASE WHEN g % 3 = 0 THEN 'pro' ELSE 'free' END)
       FROM generate_series(1, $2::int) g`,
    [organisationId, persons],
  );
  const template = await client.query<{ id: string }>(
    `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content, from_email)
     VALUES ($1, 'Bench', 'advanced', $2, $3, '{"name":"Bench News","email":"news@bench.example"}') RETURNING id`,
    [organisationId, BENCH_TEMPLATE.subject, BENCH_TEMPLATE.content],
  );
  const campaign = await client.query<{ id: string }>(
    `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context) VALUES ($1, 'Bench', 'person') RETURNING id`,
    [organisationId],
  );
  const run = await client.query<{ id: string }>(
    `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
     VALUES ($1, $2, 1, 'at_once', now(), 'processing') RETURNING id`,
    [organisationId, campaign.rows[0]!.id],
  );
  const people = await client.query<{ id: string; email: string }>(
    `SELECT id, email FROM campaign.persons WHERE organisation_id = $1 ORDER BY email`,
    [organisationId],
  );
  return {
    templateId: template.rows[0]!.id,
    scope: {
      organisationId,
      campaign: { id: campaign.rows[0]!.id, name: 'Bench', context: 'person' },
      runId: run.rows[0]!.id,
      actionId: 'send-1',
    } satisfies SendScope,
    recipients: people.rows.map((p): SendRecipient => ({
      id: p.id,
      email: p.email,
      unsubscribed: false,
      variables: {},
      orgId: null,
    })),
  };
}

/**
 * How the product path is driven: by default straight through the mailer in batches as the
 * journey calls it. Once the engine is merged, a driver that publishes a one-step campaign and
 * waits for its run to finish can take its place (same persons, same sink, same baseline).
 */
export type SendDriver = (recipients: readonly SendRecipient[]) => Promise<void>;

export function mailerDriver(
  mailer: CampaignMailer,
  scope: SendScope,
  templateId: string,
  batch: number,
  concurrency: number,
): SendDriver {
  return async (recipients) => {
    let next = 0;
    const lane = async () => {
      for (;;) {
        const start = next;
        next += batch;
        if (start >= recipients.length) return;
        const outcomes = await mailer.sendCampaignEmails(
          scope,
          { template_id: templateId },
          recipients.slice(start, start + batch),
        );
        const failed = outcomes.find((o) => o.status !== 'sent');
        if (failed) throw new Error(`a bench mail was not sent: ${failed.status} ${failed.reason}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  };
}

/**
 * The baseline: nodemailer's pooled SMTP transport blasting pre-rendered mails (the template's
 * values filled in by plain string replacement) to the same sink, as many at once as it takes.
 */
export async function rawBlast(sinkPort: number, recipients: readonly SendRecipient[], connections: number) {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    host: '127.0.0.1',
    port: sinkPort,
    secure: false,
  });
  const mails = recipients.map((r, i) => ({
    from: { name: 'Bench News', address: 'news@bench.example' },
    to: r.email,
    subject: `Spring news for First${i + 1}`,
    html: BENCH_TEMPLATE.content
      .replace(/\{\{ person\.first_name \}\}/g, `First${i + 1}`)
      .replace(/\{\{ person\.last_name \}\}/g, `Last${i + 1}`)
      .replace(/\{\{[^}]*\}\}/g, 'free'),
    headers: {
      'List-Unsubscribe': '<https://bench.example/u>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }));
  const started = performance.now();
  // Keep a bounded number in flight so the pool's queue does not hold everything at once.
  const inFlight = connections * 20;
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (;;) {
        const i = next++;
        if (i >= mails.length) return;
        await transport.sendMail(mails[i]!);
      }
    }),
  );
  const ms = performance.now() - started;
  transport.close();
  return ms;
}
