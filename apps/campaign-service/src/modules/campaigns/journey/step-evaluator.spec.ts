import { type Flow, FLOW_MAX_NODES, FLOW_ROOT } from '@meridian/contracts';
import { walkFlow } from './dry-run-walk';
import type { JourneyPerson, JourneyPorts } from './journey.types';
import { evaluateStep, evaluateStepForMany } from './step-evaluator';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const ada: JourneyPerson = {
  id: 'p1',
  email: 'ada@example.com',
  unsubscribed: false,
  variables: { first_name: 'Ada', score: 7 },
};
const bob: JourneyPerson = {
  id: 'p2',
  email: 'bob@example.com',
  unsubscribed: false,
  variables: { first_name: 'Bob', score: null },
};

/** Ports over plain data: persons named Ada match every filter; tokens read the person's first name. */
const ports: JourneyPorts = {
  matchesFilter: (ids) => Promise.resolve(ids.filter((id) => id === 'p1')),
  tokenValue: (person, token) =>
    Promise.resolve(
      token === 'broken' ? { error: 'Unknown function' } : { ok: String(person.variables.first_name) },
    ),
  renderEmail: (person, options) =>
    Promise.resolve(
      options.template_id === 'missing'
        ? { error: 'The template of this step no longer exists' }
        : {
            ok: {
              to: person.email,
              subject: `Hi ${String(person.variables.first_name)}`,
              from: 'News <news@example.com>',
              reply_to: null,
              html: '<p>Hi</p>',
            },
          },
    ),
  webhook: (id) =>
    Promise.resolve(
      id === 'w1' ? { name: 'CRM', method: 'POST', url: 'https://crm.example.com/hook' } : null,
    ),
  staticList: (id, personId) => Promise.resolve({ id, name: 'VIP', member: personId === 'p1' }),
};

const email = (template_id = 't1') => ({
  template_id,
  subject: 'Hello',
  from_email: { name: 'News', email: 'news@example.com' },
  reply_to: 'news@example.com',
});
const filterBranch = {
  primary_branch_id: 'yes',
  default_branch_id: 'no',
  condition: {
    conditions: [
      {
        sequence_number: 1,
        condition: { filter_type: 'person', filter: 'first_name', operator: 'equals', value: ['Ada'] },
      },
    ],
  },
};

/** root -> branch; yes: delay 2 days -> email; no: webhook. */
const flow: Flow = {
  nodes: [
    { action_id: 'b', action_type: 'branch_by_filter', action_options: filterBranch, is_deleted: false },
    {
      action_id: 'd',
      action_type: 'delay',
      action_options: { delay_value: '2', delay_unit: 'days' },
      branch_id: 'yes',
      is_deleted: false,
    },
    {
      action_id: 'e',
      action_type: 'send_email',
      action_options: email(),
      branch_id: 'yes',
      is_deleted: false,
    },
    {
      action_id: 'w',
      action_type: 'webhook',
      action_options: { webhook_id: 'w1' },
      branch_id: 'no',
      is_deleted: false,
    },
  ],
  links: [
    { source: FLOW_ROOT, target: 'b', attributes: {} },
    { source: 'b', target: 'd', attributes: { branch_id: 'yes' } },
    { source: 'd', target: 'e', attributes: {} },
    { source: 'b', target: 'w', attributes: { branch_id: 'no' } },
  ],
};

describe('step evaluator', () => {
  it('sends a matching person down the primary branch, waits, then renders the email', async () => {
    const walk = await walkFlow(flow, ada, ports, NOW);
    expect(walk.stopped).toBe('end');
    expect(walk.steps.map((s) => s.action_id)).toEqual(['b', 'd', 'e']);
    expect(walk.steps[0]).toMatchObject({
      branch_id: 'yes',
      explanation: 'first_name equals "Ada": matched, took the primary branch',
    });
    expect(walk.steps[1]!.wake_at).toBe('2026-03-03T10:00:00.000Z');
    expect(walk.steps[2]!.email?.subject).toBe('Hi Ada');
  });

  it('sends a person who does not match down the default branch, to the webhook it would call', async () => {
    const walk = await walkFlow(flow, bob, ports, NOW);
    expect(walk.steps.map((s) => s.action_id)).toEqual(['b', 'w']);
    expect(walk.steps[0]!.explanation).toContain('not matched, took the default branch');
    expect(walk.steps[1]!.webhook).toEqual({
      name: 'CRM',
      method: 'POST',
      url: 'https://crm.example.com/hook',
    });
  });

  it('takes the first matching condition of a value branch, else the default', async () => {
    const options = {
      filter: 'score',
      default_branch_id: 'other',
      conditions: [
        { branch_id: 'high', condition: { operator: 'greater_than', value: [5] } },
        { branch_id: 'any', condition: { operator: 'is_not_empty', value: [] } },
      ],
    };
    const valueFlow: Flow = {
      nodes: [{ action_id: 'v', action_type: 'branch_by_value', action_options: options, is_deleted: false }],
      links: [],
    };
    const high = await evaluateStep(valueFlow, 'v', ada, ports, NOW);
    expect(high.branch_id).toBe('high');
    expect(high.explanation).toBe('score is "7"; score greater than "5": matched, took branch 1');
    expect((await evaluateStep(valueFlow, 'v', bob, ports, NOW)).branch_id).toBe('other');
  });

  it('compares a token branch on the token value and reports a failing token as an error', async () => {
    const options = (token: string) => ({
      token,
      default_branch_id: 'other',
      conditions: [{ branch_id: 'bobs', condition: { operator: 'starts_with', value: ['bo'] } }],
    });
    const tokenFlow = (token: string): Flow => ({
      nodes: [
        { action_id: 't', action_type: 'branch_by_token', action_options: options(token), is_deleted: false },
      ],
      links: [{ source: 't', target: 'x', attributes: { branch_id: 'bobs' } }],
    });
    const bobs = await evaluateStep(tokenFlow('greeting'), 't', bob, ports, NOW);
    expect(bobs).toMatchObject({ branch_id: 'bobs', next_action_id: 'x' });
    const broken = await evaluateStep(tokenFlow('broken'), 't', bob, ports, NOW);
    expect(broken).toMatchObject({
      status: 'error',
      next_action_id: null,
      explanation: 'Token broken failed: Unknown function',
    });
  });

  it('says what an update would store without storing it', async () => {
    const options = {
      operations: [
        {
          sequence_number: 1,
          operation: { filter: 'score', type: 'formula', operator: 'multiply', value: [3] },
        },
        {
          sequence_number: 2,
          operation: { filter: 'nickname', type: 'token', token: 'greeting', operator: 'set' },
        },
      ],
    };
    const updateFlow: Flow = {
      nodes: [{ action_id: 'u', action_type: 'update_value', action_options: options, is_deleted: false }],
      links: [],
    };
    const outcome = await evaluateStep(updateFlow, 'u', ada, ports, NOW);
    expect(outcome.updates).toEqual([
      { field: 'score', value: '21' },
      { field: 'nickname', value: 'Ada' },
    ]);
  });

  it('stops with the reason when a step is incomplete or its template is gone', async () => {
    const incomplete: Flow = {
      nodes: [{ action_id: 'e', action_type: 'send_email', action_options: {}, is_deleted: false }],
      links: [],
    };
    expect(await evaluateStep(incomplete, 'e', ada, ports, NOW)).toMatchObject({
      status: 'error',
      explanation: 'This step is not complete: Select an email template',
    });
    const missing: Flow = {
      nodes: [
        { action_id: 'e', action_type: 'send_email', action_options: email('missing'), is_deleted: false },
      ],
      links: [],
    };
    expect((await evaluateStep(missing, 'e', ada, ports, NOW)).status).toBe('error');
  });

  it('sends no campaign email to an unsubscribed person but still alerts the team about them', async () => {
    const gone = { ...ada, unsubscribed: true };
    const mailFlow: Flow = {
      nodes: [
        { action_id: 'e', action_type: 'send_email', action_options: email(), is_deleted: false },
        {
          action_id: 'i',
          action_type: 'send_internal_email',
          action_options: { template_id: 't1', internal_emails: ['team@example.com'] },
          is_deleted: false,
        },
      ],
      links: [{ source: 'e', target: 'i', attributes: {} }],
    };
    expect(await evaluateStep(mailFlow, 'e', gone, ports, NOW)).toMatchObject({
      status: 'ok',
      email: null,
      explanation: 'ada@example.com has unsubscribed: no email would be sent',
      next_action_id: 'i',
    });
    expect((await evaluateStep(mailFlow, 'i', gone, ports, NOW)).email).not.toBeNull();
  });

  it('tells whether the person is already in a static list', async () => {
    const listFlow = (type: 'add_to_static_list' | 'remove_from_static_list'): Flow => ({
      nodes: [
        { action_id: 'l', action_type: type, action_options: { static_list_id: 's1' }, is_deleted: false },
      ],
      links: [],
    });
    expect((await evaluateStep(listFlow('add_to_static_list'), 'l', ada, ports, NOW)).explanation).toBe(
      'ada@example.com is already in "VIP": nothing would change',
    );
    expect((await evaluateStep(listFlow('add_to_static_list'), 'l', bob, ports, NOW)).explanation).toBe(
      'bob@example.com would be added to "VIP"',
    );
  });

  it('asks a branch after a delay at the wake time, as a run would', async () => {
    const times: Date[] = [];
    const timed: JourneyPorts = {
      ...ports,
      matchesFilter: (ids, _c, at) => (times.push(at), Promise.resolve([...ids])),
    };
    const later: Flow = {
      nodes: [{ ...flow.nodes[1]!, branch_id: null }, flow.nodes[0]!],
      links: [
        { source: FLOW_ROOT, target: 'd', attributes: {} },
        { source: 'd', target: 'b', attributes: {} },
      ],
    };
    await walkFlow(later, ada, timed, NOW);
    expect(times).toEqual([new Date('2026-03-03T10:00:00.000Z')]);
  });

  it('asks the filter once for a whole batch of persons on a branch by filter', async () => {
    const asked: (readonly string[])[] = [];
    const counting: JourneyPorts = {
      ...ports,
      matchesFilter: (ids, conditions, at) => {
        asked.push(ids);
        return ports.matchesFilter(ids, conditions, at);
      },
    };
    const outcomes = await evaluateStepForMany(flow, 'b', [ada, bob], counting, NOW);
    expect(asked).toEqual([['p1', 'p2']]);
    expect(outcomes.map((o) => [o.branch_id, o.next_action_id])).toEqual([
      ['yes', 'd'],
      ['no', 'w'],
    ]);
  });

  it('stops on a cycle and at the step bound', async () => {
    const delay = { delay_value: 1, delay_unit: 'minutes' };
    const cycle: Flow = {
      nodes: ['a', 'b'].map((id) => ({
        action_id: id,
        action_type: 'delay' as const,
        action_options: delay,
        is_deleted: false,
      })),
      links: [
        { source: FLOW_ROOT, target: 'a', attributes: {} },
        { source: 'a', target: 'b', attributes: {} },
        { source: 'b', target: 'a', attributes: {} },
      ],
    };
    expect(await walkFlow(cycle, ada, ports, NOW)).toMatchObject({
      stopped: 'cycle',
      steps: [{ action_id: 'a' }, { action_id: 'b' }],
    });
    const ids = Array.from({ length: FLOW_MAX_NODES + 1 }, (_, i) => `s${i}`);
    const long: Flow = {
      nodes: ids.map((id) => ({
        action_id: id,
        action_type: 'delay' as const,
        action_options: delay,
        is_deleted: false,
      })),
      links: ids.map((id, i) => ({ source: i === 0 ? FLOW_ROOT : ids[i - 1]!, target: id, attributes: {} })),
    };
    const walk = await walkFlow(long, ada, ports, NOW);
    expect(walk).toMatchObject({ stopped: 'limit' });
    expect(walk.steps).toHaveLength(FLOW_MAX_NODES);
  });
});
