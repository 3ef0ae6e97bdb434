import { describe, expect, it } from 'vitest';
import { NOT_FOUND_GENDER, notFound } from './app-error.js';

/** Every entity a 404 can name, with the message a Portuguese reader expects (defect 8 of issue 10). */
const EXPECTED: Record<keyof typeof NOT_FOUND_GENDER, string> = {
  Acordo: 'Acordo não encontrado.',
  Agendamento: 'Agendamento não encontrado.',
  Antecipação: 'Antecipação não encontrada.',
  Arquivo: 'Arquivo não encontrado.',
  Boleto: 'Boleto não encontrado.',
  CEP: 'CEP não encontrado.',
  Comprovante: 'Comprovante não encontrado.',
  'Conta de cobrança': 'Conta de cobrança não encontrada.',
  'CPF suspeito': 'CPF suspeito não encontrado.',
  Documento: 'Documento não encontrado.',
  Duplicata: 'Duplicata não encontrada.',
  Empresa: 'Empresa não encontrada.',
  Garantia: 'Garantia não encontrada.',
  Mensagem: 'Mensagem não encontrada.',
  Parcela: 'Parcela não encontrada.',
  Pessoa: 'Pessoa não encontrada.',
  Registro: 'Registro não encontrado.',
  Remessa: 'Remessa não encontrada.',
  Retorno: 'Retorno não encontrado.',
  Tarefa: 'Tarefa não encontrada.',
  Telefone: 'Telefone não encontrado.',
  Usuário: 'Usuário não encontrado.',
};

describe('notFound', () => {
  it.each(Object.entries(EXPECTED))('%s → "%s" (404)', (entity, msg) => {
    const err = notFound(entity as keyof typeof NOT_FOUND_GENDER);
    expect(err.message).toBe(msg);
    expect(err.httpStatus).toBe(404);
  });

  it('knows the gender of every entity it names, and the test lists them all', () => {
    expect(Object.keys(NOT_FOUND_GENDER).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(notFound().message).toBe('Registro não encontrado.');
  });
});
