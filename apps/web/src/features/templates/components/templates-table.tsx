import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconCode,
  IconCopy,
  IconDots,
  IconLayoutGrid,
  IconMail,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { TemplateSummary } from '@meridian/contracts';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format-date';
import { editorTypeLabel } from '../utils/editor-type';

export interface TemplatesTableProps {
  records: TemplateSummary[];
  loading: boolean;
  searching: boolean;
  onOpen: (template: TemplateSummary) => void;
  onClone: (template: TemplateSummary) => void;
  onRename: (template: TemplateSummary) => void;
  onRemove: (template: TemplateSummary) => void;
  onCreate: () => void;
}

/** Spec 2 "Email templates": Name, Editor type, Last Updated On, Created On and the row menu. */
export function TemplatesTable({
  records,
  loading,
  searching,
  onOpen,
  onClone,
  onRename,
  onRemove,
  onCreate,
}: TemplatesTableProps) {
  if (loading) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (records.length === 0) {
    return searching ? (
      <EmptyState
        icon={<IconMail size={22} stroke={1.6} />}
        title="No emails found"
        hint="No email matches this search. Try another name."
      />
    ) : (
      <EmptyState
        icon={<IconMail size={22} stroke={1.6} />}
        title="Let's add an email to get started"
        hint="Design it with drag and drop, or write the HTML yourself."
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create first email
          </Button>
        }
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="templates-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Editor type</Table.Th>
            <Table.Th>Last Updated On</Table.Th>
            <Table.Th>Created On</Table.Th>
            <Table.Th w={56} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((template) => (
            <Table.Tr
              key={template.template_id}
              onClick={() => onOpen(template)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="md" size={32} color="meridian">
                    <IconMail size={16} stroke={1.7} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {template.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate maw={360}>
                      {template.subject || 'No subject yet'}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  radius="sm"
                  color={template.template_type === 'visual' ? 'violet' : 'gray'}
                  leftSection={
                    template.template_type === 'visual' ? (
                      <IconLayoutGrid size={12} />
                    ) : (
                      <IconCode size={12} />
                    )
                  }
                >
                  {editorTypeLabel(template.template_type)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(template.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(template.created_at)}
                </Text>
              </Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon aria-label={`Actions for ${template.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onClone(template)}>
                      Clone
                    </Menu.Item>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onRename(template)}>
                      Rename
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onRemove(template)}
                    >
                      Remove
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
