import { type MessageContext, planBatch, type TrackingHit } from './tracking-batch';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const sent = new Date('2026-06-01T10:00:00Z');
const at = (seconds: number) => new Date(sent.getTime() + seconds * 1000);

function message(id: string, over: Partial<MessageContext> = {}): MessageContext {
  return {
    id,
    organisation_id: 'org',
    campaign_id: `campaign-${id}`,
    campaign_name: 'Spring news',
    campaign_context: 'person',
    run_id: 'run',
    action_id: 'send-1',
    template_id: null,
    template_name: null,
    person_id: `person-${id}`,
    email: 'ann@ex.test',
    org_id: null,
    message_id: `<${id}@ex.test>`,
    links: ['https://a.test/1', 'https://a.test/2'],
    created_at: sent,
    sent_at: sent,
    delivered_at: null,
    first_opened_at: null,
    human_opened_at: null,
    ...over,
  };
}

const hit = (kind: 'open' | 'click', messageId: string, seconds: number, over: Partial<TrackingHit> = {}) =>
  ({
    kind,
    messageId,
    url: kind === 'click' ? 'https://a.test/1' : null,
    at: at(seconds),
    userAgent: CHROME,
    ip: null,
    prefetch: false,
    ...over,
  }) satisfies TrackingHit;

const messages = (...list: MessageContext[]) => new Map(list.map((m) => [m.id, m]));

describe(planBatch.name, () => {
  it('drops hits of messages that no longer exist', () => {
    const plan = planBatch([hit('open', 'gone', 60)], messages(), new Map(), null);
    expect(plan).toEqual({ engagements: [], messages: [], firstHumanOpens: new Map() });
  });

  it('counts a message once in its campaign on its first human open, whatever the order of the hits', () => {
    const plan = planBatch(
      [hit('open', 'a', 90), hit('open', 'a', 60, { userAgent: 'Mimecast' }), hit('open', 'a', 120)],
      messages(message('a')),
      new Map(),
      null,
    );
    expect(plan.engagements.map((e) => [e.event, e.judgement.human, e.at])).toEqual([
      ['opened', false, at(60)],
      ['opened', true, at(90)],
      ['opened', true, at(120)],
    ]);
    expect(plan.firstHumanOpens).toEqual(new Map([['campaign-a', 1]]));
    expect(plan.messages).toEqual([{ id: 'a', openedAt: at(60), clickedAt: null, humanOpenedAt: at(90) }]);
  });

  it('does not count a message whose human open an earlier batch recorded', () => {
    const plan = planBatch(
      [hit('open', 'a', 90)],
      messages(message('a', { first_opened_at: at(30), human_opened_at: at(30) })),
      new Map(),
      null,
    );
    expect(plan.firstHumanOpens.size).toBe(0);
    expect(plan.engagements).toHaveLength(1);
  });

  it('adds the open a click implies when none was recorded, judged like the click', () => {
    const plan = planBatch(
      [hit('click', 'a', 90), hit('click', 'a', 300)],
      messages(message('a')),
      new Map(),
      null,
    );
    expect(plan.engagements.map((e) => e.event)).toEqual(['opened', 'clicked', 'clicked']);
    expect(plan.messages).toEqual([{ id: 'a', openedAt: at(90), clickedAt: at(90), humanOpenedAt: at(90) }]);
    expect(plan.firstHumanOpens).toEqual(new Map([['campaign-a', 1]]));
  });

  it('adds no open to a click of an opened message', () => {
    const plan = planBatch(
      [hit('click', 'a', 90)],
      messages(message('a', { first_opened_at: at(30) })),
      new Map(),
      null,
    );
    expect(plan.engagements.map((e) => e.event)).toEqual(['clicked']);
  });

  it('marks every click of a sweep over all links as not human, also the first', () => {
    const plan = planBatch(
      [hit('click', 'a', 100), hit('click', 'a', 100.4, { url: 'https://a.test/2' })],
      messages(message('a', { first_opened_at: at(30) })),
      new Map(),
      null,
    );
    expect(plan.engagements.map((e) => e.judgement)).toEqual([
      { human: false, reason: 'all_links' },
      { human: false, reason: 'all_links' },
    ]);
    expect(plan.firstHumanOpens.size).toBe(0);
  });

  it('reads clicks recorded by an earlier batch for the all-links rule', () => {
    const recent = new Map([['a', [{ url: 'https://a.test/2', at: at(99) }]]]);
    const plan = planBatch(
      [hit('click', 'a', 100)],
      messages(message('a', { first_opened_at: at(30) })),
      recent,
      null,
    );
    expect(plan.engagements[0]!.judgement.reason).toBe('all_links');
  });
});
