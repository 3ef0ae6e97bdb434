import { useRef, useState, type FocusEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { cepContracts, MSG, isValidCep, onlyDigits, type CepAddressJson } from '@bg/domain';
import { ApiError } from '../lib/api-client';
import { call } from '../lib/api-contract';
import { CepField, type CepFieldProps } from './CepField';

/** An address found for a CEP (cepContracts.getEndereco). */
export type CepAddress = CepAddressJson;

/** What a lookup ended in: an address, a CEP that is not valid, or a lookup that did not work. */
export type CepLookupResult = { status: 'found'; address: CepAddress } | { status: 'invalid' } | { status: 'failed' };

export interface CepInputProps extends CepFieldProps {
  onAddress: (result: CepLookupResult) => void;
}

/**
 * The CEP field of every address form (spec §5): on leaving it, the address is looked up through
 * GET /api/cep/{cep}. An invalid CEP shows "Digite um CEP válido!" under the field; a lookup that
 * fails (unknown CEP, service down, network) shows the spec's alert. The same CEP is not looked up
 * twice in a row, so a user's edits to the address are not overwritten by blurring again.
 */
export function CepInput({ onAddress, onBlur, onChange, error, ...others }: CepInputProps) {
  const [localError, setLocalError] = useState<string | null>(null);
  const lastLookup = useRef<string | null>(null);
  const requestSeq = useRef(0);

  const failed = () => {
    notifications.show({ title: MSG.cepLookupFailedTitle, message: MSG.cepLookupFailedText, color: 'yellow', autoClose: 3000 });
    onAddress({ status: 'failed' });
  };

  const invalid = () => {
    lastLookup.current = null;
    setLocalError(MSG.cepInvalid);
    onAddress({ status: 'invalid' });
  };

  const handleBlur = async (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    const text = event.currentTarget.value;
    const digits = onlyDigits(text);
    if (!digits) return;
    if (!isValidCep(text) || digits.length !== 8) return invalid();
    if (digits === lastLookup.current) return;
    const seq = ++requestSeq.current;
    try {
      const body = await call(cepContracts.getEndereco, { params: { cep: digits } });
      if (seq !== requestSeq.current) return;
      lastLookup.current = digits;
      onAddress({ status: 'found', address: body.data });
    } catch (err) {
      if (seq !== requestSeq.current) return;
      if (err instanceof ApiError && err.status === 422) return invalid();
      lastLookup.current = null;
      failed();
    }
  };

  return (
    <CepField
      {...others}
      error={localError ?? error}
      onChange={(value) => {
        if (localError) setLocalError(null);
        onChange?.(value);
      }}
      onBlur={handleBlur}
    />
  );
}
