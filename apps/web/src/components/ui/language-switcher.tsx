import { SegmentedControl } from '../lite/index.ts';
import { setLanguage, useTranslation } from '../../app/i18n.ts';
import { LANGUAGES, type TLanguage } from '@tavolo/contracts/i18n';

/** en / de, stored under `language` (SPEC §9). */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(value) => void setLanguage(value as TLanguage)}
      data={LANGUAGES.map((lang) => ({ value: lang, label: lang.toUpperCase() }))}
    />
  );
}
