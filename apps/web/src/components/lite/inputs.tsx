import { useId, type ReactNode } from 'react';
import { inputTheme } from '../../app/input-theme.ts';
import { cx, flag, variantColors, vars, type PolyProps, type Size } from './style.ts';

/** The attributes Input gives its control: Mantine's classes, the theme's, and the error's state. */
export type InputControlProps = { className: string; 'data-variant': 'default'; 'data-error'?: string; 'aria-invalid': boolean };

type InputProps = {
  /** Mantine's name of the component, in its class names (`mantine-TextInput-wrapper`). */
  kind: 'TextInput' | 'Textarea' | 'NativeSelect';
  invalid?: boolean;
  /** Variables and flags beyond the size's. */
  vars?: Record<string, string | undefined>;
  data?: Record<string, string | undefined>;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  control: (props: InputControlProps) => ReactNode;
};

/** Mantine's Input (size sm, the default variant): the control between its sections, with the theme's settings for fields. */
export function Input({ kind, invalid, vars: own, data, leftSection, rightSection, control }: InputProps) {
  return (
    <div
      style={vars({ ...(inputTheme.styles.wrapper as Record<string, string>), ...own, '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)' })}
      className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
      data-variant="default"
      data-size="sm"
      data-error={flag(invalid)}
      data-with-left-section={flag(leftSection)}
      data-with-right-section={flag(rightSection)}
      {...data}
    >
      {leftSection && (
        <div data-position="left" className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
          {leftSection}
        </div>
      )}
      {control({ className: cx(inputTheme.classNames.input, `m_8fb7ebe7 mantine-Input-input mantine-${kind}-input`), 'data-variant': 'default', 'data-error': flag(invalid), 'aria-invalid': Boolean(invalid) })}
      {rightSection && (
        <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
          {rightSection}
        </div>
      )}
    </div>
  );
}

/**
 * Mantine's TextInput without label or error: the menu's search box (a label goes in `aria-label`). A field with a
 * label is form-inputs.tsx's TextField.
 */
export function TextInput({ leftSection, rightSection, className, style, id, ...rest }: PolyProps<'input', { leftSection?: ReactNode; rightSection?: ReactNode }>) {
  const ownId = useId();
  return (
    <div style={style} className={cx('m_46b77525 mantine-InputWrapper-root mantine-TextInput-root', className)} data-size="sm">
      <Input kind="TextInput" leftSection={leftSection} rightSection={rightSection} control={(control) => <input {...control} id={id ?? ownId} {...rest} />} />
    </div>
  );
}

/** Mantine's check mark (checkbox, chip). */
export function CheckIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className={className}>
      <path
        d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

type ChipOwn = { checked: boolean; onChange: (checked: boolean) => void; color?: string; size?: Size; icon?: ReactNode; type?: 'checkbox' | 'radio' };

/**
 * Mantine's Chip (outline): a checkbox that looks like a pill, with `icon` (Mantine's check mark by default) shown
 * while checked; `type="radio"` for one of a choice (Mantine's `Chip.Group multiple={false}`).
 */
export function Chip({ checked, onChange, color, size = 'sm', icon, type = 'checkbox', disabled, id, className, style, children, ...rest }: PolyProps<'input', ChipOwn>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const colors = variantColors('outline', color);
  return (
    <div
      style={vars(
        {
          '--chip-fz': `var(--mantine-font-size-${size})`,
          '--chip-size': `var(--chip-size-${size})`,
          '--chip-checked-padding': `var(--chip-checked-padding-${size})`,
          '--chip-padding': `var(--chip-padding-${size})`,
          '--chip-icon-size': `var(--chip-icon-size-${size})`,
          '--chip-bg': colors.bg,
          '--chip-hover': colors.hover,
          '--chip-color': colors.color,
          '--chip-bd': colors.bd,
          '--chip-spacing': `var(--chip-spacing-${size})`,
        },
        style,
      )}
      className={cx('m_f59ffda3 mantine-Chip-root', className)}
      data-variant="outline"
      data-size={size}
    >
      <input type={type} className="m_bde07329 mantine-Chip-input" id={inputId} checked={checked} disabled={disabled} onChange={(event) => onChange(event.currentTarget.checked)} {...rest} />
      <label htmlFor={inputId} data-checked={flag(checked)} data-disabled={flag(disabled)} className="m_3904c1af m_be049a53 mantine-Chip-label">
        {checked && <span className="m_9ac86df9 mantine-Chip-iconWrapper">{icon ?? <CheckIcon className="m_d6d72580 mantine-Chip-checkIcon" />}</span>}
        <span>{children}</span>
      </label>
    </div>
  );
}

type SegmentedOwn = { data: { value: string; label: string }[]; value: string; onChange: (value: string) => void; size?: Size; fullWidth?: boolean };

/**
 * Mantine's SegmentedControl as its server renders it: radio buttons, the chosen one marked by Mantine's CSS
 * instead of an indicator that slides (which measures the page whenever its layout changes: forced layouts while
 * the checkout starts).
 */
export function SegmentedControl({ data, value, onChange, size, fullWidth, className, style, ...rest }: PolyProps<'div', SegmentedOwn>) {
  const name = useId();
  return (
    <div
      style={vars({ '--sc-shadow': 'var(--mantine-shadow-xs)', '--sc-padding': size && `var(--sc-padding-${size})`, '--sc-font-size': size && `var(--mantine-font-size-${size})` }, style)}
      className={cx('m_cf365364 mantine-SegmentedControl-root', className)}
      data-size={size}
      data-full-width={flag(fullWidth)}
      data-with-items-borders="true"
      role="radiogroup"
      {...rest}
    >
      {data.map((item) => {
        const active = item.value === value;
        return (
          <div key={item.value} className="m_69686b9b mantine-SegmentedControl-control" data-active={flag(active)}>
            <input
              className="m_1714d588 mantine-SegmentedControl-input"
              type="radio"
              id={`${name}-${item.value}`}
              data-focus-ring="auto"
              name={name}
              checked={active}
              value={item.value}
              onChange={() => onChange(item.value)}
            />
            <label className="m_1738fcb2 mantine-SegmentedControl-label" data-active={flag(active)} htmlFor={`${name}-${item.value}`}>
              <span className="m_78882f40 mantine-SegmentedControl-innerLabel">{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
