import { type Flow, FLOW_ROOT, nextRunTimes, type Rule, type Schedule } from '@meridian/contracts';
import { DEMO_HISTORY_WEEKS } from './demo-people';
import { type DemoTemplate, demoTemplates } from './demo-templates';

/** The demo's recurring campaign: its list, flow, rule and weekly schedule. */

export const DEMO_SENDER = { name: 'Demo Company', email: 'news@demo.meridian.dev' };
export const DEMO_TIME_ZONE = 'Europe/London';

/** The recurring campaign's list: newsletter readers on the free, starter or pro plan. */
export const demoDigestList = {
  query: {
    conditions: [
      {
        type: 'group',
        name: 'Self-serve plans',
        connector: '',
        children: [
          {
            type: 'filter',
            filter_type: 'person',
            filter: 'plan',
            operator: 'in',
            value: ['free', 'starter', 'pro'],
            connector: '',
          },
          {
            type: 'filter',
            filter_type: 'person',
            filter: 'newsletter',
            operator: 'is_true',
            value: [],
            connector: 'and',
          },
        ],
      },
    ],
  },
};
/** The SQL twin of demoDigestList, used to take the audience snapshots of past runs. */
export const DEMO_DIGEST_PLANS = ['free', 'starter', 'pro'];
/** Who takes the branch to the upgrade email. */
export const DEMO_UPGRADE_PLAN = 'free';

export const demoActions = {
  digest: 'digest-email',
  wait: 'wait-two-days',
  branch: 'plan-check',
  upgrade: 'upgrade-email',
} as const;

export function demoDigestFlow(templateIds: Record<DemoTemplate['key'], string>): Flow {
  const byKey = new Map(demoTemplates.map((t) => [t.key, t]));
  const send = (key: 'digest' | 'upgrade') => ({
    template_id: templateIds[key],
    subject: byKey.get(key)!.subject,
    from_email: DEMO_SENDER,
    reply_to: 'support@demo.meridian.dev',
  });
  return {
    nodes: [
      {
        action_id: demoActions.digest,
        action_type: 'send_email',
        is_deleted: false,
        action_options: send('digest'),
      },
      {
        action_id: demoActions.wait,
        action_type: 'delay',
        is_deleted: false,
        action_options: { delay_value: 2, delay_unit: 'days' },
      },
      {
        action_id: demoActions.branch,
        action_type: 'branch_by_filter',
        is_deleted: false,
        action_options: {
          primary_branch_id: 'free-plan',
          default_branch_id: 'paid-plan',
          condition: {
            conditions: [
              {
                sequence_number: 1,
                condition: {
                  filter_type: 'person',
                  filter: 'plan',
                  operator: 'equals',
                  value: [DEMO_UPGRADE_PLAN],
                },
              },
            ],
          },
        },
      },
      {
        action_id: demoActions.upgrade,
        action_type: 'send_email',
        branch_id: 'free-plan',
        is_deleted: false,
        action_options: send('upgrade'),
      },
    ],
    links: [
      { source: FLOW_ROOT, target: demoActions.digest, attributes: {} },
      { source: demoActions.digest, target: demoActions.wait, attributes: {} },
      { source: demoActions.wait, target: demoActions.branch, attributes: {} },
      { source: demoActions.branch, target: demoActions.upgrade, attributes: { branch_id: 'free-plan' } },
    ],
  };
}

export const demoEveryTimeRule: Rule = {
  rule: 'every_time',
  recurring_period: null,
  recurring_period_unit: null,
  allow_re_entry: true,
  recurring: false,
  recurring_period_days: null,
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Weekly on Tuesdays at 09:00 since a little over the history's weeks ago, for a year ahead; with
 * its past slots (the runs already made, each finished two days of delay later) and the next one.
 */
export function demoWeeklySchedule(now: Date): { schedule: Schedule; pastSlots: Date[]; next: Date | null } {
  const start = new Date(now.getTime() - (DEMO_HISTORY_WEEKS + 1) * 7 * 86_400_000);
  const schedule: Schedule = {
    run_type: 'recurring',
    time_zone: DEMO_TIME_ZONE,
    run_config: {
      start_date: isoDate(start),
      end_date: isoDate(new Date(now.getTime() + 365 * 86_400_000)),
      run_time: '09:00',
      frequency: 'week',
      freq_options: { unit: 1, day: ['tuesday'] },
    },
  };
  const slots = nextRunTimes(schedule, new Date(start.getTime() - 1), DEMO_HISTORY_WEEKS + 3);
  // A run is history once its delay is over, the second email went out and its opens came in.
  const finishedBy = now.getTime() - 5 * 86_400_000;
  const pastSlots = slots.filter((slot) => slot.getTime() <= finishedBy).slice(-DEMO_HISTORY_WEEKS);
  const next = slots.find((slot) => slot.getTime() > now.getTime()) ?? null;
  return { schedule: { ...schedule, next_run_time: next?.toISOString() ?? null }, pastSlots, next };
}
