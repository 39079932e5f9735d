import { Alert, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type Campaign, dryRunMessages, flowSchema } from '@meridian/contracts';
import { IconAlertCircle, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PersonLookupField, type PersonSelection } from '@/components/person-lookup';
import { isApiError } from '@/lib/api-error';
import { DryRunSteps } from './dry-run-steps';
import { useDryRun } from './use-dry-run';

export interface DryRunDrawerProps {
  campaign: Campaign;
  opened: boolean;
  onClose: () => void;
}

/** decisions.md "Campaigns": the working copy of the flow is the draft's, else the live one. */
export function workingStepCount(campaign: Campaign): number {
  const parsed = flowSchema.safeParse(campaign.draft_data?.flow ?? campaign.flow ?? { nodes: [], links: [] });
  return parsed.success ? parsed.data.nodes.filter((node) => !node.is_deleted).length : 0;
}

const failure = (error: unknown) =>
  (isApiError(error) && error.body?.description) || 'The dry run failed. Try again.';

/** Pick a contact, run the flow for them as it stands today, and read the path it would take. */
export function DryRunDrawer({ campaign, opened, onClose }: DryRunDrawerProps) {
  const [selection, setSelection] = useState<PersonSelection | null>(null);
  const dryRun = useDryRun();
  const hasSteps = workingStepCount(campaign) > 0;
  const result = dryRun.data;
  const run = () => {
    if (selection) dryRun.mutate({ campaign_id: campaign.campaign_id, person_id: selection.ref.id });
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={`${dryRunMessages.title}: ${campaign.name}`}
      position="right"
      size="lg"
    >
      {!hasSteps ? (
        <EmptyState
          icon={<IconRoute size={22} />}
          title={dryRunMessages.noSteps}
          hint="Add steps in the Flow tab, then run it for a contact."
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {dryRunMessages.nothingSent}
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              run();
            }}
          >
            <Stack gap="sm">
              <PersonLookupField label="Contact" allowOrgUser={false} autoFocus onChange={setSelection} />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={!selection}
                  loading={dryRun.isPending}
                  leftSection={<IconRoute size={16} />}
                >
                  Run dry run
                </Button>
              </Group>
            </Stack>
          </form>
          {dryRun.isPending && (
            <Stack gap="xs" aria-label="Running the dry run">
              <Skeleton h={18} w="60%" />
              <Skeleton h={48} />
              <Skeleton h={48} />
            </Stack>
          )}
          {dryRun.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="The dry run did not run">
              {failure(dryRun.error)}
            </Alert>
          )}
          {result && !dryRun.isPending && (
            <Stack gap="sm">
              <Text size="sm">
                Path for{' '}
                <b>
                  {[result.person.first_name, result.person.last_name].filter(Boolean).join(' ') ||
                    result.person.email}
                </b>{' '}
                as of{' '}
                {new Date(result.evaluated_at).toLocaleString('en-US', {
                  dateStyle: 'long',
                  timeStyle: 'short',
                })}
              </Text>
              {result.steps.length === 0 ? (
                <EmptyState icon={<IconRoute size={22} />} title={dryRunMessages.noSteps} />
              ) : (
                <DryRunSteps steps={result.steps} stopped={result.stopped} />
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
