import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-handling';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { CONTACT_CREATED, useCreateContact } from '../api/create-contact';
import { createContactFormSchema, type CreateContactForm } from '../utils/validation';

export interface CreateContactModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Create a new contact': an email, then the new contact's page. */
export function CreateContactModal({ opened, onClose }: CreateContactModalProps) {
  const navigate = useNavigate();
  const create = useCreateContact();
  const form = useForm<CreateContactForm>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(createContactFormSchema, { sync: true }),
    // Spec section 5: the email's message shows as soon as the field loses focus.
    validateInputOnBlur: true,
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    create.mutate(createContactFormSchema.parse(values), {
      onSuccess: ({ person_id }) => {
        showSuccessToast(CONTACT_CREATED);
        close();
        void navigate(protectedRoutes.contactDetail.to({ id: person_id }));
      },
      onError: (error) => {
        const message = (isApiError(error) && error.fieldErrors.email?.[0]) || errorMessage(error);
        if (isApiError(error) && (error.fieldErrors.email || error.status === 409)) {
          form.setFieldError('email', message);
        } else {
          showErrorToast(message);
        }
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Create a new contact" size="md">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Add a contact by email. You can fill in the other fields on the contact page.
          </Text>
          <TextInput
            label="Email"
            placeholder="name@company.com"
            type="email"
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
