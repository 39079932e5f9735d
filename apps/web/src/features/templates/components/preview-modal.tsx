import { Box, Center, Group, Modal, SegmentedControl, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';

const WIDTHS = { desktop: 760, mobile: 375 } as const;
type Device = keyof typeof WIDTHS;

export interface PreviewModalProps {
  opened: boolean;
  subject: string;
  html: string;
  onClose: () => void;
}

/** The email as a mail client shows it, at desktop or phone width. Scripts never run in it. */
export function PreviewModal({ opened, subject, html, onClose }: PreviewModalProps) {
  const [device, setDevice] = useState<Device>('desktop');
  return (
    <Modal opened={opened} onClose={onClose} title="Preview" size={880} padding="lg">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Text size="sm" truncate>
          <Text span c="dimmed">
            Subject:{' '}
          </Text>
          {subject || '(no subject)'}
        </Text>
        <SegmentedControl
          size="xs"
          value={device}
          onChange={(value) => setDevice(value as Device)}
          data={[
            {
              value: 'desktop',
              label: <DeviceLabel icon={<IconDeviceDesktop size={14} />} text="Desktop" />,
            },
            { value: 'mobile', label: <DeviceLabel icon={<IconDeviceMobile size={14} />} text="Mobile" /> },
          ]}
        />
      </Group>
      <Center bg="gray.1" p="md" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Box
          component="iframe"
          title="Email preview"
          sandbox=""
          srcDoc={html}
          w={WIDTHS[device]}
          maw="100%"
          h="65vh"
          bg="white"
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 6,
            transition: 'width 150ms',
          }}
        />
      </Center>
    </Modal>
  );
}

function DeviceLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
