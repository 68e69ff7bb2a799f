import type { MouseEvent } from 'react';
import { useTranslation } from '../../app/i18n.ts';

/** The id of each layout's main region, which the skip link jumps to. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first thing a keyboard user tabs to on every page; Enter moves the focus past the header
 * and navigation to the page's main region (which needs `id={MAIN_ID}` and `tabIndex={-1}`).
 */
export function SkipLink() {
  const { t } = useTranslation('a11y');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // The router would treat the hash as a navigation; only the focus moves.
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <a className="tavolo-skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('skip_to_content')}
    </a>
  );
}
