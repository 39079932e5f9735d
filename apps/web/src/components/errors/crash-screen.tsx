import { Accordion, Box, Button, Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import { useEffect } from 'react';
import { reportError } from '@/lib/error-reporting';

export interface CrashScreenProps {
  error: unknown;
  /** React's component stack, when the crash happened while rendering. */
  componentStack?: string | null;
}

/** The top-level crash screen (spec section 2): the error and its call stack folded away, and 'Back' reloads. */
export function CrashScreen({ error, componentStack }: CrashScreenProps) {
  const { summary, stack } = describeCrash(error, componentStack);
  // Spec section 8: the exception goes to the error-reporting service, when one is configured.
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <Center mih="100vh" p="xl" bg="gray.0">
      <Paper p="xl" w="100%" maw={720} shadow="md" role="alert">
        <Stack gap="lg">
          <Stack gap="sm" align="flex-start">
            <ThemeIcon size={44} radius="xl" color="red" variant="light">
              <IconAlertTriangle size={24} />
            </ThemeIcon>
            <Title order={2} fz={22}>
              There was an error processing your request
            </Title>
          </Stack>
          <Accordion variant="contained" radius="md">
            <Accordion.Item value="error">
              <Accordion.Control>
                <Text size="sm" ff="monospace" lineClamp={2}>
                  {summary}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Box mah={320} style={{ overflow: 'auto' }}>
                  <Code block fz="xs" data-testid="crash-stack">
                    {stack || 'No call stack available'}
                  </Code>
                </Box>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <Button
            leftSection={<IconArrowBackUp size={18} />}
            onClick={() => window.location.reload()}
            w="fit-content"
          >
            Back
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

function describeCrash(error: unknown, componentStack?: string | null): { summary: string; stack: string } {
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const parts = [
    error instanceof Error ? error.stack : undefined,
    componentStack ? `Component stack:${componentStack}` : undefined,
  ];
  return { summary, stack: parts.filter(Boolean).join('\n\n') };
}
