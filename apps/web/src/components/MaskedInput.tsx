import type { Ref } from 'react';
import { InputBase, type ElementProps, type InputBaseProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { IMaskInput } from 'react-imask';

/**
 * Props shared by every masked field (DocumentInput, PhoneInput, CepField). The shape matches what
 * `form.getInputProps(path)` of @mantine/form hands over (value, onChange, error, onBlur, onFocus),
 * so a field can be spread straight from the form, and `defaultValue` covers the form's
 * uncontrolled mode.
 */
export interface MaskedFieldProps
  extends InputBaseProps, ElementProps<'input', 'size' | 'value' | 'defaultValue' | 'onChange' | 'ref'> {
  /** Masked text (or bare digits, e.g. as loaded from the API); null is treated as empty. */
  value?: string | null;
  defaultValue?: string | null;
  /** Receives the masked text, e.g. "123.456.789-01" (the server accepts masked or digits). */
  onChange?: (value: string) => void;
  /** The DOM input (e.g. to focus the first invalid field). */
  ref?: Ref<HTMLInputElement>;
}

/** One mask of a dynamic (multi-pattern) mask, in IMask's option format. */
export interface MaskOption {
  mask: string;
}

/** IMask's dispatch hook: picks which pattern of a dynamic mask applies to the text typed so far. */
export type MaskDispatch = (
  appended: string,
  dynamicMasked: { rawInputValue: string; compiledMasks: unknown[] },
  flags: unknown,
  tail?: { toString(): string },
) => unknown;

export interface MaskedInputProps extends MaskedFieldProps {
  /**
   * A pattern ('00000-000') or a list of patterns IMask chooses from as the user types. Must be a
   * stable (module-level) value: IMask rebuilds its model when the mask changes identity.
   */
  mask: string | readonly MaskOption[];
  dispatch?: MaskDispatch;
}

/**
 * Mantine's InputBase rendering react-imask's IMaskInput, so masked fields get the same label,
 * error and asterisk as every other Mantine input. IMask owns the DOM value; we only listen to its
 * "accept" event, never to the input's own change event (which would carry unmasked keystrokes).
 */
export function MaskedInput({ mask, dispatch, value, defaultValue, onChange, ref, ...others }: MaskedInputProps) {
  const [current, setCurrent] = useUncontrolled<string>({
    value: value === null ? '' : value,
    defaultValue: defaultValue ?? undefined,
    finalValue: '',
    onChange,
  });

  // IMask types its options as a wide union; our masks are plain patterns, so narrow once here.
  const maskOptions = { mask, ...(dispatch ? { dispatch } : {}) } as { mask: string };

  return (
    <InputBase
      {...others}
      component={IMaskInput}
      {...maskOptions}
      inputRef={ref}
      value={current}
      // IMask also fires "accept" when it reformats a value set from outside (digits → masked);
      // only report real differences so a controlled parent never loops.
      onAccept={(masked: string) => {
        if (masked !== current) setCurrent(masked);
      }}
    />
  );
}
