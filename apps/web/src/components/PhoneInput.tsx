import { onlyDigits } from '@bg/domain';
import { MaskedInput, type MaskDispatch, type MaskedFieldProps, type MaskOption } from './MaskedInput';

// Spec §5: (##)####-#### for landlines, (##)#####-#### for mobiles. IMask's default dispatch keeps
// the 8-digit pattern up to 10 digits and moves to the 9-digit one on the 11th.
const PHONE_MASKS: readonly MaskOption[] = [{ mask: '(00)0000-0000' }, { mask: '(00)00000-0000' }];

// The phones modal also accepts a space after the area code. Both spellings stay available and
// the text decides: a space typed (or pasted) after the area code picks the spaced patterns.
const SPACED_MASKS: readonly MaskOption[] = [
  ...PHONE_MASKS,
  { mask: '(00) 0000-0000' },
  { mask: '(00) 00000-0000' },
];

const dispatchSpaced: MaskDispatch = (appended, dynamicMasked, _flags, tail) => {
  const text = dynamicMasked.rawInputValue + appended + String(tail ?? '');
  const spaced = /^\(?\d{2}\)? /.test(text);
  const mobile = onlyDigits(text).length > 10;
  return dynamicMasked.compiledMasks[(spaced ? 2 : 0) + (mobile ? 1 : 0)];
};

export interface PhoneInputProps extends MaskedFieldProps {
  /** Also accept "(##) ####-####" / "(##) #####-####" (the person phones modal). */
  allowSpace?: boolean;
}

/** Brazilian phone field. onChange receives the masked text; validate with isValidPhone. */
export function PhoneInput({ allowSpace = false, placeholder = '(00)00000-0000', ...others }: PhoneInputProps) {
  return (
    <MaskedInput
      inputMode="tel"
      placeholder={placeholder}
      {...others}
      mask={allowSpace ? SPACED_MASKS : PHONE_MASKS}
      dispatch={allowSpace ? dispatchSpaced : undefined}
    />
  );
}
