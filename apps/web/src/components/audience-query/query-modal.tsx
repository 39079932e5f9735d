import { Alert, Button, Divider, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import {
  audienceMessages,
  type AudienceList,
  type AudienceQuery,
  type CampaignContext,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconEye, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { audienceKeys } from './api';
import { AudiencePreviewTable } from './preview-table';
import { AudienceQueryBuilder } from './query-builder';
import { callErrorText, queryFieldErrors } from './call-error';
import { emptyQuery, forSend, isQueryValid } from './query-state';

export interface AudienceQueryModalProps {
  opened: boolean;
  onClose(): void;
  /** The submit button's text, e.g. 'Add to list'. */
  submitLabel: string;
  /** Runs with the query as sent; the modal closes once it resolves. */
  onSubmit(query: AudienceQuery): Promise<unknown>;
  campaignContext: CampaignContext;
  /** Scopes cached previews and counts, e.g. the static list id. */
  scope: string;
  /** Previews a query: a 'Preview' view, and the footer 'N contacts selected' with Refresh. */
  preview?(query: AudienceQuery, signal: AbortSignal): Promise<AudienceList>;
  personHref(id: string): string;
  /** The query the builder starts from (default: none). */
  initialQuery?: AudienceQuery;
}

/** Spec 2: the modal 'Dynamic list query' (Cancel, a configurable submit, an optional count footer). */
export function AudienceQueryModal({ opened, onClose, ...rest }: AudienceQueryModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Dynamic list query"
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {opened ? <QueryModalBody onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

function QueryModalBody(props: Omit<AudienceQueryModalProps, 'opened'>) {
  const { onClose, submitLabel, onSubmit, campaignContext, scope, preview, personHref } = props;
  const [query, setQuery] = useState<AudienceQuery>(props.initialQuery ?? emptyQuery);
  // What the server found wrong with the query last submitted, until the query changes.
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [viewing, setViewing] = useState(false);
  // The query the footer and the preview last asked about: Refresh takes the current one.
  const [asked, setAsked] = useState<AudienceQuery | null>(null);
  const valid = isQueryValid(query);
  const result = useQuery({
    queryKey: [...audienceKeys.all, 'modal-preview', scope, asked],
    queryFn: ({ signal }) =>
      preview && asked ? preview(asked, signal) : Promise.reject(new Error('no query')),
    enabled: preview !== undefined && asked !== null,
    retry: false,
    meta: { selfHandled: true },
  });

  /** Checks the query first: an invalid one shows its messages instead of calling the server. */
  const checked = () => {
    if (valid) return forSend(query);
    setShowErrors(true);
    return null;
  };
  const refresh = () => {
    const sent = checked();
    if (sent) {
      setAsked(sent);
      if (asked && JSON.stringify(asked) === JSON.stringify(sent)) void result.refetch();
    }
  };
  const submit = () => {
    const sent = checked();
    if (!sent) return;
    setSubmitting(true);
    onSubmit(sent).then(onClose, (error: unknown) => {
      setSubmitting(false);
      setSubmitErrors(queryFieldErrors(error));
    });
  };

  // A refused preview or count speaks of the query it was asked about: shown while that is the query.
  const askedIsCurrent = asked !== null && JSON.stringify(asked) === JSON.stringify(forSend(query));
  const serverErrors = {
    ...(result.isError && askedIsCurrent ? queryFieldErrors(result.error) : {}),
    ...submitErrors,
  };
  const hasServerErrors = Object.keys(serverErrors).length > 0;

  if (viewing) {
    return (
      <Stack gap="md">
        <AudiencePreviewTable
          data={result.data}
          loading={result.isFetching}
          error={result.isError ? callErrorText(result.error) : null}
          personHref={personHref}
        />
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => setViewing(false)}
          style={{ alignSelf: 'flex-start' }}
        >
          Back to the query
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <AudienceQueryBuilder
        value={query}
        onChange={(next) => {
          setQuery(next);
          setSubmitErrors({});
        }}
        campaignContext={campaignContext}
        showErrors={showErrors || hasServerErrors}
        serverErrors={serverErrors}
      />
      {(showErrors && !valid) || hasServerErrors ? (
        <Alert color="red" variant="light" role="alert">
          {audienceMessages.someFieldsInvalid}
        </Alert>
      ) : null}
      <Divider />
      <Group justify="space-between" gap="sm" wrap="wrap">
        {preview ? (
          <Group gap="xs">
            <Text size="sm" fw={500} data-testid="query-count">
              {asked === null
                ? 'Refresh to count the contacts'
                : result.isFetching
                  ? 'Counting…'
                  : result.isError
                    ? callErrorText(result.error)
                    : `${(result.data?.audience_list.total_count.count ?? 0).toLocaleString('en-US')} contacts selected`}
            </Text>
            {result.isFetching ? <Loader size="xs" aria-hidden /> : null}
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconRefresh size={14} />}
              onClick={refresh}
            >
              Refresh
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconEye size={14} />}
              onClick={() => {
                const sent = checked();
                if (!sent) return;
                setAsked(sent);
                setViewing(true);
              }}
            >
              Preview
            </Button>
          </Group>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={submitting} onClick={submit}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
