import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EmailSettingsPage } from '../../pages/email-settings.page';
import { signIn } from '../../pages/session';
import { newAccount, registerVerifiedAccount } from '../../support/api';
import { baseUrl, launchBrowser, newPage, snapshot } from '../../support/browser';

/** A fresh organisation, so the demo organisation's sender stays as other tests expect it. */
describe('email settings of a new organisation', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let settings: EmailSettingsPage;
  const account = newAccount('mailer');

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signIn(context, account.email, account.password);
    settings = new EmailSettingsPage(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the Settings menu with the demo sender domain preselected', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Email settings' }).click();
    await settings.senderName.waitFor();
    expect(await settings.senderDomain.inputValue()).toBe('demo.meridian.dev');
    expect(await settings.personOrgMapping.inputValue()).toBe('One to one');
    await snapshot(page, 'email-settings-empty');
  });

  it('shows the validation messages of both forms on Save', async () => {
    await settings.fromLocalPart.fill('not an address');
    await settings.useCustomUrl('www.example');
    await settings.save();
    await page.getByText('Sender name is required').waitFor();
    // The from email's (and the reply-to's while it is empty: spec 5 wants both valid emails).
    await page.getByText('Please enter a valid email address').first().waitFor();
    await page.getByText('Please enter a valid url').waitFor();
    await snapshot(page, 'email-settings-invalid');
  });

  it('saves both forms and the mapping, and keeps them after a reload', async () => {
    await settings.fillSender({
      senderName: 'Mailer News',
      localPart: 'news',
      replyTo: 'replies@mailer.example',
    });
    await settings.chooseMapping('Many to many');
    await settings.useCustomUrl('https://mailer.example/preferences');
    await settings.save();
    await page.getByText('Global email configuration created').waitFor();
    await page.getByText('Unsubscribe URL added').waitFor();
    await page.getByText('All changes saved.').waitFor();

    await page.reload();
    await settings.senderName.waitFor();
    expect(await settings.senderName.inputValue()).toBe('Mailer News');
    expect(await settings.fromLocalPart.inputValue()).toBe('news');
    expect(await settings.senderDomain.inputValue()).toBe('demo.meridian.dev');
    expect(await settings.replyTo.inputValue()).toBe('replies@mailer.example');
    expect(await settings.personOrgMapping.inputValue()).toBe('Many to many');
    expect(await settings.customUrl.isChecked()).toBe(true);
    expect(await settings.url.inputValue()).toBe('https://mailer.example/preferences');
    await snapshot(page, 'email-settings-saved');
  });

  it('updates the sender and turns the custom page off', async () => {
    await settings.senderName.fill('Mailer Team');
    await settings.customUrl.uncheck();
    await settings.save();
    await page.getByText('Global email configuration updated').waitFor();
    await page.getByText('Unsubscribe URL updated').waitFor();
    await page.reload();
    await settings.senderName.waitFor();
    expect(await settings.senderName.inputValue()).toBe('Mailer Team');
    expect(await settings.customUrl.isChecked()).toBe(false);
  });

  it('shows the public page an unsubscribed person lands on, signed out', async () => {
    const { context: visitor, page: stranger } = await newPage(browser);
    await stranger.goto('/unsubscribed');
    await stranger.getByText('Unsubscribed: You have successfully unsubscribed from email list').waitFor();
    expect(new URL(stranger.url()).pathname).toBe('/unsubscribed');
    await snapshot(stranger, 'unsubscribed');
    await visitor.close();
  });

  it('answers a forged unsubscribe link through the one URL, signed out, with not found', async () => {
    const forged = `${crypto.randomUUID()}.${crypto.randomUUID()}.${'A'.repeat(32)}`;
    const response = await fetch(new URL(`/api/campaign/v1/unsubscribe/${forged}`, baseUrl), {
      redirect: 'manual',
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { description: string }).description).toBe(
      'This unsubscribe link is not valid',
    );
  });
});
