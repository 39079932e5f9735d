import type { AudienceQuery } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { AudienceQueryModal } from '@/components/audience-query';
import { showSuccessToast } from '@/lib/notify';
import { previewListQuery, useInsertListQuery } from '../api/static-list-contacts';

export interface AddFromQueryModalProps {
  listId: string;
  opened: boolean;
  onClose(): void;
}

const personHref = (id: string) => protectedRoutes.contactDetail.to({ id });

/** 'Add contacts' > 'From a dynamic list query': build a query, preview it, add its people. */
export function AddFromQueryModal({ listId, opened, onClose }: AddFromQueryModalProps) {
  const insert = useInsertListQuery(listId);
  const submit = (query: AudienceQuery) =>
    insert.mutateAsync(query).then(({ inserted }) => {
      showSuccessToast(`${inserted} ${inserted === 1 ? 'contact' : 'contacts'} added`);
    });
  return (
    <AudienceQueryModal
      opened={opened}
      onClose={onClose}
      submitLabel="Add to list"
      onSubmit={submit}
      campaignContext="person"
      scope={`static-list:${listId}`}
      preview={previewListQuery}
      personHref={personHref}
    />
  );
}
