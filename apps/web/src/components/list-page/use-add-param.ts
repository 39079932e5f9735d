import { useSearchParams } from '@/lib/router';

/** Spec 2: `?add=true` opens a list's create dialog; closing it drops the parameter. */
export function useAddParam(): [open: boolean, setOpen: (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const setOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('add', 'true');
        else next.delete('add');
        return next;
      },
      { replace: true },
    );
  return [params.get('add') === 'true', setOpen];
}
