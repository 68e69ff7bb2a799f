import { ActionIcon, Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface Props {
  label: string;
  onRefresh: () => void;
  loading: boolean;
  title?: string;
}

/**
 * A list's "Refresh": the icon alone on phones, where the page's actions share one row (the word took a row of
 * its own under them), with its word from `sm` on. Named for screen readers either way.
 */
export function RefreshButton({ label, onRefresh, loading, title }: Props) {
  return (
    <>
      <ActionIcon hiddenFrom="sm" variant="default" size={36} aria-label={label} title={title ?? label} onClick={onRefresh} loading={loading}>
        <IconRefresh size={16} />
      </ActionIcon>
      <Button visibleFrom="sm" variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={loading} title={title}>
        {label}
      </Button>
    </>
  );
}
