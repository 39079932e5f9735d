import {
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ServiceDescription } from '@meridian/contracts';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { platformOf, UNAVAILABLE_PLATFORMS, type PlatformSource } from '../utils/platforms';
import classes from './add-connection-dialog.module.css';
import { useCrmTiles } from './crm-tiles-context';

export interface AddConnectionDialogProps {
  opened: boolean;
  /** The warehouse services from the constants call, in their order. */
  services: ServiceDescription[];
  onClose: () => void;
  /** 'Next: Enter Connection Details' with the chosen service. */
  onNext: (service: ServiceDescription) => void;
}

interface Tile {
  key: PlatformSource;
  service: ServiceDescription | null;
  unavailable?: string;
  /** A CRM tile: Next opens the platform's own creation modal instead of the wizard. */
  openCrm?: () => void;
}

/**
 * Spec 2 "Add Connections dialog": a two-column grid of tiles; the chosen one shows a check
 * mark; Next is disabled until a platform is chosen; Cancel clears the choice. Segment has its
 * own page and is not offered here; Salesforce opens its creation modal when src/app provides it
 * (disabled when one exists or it is not configured); HubSpot shows, not yet selectable.
 */
export function AddConnectionDialog({ opened, services, onClose, onNext }: AddConnectionDialogProps) {
  const [chosen, setChosen] = useState<PlatformSource | null>(null);
  const { salesforce } = useCrmTiles();
  const tiles: Tile[] = [
    ...services.map((service) => ({ key: service.client_id as PlatformSource, service })),
    salesforce
      ? {
          key: 'salesforce',
          service: null,
          unavailable: salesforce.disabledReason ?? undefined,
          openCrm: salesforce.open,
        }
      : { key: 'salesforce', service: null, unavailable: UNAVAILABLE_PLATFORMS.salesforce },
    { key: 'hubspot', service: null, unavailable: UNAVAILABLE_PLATFORMS.hubspot },
  ];
  const cancel = () => {
    setChosen(null);
    onClose();
  };
  const next = () => {
    const tile = tiles.find((t) => t.key === chosen);
    if (tile?.openCrm) {
      setChosen(null);
      onClose();
      tile.openCrm();
      return;
    }
    if (!tile?.service) return;
    setChosen(null);
    onNext(tile.service);
  };

  return (
    <Modal opened={opened} onClose={cancel} title="Add Connections" size="lg" centered radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed" id="add-connection-prompt">
          Select a platform to connect
        </Text>
        <SimpleGrid cols={2} spacing="sm" role="group" aria-labelledby="add-connection-prompt">
          {tiles.map((tile) => (
            <PlatformTile
              key={tile.key}
              source={tile.key}
              selected={chosen === tile.key}
              unavailable={tile.unavailable}
              // A CRM tile that exists but cannot be chosen now says so; the tooltip says why.
              unavailableNote={tile.openCrm ? 'Not available' : 'Coming soon'}
              onSelect={() => setChosen(tile.key)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
          <Button disabled={!chosen} onClick={next}>
            Next: Enter Connection Details
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PlatformTile(props: {
  source: PlatformSource;
  selected: boolean;
  unavailable?: string;
  unavailableNote: string;
  onSelect: () => void;
}) {
  const platform = platformOf(props.source);
  const Icon = platform.icon;
  const tile = (
    <UnstyledButton
      className={classes.tile}
      data-selected={props.selected || undefined}
      aria-pressed={props.selected}
      aria-disabled={props.unavailable ? true : undefined}
      onClick={props.unavailable ? undefined : props.onSelect}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light" color={platform.color}>
          <Icon size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {platform.name}
          </Text>
          {props.unavailable ? (
            <Text size="xs" c="dimmed">
              {props.unavailableNote}
            </Text>
          ) : null}
        </Stack>
        {props.selected ? (
          <IconCircleCheckFilled size={20} className={classes.check} aria-label="Selected" />
        ) : null}
      </Group>
    </UnstyledButton>
  );
  return props.unavailable ? (
    <Tooltip label={props.unavailable} withArrow>
      {tile}
    </Tooltip>
  ) : (
    tile
  );
}
