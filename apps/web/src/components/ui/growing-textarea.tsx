import type { ComponentProps, CSSProperties } from 'react';
import { Textarea } from '../lite/form-inputs.tsx';
import classes from './growing-textarea.module.css';

type GrowingTextareaProps = Omit<ComponentProps<typeof Textarea>, 'rows' | 'resize' | 'inputClassName' | 'style'> & {
  minRows?: number;
  maxRows?: number;
  /** With `maxLength`: what is left, in words ("12 characters left"), shown in the last fifth. */
  leftText?: (count: number) => string;
};

/**
 * A Textarea for the guests' forms that grows with its text: by CSS (`field-sizing: content`) where the browser
 * has it, and one the guest can drag taller elsewhere. Mantine's `autosize` measures the text in JavaScript on
 * every render (a hidden copy and a forced layout): about 0.4 s of a slow phone's checkout start (issue #11). The
 * light Textarea (Mantine's markup, without its component code) keeps the checkout's first load small. The
 * server's HTML has the same size, so nothing moves when the browser takes the page over.
 */
export function GrowingTextarea({ minRows = 2, maxRows = 8, leftText, ...props }: GrowingTextareaProps) {
  // Near a length limit, what is left: the browser stops the text there (a pasted note was cut without a word).
  const left = leftText && props.maxLength !== undefined && typeof props.value === 'string' ? props.maxLength - props.value.length : null;
  return (
    <div>
      <Textarea
        rows={minRows}
        resize="vertical"
        inputClassName={classes.input}
        style={{ '--growing-min-rows': minRows, '--growing-max-rows': maxRows } as CSSProperties}
        {...props}
      />
      {left !== null && left <= props.maxLength! / 5 && (
        <div className={classes.left} aria-live="polite">
          {leftText!(Math.max(0, left))}
        </div>
      )}
    </div>
  );
}
