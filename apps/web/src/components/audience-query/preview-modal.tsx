import { Modal } from '@mantine/core';
import type { AudienceList } from '@meridian/contracts';
import { AudiencePreviewTable } from './preview-table';

export interface AudiencePreviewModalProps {
  opened: boolean;
  onClose(): void;
  data: AudienceList | undefined;
  loading: boolean;
  error: string | null;
  personHref(id: string): string;
}

/** Spec 2: the modal 'Dynamic List Preview'. */
export function AudiencePreviewModal({ opened, onClose, ...table }: AudiencePreviewModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Dynamic List Preview" size="xl">
      <AudiencePreviewTable {...table} />
    </Modal>
  );
}
