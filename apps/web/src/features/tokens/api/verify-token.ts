import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tokenCodeVerifyContract } from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { codeCheckOf, type CodeCheck } from '../utils/code-check';
import { tokenKeys } from './token-keys';

/** How long typing pauses before the code is checked. */
export const VERIFY_DEBOUNCE_MS = 400;

/** Checks the code as it is typed (spec 7 tokens.verify), once typing pauses. */
export function useCodeCheck(code: string): CodeCheck {
  const [debounced] = useDebouncedValue(code, VERIFY_DEBOUNCE_MS);
  const settled = debounced === code;
  const check = useQuery({
    queryKey: tokenKeys.verify(debounced),
    queryFn: ({ signal }) =>
      apiCall(tokenCodeVerifyContract, { token: debounced }, { signal, selfHandled: true }),
    enabled: debounced.trim() !== '',
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  if (code.trim() === '') return { status: 'empty' };
  if (!settled || check.isPending || check.isPlaceholderData) return { status: 'checking' };
  if (check.isError) return { status: 'failed' };
  return codeCheckOf(check.data);
}
