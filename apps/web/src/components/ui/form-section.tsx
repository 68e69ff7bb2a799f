import type { ReactNode } from 'react';
import { Box, Group, Paper, Text, Title } from '@mantine/core';

/** One titled card of a long settings form (icon, title, optional explanation, fields). */
export function FormSection({ icon, title, description, children }: { icon: ReactNode; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Group gap="sm" mb={description ? 4 : 'md'} wrap="nowrap">
        <Box c="brand" style={{ display: 'flex' }}>
          {icon}
        </Box>
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
