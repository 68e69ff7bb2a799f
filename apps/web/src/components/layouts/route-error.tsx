import { Component, type ReactNode } from 'react';
import { Button } from '../lite/index.ts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../app/i18n.ts';
import { MessagePage } from './message-page.tsx';

/** Shown when a page fails to load (e.g. a new deployment replaced its chunk) or throws. */
function RouteError() {
  const { t } = useTranslation();
  return (
    <MessagePage icon={<IconAlertTriangle size={40} />} title={t('route_error.title')} text={t('route_error.text')}>
      <Button onClick={() => window.location.reload()}>{t('route_error.reload')}</Button>
    </MessagePage>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { error?: unknown; pathname: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('A page failed') };
  }

  // Another address is another page: it gets its chance to render.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: undefined };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

/** Around a site's layout (route-table.tsx): a failing page shows the error page in its place, until the next address. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
