import { Tooltip } from '@mantine/core';
import { salesforceMessages } from '@meridian/contracts';
import type { ReactNode } from 'react';

/**
 * Admin-only actions (decisions, "Admin-only actions"): for everyone else the button inside is
 * disabled, and this tooltip says why.
 */
export function AdminOnly({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  return (
    <Tooltip label={salesforceMessages.adminsOnly} disabled={canEdit} withArrow>
      {/* The wrapper keeps the tooltip working on a disabled button. */}
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}
