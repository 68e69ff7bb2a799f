import { useId, type CSSProperties, type ReactNode } from 'react';
import { inputTheme } from '../../app/input-theme.ts';
import { cx, flag, variantColors, vars, type PolyProps, type Size } from './style.ts';

/** What Mantine's inputs put around their control: a label (with " *" when required) and the error under it. */
export type FieldOwn = { label?: ReactNode; error?: ReactNode; required?: boolean; description?: ReactNode; descriptionStyle?: CSSProperties };

/** The attributes a field's control gets from its wrapper: its id, and its error's state. */
type ControlProps = { className: string; id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'data-error'?: string; 'data-variant': 'default'; required?: boolean };

type FieldProps = FieldOwn & {
  /** Mantine's name of the component, in its class names (`mantine-TextInput-root`). */
  kind: 'TextInput' | 'Textarea' | 'NativeSelect';
  id?: string;
  className?: string;
  style?: CSSProperties;
  /** Variables and flags of the input's wrapper beyond the size's. */
  wrapper?: { vars?: Record<string, string>; data?: Record<string, string | undefined> };
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  control: (props: ControlProps) => ReactNode;
};

/** Mantine's Input.Wrapper around Input (size sm, the default variant), for a light TextInput, Textarea or NativeSelect. */
export function Field({ kind, id, label, error, required, description, descriptionStyle, className, style, wrapper, leftSection, rightSection, control }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const failed = Boolean(error);
  const message = failed && typeof error !== 'boolean';
  const describedBy = [message && `${inputId}-error`, description && `${inputId}-description`].filter(Boolean).join(' ') || undefined;
  return (
    <div style={style} className={cx(`m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`, className)} data-size="sm" data-error={flag(failed)}>
      {label && (
        <label
          style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
          data-size="sm"
          data-required={flag(required)}
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
          {required && (
            <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      {description && (
        <p
          style={{ ...descriptionStyle, '--input-description-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' } as CSSProperties}
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size="sm"
          id={`${inputId}-description`}
        >
          {description}
        </p>
      )}
      <div
        style={vars({ ...(inputTheme.styles.wrapper as Record<string, string>), '--input-margin-top': description ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined, '--input-margin-bottom': message ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined, '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)', ...wrapper?.vars })}
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={flag(failed)}
        data-with-left-section={flag(leftSection)}
        data-with-right-section={flag(rightSection)}
        {...wrapper?.data}
      >
        {leftSection && (
          <div data-position="left" className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
            {leftSection}
          </div>
        )}
        {control({ className: cx(inputTheme.classNames.input, `m_8fb7ebe7 mantine-Input-input mantine-${kind}-input`), id: inputId, 'aria-invalid': failed, 'aria-describedby': describedBy, 'data-error': flag(failed), 'data-variant': 'default', required })}
        {rightSection && (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
            {rightSection}
          </div>
        )}
      </div>
      {message && (
        <p
          style={{ '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' } as CSSProperties}
          className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
          data-size="sm"
          id={`${inputId}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

type TextInputOwn = FieldOwn & { leftSection?: ReactNode; rightSection?: ReactNode };

/** Mantine's TextInput: a label, the input and its error (a field without label names itself by `aria-label`). */
export function TextInput({ label, error, required, description, descriptionStyle, leftSection, rightSection, className, style, id, ...rest }: PolyProps<'input', TextInputOwn>) {
  return (
    <Field
      kind="TextInput"
      {...{ label, error, required, description, descriptionStyle, className, style, id, leftSection, rightSection }}
      control={(control) => <input {...control} {...rest} />}
    />
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
