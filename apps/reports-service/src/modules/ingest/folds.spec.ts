import { foldClicks, foldOpens, type ClickedPayload, type OpenedPayload } from './engagement-fold';
import type { MessageEventPayload } from './fold-types';
import { foldOutcome, outcomes } from './outcome-fold';

const GMAIL = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const base = (message_id: string, occurred_at: string): MessageEventPayload => ({
  organisation_id: 'o',
  campaign_id: 'c',
  campaign_name: 'C',
  run_id: 'r',
  action_id: 'a',
  template_id: null,
  template_name: null,
  person_id: 'p',
  email: 'p@example.com',
  campaign_context: 'person',
  org_id: null,
  message_id,
  occurred_at,
});
const click = (message_id: string, at: string, url: string, human = true): ClickedPayload => ({
  ...base(message_id, at),
  url,
  user_agent: GMAIL,
  human,
  non_human_reason: human ? null : 'instant_click',
});

const open = (message_id: string, at: string): OpenedPayload => ({
  ...base(message_id, at),
  user_agent: GMAIL,
  human: true,
  non_human_reason: null,
});

describe("the hour a message's counts go to ('Sent in')", () => {
  const sentAt = '2026-03-01T10:05:00.000Z';
  const sent = <T extends MessageEventPayload>(p: T): T => ({ ...p, message_created_at: sentAt });

  it('is the hour the message was created, for an open a day later, whatever came first', () => {
    // The open is folded before its message's processed event has been seen (another topic).
    const opened = foldOpens([sent(open('m1', '2026-03-02T09:00:00Z'))], new Map(), new Map());
    expect(opened.stats.map((s) => s.bucket)).toEqual(['2026-03-01T10:00:00.000Z']);
    expect(opened.messages[0]!.created_at).toBe(sentAt);
    const bounced = foldOutcome(outcomes.emailBounced, [sent(base('m1', '2026-03-03T08:00:00Z'))], new Map());
    expect(bounced.stats.map((s) => s.bucket)).toEqual(['2026-03-01T10:00:00.000Z']);
  });

  it("falls back to the stored message's creation, then to the event's own time", () => {
    const stored = new Map([['m1', null]]);
    const known = foldOutcome(
      outcomes.emailDelivered,
      [base('m1', '2026-03-02T09:00:00Z')],
      stored,
      new Map([['m1', sentAt]]),
    );
    expect(known.stats.map((s) => s.bucket)).toEqual(['2026-03-01T10:00:00.000Z']);
    const unknown = foldOutcome(outcomes.emailDelivered, [base('m2', '2026-03-02T09:00:00Z')], new Map());
    expect(unknown.stats.map((s) => s.bucket)).toEqual(['2026-03-02T09:00:00.000Z']);
  });
});

describe(foldOutcome.name, () => {
  it('counts a message once and keeps the earliest time (an event without message_created_at: its hour)', () => {
    const stored = new Map([['m2', '2026-03-01T09:00:00.000Z']]);
    const { messages, stats } = foldOutcome(
      outcomes.emailDelivered,
      [
        base('m1', '2026-03-01T10:30:00Z'),
        base('m1', '2026-03-01T10:10:00Z'),
        base('m1', '2026-03-01T11:00:00Z'),
        base('m2', '2026-03-01T09:30:00Z'),
      ],
      stored,
    );
    expect(stats).toEqual([
      {
        campaign_id: 'c',
        run_id: 'r',
        template_id: null,
        bucket: '2026-03-01T10:00:00.000Z',
        delivered_count: 1,
      },
    ]);
    expect(messages.map((m) => [m.message_id, m.delivered_at])).toEqual([['m1', '2026-03-01T10:10:00.000Z']]);
  });
});

describe(foldClicks.name, () => {
  it('counts unique clicks by email and by url apart from scanner clicks, over what is stored', () => {
    const stored = new Map([
      [
        'm1',
        {
          first_open_at: '2026-03-01T08:00:00.000Z',
          first_click_at: '2026-03-01T09:00:00.000Z',
          click_count: 1,
          non_human_click_count: 0,
          unique_url_count: 1,
        },
      ],
    ]);
    const links = [
      {
        message_id: 'm1',
        url: 'a',
        email_client: 'Gmail',
        click_count: 1,
        non_human_click_count: 0,
        first_click_at: '2026-03-01T09:00:00.000Z',
      },
    ];
    const at = '2026-03-01T10:00:00.000Z';
    const folded = foldClicks(
      [click('m1', at, 'a'), click('m1', at, 'b'), click('m1', at, 'b', false), click('m2', at, 'a')],
      stored,
      links,
    );
    expect(folded.stats).toEqual([
      {
        campaign_id: 'c',
        run_id: 'r',
        template_id: null,
        bucket: at,
        total_click_count: 3,
        unique_click_count_by_url: 2,
        non_human_click_count: 1,
        unique_click_count_by_email: 1,
        // m2's click without a recorded open: opened, by the click.
        unique_open_count: 1,
      },
    ]);
    expect(
      folded.messages.map((m) => [m.message_id, m.click_count, m.unique_url_count, m.non_human_click_count]),
    ).toEqual([
      ['m1', 3, 2, 1],
      ['m2', 1, 1, 0],
    ]);
    expect(folded.linkStats.map((l) => [l.url, l.total_click_count, l.unique_click_count])).toEqual([
      ['a', 2, 1],
      ['b', 1, 1],
    ]);
  });

  it('counts a message clicked without a recorded open as opened once, whichever arrives first', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const first = foldClicks([click('m1', at, 'a'), click('m1', at, 'b')], new Map(), []);
    expect(first.stats[0]).toMatchObject({ unique_open_count: 1, unique_click_count_by_email: 1 });
    expect(first.messages[0]).toMatchObject({ first_open_at: at, first_click_at: at });
    // The open recorded later finds the message opened: not a second unique open.
    const opened = foldOpens(
      [open('m1', '2026-03-01T09:59:00.000Z')],
      new Map([
        ['m1', { first_open_at: first.messages[0]!.first_open_at, open_count: 0, non_human_open_count: 0 }],
      ]),
      new Map(),
    );
    expect(opened.stats[0]).toMatchObject({ total_open_count: 1 });
    expect(opened.stats[0]).not.toHaveProperty('unique_open_count');
    expect(opened.messages[0]!.first_open_at).toBe('2026-03-01T09:59:00.000Z');
    // A scanner's click opens nothing.
    const scanned = foldClicks([click('m2', at, 'a', false)], new Map(), []);
    expect(scanned.stats[0]).not.toHaveProperty('unique_open_count');
  });
});
