import { Box, Group, Text } from '@mantine/core';
import { useServicesHealth, type ServiceState } from '../api/get-health';

const DOT_COLOR: Record<ServiceState, string> = {
  checking: 'var(--mantine-color-gray-4)',
  up: 'var(--mantine-color-teal-6)',
  down: 'var(--mantine-color-red-6)',
};

/** One line of service health, e.g. 'auth: up', each reachable by `service-health-<name>`. */
export function SystemStatus() {
  const services = useServicesHealth();
  return (
    <Group gap="md" justify="center" data-testid="system-status" aria-label="System status">
      <Text size="xs" c="dimmed" fw={500}>
        System status
      </Text>
      {services.map(({ service, state }) => (
        // A native title, not Mantine's Tooltip: the line already says it, and the tooltip's
        // positioning library would be a sixth of the login page's own script.
        <Group key={service} gap={6} wrap="nowrap" title={`${service} service is ${state}`}>
          <Box w={7} h={7} style={{ borderRadius: '50%', background: DOT_COLOR[state] }} aria-hidden="true" />
          <Text size="xs" c="dimmed" data-testid={`service-health-${service}`} data-state={state}>
            {service}: {state}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
