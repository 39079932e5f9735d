import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { formatDateTime } from '@/lib/format-date';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import { ActivityPanel } from './activity-panels';

const ACTIVITIES = '/api/campaign/v1/person.activities';
const PERSON = '178a9d04-1c81-4fbb-9d7a-e02bd591e663';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const page = (records: unknown[]) => ({
  body: { records, page_number: 1, page_size: 10, page_count: 1, total_count: records.length },
});

describe(ActivityPanel.name, () => {
  it("shows the contact's campaign events with their campaign and template", async () => {
    const api = stubApi({
      [ACTIVITIES]: page([
        {
          event: 'clicked',
          timestamp: '2026-11-20T09:05:00.000Z',
          template_name: 'Weekly',
          campaign_name: 'Digest',
          context: 'person',
          correlation_id: '<m1@acme.example>',
        },
      ]),
    });
    renderInApp(<ActivityPanel contactId={PERSON} kind="marketing" />);
    expect(await screen.findByText('clicked')).toBeTruthy();
    expect(screen.getByText('Digest · Weekly')).toBeTruthy();
    expect(screen.getByText(formatDateTime('2026-11-20T09:05:00.000Z'))).toBeTruthy();
    expect(api.callsTo(ACTIVITIES)[0]!.body).toMatchObject({
      person_id: PERSON,
      activity_type: 'marketing',
      page_number: 1,
    });
  });

  it('shows product events with their properties, and its empty text', async () => {
    const api = stubApi({
      [ACTIVITIES]: [
        page([
          {
            event_name: 'report_exported',
            event_date: '2026-11-21T10:00:00.000Z',
            event_properties: { format: 'csv' },
            user_id: 'u-1',
            org_id: 'o-1',
          },
        ]),
      ],
    });
    renderInApp(<ActivityPanel contactId={PERSON} kind="product" />);
    expect(await screen.findByText('report_exported')).toBeTruthy();
    expect(screen.getByText('{"format":"csv"}')).toBeTruthy();
    expect(api.callsTo(ACTIVITIES)[0]!.body).toMatchObject({ activity_type: 'product' });
  });

  it('says when there is nothing yet', async () => {
    stubApi({ [ACTIVITIES]: page([]) });
    renderInApp(<ActivityPanel contactId={PERSON} kind="product" />);
    expect(await screen.findByText('No activities found')).toBeTruthy();
  });

  it('offers to try again when the activity could not be read, instead of calling it empty', async () => {
    const api = stubApi({
      [ACTIVITIES]: [errorBody(500, 'INTERNAL_ERROR', null), page([])],
    });
    renderInApp(<ActivityPanel contactId={PERSON} kind="marketing" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No marketing activities')).toBeTruthy();
    expect(api.callsTo(ACTIVITIES)).toHaveLength(2);
  });
});
