import {
  contactDuplicateReportContract,
  contactErrorReportContract,
  contactFileCancelContract,
  contactFileMatchContract,
  contactFileStatusContract,
  contactFileUploadContract,
  contactsImportContract,
  contactTemplateDownloadContract,
  type RequestOf,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { apiDownload, apiUpload, saveBlob } from '@/lib/api-transfer';
import { contactKeys } from './contact-keys';

/** Spec section 9: CSV contact upload polling. */
export const CSV_POLL_MS = 1500;

export const importKeys = {
  status: (filepath: string) => [...contactKeys.all, 'import', filepath, 'status'] as const,
  preview: (filepath: string) => [...contactKeys.all, 'import', filepath, 'preview'] as const,
};

export function uploadContactsFile(file: File) {
  return apiUpload(contactFileUploadContract, { files: { file } }, { selfHandled: true });
}

/**
 * The upload's or import's state, polled while the server is still processing it: an upload is
 * done once completed, an import once its stage is imported (or either has failed).
 */
export function useImportStatus(filepath: string | null, waitFor: 'upload' | 'import') {
  return useQuery({
    queryKey: importKeys.status(filepath ?? ''),
    queryFn: ({ signal }) =>
      apiCall(contactFileStatusContract, { filepath: filepath ?? '' }, { signal, selfHandled: true }),
    enabled: filepath !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return CSV_POLL_MS;
      if (data.status === 'error' || data.stage === 'failed') return false;
      const done = waitFor === 'upload' ? data.status === 'completed' : data.stage === 'imported';
      return done ? false : CSV_POLL_MS;
    },
    gcTime: 0,
    meta: { selfHandled: true },
  });
}

export function useImportPreview(filepath: string | null, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.preview(filepath ?? ''),
    queryFn: ({ signal }) =>
      apiCall(contactFileMatchContract, { filepath: filepath ?? '' }, { signal, selfHandled: true }),
    enabled: filepath !== null && enabled,
    gcTime: 0,
    staleTime: Infinity,
    meta: { selfHandled: true },
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof contactsImportContract>) =>
      apiCall(contactsImportContract, input, { selfHandled: true }),
    // The status query picks up the import from here on.
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: importKeys.status(input.filepath) }),
  });
}

export function cancelImport(filepath: string) {
  return apiCall(contactFileCancelContract, { filepath }, { selfHandled: true });
}

export async function downloadContactsTemplate() {
  const { blob, filename } = await apiDownload(contactTemplateDownloadContract);
  saveBlob(blob, filename ?? 'contacts-template.csv');
}

export async function downloadImportReport(kind: 'errors' | 'duplicates', filepath: string) {
  const contract = kind === 'errors' ? contactErrorReportContract : contactDuplicateReportContract;
  const { blob, filename } = await apiDownload(contract, { filepath });
  saveBlob(blob, filename ?? `contacts-${kind}.csv`);
}
