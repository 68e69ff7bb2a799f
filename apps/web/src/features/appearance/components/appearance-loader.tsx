import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TAppearance } from '@tavolo/contracts/appearance';
import { errorMessage } from '../../../lib/forms.ts';
import { useAppearance } from '../api/appearance-api.ts';

/** Loads the saved looks, with a spinner and a retry on failure, then renders `children` with them. */
export function AppearanceLoader({ children }: { children: (looks: TAppearance) => ReactNode }) {
  const { t } = useTranslation('appearance');
  const looks = useAppearance();
  if (looks.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (looks.isError) {
    return (
      <Stack maw={700} align="flex-start">
        <Alert color="red" role="alert" title={t('load_failed')} w="100%">
          {errorMessage(looks.error)}
        </Alert>
        <Button variant="default" onClick={() => void looks.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  return <>{children(looks.data)}</>;
}
