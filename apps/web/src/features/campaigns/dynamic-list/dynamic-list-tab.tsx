import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { audienceMessages, type AudienceQuery } from '@meridian/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { protectedRoutes } from '@/app/routes';
import {
  AudiencePreviewModal,
  AudienceQueryBuilder,
  callErrorText,
  forSend,
  isQueryValid,
  queryFieldErrors,
} from '@/components/audience-query';
import { showErrorToast } from '@/lib/notify';
import type { CampaignEditorContext } from '../editor/editor-context';
import { useAudiencePreview } from './api';

export interface DynamicListTabProps extends CampaignEditorContext {
  /** The working copy's query; the editor saves it as part of the draft (autosave, 2 s). */
  value: AudienceQuery;
  onChange(value: AudienceQuery): void;
}

const personHref = (id: string) => protectedRoutes.contactDetail.to({ id });

/** The Dynamic list tab: heading, 'Preview Dynamic List' and the query builder. */
export function DynamicListTab({ campaign, readOnly, showErrors, value, onChange }: DynamicListTabProps) {
  const [checking, setChecking] = useState(false);
  const [asked, setAsked] = useState<AudienceQuery | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const preview = useAudiencePreview(campaign.campaign_id, asked, campaign.campaign_context);

  // A refused preview's messages show at their rows while the query is the one previewed.
  const serverErrors =
    preview.isError && JSON.stringify(asked) === JSON.stringify(forSend(value))
      ? queryFieldErrors(preview.error)
      : undefined;

  const openPreview = () => {
    // Spec 5: an invalid list is not previewed; its rows show why.
    if (!isQueryValid(value)) {
      setChecking(true);
      showErrorToast(audienceMessages.someFieldsInvalid);
      return;
    }
    setAsked(forSend(value));
    setPreviewOpen(true);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          Dynamic List
        </Title>
        <Button variant="light" leftSection={<IconEye size={16} />} onClick={openPreview}>
          Preview Dynamic List
        </Button>
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <AudienceQueryBuilder
          value={value}
          onChange={onChange}
          campaignContext={campaign.campaign_context}
          campaignId={campaign.campaign_id}
          readOnly={readOnly}
          showErrors={showErrors || checking || serverErrors !== undefined}
          serverErrors={serverErrors}
        />
      </Paper>
      <AudiencePreviewModal
        opened={previewOpen}
        onClose={() => setPreviewOpen(false)}
        data={preview.data}
        loading={preview.isFetching}
        error={preview.isError ? callErrorText(preview.error) : null}
        personHref={personHref}
      />
    </Stack>
  );
}
