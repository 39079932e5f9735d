import { ActionIcon, Badge, Box, Button, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconArrowLeft, IconChevronDown, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from '@/lib/router';
import { type Campaign, campaignDraftMessages } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { formatDateTime } from '@/lib/format-date';
import { campaignStatus } from '../utils/campaign-stats';
import { editorStatus, STATUS_REFRESH_MS, timeAgo } from './editor-status';

const statusColor = { Active: 'green', Draft: 'yellow', Inactive: 'gray' } as const;

export interface EditorHeaderProps {
  campaign: Campaign;
  me: string | null;
  saving: boolean;
  publishing: boolean;
  onRename(): void;
  onEdit(): void;
  onPublish(active: boolean): void;
  /** More buttons before the publish control (the dry run). */
  extra?: ReactNode;
}

/** Spec 2 header: back, name with rename, context badge, saved/published status and the publish control. */
export function EditorHeader(props: EditorHeaderProps) {
  const { campaign } = props;
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), STATUS_REFRESH_MS, { autoInvoke: true });
  const status = editorStatus(campaign, props.saving, props.me);
  const state = campaignStatus(campaign);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
        <Tooltip label="Back to campaigns">
          <ActionIcon
            component={Link}
            to={protectedRoutes.campaigns.to()}
            variant="default"
            size="lg"
            aria-label="Back to campaigns"
            mt={2}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Box miw={0}>
          <Group gap={6} wrap="nowrap">
            <Title order={2} fz={24} style={{ overflowWrap: 'anywhere' }}>
              {campaign.name}
            </Title>
            <ActionIcon variant="subtle" color="gray" aria-label="Rename campaign" onClick={props.onRename}>
              <IconPencil size={16} />
            </ActionIcon>
          </Group>
          <Group gap="xs" mt={4} wrap="wrap">
            <Badge variant="light" color={campaign.campaign_context === 'org' ? 'grape' : 'blue'}>
              {campaign.campaign_context === 'org' ? 'Org' : 'Person'}
            </Badge>
            <Badge variant="dot" color={statusColor[state]}>
              {state}
            </Badge>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="editor-status">
              <Tooltip label={formatDateTime(status.at)}>
                <span>
                  {status.label}
                  {props.saving ? '' : ` ${timeAgo(status.at, now)}`}
                  {status.by ? ` by ${status.by}` : ''}
                </span>
              </Tooltip>
            </Text>
          </Group>
        </Box>
      </Group>
      <Group gap="sm">
        {props.extra}
        {campaign.active ? (
          <Button leftSection={<IconPencil size={16} />} onClick={props.onEdit}>
            {campaignDraftMessages.editCampaign}
          </Button>
        ) : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button rightSection={<IconChevronDown size={16} />} loading={props.publishing}>
                Publish
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => props.onPublish(true)}>
                {campaignDraftMessages.publishAsActive}
              </Menu.Item>
              <Menu.Item onClick={() => props.onPublish(false)}>
                {campaignDraftMessages.publishAsInactive}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );
}
