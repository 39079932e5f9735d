import { useCallback, useEffect, useRef, useState } from 'react';

export interface ActionCallbacks<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: unknown) => void;
}

export interface Action<I, T> {
  mutate: (input: I, callbacks?: ActionCallbacks<T>) => void;
  isPending: boolean;
  isError: boolean;
  /** The last call's failure, while it is the last call. */
  error: unknown;
}

type Status = { kind: 'idle' | 'pending' | 'success' } | { kind: 'error'; error: unknown };

/**
 * One request started by a person (a form's submit), with its state: what the login steps need
 * from a mutation, without the data layer in their first load. As with a mutation, the state is
 * the last call's, only the last call's callbacks run, and not once the component is gone, and failures are the
 * caller's to show.
 */
export function useAction<I, T>(run: (input: I) => Promise<T>): Action<I, T> {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const mounted = useRef(true);
  const latest = useRef(0);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((input: I, callbacks: ActionCallbacks<T> = {}) => {
    const call = ++latest.current;
    setStatus({ kind: 'pending' });
    runRef.current(input).then(
      (result) => {
        if (!mounted.current || call !== latest.current) return;
        setStatus({ kind: 'success' });
        callbacks.onSuccess?.(result);
      },
      (error: unknown) => {
        if (!mounted.current || call !== latest.current) return;
        setStatus({ kind: 'error', error });
        callbacks.onError?.(error);
      },
    );
  }, []);

  return {
    mutate,
    isPending: status.kind === 'pending',
    isError: status.kind === 'error',
    error: status.kind === 'error' ? status.error : null,
  };
}
