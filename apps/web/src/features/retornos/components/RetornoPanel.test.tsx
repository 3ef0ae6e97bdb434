import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { RetornoPanel } from './RetornoPanel';

const api = vi.hoisted(() => ({ getRetorno: vi.fn(), aplicarRetorno: vi.fn(), listItens: vi.fn() }));
vi.mock('../api/retornos', () => api);

const qv = (quantidade: number, valor: number) => ({ quantidade, valor });
const base = {
  id: 12, arquivo: 'RET0001.ret', status: 'PRONTO', banco: '104', numero_arquivo: 1, tamanho_bytes: 2_097_152, quantidade_titulos: 4,
  quantidade_liquidado: 0, total_valor_liquidado: 0, quantidade_baixa: 0, total_valor_baixa: 0, quantidade_entrada: 0, total_valor_entrada: 0,
  quantidade_rejeitado: 0, quantidade_nao_encontrado: 0, quantidade_ja_aplicado: 0, usuario: 'Administrador', created_at: '2026-01-05T17:30:00.000Z',
  aplicado_em: null, sha256: 'ab', quantidade_processada: 0,
  job: { id: 3, kind: 'cnab.retorno-previa', status: 'done', progress_done: 2_097_152, progress_total: 2_097_152, progress_unit: 'bytes', error: null },
  previa: {
    titulos: 4, conta_encontrada: true, conta_descricao: 'banco 104, agência 1234, beneficiário 123456',
    entrada: qv(3, 600), liquidacao: qv(1, 101.5), baixa: qv(0, 0), rejeitado: qv(0, 0), ignorado: qv(0, 0), ja_aplicado: qv(0, 0), nao_encontrado: qv(1, 12.34),
    por_situacao: [{ situacao: 'GARANTIDO', quantidade: 3, valor: 600 }, { situacao: 'LIQUIDADO', quantidade: 1, valor: 101.5 }],
    amostras: [{
      linha: 9, nosso_numero: '14000000099999999', movimento: '06', movimento_descricao: 'Liquidação', resultado: 'NAO_ENCONTRADO', boleto_id: null, boleto_avulso_id: null,
      situacao_de: null, situacao_para: null, valor_titulo: 12.34, valor_pago: 12.34, valor_tarifa: 0, valor_juros: 0, data_ocorrencia: '2026-01-05', data_credito: null,
      motivos: null, mensagem: 'Nosso número não encontrado nesta conta.',
    }],
    avisos: [], avisos_total: 0,
  },
};

afterEach(() => {
  api.getRetorno.mockReset();
  api.aplicarRetorno.mockReset();
});

describe('RetornoPanel', () => {
  it('shows the preview and applies only after confirmation', async () => {
    api.getRetorno.mockResolvedValue(base);
    api.aplicarRetorno.mockResolvedValue({ status: 200, msg: 'Aplicação do retorno iniciada.', data: { id: 12, status: 'APLICANDO', job_id: 4 } });
    renderWithProviders(<RetornoPanel id={12} />);
    expect(await screen.findByText('Entradas confirmadas')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Prévia do retorno' })).toHaveTextContent('Entradas confirmadas3R$ 600,00');
    expect(screen.getByText('Nosso número não encontrado nesta conta.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar retorno' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, aplicar retorno' }));
    await waitFor(() => expect(api.aplicarRetorno).toHaveBeenCalledTimes(1));
  });

  it("follows the apply job's progress, then shows what it did", async () => {
    api.getRetorno
      .mockResolvedValueOnce({ ...base, status: 'APLICANDO', quantidade_processada: 2, job: { ...base.job, kind: 'cnab.retorno-aplicar', status: 'running', progress_done: 1_048_576 } })
      .mockResolvedValue({ ...base, status: 'PROCESSADO', quantidade_entrada: 3, total_valor_entrada: 600, quantidade_liquidado: 1, total_valor_liquidado: 101.5, quantidade_nao_encontrado: 1, quantidade_processada: 4 });
    renderWithProviders(<RetornoPanel id={12} />);
    expect(await screen.findByText(/Aplicando: 2 de 4 títulos — 1 MB de 2 MB lidos/)).toBeInTheDocument();
    expect(await screen.findByTestId('retorno-resultado', {}, { timeout: 3000 })).toHaveTextContent('Liquidados: 1 (R$ 101,50)');
    expect(screen.getByRole('button', { name: 'Resultado por título' })).toBeInTheDocument();
  });

  it('reads warnings as sentences (the line named once) and a small file in KB (issue 25)', async () => {
    const aviso = 'Linha 3: o campo Agência cobradora/recebedora (posições 100 a 104) deveria conter só números, mas contém "12A45".';
    api.getRetorno.mockResolvedValue({ ...base, tamanho_bytes: 3_481, previa: { ...base.previa, avisos: [{ code: 'LINHA_INVALIDA', line: 3, message: aviso }], avisos_total: 1 } });
    renderWithProviders(<RetornoPanel id={12} />);
    expect(await screen.findByText(aviso)).toBeInTheDocument();
    expect(screen.queryByText(/Linha 3: Linha 3:/)).not.toBeInTheDocument();
    expect(screen.getByText(/3,4 KB, enviado por Administrador/)).toBeInTheDocument();
  });
});
