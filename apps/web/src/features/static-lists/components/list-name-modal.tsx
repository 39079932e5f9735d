import { staticListCreateContract } from '@meridian/contracts';
import { NameModal, type NameModalProps } from '@/components/name-modal';

export type ListNameModalProps = Omit<NameModalProps, 'schema' | 'placeholder'>;

/** The name dialog for a new static list and for renaming one. */
export function ListNameModal(props: ListNameModalProps) {
  return (
    <NameModal schema={staticListCreateContract.request} placeholder="e.g. Webinar attendees" {...props} />
  );
}
