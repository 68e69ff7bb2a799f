import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

/** The frame every sign-in, reset and sign-up form sits in. */
export function AuthCard({ title, subtitle, children, width = 440 }: { title: string; subtitle?: ReactNode; children: ReactNode; width?: number }) {
  return (
    <Container size={width} py={{ base: 'xl', sm: 48 }} px="md">
      <Stack gap={4} mb="lg" ta="center">
        {/* A restaurant's name may be one long word: broken where it must rather than widening the phone's page. */}
        <Title order={1} fz={{ base: 26, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {children}
      </Paper>
    </Container>
  );
}
