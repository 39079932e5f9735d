import type { ResponseOf, samlConfigGetContract } from '@meridian/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { CopyField } from '@/components/copy-field';

type ServiceProvider = ResponseOf<typeof samlConfigGetContract>['service_provider'];

/** What an admin enters in the identity provider: where it posts, and who it speaks to. */
export function ServiceProviderCard({ serviceProvider }: { serviceProvider: ServiceProvider }) {
  return (
    <Paper p="lg">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md">
            Service provider details
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Enter these in your identity provider when you add Meridian as a SAML application.
          </Text>
        </div>
        <CopyField
          size="sm"
          label="ACS URL"
          description="Also called the reply or single sign-on URL. The response or its assertion must be signed (SHA-256 or better)."
          value={serviceProvider.acs_url}
          data-testid="sp-acs-url"
        />
        <CopyField
          size="sm"
          label="Entity ID"
          description="Also called the audience URI. It is also our metadata URL: identity providers that import service provider metadata can read everything from it."
          value={serviceProvider.entity_id}
          data-testid="sp-entity-id"
        />
        <CopyField
          size="sm"
          label="Login URL"
          description="Starts a login from Meridian, e.g. for an app tile."
          value={serviceProvider.login_url}
        />
        <Text size="xs" c="dimmed">
          Name ID format: email address. New people whose email is in your organization’s domain join as Users
          on their first login.
        </Text>
      </Stack>
    </Paper>
  );
}
