import {
  tokenDefinitionSchema,
  tokenMessages,
  tokenNameSchema,
  tokenToasts,
  type TokenReturnType,
} from '@meridian/contracts';
import { needsFallback } from './fallback';

/** Spec 5 "Token", 8 "Tokens", word for word. */
export const TOKEN_TEXTS = {
  ...tokenMessages,
  ...tokenToasts,
  empty: 'No tokens found.',
  saveAllUnsaved: 'Save all unsaved changes to continue',
} as const;

/** The header of the editor: the token's name. */
export interface TokenHeader {
  name: string;
}

/** The definition: what the code computes and what stands in when it fails. */
export interface TokenDefinition {
  token: string;
  default_value: string;
  description: string;
}

export type TokenDraft = TokenHeader & TokenDefinition;

export const EMPTY_DRAFT: TokenDraft = { name: '', token: '', default_value: '', description: '' };

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The inline message under the name, or null. */
export function nameError(name: string): string | null {
  return firstMessage(tokenNameSchema.safeParse(name));
}

/**
 * The messages a save is refused with, in the spec's order (spec 5: joined in one toast). The
 * fallback is asked for only where the type has one: arrays and hashmaps fall back to empty.
 */
export function saveErrors(draft: TokenDraft, type: TokenReturnType | null): string[] {
  const errors: string[] = [];
  const nameMessage = nameError(draft.name);
  if (nameMessage) errors.push(nameMessage);
  if (needsFallback(type) && draft.default_value.trim() === '') errors.push(tokenMessages.fallbackRequired);
  const definition = tokenDefinitionSchema.safeParse(draft);
  if (!definition.success) {
    for (const field of ['default_value', 'description', 'token'] as const) {
      const issue = definition.error.issues.find((item) => item.path[0] === field);
      if (issue) errors.push(issue.message);
    }
  }
  return errors;
}

export function joinErrors(errors: readonly string[]): string {
  return errors.join(', ');
}

/** Spec 4: separate dirty flags for the definition and the header, cleared by a successful update. */
export interface DirtyFlags {
  header: boolean;
  definition: boolean;
}

export function dirtyFlags(draft: TokenDraft, saved: TokenDraft): DirtyFlags {
  return {
    header: draft.name !== saved.name,
    definition:
      draft.token !== saved.token ||
      draft.default_value !== saved.default_value ||
      draft.description !== saved.description,
  };
}

export const isDirty = (flags: DirtyFlags) => flags.header || flags.definition;

/** The update call's body for a draft: the name travels only when the header changed. */
export function updateBody(draft: TokenDraft, flags: DirtyFlags, type: TokenReturnType | null) {
  return {
    ...(flags.header ? { name: draft.name.trim() } : {}),
    token: draft.token,
    description: draft.description.trim(),
    default_value: needsFallback(type) ? draft.default_value : '',
  };
}

/**
 * What the preview may do now (spec 4, 5, 8): a new token cannot be previewed; unsaved changes
 * disable the button; a definition changed since the last preview makes the shown rows stale.
 */
export interface PreviewGate {
  /** 'unsaved-token': never saved; 'unsaved-changes': saved, with changes since. */
  blocked: 'unsaved-token' | 'unsaved-changes' | null;
  stale: boolean;
}

export function previewGate(saved: boolean, flags: DirtyFlags): PreviewGate {
  if (!saved) return { blocked: 'unsaved-token', stale: false };
  return { blocked: isDirty(flags) ? 'unsaved-changes' : null, stale: flags.definition };
}
