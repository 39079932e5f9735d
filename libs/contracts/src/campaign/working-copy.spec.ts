import { FLOW_ROOT } from './flow-graph';
import { defaultRule } from './rule';
import { workingCopyErrors, workingParts } from './working-copy';

const list = {
  query: {
    conditions: [
      {
        name: 'G',
        connector: '',
        children: [
          {
            type: 'filter',
            filter_type: 'person',
            filter: 'first_name',
            operator: 'equals',
            value: ['Ada'],
            connector: '',
          },
        ],
      },
    ],
  },
};
const flow = {
  nodes: [{ action_id: 'w', action_type: 'delay', action_options: { delay_value: 1, delay_unit: 'days' } }],
  links: [{ source: FLOW_ROOT, target: 'w', attributes: {} }],
};
const now = new Date('2026-03-10T12:00:00Z');
const schedule = {
  run_type: 'once',
  time_zone: 'Europe/Berlin',
  run_config: { start_date: '2026-03-11', run_time: '09:00' },
};
const rule = { rule: 'once' };

describe('workingParts', () => {
  it('takes each part from the draft when it has one, else the live column', () => {
    const parts = workingParts({
      flow,
      dynamic_list: null,
      schedule: { run_type: 'at_once' },
      rule,
      draft_data: { schedule, rule: null },
    });
    expect(parts).toEqual({ flow, dynamic_list: null, schedule, rule });
  });

  it('gives a campaign without any rule the default one, which may be published', () => {
    const parts = workingParts({ flow, dynamic_list: null, schedule, rule: null, draft_data: null });
    expect(parts.rule).toEqual(defaultRule());
    expect(workingCopyErrors(parts, now).rule).toBeUndefined();
  });
});

describe('workingCopyErrors', () => {
  it('is empty for a complete working copy', () => {
    expect(workingCopyErrors({ dynamic_list: list, flow, schedule, rule }, now)).toEqual({});
  });

  it('gives the spec messages per part for an empty one', () => {
    expect(workingCopyErrors({ dynamic_list: null, flow: null, schedule: null, rule: null }, now)).toEqual({
      dynamic_list: 'Dynamic List is empty',
      flow: 'Flow is empty',
      schedule: 'Some fields are invalid',
      rule: 'campaign rule is invalid',
    });
  });

  it('counts a stored part that does not parse as invalid, never as empty', () => {
    const errors = workingCopyErrors(
      { dynamic_list: { query: 'x' }, flow: { nodes: 'x' }, schedule: { run_type: 5 }, rule: { rule: [] } },
      now,
    );
    expect(errors).toEqual({
      dynamic_list: 'Some fields are invalid',
      flow: 'Some fields are invalid',
      schedule: 'Some fields are invalid',
      rule: 'campaign rule is invalid',
    });
  });

  it("judges 'today' in the schedule's zone: a start that is already yesterday there is refused", () => {
    // 23:30 UTC on the 10th is the 11th in Tokyo, so a start on the 10th is in the past there.
    const late = new Date('2026-03-10T23:30:00Z');
    const tokyo = {
      ...schedule,
      time_zone: 'Asia/Tokyo',
      run_config: { start_date: '2026-03-10', run_time: '09:00' },
    };
    expect(workingCopyErrors({ dynamic_list: list, flow, schedule: tokyo, rule }, late).schedule).toBe(
      'Some fields are invalid',
    );
    const utc = { ...tokyo, time_zone: 'UTC' };
    expect(workingCopyErrors({ dynamic_list: list, flow, schedule: utc, rule }, late)).toEqual({});
  });
});
