import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBraces, IconLink, IconSettings } from '@tabler/icons-react';
import { keepEditing } from '../utils/keep-editing';
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
      placeholder="The subject line recipients see"
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
export function SenderCard({
  sender,
  onEdit,
  stacked = false,
}: {
  sender: SenderSettings;
  onEdit: () => void;
  stacked?: boolean;
}) {
  const Layout = stacked ? Stack : Group;
  return (
    <div className={classes.senderCard}>
      <Layout justify="space-between" wrap="nowrap" gap="sm" align={stacked ? 'stretch' : 'center'}>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            From
          </Text>
          <Text size="sm" fw={500} truncate data-testid="sender-summary">
            {senderSummary(sender)}
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSettings size={14} />}
          onClick={onEdit}
          style={{ flexShrink: 0 }}
        >
          Email settings
        </Button>
      </Layout>
    </div>
  );
}

/** The body inserts both editors offer: a saved token, and the recipient's unsubscribe link. */
export function InsertButtons({
  onAddToken,
  onUnsubscribe,
  stacked = false,
}: {
  onAddToken: () => void;
  onUnsubscribe: () => void;
  stacked?: boolean;
}) {
  const buttons = (
    <>
      <Button
        variant="default"
        leftSection={<IconBraces size={16} />}
        onClick={onAddToken}
        onMouseDown={keepEditing}
        justify={stacked ? 'flex-start' : undefined}
      >
        Add token
      </Button>
      <Button
        variant="default"
        leftSection={<IconLink size={16} />}
        onClick={onUnsubscribe}
        onMouseDown={keepEditing}
        justify={stacked ? 'flex-start' : undefined}
      >
        Unsubscribe link
      </Button>
    </>
  );
  return stacked ? (
    <Stack gap="xs">{buttons}</Stack>
  ) : (
    <Group gap="xs" wrap="nowrap">
      {buttons}
    </Group>
  );
}
