import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';

/**
 * A password input whose eye button says what it does, as a toggle (pressed while the password shows): Mantine's own
 * is hidden from screen readers unless given a label. The label leaves out the word "password", so the field stays
 * the only thing labelled that.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': t('show_plain_text'), 'aria-pressed': visible }}
      {...props}
    />
  );
}
