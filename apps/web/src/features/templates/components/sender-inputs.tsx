import { ActionIcon, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBraces, IconLink, IconSettings } from '@tabler/icons-react';
import { senderSummary, type SenderSettings } from '../utils/sender-settings';
import classes from './template-editor.module.css';

export interface SubjectInputProps {
  value: string;
  onChange: (value: string) => void;
  onAddToken: () => void;
}

/** The subject line, with a token button of its own. */
export function SubjectInput({ value, onChange, onAddToken }: SubjectInputProps) {
  return (
    <TextInput
      label="Subject"
      placeholder="What the recipient sees in their inbox"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        <Tooltip label="Add token to the subject">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onAddToken}
            aria-label="Add token to the subject"
          >
            <IconBraces size={16} />
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}

/** Who the email comes from, and the button that opens the email settings dialog. */
export function SenderCard({ sender, onEdit }: { sender: SenderSettings; onEdit: () => void }) {
  return (
    <div className={classes.senderCard}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            From
          </Text>
          <Text size="sm" fw={500} truncate data-testid="sender-summary">
            {senderSummary(sender)}
          </Text>
        </div>
        <Button variant="default" size="xs" leftSection={<IconSettings size={14} />} onClick={onEdit}>
          Email settings
        </Button>
      </Group>
    </div>
  );
}

/** The body inserts both editors offer: a saved token, and the recipient's unsubscribe link. */
export function InsertButtons({
  onAddToken,
  onUnsubscribe,
}: {
  onAddToken: () => void;
  onUnsubscribe: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" leftSection={<IconBraces size={16} />} onClick={onAddToken}>
        Add token
      </Button>
      <Button variant="default" leftSection={<IconLink size={16} />} onClick={onUnsubscribe}>
        Unsubscribe link
      </Button>
    </Group>
  );
}
