/**
 * One label and value of a settings card's description list (<dl>): the label dimmed on the
 * left, the value on the right, wrapped anywhere rather than overflowing (long emails).
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" justify="space-between" gap="xs" wrap="nowrap" py={6}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
