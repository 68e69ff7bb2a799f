import { Alert, Button, Group, Paper } from '@mantine/core';
import { useTranslation } from '../../app/i18n.ts';
import './save-bar.css';

interface Props {
  /** The form differs from what is saved: "You have unsaved changes." and a Discard button. */
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  saveLabel: string;
  /** Nothing to save yet, say. */
  saveDisabled?: boolean;
}

/**
 * The foot of a settings page's form: its Save button stays in reach at the bottom of the screen however long the
 * page (opening hours, ordering rules), with Discard beside it while there are changes.
 */
export function SaveBar({ dirty, saving, onDiscard, saveLabel, saveDisabled }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      {dirty && (
        <Alert color="yellow" variant="light" py="xs">
          {t('save_bar.unsaved')}
        </Alert>
      )}
      <Paper data-save-bar withBorder radius="md" p="xs" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}>
        {/* Wrapping: a long label in German on a phone ("Bestellregeln speichern") was cut off beside Discard. */}
        <Group justify="flex-end" gap="sm" preventGrowOverflow={false}>
          {dirty && (
            <Button variant="default" disabled={saving} onClick={onDiscard}>
              {t('save_bar.discard')}
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={saveDisabled}>
            {saveLabel}
          </Button>
        </Group>
      </Paper>
    </>
  );
}
