import { describe, expect, it } from 'vitest';
import {
  dirtyFlags,
  EMPTY_DRAFT,
  joinErrors,
  nameError,
  previewGate,
  saveErrors,
  updateBody,
  type TokenDraft,
} from './token-form';

const filled: TokenDraft = {
  name: 'first_name',
  token: '{{ person.first_name | capitalize }}',
  default_value: 'there',
  description: 'The first name, capitalised',
};

describe('nameError', () => {
  it('refuses a name with spaces', () => {
    expect(nameError('first name')).toBe('Token name cannot have spaces in them');
  });

  it('accepts a name without spaces', () => {
    expect(nameError('first_name')).toBeNull();
  });
});

describe('saveErrors', () => {
  it('lists the missing fallback, description and code in the spec order', () => {
    const errors = saveErrors({ ...EMPTY_DRAFT, name: 'greeting' }, 'string');
    expect(joinErrors(errors)).toBe(
      'Fallback value is required, Description is required, Token code is required',
    );
  });

  it('does not ask arrays and hashmaps for a fallback', () => {
    expect(saveErrors({ ...filled, default_value: '' }, 'array')).toEqual([]);
    expect(saveErrors({ ...filled, default_value: '' }, 'hashmap')).toEqual([]);
  });

  it('asks for a fallback while the type is unknown', () => {
    expect(saveErrors({ ...filled, default_value: ' ' }, null)).toEqual(['Fallback value is required']);
  });

  it('counts code of only spaces as missing', () => {
    expect(saveErrors({ ...filled, token: '   ' }, 'string')).toEqual(['Token code is required']);
  });

  it('puts a bad name first', () => {
    expect(saveErrors({ ...filled, name: 'a b', description: '' }, 'string')).toEqual([
      'Token name cannot have spaces in them',
      'Description is required',
    ]);
  });

  it('accepts a complete draft', () => {
    expect(saveErrors(filled, 'string')).toEqual([]);
  });
});

describe('dirtyFlags', () => {
  it('keeps the header and the definition apart', () => {
    expect(dirtyFlags({ ...filled, name: 'other' }, filled)).toEqual({ header: true, definition: false });
    expect(dirtyFlags({ ...filled, description: 'x' }, filled)).toEqual({ header: false, definition: true });
    expect(dirtyFlags({ ...filled, default_value: 'x' }, filled)).toEqual({
      header: false,
      definition: true,
    });
    expect(dirtyFlags({ ...filled, token: 'x' }, filled)).toEqual({ header: false, definition: true });
    expect(dirtyFlags(filled, filled)).toEqual({ header: false, definition: false });
  });
});

describe('updateBody', () => {
  it('sends the name only when the header changed, and no fallback for lists', () => {
    expect(updateBody(filled, { header: false, definition: true }, 'array')).toEqual({
      token: filled.token,
      description: filled.description,
      default_value: '',
    });
    expect(
      updateBody({ ...filled, description: ' d ' }, { header: true, definition: true }, 'string'),
    ).toEqual({
      name: 'first_name',
      token: filled.token,
      description: 'd',
      default_value: 'there',
    });
  });
});

describe('previewGate', () => {
  it('blocks a token never saved', () => {
    expect(previewGate(false, { header: false, definition: false })).toEqual({
      blocked: 'unsaved-token',
      stale: false,
    });
  });

  it('blocks on any unsaved change and marks the preview stale only for the definition', () => {
    expect(previewGate(true, { header: true, definition: false })).toEqual({
      blocked: 'unsaved-changes',
      stale: false,
    });
    expect(previewGate(true, { header: false, definition: true })).toEqual({
      blocked: 'unsaved-changes',
      stale: true,
    });
    expect(previewGate(true, { header: false, definition: false })).toEqual({ blocked: null, stale: false });
  });
});
