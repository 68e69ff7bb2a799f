import { useMemo, type ReactNode } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import { looksStyle, looksStyleSheet, looksThemeOverride, type TLooks } from '../../lib/looks-theme.ts';

interface Props {
  looks: TLooks;
  /**
   * `document`: the looks apply to the whole page while this is mounted (the storefront: its drawer and menus open in
   * portals outside any wrapper). `box`: only inside a wrapper element (previews in the dashboard).
   */
  scope: 'document' | 'box';
  children: ReactNode;
}

/** Applies a restaurant's looks (colours, fonts, corners) to everything inside. */
export function LooksScope({ looks, scope, children }: Props) {
  const { primary_color, accent_color, theme } = looks;
  const override = useMemo(() => looksThemeOverride({ primary_color, accent_color, theme }), [primary_color, accent_color, theme]);
  const style = useMemo(
    () => (scope === 'box' ? looksStyle({ primary_color, accent_color, theme }) : looksStyleSheet({ primary_color, accent_color, theme })),
    [scope, primary_color, accent_color, theme],
  );
  return (
    <MantineThemeProvider theme={override}>
      {typeof style === 'string' ? (
        <>
          <style data-looks="">{style}</style>
          {children}
        </>
      ) : (
        <div style={style}>{children}</div>
      )}
    </MantineThemeProvider>
  );
}
