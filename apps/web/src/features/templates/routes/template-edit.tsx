import '../styles';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from '@/lib/router';
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
      <Center h="60vh">
        <Stack align="center" gap="sm">
          <Text fw={600}>This email is not available</Text>
          <Text size="sm" c="dimmed">
            It may have been removed, or the link is wrong.
          </Text>
          <Button component={Link} to={protectedRoutes.templates.to()} variant="default">
            Back to emails
          </Button>
        </Stack>
      </Center>
    );
  }
  // Keyed by template: opening another email remounts the editor with its content.
  return <TemplateEditor key={template.data.template_id} template={template.data} />;
}
