import { useRef, useState } from 'react';
import { onlyDigits } from '@bg/domain';
import { Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CepInput, type CepLookupResult } from './CepInput';

/** The address fields as every form names them (spec §3: empresa, pessoa, garantia, boleto avulso). */
export type AddressValues = {
  cep: string;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
};

/** What a CEP lookup fills (and an invalid CEP clears). */
const FILLED_BY_CEP = ['endereco', 'bairro', 'cidade', 'uf'] as const;

export interface AddressFieldsProps<T extends AddressValues> {
  form: UseFormReturnType<T>;
  disabled?: boolean;
  /** Shows the required asterisk on cep, endereco, numero, bairro, cidade and uf (default true). */
  withAsterisk?: boolean;
}

/**
 * CEP plus the address it fills (spec §5). A found address fills only endereco, bairro, cidade
 * and uf, and disables cidade and uf (spec §2, boleto avulso) while they hold the lookup's answer;
 * número and complemento are the user's (the CEP answer's complemento is a postal range such as
 * "de 612 a 1510 - lado par", never a complemento), so no lookup writes them. Changing a complete
 * CEP to another one clears complemento, which belonged to the old address (issue 25); a
 * complemento typed before the first CEP stays. An invalid CEP clears what a lookup fills; a failed
 * lookup (every provider down) leaves cidade and uf editable so the user types the address.
 */
export function AddressFields<T extends AddressValues>({ form, disabled = false, withAsterisk = true }: AddressFieldsProps<T>) {
  const [filledByLookup, setFilledByLookup] = useState(false);
  // Mantine's form is generic over T; the address keys are known to exist on it.
  const f = form as UseFormReturnType<AddressValues>;
  // the last complete CEP the form held: the address (and its complemento) belong to it
  const addressCep = useRef<string | null>(null);
  const cepProps = f.getInputProps('cep');
  const onCepChange = (value: string) => {
    const before = onlyDigits(f.getValues().cep ?? '');
    if (before.length === 8) addressCep.current = before;
    const now = onlyDigits(value ?? '');
    if (now.length === 8) {
      if (addressCep.current && addressCep.current !== now) f.setFieldValue('complemento', '');
      addressCep.current = now;
    }
    cepProps.onChange(value);
  };

  const onAddress = (result: CepLookupResult) => {
    if (result.status === 'found') {
      const a = result.address;
      const current = f.getValues();
      f.setValues({ endereco: a.endereco || current.endereco, bairro: a.bairro || current.bairro, cidade: a.cidade, uf: a.uf });
      for (const field of FILLED_BY_CEP) f.clearFieldError(field);
      setFilledByLookup(true);
    } else if (result.status === 'invalid') {
      f.setValues({ endereco: '', bairro: '', cidade: '', uf: '' });
      setFilledByLookup(false);
    } else {
      setFilledByLookup(false);
    }
  };

  const locked = filledByLookup && !disabled;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <CepInput label="CEP" withAsterisk={withAsterisk} disabled={disabled} {...cepProps} onChange={onCepChange} onAddress={onAddress} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <TextInput label="Endereço" withAsterisk={withAsterisk} disabled={disabled} maxLength={150} {...f.getInputProps('endereco')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <TextInput label="Número" withAsterisk={withAsterisk} disabled={disabled} maxLength={20} {...f.getInputProps('numero')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Complemento" disabled={disabled} maxLength={100} {...f.getInputProps('complemento')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label="Bairro" withAsterisk={withAsterisk} disabled={disabled} maxLength={100} {...f.getInputProps('bairro')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label="Cidade" withAsterisk={withAsterisk} disabled={disabled || locked} maxLength={100} {...f.getInputProps('cidade')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <TextInput
          label="UF"
          withAsterisk={withAsterisk}
          disabled={disabled || locked}
          maxLength={2}
          {...f.getInputProps('uf')}
          onChange={(event) => f.setFieldValue('uf', event.currentTarget.value.toUpperCase())}
        />
      </Grid.Col>
    </Grid>
  );
}
