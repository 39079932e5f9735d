import {
  AspectRatio,
  Button,
  Center,
  Group,
  Image,
  Input,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCode, IconFilePlus, IconLayoutGrid } from '@tabler/icons-react';
import { useState } from 'react';
import type { z } from 'zod';
import {
  templateCreateContract,
  type RequestOf,
  type TemplateGalleryItem,
  type TemplateType,
} from '@meridian/contracts';
import { showErrorToast } from '@/lib/notify';
import { fetchStarter, useTemplateGallery } from '../api/templates';
import { EDITOR_TYPE_LABELS } from '../utils/editor-type';
import classes from './create-template-modal.module.css';

const formSchema = templateCreateContract.request.pick({ name: true, template_type: true });
type CreateForm = z.input<typeof formSchema>;
export type CreateTemplateInput = RequestOf<typeof templateCreateContract>;

export interface CreateTemplateModalProps {
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  onCreate: (input: CreateTemplateInput) => void;
}

/** 'New Email': a name and an editor; the visual editor then starts blank or from the gallery. */
export function CreateTemplateModal({ opened, saving, onClose, onCreate }: CreateTemplateModalProps) {
  const [step, setStep] = useState<'details' | 'gallery'>('details');
  const close = () => {
    setStep('details');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={step === 'details' ? 'New Email' : 'Templates'}
      size={step === 'details' ? 'lg' : 'xl'}
    >
      {opened ? (
        <CreateSteps step={step} setStep={setStep} saving={saving} onCancel={close} onCreate={onCreate} />
      ) : null}
    </Modal>
  );
}

function CreateSteps(props: {
  step: 'details' | 'gallery';
  setStep: (step: 'details' | 'gallery') => void;
  saving: boolean;
  onCancel: () => void;
  onCreate: (input: CreateTemplateInput) => void;
}) {
  const form = useForm<CreateForm>({
    mode: 'controlled',
    initialValues: { name: '', template_type: 'visual' },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const type = form.values.template_type;
  const submit = form.onSubmit((values) => {
    const parsed = formSchema.parse(values);
    if (parsed.template_type === 'visual') props.setStep('gallery');
    else props.onCreate(parsed);
  });

  if (props.step === 'gallery') {
    return (
      <StarterGallery
        saving={props.saving}
        onBack={() => props.setStep('details')}
        onChoose={(starter) => props.onCreate({ ...formSchema.parse(form.values), ...starter })}
      />
    );
  }
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <TextInput
          label="Name"
          placeholder="e.g. Welcome email"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={6}>
          <Input.Label>Editor</Input.Label>
          <SimpleGrid cols={2} spacing="md" role="radiogroup" aria-label="Editor">
            <EditorChoice
              type="visual"
              selected={type === 'visual'}
              description="Build the email from blocks: sections, text, images and buttons."
              onSelect={() => form.setFieldValue('template_type', 'visual')}
            />
            <EditorChoice
              type="advanced"
              selected={type === 'advanced'}
              description="Write or paste the HTML and see it rendered as you type."
              onSelect={() => form.setFieldValue('template_type', 'advanced')}
            />
          </SimpleGrid>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.saving}>
            {type === 'visual' ? 'Next' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditorChoice(props: {
  type: TemplateType;
  selected: boolean;
  description: string;
  onSelect: () => void;
}) {
  const Icon = props.type === 'visual' ? IconLayoutGrid : IconCode;
  return (
    <UnstyledButton
      role="radio"
      aria-checked={props.selected}
      className={classes.choice}
      data-selected={props.selected || undefined}
      onClick={props.onSelect}
      onKeyDown={(event) => {
        // Spec: Enter submits the dialog. On a focused choice it would only click it again,
        // so it chooses this editor and submits, like Enter in the name field.
        if (event.key !== 'Enter') return;
        event.preventDefault();
        props.onSelect();
        event.currentTarget.form?.requestSubmit();
      }}
    >
      <ThemeIcon size={38} radius="md" variant={props.selected ? 'filled' : 'light'} color="meridian">
        <Icon size={20} stroke={1.7} />
      </ThemeIcon>
      <Text fw={600} size="sm" mt="sm">
        {EDITOR_TYPE_LABELS[props.type]}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {props.description}
      </Text>
    </UnstyledButton>
  );
}

type Starter = Pick<CreateTemplateInput, 'content' | 'content_json'>;

function StarterGallery(props: {
  saving: boolean;
  onBack: () => void;
  onChoose: (starter: Starter) => void;
}) {
  const gallery = useTemplateGallery(true);
  const [loading, setLoading] = useState<string | null>(null);
  const choose = async (item: TemplateGalleryItem) => {
    setLoading(item.template_name);
    try {
      const starter = await fetchStarter(item.template_name);
      props.onChoose({ content: starter.content, content_json: starter.content_json });
    } catch {
      showErrorToast('Template selection unsuccessful');
    } finally {
      setLoading(null);
    }
  };
  const busy = props.saving || loading !== null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Start from a blank canvas or from one of the designs that come with Meridian.
      </Text>
      {gallery.isPending ? (
        <Center py={60}>
          <Loader size="sm" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <UnstyledButton
            className={classes.starter}
            disabled={busy}
            aria-label="Blank"
            onClick={() => props.onChoose({})}
          >
            <AspectRatio ratio={3 / 4} className={classes.preview}>
              <Center>
                <Stack align="center" gap={6}>
                  <IconFilePlus size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
                  <Text size="xs" c="dimmed">
                    Empty canvas
                  </Text>
                </Stack>
              </Center>
            </AspectRatio>
            <Text size="sm" fw={600} mt={8}>
              Blank
            </Text>
          </UnstyledButton>
          {(gallery.data ?? []).map((item) => (
            <UnstyledButton
              key={item.template_name}
              className={classes.starter}
              disabled={busy}
              aria-label={item.template_name}
              onClick={() => void choose(item)}
            >
              <AspectRatio ratio={3 / 4} className={classes.preview}>
                {loading === item.template_name ? (
                  <Center>
                    <Loader size="sm" />
                  </Center>
                ) : (
                  <Image src={item.template_preview} alt="" fit="cover" />
                )}
              </AspectRatio>
              <Text size="sm" fw={600} mt={8} truncate>
                {item.template_name}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack} disabled={busy}>
          Back
        </Button>
        {props.saving ? <Loader size="sm" /> : null}
      </Group>
    </Stack>
  );
}
