import { emptyFlow, FLOW_ROOT, flowSchema } from './flow-graph';
import { publishErrorLines, publishErrors, type PublishDraft } from './flow-publish';
import { addAction } from './flow-transforms';
import { defaultRule } from './rule';

const today = '2026-06-10';
const valid: PublishDraft = {
  dynamic_list: { query: { conditions: [{ type: 'group' }] } },
  flow: addAction(
    emptyFlow(),
    { after: FLOW_ROOT },
    {
      action_id: 'w',
      action_type: 'webhook',
      action_options: { webhook_id: 'webhook-abcde' },
    },
  ),
  schedule: { run_type: 'at_once' },
  rule: defaultRule(),
};
const context = { today, isDynamicListValid: () => true };

describe('publishErrors', () => {
  it('lets a complete draft be published', () => {
    expect(publishErrors(valid, context)).toEqual({});
  });

  it('keys every problem by dynamic_list, flow, schedule and rule with the spec messages', () => {
    expect(publishErrors({}, context)).toEqual({
      dynamic_list: 'Dynamic List is empty',
      flow: 'Flow is empty',
      schedule: 'Some fields are invalid',
      rule: 'campaign rule is invalid',
    });
  });

  it('says the dynamic list and flow are invalid when their parts are', () => {
    const flow = addAction(
      emptyFlow(),
      { after: FLOW_ROOT },
      { action_id: 'w', action_type: 'webhook', action_options: {} },
    );
    expect(publishErrors({ ...valid, flow }, { today, isDynamicListValid: () => false })).toEqual({
      dynamic_list: 'Some fields are invalid',
      flow: 'Some fields are invalid',
    });
  });

  it('checks the schedule against the user’s today and the rule’s period', () => {
    const schedule = {
      run_type: 'once',
      time_zone: 'UTC',
      run_config: { start_date: '2026-06-09', run_time: '10:00' },
    };
    const rule = { rule: 'once_every', recurring_period: 2 };
    expect(publishErrors({ ...valid, schedule, rule }, context)).toEqual({
      schedule: 'Some fields are invalid',
      rule: 'campaign rule is invalid',
    });
    expect(
      publishErrors(
        { ...valid, schedule: { ...schedule, run_config: { ...schedule.run_config, start_date: today } } },
        context,
      ),
    ).toEqual({});
  });

  it("lists errors as 'field: message' lines for the toast", () => {
    expect(publishErrorLines({ flow: 'Flow is empty', rule: 'campaign rule is invalid' })).toEqual([
      'flow: Flow is empty',
      'rule: campaign rule is invalid',
    ]);
  });
});

describe('flowSchema', () => {
  it('stores a draft flow with incomplete options and fills defaults', () => {
    const parsed = flowSchema.parse({
      nodes: [{ action_id: 'd', action_type: 'delay' }],
      links: [{ source: FLOW_ROOT, target: 'd' }],
    });
    expect(parsed).toEqual({
      nodes: [{ action_id: 'd', action_type: 'delay', action_options: {}, is_deleted: false }],
      links: [{ source: FLOW_ROOT, target: 'd', attributes: {} }],
    });
  });

  it('refuses unknown action types and blank ids', () => {
    expect(
      flowSchema.safeParse({ nodes: [{ action_id: 'd', action_type: 'teleport' }], links: [] }).success,
    ).toBe(false);
    expect(
      flowSchema.safeParse({ nodes: [{ action_id: ' ', action_type: 'delay' }], links: [] }).success,
    ).toBe(false);
  });
});
