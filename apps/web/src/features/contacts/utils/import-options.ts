import type { ImportPreview, ParsedRequestOf, contactsImportContract } from '@meridian/contracts';

/** Spec sections 4 and 5: the CSV import preview's counts and the rules that enable its options. */
export type ImportCounts = Pick<
  ImportPreview,
  'error_contacts' | 'duplicate_contacts' | 'total_entries_to_be_created' | 'total_entries_to_be_updated'
>;

export type ImportOptions = Pick<
  ParsedRequestOf<typeof contactsImportContract>,
  'enable_update' | 'overwrite_values' | 'ignore_blank'
>;

/** 'Enable data update' is on by default when there are entries to update. */
export function defaultImportOptions(counts: ImportCounts): ImportOptions {
  return {
    enable_update: counts.total_entries_to_be_updated > 0,
    overwrite_values: false,
    ignore_blank: false,
  };
}

export type ImportBlock = 'errors' | 'nothing-to-import' | 'nothing-to-create';

export const IMPORT_BLOCK_REASONS: Record<ImportBlock, string> = {
  errors: 'Resolve the errors in the file and upload it again to import.',
  'nothing-to-import': 'There is nothing to create or update in this file.',
  'nothing-to-create': 'Every contact in this file already exists. Enable data update to update them.',
};

/**
 * Import is disabled when there are errors, nothing to create or update, or nothing to create
 * with update off. Returns why, or null when the import may run.
 */
export function importBlock(
  counts: ImportCounts,
  options: Pick<ImportOptions, 'enable_update'>,
): ImportBlock | null {
  if (counts.error_contacts > 0) return 'errors';
  if (counts.total_entries_to_be_created === 0 && counts.total_entries_to_be_updated === 0) {
    return 'nothing-to-import';
  }
  if (counts.total_entries_to_be_created === 0 && !options.enable_update) return 'nothing-to-create';
  return null;
}

/**
 * Which option switches can be changed: updating needs entries to update; overwriting only means
 * something while updating; ignoring blank values only while overwriting.
 */
export function optionAvailability(counts: ImportCounts, options: ImportOptions) {
  const canUpdate = counts.error_contacts === 0 && counts.total_entries_to_be_updated > 0;
  return {
    enable_update: canUpdate,
    overwrite_values: canUpdate && options.enable_update,
    ignore_blank: canUpdate && options.enable_update && options.overwrite_values,
  };
}

/** Turning an option off also turns off the options that depend on it. */
export function withOption(options: ImportOptions, name: keyof ImportOptions, on: boolean): ImportOptions {
  const next = { ...options, [name]: on };
  if (!next.enable_update) {
    next.overwrite_values = false;
    next.ignore_blank = false;
  }
  if (!next.overwrite_values) next.ignore_blank = false;
  return next;
}
