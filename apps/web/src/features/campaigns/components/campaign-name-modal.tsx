import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  type CampaignContext,
  campaignContextLabels,
  campaignMessages,
  campaignNameSchema,
} from '@meridian/contracts';

export type CampaignNameAction = 'New' | 'Rename' | 'Clone';

export interface CampaignNameModalProps {
  opened: boolean;
  action: CampaignNameAction;
  initialName?: string;
  /** Create only: offer the person/org choice (hidden when the mapping is one_to_none). */
  chooseContext?: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (name: string, context: CampaignContext) => void;
}

const submitLabels: Record<CampaignNameAction, string> = { New: 'Create', Rename: 'Save', Clone: 'Clone' };

/** Spec 2 name modal: 'New Campaign' / '{action} Campaign'; the button waits for a valid name. */
export function CampaignNameModal({ opened, action, onClose, ...form }: CampaignNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`${action} Campaign`} size="md">
      {/* Mounted per opening, so the field starts from the given name. */}
      {opened ? <NameForm action={action} onCancel={onClose} {...form} /> : null}
    </Modal>
  );
}

function NameForm(props: Omit<CampaignNameModalProps, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const [name, setName] = useState(props.initialName ?? '');
  const [context, setContext] = useState<CampaignContext>('person');
  const [touched, setTouched] = useState(false);
  const parsed = campaignNameSchema.safeParse(name);
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? campaignMessages.nameRequired);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter submits, but only a name the button would accept.
    if (parsed.success && !props.saving) props.onSubmit(parsed.data, context);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="Campaign name"
          data-autofocus
          value={name}
          error={touched && name !== '' ? error : null}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
          }}
        />
        {props.chooseContext ? (
          <Radio.Group
            label="Campaign context"
            value={context}
            onChange={(value) => setContext(value as CampaignContext)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="person" label={campaignContextLabels.person} />
              <Radio value="org" label={campaignContextLabels.org} />
            </Stack>
          </Radio.Group>
        ) : null}
        {props.action === 'Clone' ? (
          <Text size="sm" c="dimmed">
            {campaignMessages.cloneNote}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.saving} disabled={error !== null}>
            {submitLabels[props.action]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
