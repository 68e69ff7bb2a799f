import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, LoadingOverlay, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/forms.ts';

/** The states every dashboard page or list goes through before it has data; labels come from the caller's namespace. */

export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** A page whose data did not load: the reason and a retry. */
export function PageLoadError({ title, error, retryLabel, onRetry, maw }: { title: string; error: unknown; retryLabel: string; onRetry: () => void; maw?: number }) {
  return (
    <Stack maw={maw} align="flex-start">
      <Alert color="red" role="alert" title={title} w="100%">
        {errorMessage(error)}
      </Alert>
      <Button variant="default" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Stack>
  );
}

/** A list whose first page did not load. */
export function ListLoadError({ title, error, retryLabel, onRetry, retrying }: { title: string; error: unknown; retryLabel: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}

export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={52} radius="sm" />
      ))}
    </Stack>
  );
}

/** Nothing here yet: an icon, what this list is for, and an optional first action. */
export function ListEmpty({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" ta="center" py="xl">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={420}>
        {text}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Over a list that is already shown: a light overlay while the next page or filter loads, and the error of a
 * failed refresh above the rows that stay visible. Goes first inside a `position: relative` wrapper.
 */
export function ListRefreshState({ query }: { query: { isPlaceholderData: boolean; isFetching: boolean; isError: boolean; error: Error | null } }) {
  return (
    <>
      <LoadingOverlay visible={query.isPlaceholderData && query.isFetching} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      {query.isError && (
        <Alert color="red" mb="sm" role="alert">
          {query.error?.message}
        </Alert>
      )}
    </>
  );
}
