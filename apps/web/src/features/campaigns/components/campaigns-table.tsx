import { Badge, Group, Table, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { type Campaign, campaignMessages } from '@meridian/contracts';
import {
  ActionsHeader,
  ListTableState,
  OpenableRow,
  RowActionsMenu,
  type ListTableFailure,
} from '@/components/list-table';
import { formatShortDateTime } from '@/lib/format-date';
import { campaignStats, campaignStatus } from '../utils/campaign-stats';

export interface CampaignsTableProps {
  /** The page could not be read: the table says so, with 'Try again'. */
  failed?: ListTableFailure | null;
  records: Campaign[];
  loading: boolean;
  searching: boolean;
  onOpen: (campaign: Campaign) => void;
  onClone: (campaign: Campaign) => void;
  onRename: (campaign: Campaign) => void;
  onRemove: (campaign: Campaign) => void;
  onCreate: () => void;
}

const statusColor = { Active: 'green', Draft: 'yellow', Inactive: 'gray' } as const;

function CountCell({ count, percent }: { count: number; percent?: string }) {
  return (
    <Table.Td>
      <Text size="sm">
        {count.toLocaleString('en-US')}
        {percent !== undefined ? (
          <Text span size="xs" c="dimmed" ml={6}>
            {percent}
          </Text>
        ) : null}
      </Text>
    </Table.Td>
  );
}

/** Spec 2 "Campaigns": Name with its context badge, the counts, Next Schedule, Status, row menu. */
export function CampaignsTable(props: CampaignsTableProps) {
  return (
    <ListTableState
      failed={props.failed}
      loading={props.loading}
      empty={props.records.length === 0}
      searching={props.searching}
      icon={IconSend}
      noMatches={{ title: campaignMessages.noneFound, hint: campaignMessages.changeSearch.trim() }}
      noRecords={{
        title: campaignMessages.empty,
        hint: 'Pick an audience, build a flow and schedule it.',
        create: { label: campaignMessages.createFirst, onClick: props.onCreate },
      }}
    >
      <Table.ScrollContainer minWidth={900}>
        <Table highlightOnHover verticalSpacing="sm" data-testid="campaigns-table">
          <Table.Thead>
            <Table.Tr>
              {['Name', 'Total', 'Sent', 'Delivered', 'Opened', 'Next Schedule', 'Status'].map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.records.map((campaign) => {
              const stats = campaignStats(campaign.counts);
              const status = campaignStatus(campaign);
              const next = campaign.schedule?.next_run_time;
              return (
                <OpenableRow key={campaign.campaign_id} onOpen={() => props.onOpen(campaign)}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Text size="sm" fw={600} truncate maw={320}>
                        {campaign.name}
                      </Text>
                      <Badge
                        variant="light"
                        radius="sm"
                        // A long name gives way (it truncates); the context badge is read whole.
                        miw="max-content"
                        color={campaign.campaign_context === 'org' ? 'grape' : 'blue'}
                      >
                        {campaign.campaign_context === 'org' ? 'Org' : 'Person'}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <CountCell count={stats.total} />
                  <CountCell count={stats.sent} />
                  <CountCell count={stats.delivered} percent={stats.deliveredPercent} />
                  <CountCell count={stats.opened} percent={stats.openedPercent} />
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {next ? formatShortDateTime(next) : 'Not scheduled'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={statusColor[status]} miw="max-content">
                      {status}
                    </Badge>
                  </Table.Td>
                  <RowActionsMenu
                    name={campaign.name}
                    actions={[
                      { label: 'Clone', icon: IconCopy, onClick: () => props.onClone(campaign) },
                      { label: 'Rename', icon: IconPencil, onClick: () => props.onRename(campaign) },
                      {
                        label: 'Remove',
                        icon: IconTrash,
                        onClick: () => props.onRemove(campaign),
                        danger: true,
                      },
                    ]}
                  />
                </OpenableRow>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListTableState>
  );
}
