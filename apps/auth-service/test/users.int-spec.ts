import {
  createUsersContract,
  deleteInviteContract,
  loginContract,
  passwordSetContract,
  passwordTokenValidContract,
  resendInviteContract,
  tokenVerifyContract,
  updateAccountContract,
} from '@meridian/contracts';
import { linkTokenIn, ok } from '@meridian/testing';
import { startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { CREATE_LINK, invite, invitee } from './support/invites';

describe('managing users: resend, delete, edit', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('resends an invite with a new link, saving name and roles; the old link stops working', async () => {
    const admin = await t.factories.newOrganisation();
    const original = invitee(admin);
    const [account] = await invite(t, admin, [original]);
    const oldToken = linkTokenIn(await t.sink.waitFor({ to: original.email }), CREATE_LINK);

    const resent = ok(
      await t.call(
        resendInviteContract,
        {
          account_id: account!.id,
          name: 'Renamed Invitee',
          email: original.email,
          role_names: ['CUSTOMER_ORG_ADMIN'],
        },
        { token: admin.bearer },
      ),
    ).body;
    expect(resent.account).toMatchObject({
      name: 'Renamed Invitee',
      roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
      is_invite_pending: true,
    });
    const newToken = linkTokenIn(await t.sink.waitFor({ to: original.email }), CREATE_LINK);
    expect(newToken).not.toBe(oldToken);
    expect(
      (await t.call(passwordTokenValidContract, { token: oldToken, request_type: 'password_create' })).body,
    ).toEqual({ valid: false });
    ok(
      await t.call(passwordSetContract, {
        token: newToken,
        password: 'chosen-secret',
        request_type: 'password_create',
      }),
    );
    const login = ok(
      await t.call(loginContract, { credentials: { email: original.email, password: 'chosen-secret' } }),
    ).body;
    expect(login.roles).toEqual([{ role_name: 'CUSTOMER_ORG_ADMIN' }]);
  });

  it('never changes an invite’s email on resend', async () => {
    const admin = await t.factories.newOrganisation();
    const original = invitee(admin);
    const [account] = await invite(t, admin, [original]);
    const response = await t
      .call(
        resendInviteContract,
        {
          account_id: account!.id,
          name: 'X',
          email: `other-${original.email}`,
          role_names: ['CUSTOMER_ORG_USER'],
        },
        { token: admin.bearer },
      )
      .expect(400);
    expect(response.body.fields).toEqual({ email: ['Email cannot be changed'] });
  });

  it('answers 404 when resending or deleting an invite that was accepted', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    await t
      .call(
        resendInviteContract,
        { account_id: user.account.id, name: 'X', email: user.email, role_names: ['CUSTOMER_ORG_USER'] },
        { token: admin.bearer },
      )
      .expect(404);
    await t.call(deleteInviteContract, { account_id: user.account.id }, { token: admin.bearer }).expect(404);
    ok(await t.call(tokenVerifyContract, {}, { token: user.bearer }));
  });

  it('deletes an open invite; its link stops working', async () => {
    const admin = await t.factories.newOrganisation();
    const pending = invitee(admin);
    const [account] = await invite(t, admin, [pending]);
    const token = linkTokenIn(await t.sink.waitFor({ to: pending.email }), CREATE_LINK);
    expect(
      ok(await t.call(deleteInviteContract, { account_id: account!.id }, { token: admin.bearer })).body,
    ).toEqual({ success: true });
    expect(
      (await t.call(passwordTokenValidContract, { token, request_type: 'password_create' })).body,
    ).toEqual({ valid: false });
    const rows = await t.sql.query('SELECT 1 FROM auth.accounts WHERE id = $1', [account!.id]);
    expect(rows.rowCount).toBe(0);
    await t.call(deleteInviteContract, { account_id: account!.id }, { token: admin.bearer }).expect(404);
  });

  it('edits name and roles, never the email, and the new role applies at once', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    await t.call(createUsersContract, { users: [invitee(admin)] }, { token: user.bearer }).expect(403);

    const emailChange = await t
      .call(
        updateAccountContract,
        {
          account_id: user.account.id,
          name: 'Promoted',
          role_names: ['CUSTOMER_ORG_ADMIN'],
          email: 'changed@elsewhere.com',
        },
        { token: admin.bearer },
      )
      .expect(400);
    expect(emailChange.body).toMatchObject({
      code: 'ValidationException',
      fields: { email: ['Email cannot be changed'] },
    });
    expect((await t.call(tokenVerifyContract, {}, { token: user.bearer })).body.account).toMatchObject({
      name: user.account.name,
      roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
    });

    const updated = ok(
      await t.call(
        updateAccountContract,
        {
          account_id: user.account.id,
          name: 'Promoted',
          role_names: ['CUSTOMER_ORG_ADMIN'],
          email: user.email.toUpperCase(),
        },
        { token: admin.bearer },
      ),
    ).body;
    expect(updated.account).toMatchObject({
      name: 'Promoted',
      email: user.email,
      roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
    });
    ok(await t.call(createUsersContract, { users: [invitee(admin)] }, { token: user.bearer }));
  });

  it('takes the roles as the invite record writes them, roles: [{role_name}]', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const promoted = ok(
      await t.call(
        updateAccountContract,
        { account_id: user.account.id, roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }] },
        { token: admin.bearer },
      ),
    ).body;
    expect(promoted.account.roles).toEqual([{ role_name: 'CUSTOMER_ORG_ADMIN' }]);

    const disagree = await t
      .call(
        updateAccountContract,
        {
          account_id: user.account.id,
          roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
          role_names: ['CUSTOMER_ORG_ADMIN'],
        },
        { token: admin.bearer },
      )
      .expect(400);
    expect(disagree.body.fields).toEqual({ role_names: ['roles and role_names must name the same roles'] });
    const noRole = await t
      .call(updateAccountContract, { account_id: user.account.id, roles: [] }, { token: admin.bearer })
      .expect(400);
    expect(noRole.body.fields).toEqual({ roles: ['Role is required'] });
  });

  it('keeps at least one admin', async () => {
    const admin = await t.factories.newOrganisation();
    const response = await t
      .call(
        updateAccountContract,
        { account_id: admin.account.id, role_names: ['CUSTOMER_ORG_USER'] },
        { token: admin.bearer },
      )
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'LastAdminException',
      description: 'An organization needs at least one admin',
    });

    const second = await t.factories.newUser(admin, 'CUSTOMER_ORG_ADMIN');
    ok(
      await t.call(
        updateAccountContract,
        { account_id: admin.account.id, role_names: ['CUSTOMER_ORG_USER'] },
        { token: second.bearer },
      ),
    );
    await t
      .call(
        updateAccountContract,
        { account_id: second.account.id, role_names: ['CUSTOMER_ORG_USER'] },
        { token: second.bearer },
      )
      .expect(400);
  });

  it('checks the edit form', async () => {
    const admin = await t.factories.newOrganisation();
    const missing = await t.call(updateAccountContract, { name: 'X' }, { token: admin.bearer }).expect(400);
    expect(missing.body.fields).toEqual({ account_id: ['Account is required'] });
    const blank = await t
      .call(updateAccountContract, { account_id: admin.account.id, name: ' ' }, { token: admin.bearer })
      .expect(400);
    expect(blank.body.fields).toEqual({ name: ['Name is required'] });
    const badId = await t
      .call(updateAccountContract, { account_id: 'nope', name: 'X' }, { token: admin.bearer })
      .expect(400);
    expect(badId.body.fields).toEqual({ account_id: ['Not a valid id'] });
  });
});
