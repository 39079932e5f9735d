import { describe, expect, it } from 'vitest';
import {
  type EmailSettingsForm,
  formValues,
  type SavedEmailSettings,
  savedMessage,
  saveSteps,
  validateEmailSettings,
} from './email-settings-form';

const STAMP = '2026-01-01T00:00:00.000Z';
const nothingSaved: SavedEmailSettings = { email: null, person_org_mapping: 'one_to_one', unsubUrl: null };
const saved: SavedEmailSettings = {
  email: { from_email: { name: 'Acme', email: 'news@demo.meridian.dev' }, reply_to: 'help@acme.com' },
  person_org_mapping: 'one_to_one',
  unsubUrl: { url: 'https://acme.com/bye', customUrl: true, created_at: STAMP, updated_at: STAMP },
};
const filled = (overrides: Partial<EmailSettingsForm> = {}): EmailSettingsForm => ({
  ...formValues(saved, ['demo.meridian.dev']),
  ...overrides,
});

describe('formValues', () => {
  it('splits the saved from email into local part and domain', () => {
    expect(formValues(saved, ['other.com'])).toMatchObject({
      from_local: 'news',
      from_domain: 'demo.meridian.dev',
    });
  });

  it('preselects the first active domain when nothing is saved', () => {
    expect(formValues(nothingSaved, ['demo.meridian.dev', 'mail.acme.com'])).toEqual({
      sender_name: '',
      from_local: '',
      from_domain: 'demo.meridian.dev',
      reply_to: '',
      person_org_mapping: 'one_to_one',
      custom_url: false,
      url: '',
    });
  });
});

describe('validateEmailSettings', () => {
  it('gives the spec messages for both forms at once', () => {
    expect(
      validateEmailSettings(
        filled({ sender_name: ' ', from_local: 'a b', reply_to: 'nope', custom_url: true, url: 'ftp://x' }),
      ),
    ).toEqual({
      sender_name: 'Sender name is required',
      from_local: 'Please enter a valid email address',
      reply_to: 'Please enter a valid email address',
      url: 'Please enter a valid url',
    });
  });

  it('needs a reply-to address', () => {
    expect(validateEmailSettings(filled({ reply_to: '' }))).toEqual({
      reply_to: 'Please enter a valid email address',
    });
  });

  it('needs a URL only when the custom page is on', () => {
    expect(validateEmailSettings(filled({ custom_url: false, url: '' }))).toEqual({});
    expect(validateEmailSettings(filled({ custom_url: true, url: '' }))).toEqual({
      url: 'Please enter a valid url',
    });
  });

  it('asks for a domain when there is none to pick', () => {
    expect(validateEmailSettings(filled({ from_domain: '' }))).toEqual({
      from_local: 'Please choose a sender domain',
    });
  });
});

describe('saveSteps', () => {
  it('creates what does not exist yet', () => {
    const steps = saveSteps(nothingSaved, {
      ...formValues(nothingSaved, ['demo.meridian.dev']),
      sender_name: 'Acme',
      from_local: 'News',
      reply_to: 'help@acme.com',
      custom_url: true,
      url: 'https://acme.com/bye',
    });
    expect(steps).toEqual([
      {
        kind: 'email',
        action: 'create',
        request: { from_email: { name: 'Acme', email: 'news@demo.meridian.dev' }, reply_to: 'help@acme.com' },
      },
      { kind: 'unsub-url', action: 'create', request: { url: 'https://acme.com/bye', customUrl: true } },
    ]);
    expect(steps.map(savedMessage)).toEqual(['Global email configuration created', 'Unsubscribe URL added']);
  });

  it('checks the sender with every Save, the mapping alone included (spec: one Save validating both)', () => {
    const blank = formValues(nothingSaved, ['demo.meridian.dev']);
    const mapping = { ...blank, person_org_mapping: 'one_to_none' as const };
    expect(validateEmailSettings(mapping)).toEqual({
      sender_name: 'Sender name is required',
      from_local: 'Please enter a valid email address',
      reply_to: 'Please enter a valid email address',
    });
  });

  it('sends nothing when nothing changed, ignoring case and spaces the server drops', () => {
    expect(saveSteps(saved, filled({ from_local: ' NEWS ', reply_to: 'Help@Acme.com' }))).toEqual([]);
  });

  it('updates only what changed', () => {
    const steps = saveSteps(saved, filled({ sender_name: 'Acme Team', person_org_mapping: 'many_to_many' }));
    expect(steps.map((step) => step.kind)).toEqual(['email', 'mapping']);
    expect(steps.map(savedMessage)).toEqual([
      'Global email configuration updated',
      'Settings updated successfully',
    ]);
  });

  it('deletes the opt-out setting when it is cleared, announced as an update', () => {
    const steps = saveSteps(saved, filled({ custom_url: false, url: '' }));
    expect(steps).toEqual([{ kind: 'unsub-url', action: 'delete' }]);
    expect(savedMessage(steps[0]!)).toBe('Unsubscribe URL updated');
  });

  it('updates the opt-out setting when it changes', () => {
    expect(saveSteps(saved, filled({ custom_url: false }))).toEqual([
      { kind: 'unsub-url', action: 'update', request: { url: 'https://acme.com/bye', customUrl: false } },
    ]);
  });
});
