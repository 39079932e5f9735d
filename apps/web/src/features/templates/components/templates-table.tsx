import { Badge, Group, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCode, IconCopy, IconLayoutGrid, IconMail, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TemplateSummary } from '@meridian/contracts';
import {
  ActionsHeader,
  DateCell,
  ListTableState,
  OpenableRow,
  RowActionsMenu,
  type ListTableFailure,
} from '@/components/list-table';
import { editorTypeLabel } from '../utils/editor-type';

export interface TemplatesTableProps {
  /** The page could not be read: the table says so, with 'Try again'. */
  failed?: ListTableFailure | null;
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
  failed,
  records,
  loading,
  searching,
  onOpen,
  onClone,
  onRename,
  onRemove,
  onCreate,
}: TemplatesTableProps) {
  return (
    <ListTableState
      failed={failed}
      loading={loading}
      empty={records.length === 0}
      searching={searching}
      icon={IconMail}
      noMatches={{ title: 'No emails found', hint: 'No email matches this search. Try another name.' }}
      noRecords={{
        title: "Let's add an email to get started",
        hint: 'Design it with drag and drop, or write the HTML yourself.',
        create: { label: 'Create first email', onClick: onCreate },
      }}
    >
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="sm" data-testid="templates-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Editor type</Table.Th>
              <Table.Th>Last Updated On</Table.Th>
              <Table.Th>Created On</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((template) => (
              <OpenableRow key={template.template_id} onOpen={() => onOpen(template)}>
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
                <DateCell value={template.updated_at} />
                <DateCell value={template.created_at} />
                <RowActionsMenu
                  name={template.name}
                  actions={[
                    { label: 'Clone', icon: IconCopy, onClick: () => onClone(template) },
                    { label: 'Rename', icon: IconPencil, onClick: () => onRename(template) },
                    { label: 'Remove', icon: IconTrash, onClick: () => onRemove(template), danger: true },
                  ]}
                />
              </OpenableRow>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListTableState>
  );
}
