import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/** The heading of a dashboard page: title, one line of explanation, and its main action on the right. */
export function PageHeader({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div style={{ flex: '1 1 280px' }}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" mt={4}>
            {subtitle}
          </Text>
        )}
      </div>
      {action}
    </Group>
  );
}
