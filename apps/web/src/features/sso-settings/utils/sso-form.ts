import { samlConfigRequestSchema, type SamlConfig } from '@meridian/contracts';
import type { z } from 'zod';

/** Spec section 5, "SSO": sso_url, entity_id (IDP issuer) and certificate required; the rest optional. */
export const ssoFormSchema = samlConfigRequestSchema;

/** The form's values: every field present, empty text for what is not set. */
export interface SsoForm {
  sso_url: string;
  entity_id: string;
  certificate: string;
  second_certificate: string;
  allow_idp_initiated: boolean;
  metadata_url: string;
}

export type SsoFormRequest = z.input<typeof samlConfigRequestSchema>;

export function ssoFormValues(config: SamlConfig | null): SsoForm {
  return {
    sso_url: config?.sso_url ?? '',
    entity_id: config?.entity_id ?? '',
    certificate: config?.certificate ?? '',
    second_certificate: config?.second_certificate ?? '',
    allow_idp_initiated: config?.allow_idp_initiated ?? false,
    metadata_url: config?.metadata_url ?? '',
  };
}

/** Spec section 8, success toasts. */
export function ssoSavedMessage(existed: boolean): string {
  return existed ? 'SSO configuration updated successfully' : 'SSO configuration created successfully';
}
