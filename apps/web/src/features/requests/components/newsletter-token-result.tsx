import { useEffect, useRef, useState } from 'react';
import { Button, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { AppError } from '../../../lib/api.ts';
import { requestsApi } from '../api/requests-api.ts';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * The page a newsletter link opens: reads the token from the URL fragment (never sent to servers or logged
 * as part of the URL) and confirms or unsubscribes once.
 */
export function NewsletterTokenResult({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation('requests');
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token'));
  const [state, setState] = useState<State>(() => (token ? { kind: 'working' } : { kind: 'failed', message: t('newsletter.link_missing') }));
  const started = useRef(false);

  useEffect(() => {
    // Once only: the confirmation token works a single time (React may run effects twice in development).
    if (started.current || !token) return;
    started.current = true;
    const call = action === 'confirm' ? requestsApi.confirmSubscription : requestsApi.unsubscribe;
    call(token)
      .then((res) => setState({ kind: 'done', message: res.message ?? '' }))
      .catch((error: unknown) => setState({ kind: 'failed', message: error instanceof AppError && error.message ? error.message : t('newsletter.failed') }));
  }, [action, t, token]);

  const title =
    state.kind === 'working'
      ? t(action === 'confirm' ? 'newsletter.confirming' : 'newsletter.unsubscribing')
      : state.kind === 'done'
        ? t(action === 'confirm' ? 'newsletter.confirmed_title' : 'newsletter.unsubscribed_title')
        : t('newsletter.link_failed_title');

  return (
    <Container size={560} py={80}>
      <Stack align="center" ta="center" gap="md" aria-live="polite">
        {state.kind === 'working' ? (
          <Loader aria-hidden />
        ) : (
          <ThemeIcon size={72} radius={72} variant="light" color={state.kind === 'done' ? 'green' : 'red'} aria-hidden>
            {state.kind === 'done' ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
          </ThemeIcon>
        )}
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {state.kind !== 'working' && (
          <Text c="dimmed" size="lg">
            {state.message}
          </Text>
        )}
        <Button component={Link} to="/" variant="light">
          {t('common.back_to_menu')}
        </Button>
      </Stack>
    </Container>
  );
}
