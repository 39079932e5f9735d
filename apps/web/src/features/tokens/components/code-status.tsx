import { Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { codeCheckMessage, type CodeCheck } from '../utils/code-check';
import { TYPE_LABELS } from '../utils/token-type';

/** The line under the code editor: the syntax check's verdict as you type. */
export function CodeStatus({ check }: { check: CodeCheck }) {
  switch (check.status) {
    case 'empty':
      return (
        <Text size="xs" c="dimmed">
          Write Liquid: person fields as {'{{ person.first_name }}'}, filters and tags as in the help panel.
        </Text>
      );
    case 'checking':
      return (
        <Group gap={6}>
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            Checking…
          </Text>
        </Group>
      );
    case 'valid':
      return (
        <Group gap={6} c="teal.7">
          <IconCircleCheck size={14} />
          <Text size="xs">Valid token, returns {TYPE_LABELS[check.type].toLowerCase()}</Text>
        </Group>
      );
    case 'invalid':
      return (
        <Group gap={6} c="red.7" align="flex-start" wrap="nowrap" role="alert" data-testid="code-error">
          <IconAlertCircle size={14} style={{ marginTop: 2, flexShrink: 0 }} />
          <div>
            <Text size="xs" fw={600}>
              {codeCheckMessage(check)}
            </Text>
            {check.detail ? (
              <Text size="xs" c="red.6">
                {check.detail}
              </Text>
            ) : null}
          </div>
        </Group>
      );
    case 'failed':
      return (
        <Text size="xs" c="orange.7">
          The code could not be checked right now. It is checked again when you save.
        </Text>
      );
  }
}
