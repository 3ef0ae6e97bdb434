import { MaskedInput, type MaskedFieldProps, type MaskOption } from './MaskedInput';

export type DocumentInputKind = 'cpf' | 'cnpj' | 'any';

// Spec §5 masks. Module-level so IMask sees the same mask object on every render.
const CPF_MASK = '000.000.000-00';
const CNPJ_MASK = '00.000.000/0000-00';
// IMask's default dispatch keeps the CPF pattern while it still fits (up to 11 digits) and moves
// to the CNPJ pattern on the 12th digit, which is exactly the "CPF, then CNPJ" behaviour we want.
const ANY_MASK: readonly MaskOption[] = [{ mask: CPF_MASK }, { mask: CNPJ_MASK }];

const MASKS: Record<DocumentInputKind, string | readonly MaskOption[]> = {
  cpf: CPF_MASK,
  cnpj: CNPJ_MASK,
  any: ANY_MASK,
};

const PLACEHOLDERS: Record<DocumentInputKind, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  any: 'CPF ou CNPJ',
};

export interface DocumentInputProps extends MaskedFieldProps {
  /** 'any' (default) switches CPF → CNPJ as digits are typed; the company form uses 'cnpj'. */
  kind?: DocumentInputKind;
}

/** CPF/CNPJ field. onChange receives the masked text; validate with isValidCpfCnpj from @bg/domain. */
export function DocumentInput({ kind = 'any', placeholder, ...others }: DocumentInputProps) {
  return (
    <MaskedInput
      inputMode="numeric"
      placeholder={placeholder ?? PLACEHOLDERS[kind]}
      {...others}
      mask={MASKS[kind]}
    />
  );
}
