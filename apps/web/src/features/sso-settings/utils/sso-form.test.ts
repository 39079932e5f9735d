import { describe, expect, it } from 'vitest';
import { ssoFormSchema, ssoFormValues, ssoSavedMessage } from './sso-form';

function errors(values: unknown): Record<string, string> {
  const result = ssoFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the single sign-on form', () => {
  it('requires the SSO URL, the IDP issuer and the certificate', () => {
    expect(errors(ssoFormValues(null))).toEqual({
      sso_url: 'Single sign-on URL is required',
      entity_id: 'IDP issuer is required',
      certificate: 'Certificate is required',
    });
  });

  it('needs an http or https address', () => {
    expect(errors({ sso_url: 'ftp://idp.example.com', entity_id: 'x', certificate: 'y' })).toEqual({
      sso_url: 'Please enter a valid url',
    });
    expect(errors({ sso_url: 'https://idp.example.com/sso', entity_id: 'x', certificate: 'y' })).toEqual({});
  });

  it('says whether it created or updated', () => {
    expect(ssoSavedMessage(false)).toBe('SSO configuration created successfully');
    expect(ssoSavedMessage(true)).toBe('SSO configuration updated successfully');
  });
});
