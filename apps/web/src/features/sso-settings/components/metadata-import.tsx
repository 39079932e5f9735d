import { ADMINS_ONLY_SSO, type ResponseOf, type samlMetadataImportContract } from '@meridian/contracts';
import { Button, Group, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { useImportIdpMetadata } from '../api/import-idp-metadata';

export type ImportedSettings = ResponseOf<typeof samlMetadataImportContract>;

/**
 * Fills the identity provider settings from its metadata: the address it publishes it at (read by
 * the server), or the XML pasted. Nothing is saved until the form is.
 */
export function MetadataImport({
  canEdit,
  onImported,
}: {
  canEdit: boolean;
  onImported: (settings: ImportedSettings, url: string) => void;
}) {
  const importMetadata = useImportIdpMetadata();
  const [url, setUrl] = useState('');
  const [xml, setXml] = useState('');
  const [errors, setErrors] = useState<{ url?: string; xml?: string; other?: string }>({});

  const run = () => {
    setErrors({});
    const input = url.trim() ? { metadata_url: url.trim() } : { metadata_xml: xml };
    importMetadata.mutate(input, {
      onSuccess: (settings) => onImported(settings, url.trim()),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields.metadata_url || fields.metadata_xml) {
          setErrors({ url: fields.metadata_url, xml: fields.metadata_xml });
        } else {
          setErrors({ other: errorMessage(error) });
        }
      },
    });
  };

  return (
    <Stack gap="xs">
      <TextInput
        label="Metadata URL"
        description="Where your identity provider publishes its SAML metadata. Or paste the XML below."
        placeholder="https://login.microsoftonline.com/…/federationmetadata.xml"
        value={url}
        readOnly={!canEdit}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={errors.url}
      />
      <Textarea
        label="Metadata XML"
        autosize
        minRows={2}
        maxRows={6}
        spellCheck={false}
        value={xml}
        readOnly={!canEdit}
        onChange={(event) => setXml(event.currentTarget.value)}
        error={errors.xml}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      <Group justify="space-between">
        <Text size="xs" c={errors.other ? 'red' : 'dimmed'}>
          {errors.other ?? 'Fills in the settings below; review them, then save.'}
        </Text>
        <Tooltip label={ADMINS_ONLY_SSO} disabled={canEdit}>
          <span>
            <Button variant="default" onClick={run} loading={importMetadata.isPending} disabled={!canEdit}>
              Import metadata
            </Button>
          </span>
        </Tooltip>
      </Group>
    </Stack>
  );
}
