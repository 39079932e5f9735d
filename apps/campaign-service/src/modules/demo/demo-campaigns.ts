import { FLOW_ROOT, type Flow } from '@meridian/contracts';
import {
  DEMO_SENDER,
  demoDigestFlow,
  demoDigestList,
  demoEveryTimeRule,
  demoWeeklySchedule,
} from './demo-content';
import { DEMO_HISTORY_WEEKS } from './demo-people';
import { type DemoTemplate } from './demo-templates';

export const DEMO_DIGEST_NAME = 'Weekly product digest';
export const DEMO_DIGEST_VERSION = 3;

const days = (n: number) => n * 86_400_000;

/** The trial onboarding flow: one welcome email. */
function welcomeFlow(templateId: string): Flow {
  return {
    nodes: [
      {
        action_id: 'welcome-email',
        action_type: 'send_email',
        is_deleted: false,
        action_options: {
          template_id: templateId,
          subject: 'Welcome aboard, {{ person.first_name | default: "friend" }}',
          from_email: DEMO_SENDER,
          reply_to: 'support@demo.meridian.dev',
        },
      },
    ],
    links: [{ source: FLOW_ROOT, target: 'welcome-email', attributes: {} }],
  };
}

const planList = (name: string, plan: string) => ({
  query: {
    conditions: [
      {
        type: 'group',
        name,
        connector: '',
        children: [
          {
            type: 'filter',
            filter_type: 'person',
            filter: 'plan',
            operator: 'equals',
            value: [plan],
            connector: '',
          },
        ],
      },
    ],
  },
});

/**
 * The three campaigns: the active weekly digest (with the past slots its history fills), a draft
 * that was never published, and an onboarding campaign someone switched off.
 */
export function demoCampaigns(now: Date, templateIds: Record<DemoTemplate['key'], string>) {
  const weekly = demoWeeklySchedule(now);
  const at = (ago: number) => new Date(now.getTime() - ago).toISOString();
  const firstSlot = weekly.pastSlots[0] ?? now;
  const digest = {
    name: DEMO_DIGEST_NAME,
    draft: false,
    active: true,
    version: DEMO_DIGEST_VERSION,
    flow: demoDigestFlow(templateIds),
    dynamic_list: demoDigestList,
    schedule: weekly.schedule,
    rule: demoEveryTimeRule,
    draft_data: null,
    created_at: new Date(firstSlot.getTime() - days(4)).toISOString(),
    updated_at: new Date(firstSlot.getTime() - days(1)).toISOString(),
    activated_at: new Date(firstSlot.getTime() - days(1)).toISOString(),
    deactivated_at: null,
  };
  const draft = {
    name: 'Q4 webinar invitation',
    draft: true,
    active: false,
    version: 1,
    flow: null,
    dynamic_list: null,
    schedule: null,
    rule: null,
    draft_data: {
      dynamic_list: planList('Pro customers', 'pro'),
      flow: welcomeFlow(templateIds.welcome),
    },
    created_at: at(days(3)),
    updated_at: at(days(2)),
    activated_at: null,
    deactivated_at: null,
  };
  const paused = {
    name: 'Trial onboarding',
    draft: false,
    active: false,
    version: 2,
    flow: welcomeFlow(templateIds.welcome),
    dynamic_list: planList('Free plan', 'free'),
    schedule: { run_type: 'at_once', run_config: null, time_zone: 'Europe/London', next_run_time: null },
    rule: {
      rule: 'once',
      recurring_period: null,
      recurring_period_unit: null,
      allow_re_entry: false,
      recurring: false,
      recurring_period_days: null,
    },
    draft_data: null,
    created_at: at(days(7 * (DEMO_HISTORY_WEEKS + 4))),
    updated_at: at(days(21)),
    activated_at: at(days(7 * (DEMO_HISTORY_WEEKS + 4))),
    deactivated_at: at(days(21)),
  };
  return { rows: [digest, draft, paused], pastSlots: weekly.pastSlots };
}
