import { samlConfigRequestSchema, type SamlConfig, type SamlConfigRequest } from '@meridian/contracts';

/** Spec section 5, "SSO": sso_url, entity_id (IDP issuer) and certificate required. */
export const ssoFormSchema = samlConfigRequestSchema;
export type SsoForm = Required<SamlConfigRequest>;

export function ssoFormValues(config: SamlConfig | null): SsoForm {
  return {
    sso_url: config?.sso_url ?? '',
    entity_id: config?.entity_id ?? '',
    certificate: config?.certificate ?? '',
  };
}

/** Spec section 8, success toasts. */
export function ssoSavedMessage(existed: boolean): string {
  return existed ? 'SSO configuration updated successfully' : 'SSO configuration created successfully';
}
