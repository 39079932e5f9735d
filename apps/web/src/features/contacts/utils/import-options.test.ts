import { describe, expect, it } from 'vitest';
import {
  defaultImportOptions,
  importBlock,
  optionAvailability,
  withOption,
  type ImportCounts,
} from './import-options';

const counts = (overrides: Partial<ImportCounts> = {}): ImportCounts => ({
  error_contacts: 0,
  duplicate_contacts: 0,
  total_entries_to_be_created: 3,
  total_entries_to_be_updated: 2,
  ...overrides,
});

describe('the CSV import options', () => {
  it('turns data update on by default when there are entries to update', () => {
    expect(defaultImportOptions(counts()).enable_update).toBe(true);
    expect(defaultImportOptions(counts({ total_entries_to_be_updated: 0 })).enable_update).toBe(false);
  });

  it('starts with overwrite and ignore-blank off', () => {
    expect(defaultImportOptions(counts())).toMatchObject({ overwrite_values: false, ignore_blank: false });
  });

  it('blocks the import when the file has errors', () => {
    expect(importBlock(counts({ error_contacts: 1 }), { enable_update: true })).toBe('errors');
  });

  it('blocks the import when there is nothing to create or update', () => {
    const empty = counts({ total_entries_to_be_created: 0, total_entries_to_be_updated: 0 });
    expect(importBlock(empty, { enable_update: true })).toBe('nothing-to-import');
  });

  it('blocks the import when there is nothing to create and update is off', () => {
    const updatesOnly = counts({ total_entries_to_be_created: 0 });
    expect(importBlock(updatesOnly, { enable_update: false })).toBe('nothing-to-create');
    expect(importBlock(updatesOnly, { enable_update: true })).toBeNull();
  });

  it('allows an import of new contacts with update off', () => {
    expect(importBlock(counts(), { enable_update: false })).toBeNull();
  });

  it('allows an import with duplicates: the unique ones are imported', () => {
    expect(importBlock(counts({ duplicate_contacts: 4 }), { enable_update: true })).toBeNull();
  });

  it('offers overwrite only while updating, and ignore-blank only while overwriting', () => {
    const c = counts();
    expect(
      optionAvailability(c, { enable_update: false, overwrite_values: false, ignore_blank: false }),
    ).toEqual({
      enable_update: true,
      overwrite_values: false,
      ignore_blank: false,
    });
    expect(
      optionAvailability(c, { enable_update: true, overwrite_values: true, ignore_blank: false }),
    ).toEqual({
      enable_update: true,
      overwrite_values: true,
      ignore_blank: true,
    });
    expect(
      optionAvailability(counts({ total_entries_to_be_updated: 0 }), defaultImportOptions(c)).enable_update,
    ).toBe(false);
  });

  it('turns dependent options off with the option they depend on', () => {
    const all = { enable_update: true, overwrite_values: true, ignore_blank: true };
    expect(withOption(all, 'enable_update', false)).toEqual({
      enable_update: false,
      overwrite_values: false,
      ignore_blank: false,
    });
    expect(withOption(all, 'overwrite_values', false)).toEqual({
      enable_update: true,
      overwrite_values: false,
      ignore_blank: false,
    });
  });
});
