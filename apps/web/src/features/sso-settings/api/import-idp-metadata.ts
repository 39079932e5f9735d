import { samlMetadataImportContract, type RequestOf } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Reads identity provider metadata (a URL the server fetches, or pasted XML) into settings; saves nothing. */
export function importIdpMetadata(input: RequestOf<typeof samlMetadataImportContract>) {
  return apiCall(samlMetadataImportContract, input);
}

/** Failures show on the import fields (self-handled). */
export function useImportIdpMetadata() {
  return useMutation({ mutationFn: importIdpMetadata, meta: { selfHandled: true } });
}
