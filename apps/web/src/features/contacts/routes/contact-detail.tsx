import '../styles';
import {
  Anchor,
  Avatar,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import type { Person } from '@meridian/contracts';
import { IconArrowLeft, IconBuilding, IconCloud, IconEdit, IconTrash, IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { formatDateTime } from '@/lib/format-date';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContact } from '../api/get-contact';
import { CONTACT_MESSAGES, useRemoveContact, useUpdateContact } from '../api/update-contact';
import { ActivityPanel } from '../components/activity-panels';
import { CONTACT_FORM_ID, ContactFieldsForm } from '../components/contact-fields-form';
import { EmailHistoryPanel } from '../components/email-history-panel';
import { DeleteContactModal } from '../components/delete-contact-modal';
import { ProductUsersPanel } from '../components/product-users-panel';
import { SalesforceSyncPanel } from '../components/salesforce-sync-panel';
import { SubscriptionSwitch } from '../components/subscription-switch';

export const MISSING_CONTACT = 'Something went wrong';

/**
 * /contacts/:id: one contact, its fields, product users and activity. `canChangeSync`: whether the
 * user may remap or resync the contact's Salesforce records (admins only).
 */
export function ContactDetailRoute({ canChangeSync }: { canChangeSync: boolean }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const contact = useContact(id);

  useEffect(() => {
    if (contact.isError) {
      showErrorToast(MISSING_CONTACT);
      void navigate(protectedRoutes.contacts.to(), { replace: true });
    }
  }, [contact.isError, navigate]);

  if (!contact.data) {
    return (
      <PageLayout title="Contact">
        <Center py={120}>
          <Loader />
        </Center>
      </PageLayout>
    );
  }
  return <ContactScreen person={contact.data} canChangeSync={canChangeSync} />;
}

function fieldValue(person: Person, name: string): string {
  const value = person.default_fields.find((field) => field.name === name)?.value;
  return typeof value === 'string' ? value : '';
}

function ContactScreen({ person, canChangeSync }: { person: Person; canChangeSync: boolean }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The form starts again from the stored values after each save or cancel.
  const [formVersion, setFormVersion] = useState(0);
  const update = useUpdateContact(person.id);
  const remove = useRemoveContact(person.id);
  const name = [fieldValue(person, 'first_name'), fieldValue(person, 'last_name')].filter(Boolean).join(' ');
  const subtitle = [fieldValue(person, 'title'), fieldValue(person, 'company_name')]
    .filter(Boolean)
    .join(' at ');

  const cancel = () => {
    setEditing(false);
    setFormVersion((v) => v + 1);
  };

  const actions = editing ? (
    <>
      <Button key="cancel" variant="default" onClick={cancel} disabled={update.isPending}>
        Cancel
      </Button>
      <Button key="save" type="submit" form={CONTACT_FORM_ID} loading={update.isPending}>
        Save
      </Button>
    </>
  ) : (
    <>
      <Button
        key="delete"
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setDeleting(true)}
      >
        Delete
      </Button>
      <Button key="edit" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
        Edit
      </Button>
    </>
  );

  return (
    <PageLayout title={name || person.email} description={name ? person.email : undefined} actions={actions}>
      <Anchor component={Link} to={protectedRoutes.contacts.to()} size="sm" mt={-12}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          All contacts
        </Group>
      </Anchor>
      <Paper p="lg">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar size={48} radius="xl" color="meridian" name={name || person.email} />
            <Box>
              <Text fw={600}>{person.email}</Text>
              <Text size="sm" c="dimmed">
                {subtitle || 'No title or company yet'} · Added {formatDateTime(person._created_time)}
              </Text>
            </Box>
          </Group>
          <SubscriptionSwitch contactId={person.id} />
        </Group>
      </Paper>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper p={0}>
            <Tabs defaultValue="fields">
              <Tabs.List px="md" pt="xs">
                <Tabs.Tab value="fields" leftSection={<IconUser size={16} />}>
                  Personal Fields
                </Tabs.Tab>
                <Tabs.Tab value="product" leftSection={<IconBuilding size={16} />}>
                  Product User
                </Tabs.Tab>
                <Tabs.Tab value="salesforce" leftSection={<IconCloud size={16} />}>
                  Salesforce Sync
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="fields" p="lg">
                <ContactFieldsForm
                  key={formVersion}
                  person={person}
                  editing={editing}
                  onSave={(changes) =>
                    update.mutate(changes, {
                      onSuccess: () => {
                        showSuccessToast(CONTACT_MESSAGES.updated);
                        setEditing(false);
                        setFormVersion((v) => v + 1);
                      },
                      onError: () => showErrorToast(CONTACT_MESSAGES.updateFailed),
                    })
                  }
                />
              </Tabs.Panel>
              <Tabs.Panel value="product" p="lg">
                <ProductUsersPanel contactId={person.id} />
              </Tabs.Panel>
              {/* Read only when opened: most visits never look at Salesforce. */}
              <Tabs.Panel value="salesforce" p="lg" keepMounted={false}>
                <SalesforceSyncPanel email={person.email} canEdit={canChangeSync} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <EmailHistoryPanel contactId={person.id} />
            <ActivityPanel contactId={person.id} kind="marketing" />
            <ActivityPanel contactId={person.id} kind="product" />
          </Stack>
        </Grid.Col>
      </Grid>
      <DeleteContactModal
        opened={deleting}
        email={person.email}
        deleting={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={(email) =>
          remove.mutate(email, {
            onSuccess: () => {
              showSuccessToast(CONTACT_MESSAGES.deleted);
              void navigate(protectedRoutes.contacts.to(), { replace: true });
            },
            onError: () => showErrorToast(CONTACT_MESSAGES.deleteFailed),
          })
        }
      />
    </PageLayout>
  );
}
