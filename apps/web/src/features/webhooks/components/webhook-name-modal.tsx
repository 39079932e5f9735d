import { webhookCreateContract } from '@meridian/contracts';
import { NameModal, type NameModalProps } from '@/components/name-modal';

export type WebhookNameModalProps = Omit<NameModalProps, 'schema' | 'placeholder'>;

/** The name dialog for a new webhook and for renaming one (spec 9: at least 3 characters). */
export function WebhookNameModal(props: WebhookNameModalProps) {
  return <NameModal schema={webhookCreateContract.request} placeholder="e.g. Notify the CRM" {...props} />;
}
