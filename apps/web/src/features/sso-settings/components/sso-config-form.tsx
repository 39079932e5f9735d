import { ADMINS_ONLY_SSO, type SamlConfig } from '@meridian/contracts';
import { Button, Divider, Group, Stack, Switch, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CopyField } from '@/components/copy-field';
import { fieldErrorsOf } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useSaveSsoConfig } from '../api/save-sso-config';
import { ssoFormSchema, ssoFormValues, ssoSavedMessage, type SsoForm } from '../utils/sso-form';
import { MetadataImport } from './metadata-import';

export interface SsoConfigFormProps {
  slug: string;
  config: SamlConfig | null;
  /** Only admins change the configuration (spec section 6); others read it. */
  canEdit: boolean;
}

/**
 * The organisation slug, and the identity provider's settings: SSO URL, issuer, certificate and a
 * second one for rollovers, whether IdP-initiated login is on; admins can fill them from metadata.
 */
export function SsoConfigForm({ slug, config, canEdit }: SsoConfigFormProps) {
  const save = useSaveSsoConfig();
  const form = useForm<SsoForm>({
    mode: 'controlled',
    initialValues: ssoFormValues(config),
    validate: schemaResolver(ssoFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const existed = config !== null;
    save.mutate(
      { exists: existed, values: ssoFormSchema.parse(values) },
      {
        onSuccess: (answer) => {
          const saved = ssoFormValues(answer.saml_config);
          form.setInitialValues(saved);
          form.setValues(saved);
          form.resetDirty(saved);
          showSuccessToast(ssoSavedMessage(existed));
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <CopyField
          label="Organization slug"
          description="Identifies your organization in the single sign-on addresses."
          value={slug}
          data-testid="organisation-slug"
        />
        {/* Users see what admins can do, disabled with the reason (decisions: admin-only actions). */}
        <>
          <MetadataImport
            canEdit={canEdit}
            onImported={(settings, url) =>
              form.setValues({
                sso_url: settings.sso_url,
                entity_id: settings.entity_id,
                certificate: settings.certificate,
                second_certificate: settings.second_certificate ?? '',
                metadata_url: url,
              })
            }
          />
          <Divider />
        </>
        <TextInput
          label="Single sign-on URL"
          description="Where your identity provider receives login requests (SAML 2.0 HTTP-Redirect)."
          placeholder="https://your-company.okta.com/app/…/sso/saml"
          readOnly={!canEdit}
          {...form.getInputProps('sso_url')}
        />
        <TextInput
          label="IDP issuer"
          description="The identity provider's entity ID, as it signs its responses."
          placeholder="http://www.okta.com/exk…"
          readOnly={!canEdit}
          {...form.getInputProps('entity_id')}
        />
        <Textarea
          label="Certificate"
          description="The identity provider's X.509 signing certificate (PEM)."
          placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
          size="md"
          autosize
          minRows={7}
          maxRows={14}
          spellCheck={false}
          readOnly={!canEdit}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          {...form.getInputProps('certificate')}
        />
        <Textarea
          label="Second certificate (optional)"
          description="During a certificate rollover: the identity provider's next or previous certificate. Either one is accepted."
          size="md"
          autosize
          minRows={2}
          maxRows={14}
          spellCheck={false}
          readOnly={!canEdit}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          {...form.getInputProps('second_certificate')}
        />
        <Switch
          label="Allow IdP-initiated login"
          description="Accept logins started at the identity provider (for example an Okta tile). Each response is still accepted only once."
          disabled={!canEdit}
          {...form.getInputProps('allow_idp_initiated', { type: 'checkbox' })}
        />
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {!canEdit
              ? ''
              : form.isDirty()
                ? 'You have unsaved changes.'
                : config
                  ? 'All changes saved.'
                  : ''}
          </Text>
          <Tooltip label={ADMINS_ONLY_SSO} disabled={canEdit}>
            {/* The wrapper keeps the tooltip working on a disabled button. */}
            <span>
              <Button type="submit" loading={save.isPending} disabled={!canEdit || !form.isDirty()}>
                Save changes
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
}
