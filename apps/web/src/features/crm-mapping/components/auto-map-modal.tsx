import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type CrmSource, unifiedMappingMessages } from '@meridian/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

const SOURCE_LABELS: Record<CrmSource['type'], string> = { salesforce: 'Salesforce' };

/**
 * Spec 2 'Auto-Map Fields': the CRM to map from (offered as a choice when several exist) and the
 * overwrite note.
 */
export function AutoMapModal(props: {
  opened: boolean;
  sources: readonly CrmSource[];
  running: boolean;
  onClose: () => void;
  onConfirm: (connectionId: string) => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Auto-Map Fields" size="md">
      {props.opened ? <AutoMapForm {...props} /> : null}
    </Modal>
  );
}

function AutoMapForm(props: {
  sources: readonly CrmSource[];
  running: boolean;
  onClose: () => void;
  onConfirm: (connectionId: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(props.sources[0]?.connection_id ?? null);
  return (
    <Stack gap="md">
      {props.sources.length > 1 ? (
        <Radio.Group label="Map fields from" value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {props.sources.map((s) => (
              <Radio key={s.connection_id} value={s.connection_id} label={SOURCE_LABELS[s.type]} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm">
          Person fields are matched to {props.sources[0] ? SOURCE_LABELS[props.sources[0].type] : 'CRM'}{' '}
          Contact and Lead fields by name.
        </Text>
      )}
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
        {unifiedMappingMessages.autoMapNote}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button
          disabled={chosen === null}
          loading={props.running}
          onClick={() => chosen && props.onConfirm(chosen)}
        >
          Auto-map
        </Button>
      </Group>
    </Stack>
  );
}
