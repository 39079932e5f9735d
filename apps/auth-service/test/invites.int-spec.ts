import {
  ADMINS_ONLY_USERS,
  accountListContract,
  createUsersContract,
  deleteInviteContract,
  loginContract,
  passwordSetContract,
  passwordTokenValidContract,
  resendInviteContract,
  ROLES_DISAGREE,
  updateAccountContract,
} from '@meridian/contracts';
import { linkTokenIn, ok } from '@meridian/testing';
import { snapshot, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { CREATE_LINK, invite, invitee } from './support/invites';

describe('invites', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('invites users who create their password through the mailed link and log in with their role', async () => {
    const admin = await t.factories.newOrganisation();
    const [asUser, asAdmin] = [invitee(admin), invitee(admin, 'CUSTOMER_ORG_ADMIN')];
    const accounts = await invite(t, admin, [asUser, asAdmin]);
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({
      email: asUser.email,
      is_invite_pending: true,
      roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
    });

    const mail = await t.sink.waitFor({ to: asUser.email });
    expect(mail.subject).toContain(admin.organisation.name);
    expect(mail.text).toContain(admin.account.name);
    const token = linkTokenIn(mail, CREATE_LINK);
    expect(
      (await t.call(passwordTokenValidContract, { token, request_type: 'password_create' })).body,
    ).toEqual({ valid: true });
    await t
      .call(loginContract, { credentials: { email: asUser.email, password: 'chosen-secret' } })
      .expect(401);

    ok(
      await t.call(passwordSetContract, {
        token,
        password: 'chosen-secret',
        request_type: 'password_create',
      }),
    );
    const login = ok(
      await t.call(loginContract, { credentials: { email: asUser.email, password: 'chosen-secret' } }),
    ).body;
    expect(login.roles).toEqual([{ role_name: 'CUSTOMER_ORG_USER' }]);
    expect(login.organisation.id).toBe(admin.organisation.id);

    const list = ok(
      await t.call(accountListContract, { page_size: 1000, page_number: 1 }, { token: admin.bearer }),
    ).body;
    const state = Object.fromEntries(
      list.records.map((r: { email: string; is_invite_pending: boolean }) => [r.email, r.is_invite_pending]),
    );
    expect(state).toEqual({ [admin.email]: false, [asUser.email]: false, [asAdmin.email]: true });
  });

  it('takes the spec invite record, roles as [{role_name}], and gives each invitee those roles', async () => {
    const admin = await t.factories.newOrganisation();
    const [asUser, asAdmin] = [invitee(admin), invitee(admin)].map(({ name, email }) => ({ name, email }));
    const response = ok(
      await t.call(
        createUsersContract,
        {
          users: [
            { ...asUser, roles: [{ role_name: 'CUSTOMER_ORG_USER' }] },
            { ...asAdmin, roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] },
          ],
        },
        { token: admin.bearer },
      ),
    );
    expect(response.body.accounts).toMatchObject([
      { email: asUser.email, is_invite_pending: true, roles: [{ role_name: 'CUSTOMER_ORG_USER' }] },
      { email: asAdmin.email, is_invite_pending: true, roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] },
    ]);
    const { rows } = await t.sql.query<{ email: string; role_name: string }>(
      `SELECT a.email, r.role_name FROM auth.accounts a JOIN auth.account_roles r ON r.account_id = a.id
        WHERE a.email = ANY($1) ORDER BY r.role_name`,
      [[asUser.email, asAdmin.email]],
    );
    expect(rows).toEqual([
      { email: asAdmin.email, role_name: 'CUSTOMER_ORG_ADMIN' },
      { email: asUser.email, role_name: 'CUSTOMER_ORG_USER' },
    ]);
    await t.sink.waitFor({ to: asAdmin.email });
  });

  it('accepts roles and role_names together when they name the same roles', async () => {
    const admin = await t.factories.newOrganisation();
    const row = invitee(admin, 'CUSTOMER_ORG_ADMIN');
    const [account] = await invite(t, admin, [{ ...row, roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] }]);
    expect(account).toMatchObject({ roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] });
  });

  it('refuses roles and role_names that disagree, and invites nobody', async () => {
    const admin = await t.factories.newOrganisation();
    const fresh = invitee(admin);
    const before = await snapshot(t.sql, 'accounts', 'id');
    const response = await t
      .call(
        createUsersContract,
        {
          users: [
            fresh,
            { ...invitee(admin, 'CUSTOMER_ORG_USER'), roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] },
          ],
        },
        { token: admin.bearer },
      )
      .expect(400);
    expect(response.body.fields).toEqual({ 'users.1.role_names': [ROLES_DISAGREE] });
    expect(await snapshot(t.sql, 'accounts', 'id')).toEqual(before);
    expect(t.sink.unclaimed({ to: fresh.email })).toEqual([]);
  });

  it('lets only admins invite, resend, delete and edit', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const [pending] = await invite(t, admin, [invitee(admin)]);
    const before = await snapshot(t.sql, 'accounts', 'id');
    const rolesBefore = await snapshot(t.sql, 'account_roles', 'account_id, role_name');
    const attempts = [
      t.call(createUsersContract, { users: [invitee(admin)] }, { token: user.bearer }),
      t.call(deleteInviteContract, { account_id: pending!.id }, { token: user.bearer }),
      t.call(
        resendInviteContract,
        { account_id: pending!.id, name: 'X', email: pending!.email, role_names: ['CUSTOMER_ORG_ADMIN'] },
        { token: user.bearer },
      ),
      t.call(
        updateAccountContract,
        { account_id: user.account.id, role_names: ['CUSTOMER_ORG_ADMIN'] },
        { token: user.bearer },
      ),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ForbiddenException');
      expect(response.body.description).toBe(ADMINS_ONLY_USERS);
    }
    expect(await snapshot(t.sql, 'accounts', 'id')).toEqual(before);
    expect(await snapshot(t.sql, 'account_roles', 'account_id, role_name')).toEqual(rolesBefore);
  });

  it('invites nobody when one email already has an account', async () => {
    const admin = await t.factories.newOrganisation();
    const other = await t.factories.newOrganisation();
    const fresh = invitee(admin);
    const before = await snapshot(t.sql, 'accounts', 'id');
    const response = await t
      .call(
        createUsersContract,
        {
          users: [
            fresh,
            { name: 'Taken', email: other.email.toUpperCase(), role_names: ['CUSTOMER_ORG_USER'] },
          ],
        },
        { token: admin.bearer },
      )
      .expect(409);
    expect(response.body).toMatchObject({
      code: 'AccountAlreadyExistsException',
      fields: { 'users.1.email': ['An account with this email already exists'] },
    });
    expect(await snapshot(t.sql, 'accounts', 'id')).toEqual(before);
    expect(t.sink.unclaimed({ to: fresh.email })).toEqual([]);
  });

  it('refuses the same email twice in one invite', async () => {
    const admin = await t.factories.newOrganisation();
    const one = invitee(admin);
    const response = await t
      .call(
        createUsersContract,
        { users: [one, { ...one, email: one.email.toUpperCase() }] },
        { token: admin.bearer },
      )
      .expect(400);
    expect(response.body.fields).toEqual({ 'users.1.email': ['This email is already in the list'] });
  });

  it.each([
    [{ name: '' }, 'users.0.name', 'Name is required'],
    [{ email: '' }, 'users.0.email', 'Email is required'],
    [{ email: 'nope' }, 'users.0.email', 'Please enter a valid email address'],
    // Found by schemathesis: a 254-character address passed, and the mail server's refusal answered 502.
    [
      { email: `0@${'0'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(60)}` },
      'users.0.email',
      'Please enter a valid email address',
    ],
    [
      { role_names: ['INTERNAL_STAFF'] },
      'users.0.role_names.0',
      'Choose the role Admin (CUSTOMER_ORG_ADMIN) or User (CUSTOMER_ORG_USER)',
    ],
    [{ role_names: [] }, 'users.0.role_names', 'Role is required'],
    [
      { role_names: undefined, roles: [{ role_name: 'INTERNAL_STAFF' }] },
      'users.0.roles.0.role_name',
      'Choose the role Admin (CUSTOMER_ORG_ADMIN) or User (CUSTOMER_ORG_USER)',
    ],
    [{ role_names: undefined, roles: [{ role_name: '' }] }, 'users.0.roles.0.role_name', 'Role is required'],
    [{ role_names: undefined, roles: [] }, 'users.0.roles', 'Role is required'],
  ])('refuses an invite row %j', async (change, field, message) => {
    const admin = await t.factories.newOrganisation();
    const response = await t
      .call(createUsersContract, { users: [{ ...invitee(admin), ...change }] }, { token: admin.bearer })
      .expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it('defaults an invite to the User role', async () => {
    const admin = await t.factories.newOrganisation();
    const { name, email } = invitee(admin);
    const [account] = await invite(t, admin, [{ name, email }]);
    expect(account).toMatchObject({ roles: [{ role_name: 'CUSTOMER_ORG_USER' }] });
  });
});
