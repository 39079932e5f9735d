import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { personCreateContract, personUpdateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { WebhookEditorPage, WebhooksPage } from '../../pages/webhooks.page';
import { callApi, uniqueSuffix } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The receiving end: a plain HTTP server on 127.0.0.2, the one internal address the platform is
 * started to allow (OUTBOUND_ALLOWED_HOSTS in e2e/run.mjs).
 */
async function startReceiver(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json', 'x-receiver': 'e2e' });
      response.end(JSON.stringify({ received: true, count: received.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

describe('a webhook, previewed against a local receiver and refused for an internal address', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const suffix = uniqueSuffix();
  const name = `Notify CRM ${suffix}`;
  const renamed = `Notify the CRM ${suffix}`;
  const email = `grace.${suffix}@e2e.meridian.dev`;

  beforeAll(async () => {
    receiver = await startReceiver();
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    const adminToken = await signInAsDemoAdmin(context);
    const created = await callApi(personCreateContract, { email }, adminToken);
    expect(created.status).toBe(200);
    const personId = (created.body as { person_id: string }).person_id;
    const updated = await callApi(
      personUpdateContract,
      { person_id: personId, default_fields: { first_name: 'Grace' } },
      adminToken,
    );
    expect(updated.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('creates a webhook and opens its editor', async () => {
    const list = new WebhooksPage(page);
    await list.goto();
    await list.create(name);
    await new AppShell(page).expectToast('Webhook created successfully');
    await new WebhookEditorPage(page).waitFor(name);
  });

  it('applies the save rules, then saves the filled webhook', async () => {
    const editor = new WebhookEditorPage(page);
    await editor.save();
    await page.getByText('Description should not be empty').waitFor();
    await page.getByText('Please enter a valid url').waitFor();

    await editor.description.fill('Tells the CRM about a contact');
    await editor.url.fill(`http://127.0.0.2:${receiver.port}/hooks/contacts`);
    await editor.addHeader('  X-Meridian-Test ', ' yes ');
    await editor.addHeader('', 'dropped');
    await editor.setPayload('{"email": "{{ person.email }}", "name": ""}');
    // The contact field goes in between the last two quotes, where the cursor is put.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await editor.insertPlaceholder('person.first_name');
    // Unsaved changes: no preview yet.
    await page.getByText('Webhook should be updated and saved before preview').first().waitFor();
    expect(await editor.sendButton.isDisabled()).toBe(true);

    await editor.save();
    await new AppShell(page).expectToast('Webhook updated successfully');
    // What is stored is shown: the key trimmed and in lower case, the blank row gone.
    await page.getByLabel('Header key 1').and(page.locator('[value="x-meridian-test"]')).waitFor();
    expect(await page.getByTestId('header-row').count()).toBe(1);
    await page.getByText('Last saved just now').waitFor();
  });

  it('previews the request for a contact and shows the response', async () => {
    const editor = new WebhookEditorPage(page);
    await editor.previewAs(email);
    await editor.sendButton.click();
    await new AppShell(page).expectToast('Preview successful');

    expect(receiver.received).toHaveLength(1);
    const [call] = receiver.received;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('/hooks/contacts');
    expect(call!.headers['x-meridian-test']).toBe('yes');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call!.body)).toEqual({ email, name: 'Grace' });

    await editor.result.getByTestId('preview-status').filter({ hasText: '200' }).waitFor();
    await editor.result.getByText('x-receiver').waitFor();
    await editor.result.getByText('"received": true').waitFor();
    await editor.showTab('Request');
    await editor.result.getByText(`http://127.0.0.2:${receiver.port}/hooks/contacts`).waitFor();
    await editor.result.getByText(email, { exact: false }).waitFor();
    await snapshot(page, 'webhook-editor');
  });

  it('refuses to save an internal address, with the reason on the URL', async () => {
    const editor = new WebhookEditorPage(page);
    // Loopback on another address than the allowed one: refused when saved, as when called.
    await editor.url.fill(`http://127.0.0.1:${receiver.port}/hooks/contacts`);
    await editor.save();
    await new AppShell(page).expectToast('Webhook updation failed');
    await page.getByText('Requests to internal addresses are not allowed').waitFor();
    expect(receiver.received).toHaveLength(1);
    await snapshot(page, 'webhook-editor-refused');
    // The toast sits over Save: close it, then go back to the allowed receiver and save again.
    await new AppShell(page).closeToast('Webhook updation failed');
    await editor.url.fill(`http://127.0.0.2:${receiver.port}/hooks/contacts`);
    await editor.save();
    await new AppShell(page).expectToast('Webhook updated successfully');
    await new AppShell(page).closeToast('Webhook updated successfully');
  });

  it('renames the webhook, at least 3 characters', async () => {
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename webhook' });
    await dialog.getByLabel('Name').fill('ab');
    await dialog.getByText('Name must be at least 3 characters long').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await new AppShell(page).expectToast('Webhook name updated successfully');
    await page.getByRole('heading', { name: renamed }).waitFor();
  });

  it('asks before leaving with unsaved changes', async () => {
    const editor = new WebhookEditorPage(page);
    await editor.description.fill('Changed but not saved');
    await page.getByRole('link', { name: 'All webhooks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Stay on page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await editor.description.inputValue()).toBe('Changed but not saved');
    await page.getByRole('link', { name: 'All webhooks' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  });

  it('finds the webhook in the list and deletes it after confirmation', async () => {
    const list = new WebhooksPage(page);
    await list.search(renamed);
    const row = list.row(renamed);
    await row.getByText('Tells the CRM about a contact').waitFor();
    await snapshot(page, 'webhooks');
    await list.remove(renamed);
    await new AppShell(page).expectToast('Webhook deleted successfully');
    await page.getByText('No webhooks found.').waitFor();
  });
});
