import { useEffect, useState, type ComponentType } from 'react';
import { showErrorToast } from '@/lib/notify';

export type LazyDialog<P> = ComponentType<P> & {
  /** Starts loading the dialog's code, e.g. when the menu that opens it opens. */
  preload: () => void;
};

/** Shown when a dialog's code did not arrive (spec section 8's generic failure). */
export const DIALOG_LOAD_FAILED = 'Something went wrong';

/**
 * A dialog whose code loads when it first opens: its form, fields and schemas stay out of the
 * first load of the screen that offers it. It renders nothing until then, and stays mounted after
 * (closing keeps its transition and returns focus as the dialog itself does).
 *
 * Should the code not arrive (a dropped connection, a deploy in between), the dialog closes
 * itself with a toast and the next open asks again: a rejected load is not kept, so the button
 * that opens it never goes dead until a reload (React.lazy would keep the rejection and hand it
 * to the screen's error boundary).
 */
export function lazyDialog<P extends { opened: boolean; onClose: () => void }>(
  load: () => Promise<ComponentType<P>>,
): LazyDialog<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Deferred(props: P) {
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => loaded);
    // Mounted from its first open on, not before (a preloaded dialog's queries wait for it too).
    const [wanted, setWanted] = useState(props.opened);
    const { opened, onClose } = props;
    if (opened && !wanted) setWanted(true);
    useEffect(() => {
      if (!opened || Dialog) return;
      let current = true;
      start().then(
        (component) => current && setDialog(() => component),
        () => {
          if (!current) return;
          showErrorToast(DIALOG_LOAD_FAILED);
          onClose();
        },
      );
      return () => {
        current = false;
      };
    }, [opened, Dialog, onClose]);
    // The dialog mounts closed and opens on the next render: a Mantine dialog notes what had the
    // focus (to give it back on close) when it opens, not when it mounts already open.
    const [mountedClosed, setMountedClosed] = useState(false);
    const mounted = Dialog !== null && wanted;
    useEffect(() => {
      if (mounted) setMountedClosed(true);
    }, [mounted]);
    return mounted ? <Dialog {...props} opened={opened && mountedClosed} /> : null;
  }
  return Object.assign(Deferred, {
    preload: () => {
      // A failed preload is not worth a toast: opening asks again and reports.
      start().catch(() => undefined);
    },
  });
}
