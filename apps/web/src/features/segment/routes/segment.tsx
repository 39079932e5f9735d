import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { ActivitySection } from '../components/activity-section';
import { ApiKeyCard } from '../components/api-key-card';
import { ErrorsSection } from '../components/errors-section';

export interface SegmentRouteProps {
  /** Admins issue keys; users see 'Refresh API Keys' disabled with a tooltip. */
  canManage: boolean;
  /** Where Segment libraries send: this Meridian's origin. */
  host: string;
  /** The opt-out page form, which the email settings own (features meet in src/app). */
  optOutForm: ReactNode;
}

/** /segment: the write key, the events and errors Segment sent, and the opt-out page. */
export function SegmentRoute({ canManage, host, optOutForm }: SegmentRouteProps) {
  return (
    <PageLayout
      title="Segment integration"
      description="Send your product's events to Meridian from Segment: identify calls update contacts, track and page calls become product activity."
    >
      <ApiKeyCard canManage={canManage} host={host} />
      <ActivitySection />
      <ErrorsSection />
      <Paper p="lg" component="section" aria-labelledby="segment-opt-out-heading">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="segment-opt-out-heading">
              Email opt-out configuration page
            </Title>
            <Text size="sm" c="dimmed" mt={2}>
              Where people land after clicking the unsubscribe link of your emails.
            </Text>
          </div>
          {optOutForm}
        </Stack>
      </Paper>
    </PageLayout>
  );
}
