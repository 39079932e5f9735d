import {
  audienceQueryErrors,
  audienceQuerySchema,
  type AudienceQuery,
  publishErrors,
  todayIn,
  type Schedule,
} from '@meridian/contracts';
import { demoCampaigns } from './demo-campaigns';
import { DEMO_TIME_ZONE, demoWeeklySchedule } from './demo-content';
import { DEMO_HISTORY_WEEKS } from './demo-people';
import { demoTemplates } from './demo-templates';

const templateIds = { digest: 'tpl-digest', upgrade: 'tpl-upgrade', welcome: 'tpl-welcome' };
const isDynamicListValid = (conditions: readonly unknown[]) =>
  Object.keys(audienceQueryErrors(audienceQuerySchema.parse({ conditions }) as AudienceQuery)).length === 0;

describe('demo content', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('makes the published campaigns as the editor would publish them', () => {
    const { rows } = demoCampaigns(now, templateIds);
    for (const campaign of rows.filter((c) => !c.draft)) {
      const schedule = campaign.schedule as Schedule;
      // Published in the past, so 'today' is the day the schedule started.
      const today = schedule.run_config?.start_date ?? todayIn(DEMO_TIME_ZONE, now);
      expect({
        name: campaign.name,
        errors: publishErrors(
          {
            dynamic_list: campaign.dynamic_list,
            flow: campaign.flow,
            schedule,
            rule: campaign.rule,
          },
          { today, isDynamicListValid },
        ),
      }).toEqual({ name: campaign.name, errors: {} });
    }
  });

  it('keeps the draft unpublished, with a list and a flow in its working copy', () => {
    const draft = demoCampaigns(now, templateIds).rows.find((c) => c.draft)!;
    expect(draft).toMatchObject({ active: false, flow: null, dynamic_list: null });
    expect(isDynamicListValid(draft.draft_data!.dynamic_list.query.conditions)).toBe(true);
  });

  it('schedules the weekly digest on Tuesdays with the history in the past and the next run ahead', () => {
    const { schedule, pastSlots, next } = demoWeeklySchedule(now);
    expect(pastSlots).toHaveLength(DEMO_HISTORY_WEEKS);
    for (const slot of pastSlots) {
      expect(slot.getUTCDay()).toBe(2);
      expect(now.getTime() - slot.getTime()).toBeGreaterThanOrEqual(5 * 86_400_000);
    }
    expect(pastSlots[1]!.getTime() - pastSlots[0]!.getTime()).toBe(7 * 86_400_000);
    expect(next!.getTime()).toBeGreaterThan(now.getTime());
    expect(next!.getTime() - pastSlots.at(-1)!.getTime()).toBeLessThanOrEqual(14 * 86_400_000);
    expect(schedule.next_run_time).toBe(next!.toISOString());
  });

  it('lists each template link in body order, with the unsubscribe link in the footer', () => {
    for (const template of demoTemplates) {
      expect(template.links.length).toBeGreaterThan(1);
      const positions = template.links.map((url) => template.html.indexOf(`href="${url}"`));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(template.html).toContain('href="{{ unsubscribe_url }}"');
    }
  });
});
