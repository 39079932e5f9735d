import { personCreateContract, personUpdateContract, tokenCreateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { TokenEditorPage, TokensPage } from '../../pages/tokens.page';
import { callApi, uniqueSuffix } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('a token, written with a syntax error, fixed, saved and previewed', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const suffix = uniqueSuffix();
  const name = `greeting_${suffix}`;
  // Another token, for the list search to leave out.
  const other = `other_${suffix}`;
  const people = [
    { email: `ada.${suffix}@e2e.meridian.dev`, first_name: 'ada' },
    { email: `grace.${suffix}@e2e.meridian.dev`, first_name: 'grace' },
  ];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    const token = await signInAsDemoAdmin(context);
    expect((await callApi(tokenCreateContract, { name: other }, token)).status).toBe(200);
    for (const person of people) {
      const created = await callApi(personCreateContract, { email: person.email }, token);
      expect(created.status).toBe(200);
      const { person_id } = created.body as { person_id: string };
      const updated = await callApi(
        personUpdateContract,
        { person_id, default_fields: { first_name: person.first_name } },
        token,
      );
      expect(updated.status).toBe(200);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows where the syntax error is while typing', async () => {
    const list = new TokensPage(page);
    await list.goto();
    const editor = await list.openNew();
    await snapshot(page, 'token-editor-empty');
    await editor.name.fill(name);
    await editor.setCode('Hello {{ person.first_name | upcase ');
    await editor.codeError.getByText(/^Invalid syntax at line 1, column \d+$/).waitFor();
    expect(await editor.saveButton.isDisabled()).toBe(true);
    await snapshot(page, 'token-editor-error');
  });

  it('saves the fixed token, typed as a string', async () => {
    const editor = new TokenEditorPage(page);
    await editor.setCode('Hello {{ person.first_name | upcase }}');
    await editor.waitForValid('string');
    expect(await editor.codeError.count()).toBe(0);
    await editor.fillDetails('friend', 'Greets the contact by name');
    await editor.save();
    await page.getByText('Token successfully created').waitFor();
    await page.waitForURL(/\/token\/[0-9a-f-]{36}$/);
    await page.getByTestId('token-type').getByText('String').waitFor();
  });

  it('previews the saved token for two persons', async () => {
    const editor = new TokenEditorPage(page);
    await editor.choosePreviewPersons(people.map((person) => person.email));
    const table = await editor.preview();
    for (const person of people) {
      const row = table.getByRole('row').filter({ hasText: person.email });
      await row.getByText(`Hello ${person.first_name.toUpperCase()}`).waitFor();
    }
    await snapshot(page, 'token-editor-preview');
  });

  it('marks the preview stale once the definition changes', async () => {
    const editor = new TokenEditorPage(page);
    await editor.setCode('Hi {{ person.first_name }}');
    await page.getByText('Token preview not available now!').waitFor();
    expect(await page.getByTestId('preview-token').isDisabled()).toBe(true);
    await editor.save();
    await page.getByText('Token successfully updated').waitFor();
    expect(await page.getByTestId('token-preview-table').count()).toBe(0);
  });

  it('finds the token in the list and removes it after confirmation', async () => {
    const list = new TokensPage(page);
    await list.goto();
    await list.row(other).waitFor();
    await list.search(name);
    await list.row(other).waitFor({ state: 'detached' });
    await list.row(name).waitFor();
    await snapshot(page, 'token-list');
    await list.remove(name);
    await page.getByText('Token deleted successfully').waitFor();
    await page.getByText('No tokens found.').waitFor();
  });
});
