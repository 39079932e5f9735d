import {
  personCreateContract,
  personUpdateContract,
  templateGetContract,
  tokenCreateContract,
  tokenPlaceholder,
  tokenUpdateContract,
  UNSUBSCRIBE_URL_PLACEHOLDER,
} from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { TemplateEditorPage, TemplatesPage } from '../../pages/templates.page';
import { callApi } from '../../support/api';
import { baseUrl, launchBrowser, newPage, snapshot } from '../../support/browser';
import { openMailbox } from '../../support/mails';

/**
 * The same markup with each style attribute's declarations in one order: the visual editor may
 * list an element's inlined declarations in another order after a reload, which mail clients
 * render the same.
 */
function canonicalHtml(html: string): string {
  return html.replace(/style="([^"]*)"/g, (_match, style: string) => {
    const declarations = style
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .sort();
    return `style="${declarations.join('; ')}"`;
  });
}

/** What Chromium reports blocked by the Content-Security-Policy, across the test file. */
const cspViolations: string[] = [];
let cspHeader: string | null = null;

function watchCsp(page: Page): void {
  page.on('console', (message) => {
    const text = message.text();
    // A blocked load from another origin is the policy doing its job (the visual editor's
    // default icon sheet on cdnjs, until it is self-hosted); anything else the editors
    // need and the policy forbids (inline styles, the canvas iframe, eval) counts.
    const thirdPartyLoad = /Loading the \w+ 'https?:\/\//.test(text) && !text.includes(`'${baseUrl}`);
    if (text.includes('Content Security Policy') && !thirdPartyLoad) cspViolations.push(text);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.url().startsWith(baseUrl)) {
      cspHeader ??= response.headers()['content-security-policy'] ?? null;
    }
  });
}

afterAll(() => {
  // The editors (GrapesJS with its canvas iframe and inline styles, CodeMirror) ran under the CSP.
  expect(cspHeader).toContain("default-src 'self'");
  expect(cspViolations).toEqual([]);
});

describe('an email built in the visual editor', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let templateId: string;
  const run = Date.now().toString(36);
  const name = `Welcome ${run}`;
  const contact = `reader.${run}@e2e.meridian.dev`;
  const tokenName = `shout_${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    watchCsp(page);
    token = await signInAsDemoAdmin(context);
    const created = await callApi(personCreateContract, { email: contact }, token);
    expect(created.status).toBe(200);
    const personId = (created.body as { person_id: string }).person_id;
    const updated = await callApi(
      personUpdateContract,
      { person_id: personId, default_fields: { first_name: 'Ada' } },
      token,
    );
    expect(updated.status).toBe(200);
    // A saved token that renders the contact's first name in capitals.
    const newToken = await callApi(tokenCreateContract, { name: tokenName }, token);
    expect(newToken.status).toBe(200);
    const tokenId = (newToken.body as { token: { token_id: string } }).token.token_id;
    const defined = await callApi(
      tokenUpdateContract,
      {
        token_id: tokenId,
        token: '{{ person.first_name | upcase }}',
        description: 'Shouted name',
        default_value: 'THERE',
      },
      token,
    );
    expect(defined.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const saved = async () => {
    const answer = await callApi(templateGetContract, { template_id: templateId }, token);
    expect(answer.status).toBe(200);
    return (answer.body as { template: { content: string; content_json: unknown; subject: string } })
      .template;
  };

  it('creates a visual email from a starter design of the gallery', async () => {
    const list = new TemplatesPage(page);
    await list.goto();
    await list.createVisual(name, 'Welcome');
    await page.getByText('New Email Added').waitFor();
    templateId = await new TemplateEditorPage(page).waitFor(name, 'visual');
    await new TemplateEditorPage(page).canvas().getByText('Set up your workspace.').waitFor();
  });

  it('adds a personalised subject, the unsubscribe link and a sender, and saves', async () => {
    const editor = new TemplateEditorPage(page);
    // Editing a text offers the token and unsubscribe actions in its toolbar: the token goes in at the caret.
    await editor.canvas().getByText('Set up your workspace.').dblclick();
    await page.locator('.gjs-rte-action[title="Unsubscribe link"]').waitFor();
    await page.keyboard.press('End');
    await page.locator('.gjs-rte-action[title="Add token"]').click();
    await editor.pickToken(tokenName);
    await editor.canvas().getByText(tokenPlaceholder(tokenName)).waitFor();
    await editor.setSubject('Hello {{ person.first_name }}');
    // With a block selected rather than a text being edited, the link comes as a footer at the end.
    await editor.canvas().getByText('Greenleaf', { exact: true }).click();
    await editor.addUnsubscribeLink();
    await editor.canvas().getByText("Don't want these emails?").waitFor();
    await editor.setSender('Acme Team', 'team@demo.meridian.dev');
    await editor.savedLabel().getByText('Unsaved changes').waitFor();
    await snapshot(page, 'template-visual-editor');
    await editor.save();
    await editor
      .savedLabel()
      .getByText(/Saved just now/)
      .waitFor();

    const template = await saved();
    expect(template.subject).toBe('Hello {{ person.first_name }}');
    expect(template.content).toContain(`href="${UNSUBSCRIBE_URL_PLACEHOLDER}"`);
    expect(template.content).toContain('Set up your workspace.');
    expect(template.content).toContain(tokenPlaceholder(tokenName));
    expect(template.content_json).toHaveProperty('pages');
  });

  it('reopens the saved design unchanged', async () => {
    const before = await saved();
    await page.reload();
    const editor = new TemplateEditorPage(page);
    await editor.waitFor(name, 'visual');
    await editor.canvas().getByText('Set up your workspace.').waitFor();
    await editor.canvas().getByRole('link', { name: 'Unsubscribe' }).last().waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe(
      'Hello {{ person.first_name }}',
    );
    // The design loaded from content_json exports the very HTML that was saved.
    const exported = await editor.exportHtml();
    expect(exported.name).toBe(`welcome-${run}.html`);
    expect(canonicalHtml(exported.html)).toBe(canonicalHtml(before.content));
    await page.waitForTimeout(800);
    expect(await editor.savedLabel().textContent()).toMatch(/^Saved /);
  });

  it('sends a test email that arrives personalised for the chosen contact', async () => {
    const mailbox = await openMailbox(contact);
    const editor = new TemplateEditorPage(page);
    const dialog = await editor.sendTest(contact);
    await page.getByText('Email preview sent successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const mail = await mailbox.next({ subject: /Hello Ada/ });
    expect(mail.subject).toBe('Hello Ada');
    expect(mail.html).toContain('Set up your workspace.');
    expect(mail.html).toContain('Welcome aboard, Ada!');
    expect(mail.html).toContain('Set up your workspace.ADA');
    expect(mail.html).toMatch(/href="http[^"]*\/api\/campaign\/v1\/unsubscribe\/[^"]+"/);
    expect(mail.html).not.toContain('{{');
  });
});

describe('the emails list', () => {
  let browser: Browser;
  let page: Page;
  const run = Date.now().toString(36);
  const name = `Digest ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    let context: BrowserContext;
    ({ context, page } = await newPage(browser));
    watchCsp(page);
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates an HTML email and writes its code with a live preview', async () => {
    const list = new TemplatesPage(page);
    await list.goto();
    await list.createHtml(name);
    const editor = new TemplateEditorPage(page);
    await editor.waitFor(name, 'html');
    await page.locator('.cm-content').fill('<h1>Monthly digest</h1><p>What changed this month.</p>');
    await page.frameLocator('iframe[title="Live preview"]').getByText('Monthly digest').waitFor();
    await editor.setSubject('Your digest');
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Back to emails' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    await editor.save();
    await snapshot(page, 'template-html-editor');
  });

  it('finds, renames, clones and removes an email', async () => {
    const list = new TemplatesPage(page);
    await list.goto();
    await list.search(name);
    await list.row(name).waitFor();
    await snapshot(page, 'templates-list');

    const invalid = await list.rename(name, 'ab');
    await invalid.getByText('Name must be at least 3 characters long').waitFor();
    await invalid.getByRole('button', { name: 'Cancel' }).click();

    const renamed = `${name} renamed`;
    const dialog = await list.rename(name, renamed);
    await page.getByText('Email name updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await list.search(renamed);
    await list.row(renamed).waitFor();

    await list.clone(renamed);
    await list.search(`Copy of ${renamed}`);
    await list.row(`Copy of ${renamed}`).waitFor();

    await list.remove(`Copy of ${renamed}`);
    await page.getByText('No emails found').waitFor();
    await list.search(renamed);
    await list.row(renamed).waitFor();
  });
});
