import { Group, Text } from '@mantine/core';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-meridian-6)" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.4" />
      <path
        d="M16 7c-3.2 2.6-4.8 5.6-4.8 9s1.6 6.4 4.8 9"
        fill="none"
        stroke="var(--mantine-color-meridian-2)"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path d="M16 7v18" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The product's name with its mark. `heading`: the signed-in screens' top bar names the product as
 * the page's first-level heading; each screen's own title is the second level under it.
 */
export function Brand({ size = 'md', heading = false }: { size?: 'md' | 'lg'; heading?: boolean }) {
  const large = size === 'lg';
  return (
    <Group gap={10} wrap="nowrap" aria-label="Meridian">
      <BrandMark size={large ? 36 : 28} />
      <Text
        component={heading ? 'h1' : 'span'}
        m={0}
        lh="inherit"
        fw={700}
        fz={large ? 24 : 19}
        c="dark.8"
        lts={-0.3}
      >
        Meridian
      </Text>
    </Group>
  );
}
