import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import {
  accountPage as page,
  accountRecord as account,
  AUTH,
  ORG_ID,
  renderAppAt as renderAt,
  resetAppHarness,
  sessionOf as session,
} from '@/test/app-harness';

const admin = account('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const STAMP = '2026-01-01T00:00:00.000Z';

const samlAnswer = (configured: boolean) => ({
  saml_config: configured
    ? {
        id: 'c1',
        organisation_id: ORG_ID,
        created_by_id: admin.id,
        entity_id: 'https://idp.example.com/issuer',
        sso_url: 'https://idp.example.com/sso',
        certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
        second_certificate: null,
        allow_idp_initiated: false,
        metadata_url: null,
        idp: 'saml',
        time_created: STAMP,
        time_updated: STAMP,
      }
    : null,
  service_provider: {
    slug: 'acme',
    entity_id: 'http://localhost/api/auth/v1/saml/acme',
    acs_url: 'http://localhost/api/auth/v1/saml/acme/acs',
    login_url: 'http://localhost/api/auth/v1/saml/acme/login',
  },
});

describe('the Single sign-on page', () => {
  it(
    'creates the first configuration, with the slug and our addresses shown',
    { timeout: 20_000 },
    async () => {
      const api = stubApi({
        [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
        [`${AUTH}/saml/config.get`]: { body: samlAnswer(false) },
        [`${AUTH}/saml/config.create`]: { body: samlAnswer(true) },
      });
      renderAt('/sso-configuration');
      expect(await screen.findByDisplayValue('acme')).toBeTruthy();
      expect(screen.getByDisplayValue('http://localhost/api/auth/v1/saml/acme/acs')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Single sign-on URL'), {
        target: { value: 'https://idp.example.com/sso' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('IDP issuer is required')).toBeTruthy();
      expect(screen.getByText('Certificate is required')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('IDP issuer'), {
        target: { value: 'https://idp.example.com/issuer' },
      });
      fireEvent.change(screen.getByLabelText('Certificate'), { target: { value: 'MIIB' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('SSO configuration created successfully')).toBeTruthy();
      expect(api.callsTo(`${AUTH}/saml/config.create`)).toHaveLength(1);
    },
  );

  it('updates an existing configuration', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/saml/config.get`]: { body: samlAnswer(true) },
      [`${AUTH}/saml/config.update`]: { body: samlAnswer(true) },
    });
    renderAt('/sso-configuration');
    const issuer = await screen.findByDisplayValue('https://idp.example.com/issuer');
    fireEvent.change(issuer, { target: { value: 'https://idp.example.com/other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('SSO configuration updated successfully')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/saml/config.update`)[0]?.body).toMatchObject({
      entity_id: 'https://idp.example.com/other',
    });
  });

  it('is read-only for users', async () => {
    const user = account('a0000000-0000-4000-8000-000000000003', 'uma@acme.com', 'CUSTOMER_ORG_USER');
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(user) },
      [`${AUTH}/saml/config.get`]: { body: samlAnswer(true) },
    });
    renderAt('/sso-configuration');
    expect(await screen.findByText('Only admins can change single sign-on settings.')).toBeTruthy();
    // Shown disabled, with the reason, as every admin-only action.
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Import metadata' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (screen.getByRole('switch', { name: /Allow IdP-initiated login/ }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it(
    'fills the settings from imported metadata and saves them with IdP-initiated login on',
    { timeout: 20_000 },
    async () => {
      const api = stubApi({
        [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
        [`${AUTH}/saml/config.get`]: { body: samlAnswer(false) },
        [`${AUTH}/saml/metadata.import`]: {
          body: {
            entity_id: 'https://sts.windows.net/tenant/',
            sso_url: 'https://login.microsoftonline.com/tenant/saml2',
            certificate: 'CERT-ONE',
            second_certificate: 'CERT-TWO',
          },
        },
        [`${AUTH}/saml/config.create`]: { body: samlAnswer(true) },
      });
      renderAt('/sso-configuration');
      fireEvent.change(await screen.findByLabelText('Metadata URL'), {
        target: { value: 'https://login.microsoftonline.com/tenant/federationmetadata.xml' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Import metadata' }));
      expect(await screen.findByDisplayValue('https://sts.windows.net/tenant/')).toBeTruthy();
      expect(api.callsTo(`${AUTH}/saml/metadata.import`)[0]?.body).toEqual({
        metadata_url: 'https://login.microsoftonline.com/tenant/federationmetadata.xml',
      });
      fireEvent.click(screen.getByRole('switch', { name: /Allow IdP-initiated login/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('SSO configuration created successfully')).toBeTruthy();
      expect(api.callsTo(`${AUTH}/saml/config.create`)[0]?.body).toEqual({
        sso_url: 'https://login.microsoftonline.com/tenant/saml2',
        entity_id: 'https://sts.windows.net/tenant/',
        certificate: 'CERT-ONE',
        second_certificate: 'CERT-TWO',
        allow_idp_initiated: true,
        metadata_url: 'https://login.microsoftonline.com/tenant/federationmetadata.xml',
      });
    },
  );
});

describe('the Impersonate page', () => {
  const staff = account('a0000000-0000-4000-8000-000000000009', 'sam@meridian.internal', 'INTERNAL_STAFF');

  it('calls nothing for anyone but staff', async () => {
    const api = stubApi({ [`${AUTH}/accounts/token.verify`]: { body: session(admin) } });
    renderAt('/internal/impersonate');
    expect(await screen.findByText('Internal staff only')).toBeTruthy();
    expect(api.callsTo(`${AUTH}/internal/organisation.list`)).toHaveLength(0);
  });

  it('validates, then impersonates and stores the new session', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: [{ body: session(staff) }, { body: session(admin, staff) }],
      [`${AUTH}/internal/organisation.list`]: {
        body: { organisations: [session(admin).organisation] },
      },
      [`${AUTH}/internal/account.list`]: page([admin]),
      [`${AUTH}/internal/account.impersonate`]: {
        body: {
          ...session(admin),
          token: { token: 'impersonation-token', expires_at: '2026-02-01T00:00:00.000Z' },
          impersonator: { id: staff.id, name: staff.name, email: staff.email },
        },
      },
    });
    const router = renderAt('/internal/impersonate');
    fireEvent.click(await screen.findByRole('button', { name: 'Impersonate' }));
    expect(await screen.findByText('Organization is required')).toBeTruthy();
    expect(screen.getByText('Person is required')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Organization' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme (acme.com)' }));
    await waitFor(() => expect(api.callsTo(`${AUTH}/internal/account.list`)).toHaveLength(1));
    expect(api.callsTo(`${AUTH}/internal/account.list`)[0]?.body).toEqual({
      organisation_id: ORG_ID,
      page_size: 1000,
      page_number: 1,
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Person' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ada@acme.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Impersonate' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/connection'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('impersonation-token');
    expect(await screen.findByText('Impersonation successful')).toBeTruthy();
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner.textContent).toContain('sam@meridian.internal');
    expect(banner.textContent).toContain('Acme');
  });
});

describe('logout', () => {
  it("keeps the session and says 'Logout Failed!' when the server refuses", async () => {
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin]),
      [`${AUTH}/accounts/logout`]: errorBody(500, 'InternalServerError', 'x'),
    });
    const router = renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Failed!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('token-1');
  });

  it('ends the session on the server, forgets the token and goes to login', async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin]),
      [`${AUTH}/accounts/logout`]: { body: { success: true } },
    });
    const router = renderAt('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(api.callsTo(`${AUTH}/accounts/logout`)[0]?.authorization).toBe('Bearer token-1');
  });
});
