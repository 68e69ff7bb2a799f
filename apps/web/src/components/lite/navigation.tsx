import { cloneElement, useId, type CSSProperties, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { cx, flag, themeVar, vars, type Size } from './style.ts';

type Tab = { value: string; label: ReactNode };

/**
 * Mantine's Tabs in its pills look, as a tab bar without panels (the menu's categories). Arrow keys, Home and End
 * move the focus along the tabs; Enter or Space picks one (Mantine's `activateTabWithKeyboard={false}`).
 */
export function PillTabs({ tabs, value, onChange, label, radius, listStyle, tabStyle }: { tabs: Tab[]; value: string; onChange: (value: string) => void; label: string; radius?: Size; listStyle?: CSSProperties; tabStyle?: CSSProperties }) {
  const id = useId();
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const all = [...event.currentTarget.parentElement!.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = all.indexOf(event.currentTarget);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const next = step !== undefined ? (at + step + all.length) % all.length : event.key === 'Home' ? 0 : event.key === 'End' ? all.length - 1 : undefined;
    if (next === undefined) return;
    event.preventDefault();
    all[next]!.focus();
  };
  return (
    <div style={vars({ '--tabs-radius': themeVar(radius, 'radius'), '--tabs-color': 'var(--mantine-primary-color-filled)' })} className="m_89d60db1 mantine-Tabs-root" data-variant="pills" data-orientation="horizontal" id={id}>
      <div style={listStyle} className="m_89d33d6d mantine-Tabs-list" data-variant="pills" data-orientation="horizontal" aria-label={label} role="tablist" aria-orientation="horizontal">
        {tabs.map((tab) => {
          const active = tab.value === value;
          return (
            <button
              key={tab.value}
              style={tabStyle}
              className="mantine-focus-auto m_c3381914 m_4ec4dce6 mantine-Tabs-tab m_87cf2631 mantine-UnstyledButton-root"
              data-variant="pills"
              data-active={flag(active)}
              data-orientation="horizontal"
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={move}
            >
              <span className="m_42bbd1ae mantine-Tabs-tabLabel">{tab.label}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

const DOTS = 'dots';
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The pages Mantine's Pagination shows: the first and last, the current one with one beside it each way, dots between. */
export function pageRange(total: number, active: number): (number | typeof DOTS)[] {
  const siblings = 1;
  const boundaries = 1;
  if (siblings * 2 + 3 + boundaries * 2 >= total) return range(1, total);
  const left = Math.max(active - siblings, boundaries);
  const right = Math.min(active + siblings, total - boundaries);
  const leftDots = left > boundaries + 2;
  const rightDots = right < total - (boundaries + 1);
  if (!leftDots && rightDots) return [...range(1, siblings * 2 + boundaries + 2), DOTS, ...range(total - (boundaries - 1), total)];
  if (leftDots && !rightDots) return [...range(1, boundaries), DOTS, ...range(total - (boundaries + 1 + 2 * siblings), total)];
  return [...range(1, boundaries), DOTS, ...range(left, right), DOTS, ...range(total - boundaries + 1, total)];
}

const ICON_STYLE = { width: 'calc(var(--pagination-control-size) / 1.8)', height: 'calc(var(--pagination-control-size) / 1.8)' };
const ICONS = {
  first: 'M6.85355 3.85355C7.04882 3.65829 7.04882 3.34171 6.85355 3.14645C6.65829 2.95118 6.34171 2.95118 6.14645 3.14645L2.14645 7.14645C1.95118 7.34171 1.95118 7.65829 2.14645 7.85355L6.14645 11.8536C6.34171 12.0488 6.65829 12.0488 6.85355 11.8536C7.04882 11.6583 7.04882 11.3417 6.85355 11.1464L3.20711 7.5L6.85355 3.85355ZM12.8536 3.85355C13.0488 3.65829 13.0488 3.34171 12.8536 3.14645C12.6583 2.95118 12.3417 2.95118 12.1464 3.14645L8.14645 7.14645C7.95118 7.34171 7.95118 7.65829 8.14645 7.85355L12.1464 11.8536C12.3417 12.0488 12.6583 12.0488 12.8536 11.8536C13.0488 11.6583 13.0488 11.3417 12.8536 11.1464L9.20711 7.5L12.8536 3.85355Z',
  previous: 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z',
  next: 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z',
  last: 'M2.14645 11.1464C1.95118 11.3417 1.95118 11.6583 2.14645 11.8536C2.34171 12.0488 2.65829 12.0488 2.85355 11.8536L6.85355 7.85355C7.04882 7.65829 7.04882 7.34171 6.85355 7.14645L2.85355 3.14645C2.65829 2.95118 2.34171 2.95118 2.14645 3.14645C1.95118 3.34171 1.95118 3.65829 2.14645 3.85355L5.79289 7.5L2.14645 11.1464ZM8.14645 11.1464C7.95118 11.3417 7.95118 11.6583 8.14645 11.8536C8.34171 12.0488 8.65829 12.0488 8.85355 11.8536L12.8536 7.85355C13.0488 7.65829 13.0488 7.34171 12.8536 7.14645L8.85355 3.14645C8.65829 2.95118 8.34171 2.95118 8.14645 3.14645C7.95118 3.34171 7.95118 3.65829 8.14645 3.85355L11.7929 7.5L8.14645 11.1464Z',
  dots: 'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
};
const Icon = ({ path, rotate }: { path: string; rotate: boolean }) => (
  <svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" style={ICON_STYLE} className={rotate ? 'mantine-rotate-rtl' : undefined}>
    <path d={path} fill="currentColor" />
  </svg>
);

type Control = 'first' | 'previous' | 'next' | 'last';
const CONTROL = 'mantine-focus-auto m_326d024a mantine-Pagination-control m_87cf2631 mantine-UnstyledButton-root';

/** Mantine's Pagination: previous, pages, next, and with `withEdges` first and last. */
export function Pagination({ total, value, onChange, withEdges, controlLabel, pageLabel }: { total: number; value: number; onChange: (page: number) => void; withEdges?: boolean; controlLabel: (control: Control) => string; pageLabel: (page: number) => string }) {
  const control = (name: Control, page: number, disabled: boolean) => (
    <button className={cx(!disabled && 'mantine-active', CONTROL)} data-disabled={flag(disabled)} type="button" disabled={disabled} aria-label={controlLabel(name)} onClick={() => onChange(page)}>
      <Icon path={ICONS[name]} rotate />
    </button>
  );
  return (
    <div className="m_4addd315 mantine-Pagination-root">
      <div style={vars({ '--group-gap': 'calc(0.5rem * var(--mantine-scale))', '--group-align': 'center', '--group-justify': 'flex-start', '--group-wrap': 'wrap' })} className="m_4081bf90 mantine-Group-root">
        {withEdges && control('first', 1, value === 1)}
        {control('previous', value - 1, value === 1)}
        {pageRange(total, value).map((page, i) =>
          page === DOTS ? (
            <div key={`dots-${i}`} className="m_4ad7767d mantine-Pagination-dots">
              <Icon path={ICONS.dots} rotate={false} />
            </div>
          ) : (
            <button
              key={page}
              className={cx('mantine-active', CONTROL)}
              data-active={flag(page === value)}
              data-with-padding="true"
              type="button"
              aria-current={page === value ? 'page' : undefined}
              aria-label={pageLabel(page)}
              onClick={() => onChange(page)}
            >
              {page}
            </button>
          ),
        )}
        {control('next', value + 1, value === total)}
        {withEdges && control('last', total, value === total)}
      </div>
    </div>
  );
}

/** Mantine's Breadcrumbs: the items (links, the current page's text) with a separator between them. */
export function Breadcrumbs({ children, separator = '/', style }: { children: ReactElement<{ className?: string }>[]; separator?: ReactNode; style?: CSSProperties }) {
  return (
    <div style={style} className="m_8b3717df mantine-Breadcrumbs-root">
      {children.flatMap((item, i) => [
        ...(i > 0 ? [<div key={`separator-${i}`} className="m_3b8f2208 mantine-Breadcrumbs-separator">{separator}</div>] : []),
        cloneElement(item, { key: i, className: cx('m_f678d540 mantine-Breadcrumbs-breadcrumb', item.props.className) }),
      ])}
    </div>
  );
}
