import { lazy, Suspense, useState, type ComponentType } from 'react';

export type LazyDialog<P> = ComponentType<P> & {
  /** Starts loading the dialog's code, e.g. when the menu that opens it opens. */
  preload: () => void;
};

/**
 * A dialog whose code loads when it first opens: its form, fields and schemas stay out of the
 * first load of the screen that offers it. It renders nothing until then, and stays mounted after
 * (closing keeps its transition and returns focus as the dialog itself does).
 */
export function lazyDialog<P extends { opened: boolean }>(
  load: () => Promise<ComponentType<P>>,
): LazyDialog<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  const Dialog = lazy(start);
  function Deferred(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(Deferred, { preload: () => void start() });
}
