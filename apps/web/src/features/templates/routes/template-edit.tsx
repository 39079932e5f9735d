import '../styles';
import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '@/lib/router';
import { RecordUnavailable } from '@/components/record-unavailable';
import { protectedRoutes } from '@/app/routes';
import { useTemplate } from '../api/templates';
import { TemplateEditor } from '../components/template-editor';

/** /template/edit/:id: one email in its editor. */
export function TemplateEditRoute() {
  const { id = '' } = useParams();
  const template = useTemplate(id);
  useDocumentTitle(`${template.data?.name ?? 'Email'} · Meridian`);

  if (template.isPending) {
    return (
      <Center h="60vh">
        <Loader size="sm" />
      </Center>
    );
  }
  if (template.isError) {
    return (
      <RecordUnavailable
        what="email"
        error={template.error}
        onRetry={() => void template.refetch()}
        back={{ to: protectedRoutes.templates.to(), label: 'Back to emails' }}
      />
    );
  }
  // Keyed by template: opening another email remounts the editor with its content.
  return <TemplateEditor key={template.data.template_id} template={template.data} />;
}
