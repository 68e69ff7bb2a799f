import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n, { useTranslation } from './i18n.ts';
import { CURRENT_USER_KEY } from '../features/auth/hooks/use-current-user.ts';
import { AppError, mayPassOnRetry } from '../lib/api.ts';
import { ClientOnly } from '../components/ui/client-only.tsx';
import { notifyPlanLimit } from '../components/ui/plan-limit.tsx';
import { session } from '../lib/storage.ts';
import { cssVariablesResolver, themeWithLabels } from './theme.ts';

/**
 * A refused call (403): the server's translated message, once however many calls were refused together, and the
 * user is read again (their role may have changed since sign-in, so the menus and buttons follow).
 */
function onForbidden(error: unknown) {
  if (!(error instanceof AppError) || error.code !== 'FORBIDDEN' || !session.token()) return;
  notifications.show({ id: 'forbidden', color: 'red', title: i18n.t('permissions:forbidden_toast_title'), message: error.message, autoClose: 6000 });
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/** Refusals every page handles the same way: not allowed for the role (403), not included in the plan (PLAN_LIMIT). */
function onRefused(error: unknown) {
  onForbidden(error);
  notifyPlanLimit(error);
}

const Overlays = lazy(() => import('./overlays.tsx'));

/** The browser's one query cache; the server renders each page with a new one (see entry-server.tsx). */
export const createQueryClient = () =>
  new QueryClient({
  queryCache: new QueryCache({ onError: onRefused }),
  mutationCache: new MutationCache({ onError: onRefused }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by asking again.
      retry: (count, error) => mayPassOnRetry(error) && count < 2,
    },
  },
});

/** The browser's query cache (a page may fill it before React renders: see prefetchCheckout). */
export const queryClient: QueryClient = createQueryClient();

export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const { t } = useTranslation('a11y');
  const theme = useMemo(() => themeWithLabels(t('close')), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        {children}
        <ClientOnly>
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        </ClientOnly>
      </QueryClientProvider>
    </MantineProvider>
  );
}
