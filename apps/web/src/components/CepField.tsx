import { MaskedInput, type MaskedFieldProps } from './MaskedInput';

const CEP_MASK = '00000-000';

export type CepFieldProps = MaskedFieldProps;

/**
 * Just the masked postal-code field (spec §5: #####-###). The address lookup on blur is built on
 * top of it elsewhere, through the usual onBlur prop, so this stays free of network code.
 */
export function CepField({ placeholder = '00000-000', label = 'CEP', ...others }: CepFieldProps) {
  return <MaskedInput inputMode="numeric" placeholder={placeholder} label={label} {...others} mask={CEP_MASK} />;
}
