import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface PageLayoutProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the page header. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every signed-in screen: a page header with title and actions, then the content. */
export function PageLayout({ title, description, actions, children }: PageLayoutProps) {
  useDocumentTitle(`${title} · Meridian`);
  return (
    <Container size="xl" px={{ base: 'md', sm: 'xl' }} py="xl">
      <Stack gap="lg">
        {/* On a phone the actions go under the title rather than past the screen's edge. */}
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Box>
            <Title order={2} fz={26}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm" mt={4}>
                {description}
              </Text>
            ) : null}
          </Box>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
