import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CampaignCounts, ReportStats } from '@meridian/contracts';
import { campaignStats } from './utils/campaign-stats';
import { reportRatios, sentCount } from './reports/utils/report-ratios';

/**
 * What happens to one message: skipped at once (not sent), refused by the mail server (dropped),
 * still on its way (sent, no outcome yet), bounced, or delivered and then perhaps engaged with.
 */
const messageArb = fc.oneof(
  fc.constant({ outcome: 'not_sent' as const }),
  fc.constant({ outcome: 'dropped' as const }),
  fc.constant({ outcome: 'in_flight' as const }),
  fc.constant({ outcome: 'bounced' as const }),
  fc.record({
    outcome: fc.constant('delivered' as const),
    opens: fc.nat({ max: 4 }),
    // A click is counted for the click rate per open only with an open (see the report's notes).
    clicks: fc.nat({ max: 3 }),
    unsub: fc.boolean(),
    spam: fc.boolean(),
  }),
);
type Message = typeof messageArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * A run: a flow with 1 to 5 email steps, each person reaching some of them (branches, delays
 * not yet over, failed steps), one message for each step reached.
 */
const runArb = fc.integer({ min: 1, max: 5 }).chain((steps) =>
  fc.array(fc.array(fc.option(messageArb, { nil: null }), { minLength: steps, maxLength: steps }), {
    minLength: 0,
    maxLength: 30,
  }),
);

/** The counts the engine and the reports keep, from the messages of some runs. */
function countsOf(runs: (Message | null)[][][]) {
  const report: ReportStats = {
    total_count: 0,
    processed_count: 0,
    delivered_count: 0,
    bounce_count: 0,
    dropped_count: 0,
    spamreport_count: 0,
    not_sent_count: 0,
    unsub_count: 0,
    unique_open_count: 0,
    total_open_count: 0,
    unique_click_count_by_email: 0,
    total_click_count: 0,
    unique_click_count_by_url: 0,
    non_human_open_count: 0,
    non_human_click_count: 0,
  };
  for (const persons of runs)
    for (const reached of persons) {
      report.total_count += 1;
      for (const m of reached) {
        if (!m) continue;
        report.processed_count += 1;
        if (m.outcome === 'not_sent') report.not_sent_count += 1;
        if (m.outcome === 'dropped') report.dropped_count += 1;
        if (m.outcome === 'bounced') report.bounce_count += 1;
        if (m.outcome !== 'delivered') continue;
        report.delivered_count += 1;
        report.total_open_count += m.opens;
        if (m.opens > 0) report.unique_open_count += 1;
        if (m.opens > 0 && m.clicks > 0) report.unique_click_count_by_email += 1;
        if (m.unsub) report.unsub_count += 1;
        if (m.spam) report.spamreport_count += 1;
      }
    }
  const list: CampaignCounts = {
    total_count: report.total_count,
    count_processed: report.processed_count,
    count_delivered: report.delivered_count,
    count_bounced: report.bounce_count,
    count_dropped: report.dropped_count,
    count_not_sent: report.not_sent_count,
    open_count: report.unique_open_count,
  };
  return { report, list };
}

const percent = (text: string) => Number(text.replace('%', ''));

describe('stat ratios over any flow and outcomes (spec 9)', () => {
  it('never pass 100%, however many email steps a person goes through', () => {
    fc.assert(
      fc.property(fc.array(runArb, { maxLength: 4 }), (runs) => {
        const { report, list } = countsOf(runs);
        for (const [name, value] of Object.entries(reportRatios(report))) {
          expect(value, name).toBeGreaterThanOrEqual(0);
          expect(value, name).toBeLessThanOrEqual(1);
        }
        const row = campaignStats(list);
        expect(percent(row.deliveredPercent)).toBeLessThanOrEqual(100);
        expect(percent(row.openedPercent)).toBeLessThanOrEqual(100);
      }),
      { numRuns: 500 },
    );
  });

  it("shows the same 'Sent' in the campaign list as in the Reports tab", () => {
    fc.assert(
      fc.property(fc.array(runArb, { maxLength: 4 }), (runs) => {
        const { report, list } = countsOf(runs);
        expect(campaignStats(list).sent).toBe(sentCount(report));
      }),
      { numRuns: 500 },
    );
  });

  it('reads 100% sent and delivered when every message of a two-step flow went out', () => {
    // The demo's digest: every person gets both emails; by persons this showed 200%.
    const everyone = Array.from({ length: 10 }, () => [
      { outcome: 'delivered' as const, opens: 0, clicks: 0, unsub: false, spam: false },
      { outcome: 'delivered' as const, opens: 0, clicks: 0, unsub: false, spam: false },
    ]);
    const { report, list } = countsOf([everyone]);
    expect(reportRatios(report).sent).toBe(1);
    expect(reportRatios(report).delivered).toBe(1);
    expect(campaignStats(list).deliveredPercent).toBe('100%');
  });
});
