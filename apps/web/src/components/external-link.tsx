import { Anchor, Text } from '@mantine/core';

/** A customer's link, opened in a new tab without handing it this page. */
export function ExternalLink({ href }: { href: string }) {
  const safe = /^https?:\/\//i.test(href);
  return safe ? (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ wordBreak: 'break-all' }}
    >
      {href}
    </Anchor>
  ) : (
    <Text size="sm" style={{ wordBreak: 'break-all' }}>
      {href}
    </Text>
  );
}
