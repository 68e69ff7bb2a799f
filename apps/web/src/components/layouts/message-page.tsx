import type { ReactNode } from 'react';
import { Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** A centred page with an icon, a title, a text and optional actions: 404s, errors, "opening soon". */
export function MessagePage({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Container size={560} py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={72} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {text}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}
