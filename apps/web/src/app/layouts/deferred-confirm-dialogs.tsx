import { useEffect, useRef, useState, type ComponentType } from 'react';

// What `modals.open*` from '@mantine/modals' dispatch on the window (its external events).
const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);

/**
 * The confirm dialogs' provider (Mantine modals: the dialog, its focus trap, scroll lock and
 * positioning code) loads when a screen first opens one, instead of with every signed-in screen.
 * Until then this listens for the open events; the first is held, the provider loads, and the
 * event is sent again once the provider listens. Screens call `modals.openConfirmModal` as before
 * (none reads the provider's context, so it needs no children).
 */
export function DeferredConfirmDialogs() {
  const [Provider, setProvider] = useState<ComponentType | null>(null);
  const held = useRef<CustomEvent[]>([]);

  useEffect(() => {
    if (Provider) return;
    const hold = (event: Event) => {
      held.current.push(event as CustomEvent);
      void import('./confirm-dialogs').then(({ ConfirmDialogs }) => setProvider(() => ConfirmDialogs));
    };
    for (const type of OPEN_EVENTS) window.addEventListener(type, hold);
    return () => {
      for (const type of OPEN_EVENTS) window.removeEventListener(type, hold);
    };
  }, [Provider]);

  useEffect(() => {
    if (!Provider) return;
    // The provider's listeners are set in its layout effects, which have run by now.
    for (const event of held.current.splice(0)) {
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail as unknown }));
    }
  }, [Provider]);

  return Provider ? <Provider /> : null;
}
