import type { ReactNode } from 'react';
import { Container, Stack, Text, ThemeIcon, Title } from '../lite/index.ts';

/** A centred page with an icon, a title, a text and optional actions: 404s, errors, "opening soon". */
export function MessagePage({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Container size={560} style={{ paddingBlock: 'calc(5rem * var(--mantine-scale))' }}>
      <Stack align="center" gap="md" style={{ textAlign: 'center' }}>
        <ThemeIcon size={72} radius={72} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={1} className="tavolo-message-title">
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
