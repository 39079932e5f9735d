import type { Locator, Page } from 'playwright-core';

/** Whether `target` has the keyboard focus. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${limit} presses`);
}

/** Presses `key` until `target` has the focus (arrow keys in a menu); fails after `limit` presses. */
export async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 10): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()} in ${limit} presses`);
}
