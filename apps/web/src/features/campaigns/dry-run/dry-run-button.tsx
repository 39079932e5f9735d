import { Button } from '@mantine/core';
import type { Campaign } from '@meridian/contracts';
import { IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { DryRunDrawer } from './dry-run-drawer';

/** The editor header's 'Dry run' button and the drawer it opens. */
export function DryRunButton({ campaign }: { campaign: Campaign }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconRoute size={16} />} onClick={() => setOpened(true)}>
        Dry run
      </Button>
      {opened && <DryRunDrawer campaign={campaign} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
