import { Badge } from '@mantine/core';

/** A connection's sync status: Active, Sync Paused (an error), Paused (by hand) or Disabled (no sync). */
export function StatusBadge({ connection }: { connection: { status: string; error: string | null } }) {
  const { label, color } = statusOf(connection);
  return (
    <Badge variant="light" color={color} radius="sm" style={{ flex: 'none' }}>
      {label}
    </Badge>
  );
}

export function statusOf(connection: { status: string; error: string | null }): {
  label: string;
  color: string;
} {
  if (connection.error) return { label: 'Sync Paused', color: 'red' };
  switch (connection.status) {
    case 'active':
      return { label: 'Active', color: 'teal' };
    case 'paused':
      return { label: 'Paused', color: 'yellow' };
    default:
      return { label: 'Disabled', color: 'gray' };
  }
}
