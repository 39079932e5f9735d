import { useRef } from 'react';

/**
 * For menu items that open a dialog: the chosen action runs once the menu has closed, with the
 * focus back on the menu's button, so the dialog returns the focus there when it closes (the item
 * that had the focus no longer exists, and the focus would fall to the page). Give `trigger` to
 * the menu's button, or `focusTrigger` when another owner holds its ref; `onClose` to the Menu;
 * wrap each item's action in `choose`.
 */
export function useMenuChoice<T extends HTMLElement = HTMLButtonElement>(focusTrigger?: () => void) {
  const trigger = useRef<T>(null);
  const chosen = useRef<(() => void) | null>(null);
  return {
    trigger,
    choose: (action: () => void) => () => {
      chosen.current = action;
    },
    onClose: () => {
      const run = chosen.current;
      chosen.current = null;
      if (!run) return;
      if (focusTrigger) focusTrigger();
      else trigger.current?.focus();
      run();
    },
  };
}
