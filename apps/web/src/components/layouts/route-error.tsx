import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from './message-page.tsx';

/** Shown when a page fails to load (e.g. a new deployment replaced its chunk) or throws. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MessagePage icon={<IconAlertTriangle size={40} />} title={t('not_found.title')} text={t('not_found.text')} />;
  }
  console.error(error);
  return (
    <MessagePage icon={<IconAlertTriangle size={40} />} title={t('route_error.title')} text={t('route_error.text')}>
      <Button onClick={() => window.location.reload()}>{t('route_error.reload')}</Button>
    </MessagePage>
  );
}
