import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, FocusTrap, Group, Overlay, Paper, Popover, Portal, Stack, Text, Title, type FloatingPosition } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../app/i18n.ts';
import { TOUR_DONE_KEY } from '../../../lib/storage.ts';

/** SPEC §9: the tour appears about 1.2 s after the dashboard first loads. */
const START_DELAY_MS = 1200;
/** Room between a highlighted element and the edge of its spotlight. */
const SPOTLIGHT_PADDING = 6;
const Z_OVERLAY = 290;
const Z_SPOTLIGHT = 295;
const Z_CARD = 300;

/**
 * What the tour points at: elements of the dashboard frame marked with `data-tour` (components/layouts/dashboard-frame.tsx).
 * On phones the sidebar lives in the drawer, so the tour points at the burger that opens it.
 */
interface Step {
  key: 'sidebar' | 'menu' | 'settings' | 'profile';
  selector: string;
  position: FloatingPosition;
}

const DESKTOP_STEPS: Step[] = [
  { key: 'sidebar', selector: '[data-tour="sidebar"]', position: 'right-start' },
  { key: 'settings', selector: '[data-tour="sidebar"] a[href="/dashboard/settings"]', position: 'right' },
  { key: 'profile', selector: '[data-tour="profile-menu"]', position: 'bottom-end' },
];
const PHONE_STEPS: Step[] = [
  { key: 'menu', selector: '[data-tour="burger"]', position: 'bottom-start' },
  { key: 'profile', selector: '[data-tour="profile-menu"]', position: 'bottom-end' },
];

const tourDone = () => {
  try {
    return localStorage.getItem(TOUR_DONE_KEY) !== null;
  } catch {
    // Storage blocked: better no tour than one on every visit.
    return true;
  }
};

/** The visible element a step points at, or null (then the step is a centred card). */
function findTarget(selector: string): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(selector);
  return element && element.getClientRects().length > 0 ? element : null;
}

/**
 * First-visit guided tour (SPEC §2.3, §4): a few steps about the sidebar, settings and the profile menu, shown once per
 * browser (local flag kept across sign-outs). Each step is a focus-trapped dialog next to a spotlight on its element;
 * Next/Back/Skip/Done, Escape skips, and focus goes back to where it was when the tour ends.
 */
export function DashboardTour({ canOpenSettings }: { canOpenSettings: boolean }) {
  const { t } = useTranslation('account');
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  const steps = (isPhone ? PHONE_STEPS : DESKTOP_STEPS).filter((step) => step.key !== 'settings' || canOpenSettings);
  const current = index < steps.length ? index : steps.length - 1;
  const step = steps[current]!;
  const last = current === steps.length - 1;

  useEffect(() => {
    if (tourDone()) return;
    const timer = window.setTimeout(() => {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    }, START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Follow the element when the window is resized or scrolled (or the layout switches between phone and desktop).
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => setRect(findTarget(step.selector)?.getBoundingClientRect() ?? null);
    // A link low in a long sidebar may be scrolled out of sight: bring it in first.
    findTarget(step.selector)?.scrollIntoView({ block: 'nearest' });
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, step.selector]);

  const finish = useCallback(() => {
    try {
      localStorage.setItem(TOUR_DONE_KEY, new Date().toISOString());
    } catch {
      // Storage blocked: the tour still closes.
    }
    setOpen(false);
    // A step scrolled the sidebar down to Settings: back to its top, so Home and Orders are in sight again.
    document.querySelector('[data-tour="sidebar"] a[href="/dashboard/home"]')?.scrollIntoView({ block: 'nearest' });
    const back = returnFocus.current;
    // After the dialog has gone, so its focus trap does not take focus back.
    window.setTimeout(() => (back && back.isConnected ? back.focus() : undefined), 0);
  }, []);

  if (!open) return null;

  const card = (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {t('tour.progress', { current: current + 1, total: steps.length })}
      </Text>
      <Title order={2} size="h5" id={titleId}>
        {t(`tour.${step.key}_title`)}
      </Title>
      <Text size="sm" id={bodyId}>
        {/* Without access to the settings, the texts don't promise them. */}
        {t(!canOpenSettings && (step.key === 'menu' || step.key === 'profile') ? `tour.${step.key}_body_basic` : `tour.${step.key}_body`)}
      </Text>
      <Group justify="space-between" mt="xs" gap="xs">
        <Button variant="subtle" color="gray" size="compact-sm" onClick={finish}>
          {t('tour.skip')}
        </Button>
        <Group gap="xs" wrap="nowrap">
          {current > 0 && (
            <Button variant="default" size="compact-sm" onClick={() => setIndex(current - 1)}>
              {t('tour.back')}
            </Button>
          )}
          {/* The key makes React mount a new button each step, so the focus trap moves focus onto it. */}
          <Button key={step.key} size="compact-sm" data-autofocus onClick={last ? finish : () => setIndex(current + 1)}>
            {last ? t('tour.done') : t('tour.next')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
  const dialogProps = { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, 'aria-describedby': bodyId, 'data-testid': 'dashboard-tour' } as const;

  return (
    <Portal>
      {/* Clicks around the tour do nothing: it asks for Next, Skip or Escape. */}
      <Overlay fixed backgroundOpacity={rect ? 0 : 0.45} color="#000" zIndex={Z_OVERLAY} />
      {rect ? (
        <Popover
          opened
          // `opened` is controlled, so Escape reaches us as a dismissal, not as onClose.
          onDismiss={finish}
          position={step.position}
          withArrow
          arrowSize={12}
          offset={SPOTLIGHT_PADDING + 8}
          width={isPhone ? 'calc(100vw - 32px)' : 320}
          trapFocus
          returnFocus={false}
          closeOnClickOutside={false}
          closeOnEscape
          zIndex={Z_CARD}
          shadow="lg"
          radius="md"
          middlewares={{ flip: true, shift: { padding: 12 } }}
        >
          <Popover.Target>
            {/* The spotlight: a box over the element whose huge shadow dims everything else. */}
            <Box
              aria-hidden
              style={{
                position: 'fixed',
                top: rect.top - SPOTLIGHT_PADDING,
                left: rect.left - SPOTLIGHT_PADDING,
                width: rect.width + SPOTLIGHT_PADDING * 2,
                height: rect.height + SPOTLIGHT_PADDING * 2,
                borderRadius: 'var(--mantine-radius-md)',
                boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)',
                outline: '2px solid var(--mantine-color-white)',
                pointerEvents: 'none',
                zIndex: Z_SPOTLIGHT,
              }}
            />
          </Popover.Target>
          <Popover.Dropdown p="md" maw={360} {...dialogProps}>
            {card}
          </Popover.Dropdown>
        </Popover>
      ) : (
        <CentredCard stepKey={step.key} onEscape={finish} dialogProps={dialogProps}>
          {card}
        </CentredCard>
      )}
    </Portal>
  );
}

/** A step whose element is not on screen: a card in the middle of the window, focus kept inside. */
function CentredCard({ stepKey, children, onEscape, dialogProps }: { stepKey: string; children: ReactNode; onEscape: () => void; dialogProps: Record<string, unknown> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [stepKey]);
  return (
    <Box style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', padding: 16, zIndex: Z_CARD }}>
      <FocusTrap active>
        <Paper
          ref={ref}
          shadow="lg"
          radius="md"
          p="md"
          w="100%"
          maw={360}
          {...dialogProps}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onEscape();
          }}
        >
          {children}
        </Paper>
      </FocusTrap>
    </Box>
  );
}
