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
import { useEffect, useId, useRef, useState, type Ref } from 'react';
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
  // Back from the gallery, the focus returns to the editor choice that led there.
  const visualChoice = useRef<HTMLInputElement>(null);
  const cameBack = useRef(false);
  useEffect(() => {
    if (props.step !== 'details' || !cameBack.current) return;
    cameBack.current = false;
    visualChoice.current?.focus();
  }, [props.step]);
  const submit = form.onSubmit((values) => {
    const parsed = formSchema.parse(values);
    if (parsed.template_type === 'visual') props.setStep('gallery');
    else props.onCreate(parsed);
  });

  if (props.step === 'gallery') {
    return (
      <StarterGallery
        saving={props.saving}
        onBack={() => {
          cameBack.current = true;
          props.setStep('details');
        }}
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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" role="radiogroup" aria-label="Editor">
            <EditorChoice
              type="visual"
              inputRef={visualChoice}
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
  inputRef?: Ref<HTMLInputElement>;
}) {
  const Icon = props.type === 'visual' ? IconLayoutGrid : IconCode;
  const id = useId();
  // A native radio in a group of the same name: the arrow keys move the choice, as users expect.
  return (
    <label className={classes.choice} data-selected={props.selected || undefined}>
      <input
        ref={props.inputRef}
        type="radio"
        name="template-editor"
        value={props.type}
        checked={props.selected}
        onChange={props.onSelect}
        onKeyDown={(event) => {
          // Spec: Enter submits the dialog; on a choice it chooses this editor and submits.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          props.onSelect();
          event.currentTarget.form?.requestSubmit();
        }}
        aria-describedby={`${id}-description`}
        className={classes.choiceInput}
      />
      <ThemeIcon size={38} radius="md" variant={props.selected ? 'filled' : 'light'} color="meridian">
        <Icon size={20} stroke={1.7} />
      </ThemeIcon>
      <Text fw={600} size="sm" mt="sm">
        {EDITOR_TYPE_LABELS[props.type]}
      </Text>
      <Text size="xs" c="dimmed" mt={4} id={`${id}-description`}>
        {props.description}
      </Text>
    </label>
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
  // The focus moves into the second step (it would stay on the replaced 'Next' button, now gone):
  // to 'Back' while the designs load, then to the first design if it is still there.
  const blank = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (blank.current && (active === back.current || active === document.body || !active))
      blank.current.focus();
    else if (!blank.current) back.current?.focus();
  }, [gallery.isPending]);
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
            ref={blank}
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
        <Button ref={back} variant="default" onClick={props.onBack} disabled={busy}>
          Back
        </Button>
        {props.saving ? <Loader size="sm" /> : null}
      </Group>
    </Stack>
  );
}
