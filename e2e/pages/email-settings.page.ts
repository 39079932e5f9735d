import type { Locator, Page } from 'playwright-core';

export interface SenderSettings {
  senderName: string;
  localPart: string;
  domain?: string;
  replyTo: string;
}

/** /email-settings: the global email configuration and the opt-out page, saved by one Save. */
export class EmailSettingsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/email-settings');
    await this.senderName.waitFor();
  }

  get senderName(): Locator {
    return this.page.getByLabel('Sender name');
  }

  get fromLocalPart(): Locator {
    return this.page.getByLabel('From email');
  }

  get senderDomain(): Locator {
    return this.page.getByRole('combobox', { name: 'Sender domain' });
  }

  get replyTo(): Locator {
    return this.page.getByLabel('Reply-to');
  }

  get personOrgMapping(): Locator {
    return this.page.getByRole('combobox', { name: 'Person/org mapping' });
  }

  get customUrl(): Locator {
    return this.page.getByLabel('Use custom configuration page URL');
  }

  get url(): Locator {
    return this.page.getByLabel('URL', { exact: true });
  }

  async fillSender(settings: SenderSettings): Promise<void> {
    await this.senderName.fill(settings.senderName);
    await this.fromLocalPart.fill(settings.localPart);
    if (settings.domain) await this.pick(this.senderDomain, settings.domain);
    await this.replyTo.fill(settings.replyTo);
  }

  async chooseMapping(label: string): Promise<void> {
    await this.pick(this.personOrgMapping, label);
  }

  async useCustomUrl(url: string): Promise<void> {
    if (!(await this.customUrl.isChecked())) await this.customUrl.check();
    await this.url.fill(url);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  private async pick(select: Locator, option: string): Promise<void> {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}
