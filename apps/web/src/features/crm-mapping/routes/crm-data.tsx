import { PageLayout } from '@/components/layout/page-layout';
import { CrmMappingPanel } from '../components/crm-mapping-panel';

/** /crm-data: the CRM data mapping (decisions "Routes"). */
export function CrmDataRoute({ canEdit }: { canEdit: boolean }) {
  return (
    <PageLayout
      title="CRM data mapping"
      description="Choose which CRM field fills each person field, and which side wins when both change."
    >
      <CrmMappingPanel canEdit={canEdit} />
    </PageLayout>
  );
}
