import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';

/** Title, intro and content of a guest form page (contact, stock check, quote). */
export function RequestPageFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dimmed" mt={6}>
            {intro}
          </Text>
        </div>
        {children}
      </Stack>
    </Container>
  );
}
