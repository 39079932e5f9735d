import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconDownload, IconEye, IconSend } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { Template } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { editorTypeLabel } from '../utils/editor-type';
import { SavedLabel } from './saved-label';
import classes from './template-editor.module.css';

export interface EditorHeaderProps {
  template: Template;
  savedAt: string;
  dirty: boolean;
  saving: boolean;
  busy: boolean;
  onPreview: () => void;
  onExport: () => void;
  onSendTest: () => void;
  onSave: () => void;
}

/** The editor's bar: back to the list, the email's name, the autosave label and the actions. */
export function EditorHeader(props: EditorHeaderProps) {
  const { template } = props;
  return (
    // On a narrow screen the actions wrap under the name rather than run off the screen.
    <Group className={classes.header} justify="space-between" wrap="wrap" gap="md">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Tooltip label="Back to emails">
          <ActionIcon
            component={Link}
            to={protectedRoutes.templates.to()}
            variant="default"
            size="lg"
            aria-label="Back to emails"
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <div style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <Text fw={700} size="lg" truncate component="h1" m={0}>
              {template.name}
            </Text>
            <Badge
              variant="light"
              radius="sm"
              color={template.template_type === 'visual' ? 'violet' : 'gray'}
            >
              {editorTypeLabel(template.template_type)}
            </Badge>
          </Group>
          <SavedLabel savedAt={props.savedAt} dirty={props.dirty} saving={props.saving} />
        </div>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          onClick={props.onPreview}
          disabled={props.busy}
        >
          Preview
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={props.onExport}
          disabled={props.busy}
        >
          Export html
        </Button>
        <Button
          variant="light"
          leftSection={<IconSend size={16} />}
          onClick={props.onSendTest}
          disabled={props.busy}
        >
          Send test email
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={props.onSave}
          loading={props.saving}
          disabled={props.busy}
        >
          Save
        </Button>
      </Group>
    </Group>
  );
}
