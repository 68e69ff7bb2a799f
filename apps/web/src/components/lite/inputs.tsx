import { useId, type CSSProperties, type ReactNode } from 'react';
import { cx, flag, variantColors, vars, type PolyProps, type Size } from './style.ts';

type TextInputOwn = { leftSection?: ReactNode; rightSection?: ReactNode };

/** Mantine's TextInput without label or error (the menu's search box; a label goes in `aria-label`). */
export function TextInput({ leftSection, rightSection, className, style, id, ...rest }: PolyProps<'input', TextInputOwn>) {
  const ownId = useId();
  return (
    <div style={style} className={cx('m_46b77525 mantine-InputWrapper-root mantine-TextInput-root', className)} data-size="sm">
      <div
        style={{ '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)' } as CSSProperties}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-with-left-section={flag(leftSection)}
        data-with-right-section={flag(rightSection)}
      >
        {leftSection && (
          <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {leftSection}
          </div>
        )}
        <input className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input" data-variant="default" aria-invalid="false" id={id ?? ownId} {...rest} />
        {rightSection && (
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {rightSection}
          </div>
        )}
      </div>
    </div>
  );
}

type ChipOwn = { checked: boolean; onChange: (checked: boolean) => void; color: string; size?: Size; icon?: ReactNode };

/** Mantine's Chip (outline): a checkbox that looks like a pill, with `icon` shown while checked. */
export function Chip({ checked, onChange, color, size = 'sm', icon, className, style, children, ...rest }: PolyProps<'input', ChipOwn>) {
  const id = useId();
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
      <input type="checkbox" className="m_bde07329 mantine-Chip-input" id={id} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} {...rest} />
      <label htmlFor={id} data-checked={flag(checked)} className="m_3904c1af m_be049a53 mantine-Chip-label">
        {checked && icon && <span className="m_9ac86df9 mantine-Chip-iconWrapper">{icon}</span>}
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
