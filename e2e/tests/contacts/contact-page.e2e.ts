import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContactPage, ContactsListPage } from '../../pages/contacts.page';
import { signIn, signInAsDemoAdmin } from '../../pages/session';
import { newAccount, registerVerifiedAccount } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('a contact, from creation to deletion', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `jamie.${Date.now()}@e2e.meridian.dev`;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('refuses an invalid email in the create dialog', async () => {
    const list = new ContactsListPage(page);
    await list.goto();
    await list.createContact('not-an-email');
    await page.getByText('Valid email is required').waitFor();
    await page.keyboard.press('Escape');
  });

  it('creates a contact and opens its page', async () => {
    const list = new ContactsListPage(page);
    await list.goto();
    await list.createContact(email);
    const contact = new ContactPage(page);
    await contact.toast('Contact created succesfully').waitFor();
    await contact.waitForContact(email);
    await snapshot(page, 'contacts-created');
  });

  it('edits the contact', async () => {
    const contact = new ContactPage(page);
    await contact.edit({ 'First Name': 'Jamie', 'Last Name': 'Rivera' });
    await contact.toast('Contact updated succesfully').waitFor();
    await contact.fieldValue('first_name').getByText('Jamie').waitFor();
    await page.getByRole('heading', { name: 'Jamie Rivera' }).waitFor();
  });

  it('finds the contact with the search', async () => {
    const list = new ContactsListPage(page);
    await list.goto();
    await list.search('Rivera');
    await list.row(email).waitFor();
    await snapshot(page, 'contacts-list');
    await list.row(email).click();
    await new ContactPage(page).waitForContact(email);
  });

  it('toggles the subscription', async () => {
    const contact = new ContactPage(page);
    const toggle = contact.subscription();
    // The switch shows once the status is loaded.
    await toggle.waitFor();
    const before = await toggle.isChecked();
    await toggle.click({ force: true });
    await contact.toast('Subscription status updated succesfully').waitFor();
    expect(await toggle.isChecked()).toBe(!before);
  });

  it("does not show the contact to another organisation's user", async () => {
    const contactUrl = page.url();
    const other = newAccount('contacts');
    await registerVerifiedAccount(other);
    const { context: otherContext, page: otherPage } = await newPage(browser);
    await signIn(otherContext, other.email, other.password);
    await otherPage.goto(contactUrl);
    await otherPage.getByText('Something went wrong', { exact: true }).waitFor();
    await otherPage.waitForURL('**/contacts');
    const list = new ContactsListPage(otherPage);
    await list.search(email);
    await otherPage.getByText('No contacts found.').waitFor();
    await otherContext.close();
  });

  it('deletes the contact after the email is typed', async () => {
    const contact = new ContactPage(page);
    await contact.delete(email);
    await contact.toast('Contact deleted successfully').waitFor();
    await page.waitForURL('**/contacts');
    // The deleted contact's page asks for nothing more (its refetches answered 404 with a toast).
    expect(await contact.toast('Contact not found').count()).toBe(0);
    const list = new ContactsListPage(page);
    await list.search(email);
    await page.getByText('No contacts found.').waitFor();
  });

  it("shows 'Something went wrong' and goes back to the list for a missing contact", async () => {
    await page.goto('/contacts/00000000-0000-4000-8000-000000000000');
    await page.getByText('Something went wrong', { exact: true }).waitFor();
    await page.waitForURL('**/contacts');
  });
});
