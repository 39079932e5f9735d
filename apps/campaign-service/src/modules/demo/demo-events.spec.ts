import { events } from '@meridian/contracts';
import { type DemoMessageRow, messageEvents, pickWeighted, runEvents } from './demo-events';

const campaign = { organisation_id: 'org-1', campaign_id: 'cmp-1', campaign_name: 'Weekly product digest' };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 9, minute));

function message(overrides: Partial<DemoMessageRow>): DemoMessageRow {
  return {
    run_id: 'run-1',
    action_id: 'digest-email',
    template_id: 'tpl-1',
    template_name: 'Weekly product digest',
    person_id: 'person-1',
    email: 'ada@acme.example',
    message_id: '<m1@demo.meridian.dev>',
    status: 'sent',
    reason: null,
    created_at: at(0),
    sent_at: at(1),
    delivered_at: at(2),
    bounced_at: null,
    complained_at: null,
    first_opened_at: null,
    first_clicked_at: null,
    unsubscribed_at: null,
    scanned: false,
    clicked_url: null,
    ...overrides,
  };
}

const names = (items: { definition: { name: string } }[]) => items.map((i) => i.definition.name);

describe('demo events', () => {
  it('tells an engaged message in order, a gateway open apart from the person', () => {
    const items = messageEvents(campaign, [
      message({
        scanned: true,
        first_opened_at: at(30),
        first_clicked_at: at(31),
        clicked_url: 'https://demo.meridian.example/changelog',
        unsubscribed_at: at(32),
      }),
    ]);
    expect(names(items)).toEqual([
      events.emailProcessed.name,
      events.emailSent.name,
      events.emailDelivered.name,
      events.emailOpened.name,
      events.emailOpened.name,
      events.emailClicked.name,
      events.emailUnsubscribed.name,
    ]);
    for (const item of items) expect(() => item.definition.payload.parse(item.payload)).not.toThrow();
    const [scanner, person] = items.filter((i) => i.definition === events.emailOpened).map((i) => i.payload);
    expect(scanner).toMatchObject({ human: false, non_human_reason: 'scanner_user_agent' });
    expect(person).toMatchObject({ human: true, non_human_reason: null, occurred_at: at(30).toISOString() });
    expect(items.at(-2)!.payload).toMatchObject({ url: 'https://demo.meridian.example/changelog' });
  });

  it('tells a skipped message as processed and not sent, and a bounce with its type', () => {
    const skipped = messageEvents(campaign, [
      message({ status: 'not_sent', reason: 'unsubscribed', sent_at: null, delivered_at: null }),
    ]);
    expect(names(skipped)).toEqual([events.emailProcessed.name, events.emailNotSent.name]);
    expect(skipped[1]!.payload).toMatchObject({ reason: 'unsubscribed' });

    const bounced = messageEvents(campaign, [
      message({ delivered_at: null, bounced_at: at(2), reason: '550 5.1.1 no such user' }),
      message({ delivered_at: null, bounced_at: at(2), reason: '452 4.2.2 over quota' }),
    ]);
    expect(bounced.filter((i) => i.definition === events.emailBounced).map((i) => i.payload)).toEqual([
      expect.objectContaining({ bounce_type: 'hard' }),
      expect.objectContaining({ bounce_type: 'soft' }),
    ]);
  });

  it('moves each run through processing to finished', () => {
    const run = { id: 'run-1', slot_time: at(0), started_at: at(0), finished_at: at(50), total_count: 12 };
    const items = runEvents(campaign, [run]);
    expect(items.map((i) => (i.payload as { run_state: string }).run_state)).toEqual([
      'processing',
      'finished',
    ]);
    for (const item of items) expect(() => item.definition.payload.parse(item.payload)).not.toThrow();
  });

  it('keeps one mail client per contact and spreads contacts over the clients', () => {
    const choices: [string, number][] = [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ];
    expect(pickWeighted(choices, 'person-1')).toBe(pickWeighted(choices, 'person-1'));
    const picked = new Set(Array.from({ length: 200 }, (_, i) => pickWeighted(choices, `person-${i}`)));
    expect(picked).toEqual(new Set(['a', 'b', 'c']));
  });
});
