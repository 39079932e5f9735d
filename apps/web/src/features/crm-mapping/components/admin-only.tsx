import { Tooltip } from '@mantine/core';
import { connectionMessages } from '@meridian/contracts';
import type { ReactNode } from 'react';

/**
 * Admin-only actions (decisions, "Admin-only actions"): the mapping is changed by admins; for
 * everyone else the button inside is disabled and the house tooltip says why.
 */
export function AdminOnly({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  return (
    <Tooltip label={connectionMessages.adminsOnly} disabled={canEdit} withArrow>
      {/* The wrapper keeps the tooltip working on a disabled button. */}
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}
