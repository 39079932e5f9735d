// `useMergeRefs` for Mantine's ScrollArea, the one thing it takes from @floating-ui/react: with
// it, every table (Table imports ScrollArea for its scroll container) brought the whole
// positioning library into its screen's first load. Same contract: one callback ref setting every
// given ref (calling a callback ref's cleanup, or it with null, on detach); null when all are null.
import { useCallback, useMemo, useRef } from 'react';

export function useMergeRefs(refs) {
  const detach = useRef(undefined);
  const attach = useCallback((instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const cleanup = ref(instance);
        return typeof cleanup === 'function' ? cleanup : () => ref(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => cleanups.forEach((cleanup) => cleanup?.());
  }, refs); // the refs are the dependencies
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value) => {
      detach.current?.();
      detach.current = undefined;
      if (value != null) detach.current = attach(value);
    };
  }, refs); // the refs are the dependencies
}
