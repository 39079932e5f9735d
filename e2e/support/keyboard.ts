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

/**
 * Waits until the focus is inside `container` (a dialog that just opened moves it there on the
 * next tick), as a keyboard user waits for the dialog before pressing a key in it. A key pressed
 * earlier reaches the dialog while its first focus is still on the way: Escape then closes it,
 * the dialog's first focus lands inside it anyway, and the focus is not given back on close.
 */
export async function waitForFocusWithin(container: Locator): Promise<void> {
  await container.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const check = () => {
          if (element.contains(element.ownerDocument.activeElement)) resolve();
          else if (Date.now() > deadline) reject(new Error('the focus never moved into the dialog'));
          else setTimeout(check, 50);
        };
        check();
      }),
  );
}

/** What has the focus, for a failure's message: its tag, role, label and text. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page (nothing focused)';
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '';
    return `<${element.tagName.toLowerCase()}${element.getAttribute('role') ? ` role=${element.getAttribute('role')}` : ''}> "${label}"`;
  });
}
