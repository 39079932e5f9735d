import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { AUDIENCE_GROUP_NAME_MAX, type AudienceItem, type AudienceOuterGroup } from '@meridian/contracts';
import { IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { ActivityGroup } from './activity-group';
import { useBuilder, useItemError } from './builder-context';
import { ItemFrame } from './item-frame';
import { kindLabels } from './labels';
import { MembershipFilter } from './membership-filter';
import { PersonFilter } from './person-filter';
import {
  addChild,
  newItem,
  removeItem,
  removeOuterGroup,
  updateItem,
  updateOuterGroup,
  type AddableKind,
  type ItemPath,
} from './query-state';

export interface OuterGroupProps {
  group: AudienceOuterGroup;
  index: number;
}

/** An outer group: its name, its filters joined by logic gates, and 'Add filter'. */
export function OuterGroup({ group, index }: OuterGroupProps) {
  const { query, onChange, readOnly, campaignContext } = useBuilder();
  const error = useItemError([index]);
  const label = group.name.trim() || `Group ${index + 1}`;
  const kinds: AddableKind[] = ['person', 'product_activity', 'marketing_activity', 'list_membership'];
  if (campaignContext === 'org') kinds.push('org_membership');

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="gray.0"
      component="section"
      aria-label={label}
      style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <TextInput
            size="sm"
            aria-label={`Name of group ${index + 1}`}
            placeholder="Group name"
            value={group.name}
            maxLength={AUDIENCE_GROUP_NAME_MAX}
            readOnly={readOnly}
            onChange={(event) =>
              onChange(updateOuterGroup(query, index, { name: event.currentTarget.value }))
            }
            style={{ flex: 1 }}
            styles={{ input: { fontWeight: 600 } }}
          />
          {readOnly ? null : (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${label}`}
              onClick={() => onChange(removeOuterGroup(query, index))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
        {error ? (
          <Text size="sm" c="red.7" role="alert">
            {error}
          </Text>
        ) : null}
        {group.children.length === 0 && !error ? (
          <Text size="sm" c="dimmed">
            No filters yet: add one to choose who this group selects.
          </Text>
        ) : null}
        {group.children.map((child, childIndex) => (
          <ChildItem
            key={childIndex}
            item={child}
            path={[index, childIndex]}
            name={`filter ${childIndex + 1} of ${label}`}
          />
        ))}
        {readOnly ? null : (
          <Menu position="bottom-start">
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                rightSection={<IconChevronDown size={14} />}
                style={{ alignSelf: 'flex-start' }}
                aria-label={`Add filter to ${label}`}
              >
                Add filter
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {kinds.map((kind) => (
                <Menu.Item key={kind} onClick={() => onChange(addChild(query, [index], newItem(kind)))}>
                  {kindLabels[kind]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Stack>
    </Paper>
  );
}

/** One item of an outer group (or of a person parenthesis), by its kind. */
function ChildItem({ item, path, name }: { item: AudienceItem; path: ItemPath; name: string }) {
  const { query, onChange } = useBuilder();
  const error = useItemError(path);
  const index = path[path.length - 1] ?? 0;
  const change = (next: AudienceItem) => onChange(updateItem(query, path, () => next));
  let body: React.ReactNode;
  if (item.type === 'group' && item.filter_type !== 'person') {
    body = <ActivityGroup group={item} path={path} name={name} />;
  } else if (item.type === 'group') {
    // A parenthesis of person filters, as stored queries may hold.
    body = (
      <Stack gap="xs">
        {item.children.map((child, i) => (
          <ChildItem key={i} item={child} path={[...path, i]} name={`filter ${i + 1} of ${name}`} />
        ))}
      </Stack>
    );
  } else if (item.filter_type === 'person') {
    body = <PersonFilter item={item} onChange={change} name={name} invalid={error !== undefined} />;
  } else {
    body = <MembershipFilter item={item} onChange={change} name={name} invalid={error !== undefined} />;
  }
  return (
    <ItemFrame
      index={index}
      connector={item.connector}
      onConnectorChange={(connector) => change({ ...item, connector })}
      name={name}
      badge={kindLabels[item.filter_type]}
      onRemove={() => onChange(removeItem(query, path))}
      error={error}
    >
      {body}
    </ItemFrame>
  );
}
