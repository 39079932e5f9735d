import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import {
  EMAIL_HISTORY_TEXTS,
  type EmailRecord,
  EmailHistoryPanel,
  emailOutcomes,
} from './email-history-panel';

const METRICS = '/api/campaign/v1/person.campaign-metrics';
const PERSON = '4b1c7e0e-2f4e-4f51-9f7a-3d9c1f0b7a11';
const CAMPAIGN = '0c6f3f0a-8d41-4c7e-9a55-6a3d1b2e9f00';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const email = (overrides: Partial<EmailRecord> = {}): EmailRecord => ({
  email: 'ada@acme.example',
  campaign_id: CAMPAIGN,
  campaign_name: 'Weekly digest',
  subject: 'Your week at Acme',
  correlation_id: '<m1@acme.example>',
  sent_date: '2026-11-20T09:00:00.000Z',
  unique_open_count: 0,
  unique_click_count_by_url: 0,
  urls: [],
  error_text: null,
  reason: null,
  unsub_time: null,
  ...overrides,
});
const page = (records: EmailRecord[], total = records.length) => ({
  body: { records, page_number: 1, page_size: 10, total_count: total, page_count: Math.ceil(total / 10) },
});

describe(emailOutcomes.name, () => {
  it('reads delivery first, then what the person did', () => {
    const labels = (record: EmailRecord) => emailOutcomes(record).map((o) => o.label);
    expect(labels(email())).toEqual(['Sent']);
    expect(labels(email({ unique_open_count: 1, unique_click_count_by_url: 1 }))).toEqual([
      'Sent',
      'Opened',
      'Clicked 1 link',
    ]);
    expect(labels(email({ reason: 'spam', unsub_time: '2026-11-21T00:00:00Z' }))).toEqual([
      'Sent',
      'Marked as spam',
      'Unsubscribed',
    ]);
    expect(emailOutcomes(email({ reason: 'bounced', error_text: '550 5.1.1 no such user' }))).toEqual([
      { label: 'Bounced', color: 'red', detail: '550 5.1.1 no such user' },
    ]);
    expect(emailOutcomes(email({ reason: 'unsubscribed' }))).toEqual([
      { label: 'Not sent', color: 'gray', detail: 'unsubscribed' },
    ]);
  });
});

describe(EmailHistoryPanel.name, () => {
  it('lists each email with its campaign, outcome and the links clicked, behind View links', async () => {
    const api = stubApi({
      [METRICS]: page([
        email({
          unique_open_count: 1,
          unique_click_count_by_url: 2,
          urls: ['https://acme.example/a', 'https://acme.example/b'],
        }),
        email({
          correlation_id: '<m2@acme.example>',
          campaign_id: null,
          campaign_name: null,
          subject: null,
          reason: 'bounced',
          error_text: '550 5.1.1 no such user',
        }),
      ]),
    });
    renderInApp(<EmailHistoryPanel contactId={PERSON} />);
    const list = await screen.findByRole('list', { name: 'Emails sent' });
    const [delivered, bounced] = within(list).getAllByRole('listitem');
    expect(within(delivered!).getByText('Your week at Acme')).toBeTruthy();
    expect(within(delivered!).getByRole('link', { name: 'Weekly digest' }).getAttribute('href')).toBe(
      `/campaign/edit/${CAMPAIGN}`,
    );
    expect(within(delivered!).getByText('Clicked 2 links')).toBeTruthy();
    const toggle = within(delivered!).getByRole('button', { name: 'View links' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(delivered!).getByRole('link', { name: 'https://acme.example/b' })).toBeTruthy();

    expect(within(bounced!).getByText(EMAIL_HISTORY_TEXTS.noSubject)).toBeTruthy();
    expect(within(bounced!).getByText(EMAIL_HISTORY_TEXTS.deletedCampaign)).toBeTruthy();
    expect(within(bounced!).getByText('Bounced')).toBeTruthy();
    expect(within(bounced!).getByText('550 5.1.1 no such user')).toBeTruthy();
    expect(api.callsTo(METRICS)[0]!.body).toMatchObject({ person_id: PERSON, page_number: 1 });
  });

  it('says when nothing was sent yet', async () => {
    stubApi({ [METRICS]: page([]) });
    renderInApp(<EmailHistoryPanel contactId={PERSON} />);
    expect(await screen.findByText(EMAIL_HISTORY_TEXTS.empty)).toBeTruthy();
  });

  it('offers to try again when the emails could not be read', async () => {
    const api = stubApi({
      [METRICS]: [errorBody(500, 'INTERNAL_ERROR', null), page([email()])],
    });
    renderInApp(<EmailHistoryPanel contactId={PERSON} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your week at Acme')).toBeTruthy();
    expect(api.callsTo(METRICS)).toHaveLength(2);
  });
});
