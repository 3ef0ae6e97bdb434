import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { BoletoBancoPanel } from './BoletoBancoPanel';

const banco = vi.hoisted(() => ({ getBoletoBanco: vi.fn(), consultarBoletoNoBanco: vi.fn(), registrarBoletoNoBanco: vi.fn() }));
vi.mock('../lib/boleto-banco-calls', () => banco);

const base = {
  boleto_id: 7, modo: 'API', estado: 'REGISTRADO', descricao: 'Registrado no banco em 27/11/2026 09:15.', imprimivel: true, numero_banco: '14000000000000007',
  tentativas: 1, solicitado_em: '2026-11-27T12:14:00.000Z', registrado_em: '2026-11-27T12:15:00.000Z', proxima_tentativa: null, ultimo_erro: null,
  linha_digitavel: null, pix: true, alteracao_pendente: null, pagamento_em_processamento: null, comunicacoes: [] as unknown[],
};
const comunicacao = {
  id: 3, direcao: 'ENVIADO', operacao: 'registrar', metodo: 'POST', url: 'http://127.0.0.1/sandbox-banco/caixa/cobranca-bancaria/v4/beneficiarios/1100000/boletos',
  status: 400, requisicao: '{"dados_cadastrais":{"nosso_numero":14000000000000007}}', resposta: '{"negocial":[{"codigo":"0004","mensagem":"VENCIMENTO INVALIDO"}]}',
  sha256: 'abc', latencia_ms: 87, erro: 'A Caixa recusou o registro: VENCIMENTO INVALIDO (0004).', created_at: '2026-11-27T12:14:30.000Z',
};

afterEach(() => {
  banco.getBoletoBanco.mockReset();
  banco.consultarBoletoNoBanco.mockReset();
  banco.registrarBoletoNoBanco.mockReset();
});

describe('A boleto at the bank', () => {
  it('a conta by CNAB files shows nothing', async () => {
    banco.getBoletoBanco.mockResolvedValue({ ...base, modo: 'CNAB', estado: null, descricao: 'Conta por arquivo CNAB: o registro vai na remessa.' });
    renderWithProviders(<BoletoBancoPanel boletoId={7} admin />);
    await waitFor(() => expect(banco.getBoletoBanco).toHaveBeenCalledWith(7));
    await waitFor(() => expect(screen.queryByLabelText('Carregando a situação no banco')).not.toBeInTheDocument());
    expect(screen.queryByTestId('boleto-banco')).not.toBeInTheDocument();
    expect(screen.queryByText(/CNAB/)).not.toBeInTheDocument();
  });

  it('registered: the sentence with its badge; Consultar no banco asks the bank and refreshes', async () => {
    banco.getBoletoBanco.mockResolvedValue(base);
    banco.consultarBoletoNoBanco.mockResolvedValue({ status: 200, msg: 'O banco confirmou o pagamento: boleto liquidado.', data: { estado_banco: 'LIQUIDADO', liquidado: true } });
    renderWithProviders(<BoletoBancoPanel boletoId={7} admin title="Parcela 01" />);
    const panel = await screen.findByRole('region', { name: 'No banco — Parcela 01' });
    expect(panel).toHaveAttribute('data-estado', 'REGISTRADO');
    expect(within(panel).getByText('Registrado')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Registrado no banco em 27/11/2026 09:15.');
    expect(panel).toHaveTextContent('Nº no banco: 14000000000000007');
    expect(within(panel).queryByRole('button', { name: 'Registrar novamente' })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Nenhuma comunicação com o banco ainda.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Consultar no banco' }));
    expect(await screen.findByText('O banco confirmou o pagamento: boleto liquidado.')).toBeInTheDocument();
    expect(banco.consultarBoletoNoBanco).toHaveBeenCalledWith(7);
    await waitFor(() => expect(banco.getBoletoBanco).toHaveBeenCalledTimes(2));
  });

  it('refused: the last error, what the bank answered with its bodies, and Registrar novamente after a confirmation', async () => {
    banco.getBoletoBanco.mockResolvedValue({
      ...base, estado: 'REJEITADO', imprimivel: false, registrado_em: null, descricao: 'O banco recusou o registro: A Caixa recusou o registro: VENCIMENTO INVALIDO (0004).',
      ultimo_erro: 'A Caixa recusou o registro: VENCIMENTO INVALIDO (0004).', comunicacoes: [comunicacao],
    });
    banco.registrarBoletoNoBanco.mockResolvedValue({ status: 200, msg: 'Registro enviado para o banco.' });
    renderWithProviders(<BoletoBancoPanel boletoId={7} admin />);
    const panel = await screen.findByRole('region', { name: 'No banco' });
    expect(within(panel).getByText('Recusado')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Último erro: A Caixa recusou o registro: VENCIMENTO INVALIDO (0004).');
    const table = within(panel).getByRole('table', { name: 'O que o banco respondeu' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Quando', 'Operação', 'Método', 'Status', 'Latência', 'Erro', '']);
    expect(table).toHaveTextContent('27/11/2026 09:14');
    expect(table).toHaveTextContent('Registro');
    expect(table).toHaveTextContent('400');
    expect(table).toHaveTextContent('87 ms');
    expect(screen.queryByText(comunicacao.resposta)).not.toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Ver corpos' }));
    const resposta = screen.getByText(comunicacao.resposta);
    expect(resposta).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(screen.getByText(comunicacao.requisicao)).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: 'Registrar novamente' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, registrar novamente' }));
    await waitFor(() => expect(banco.registrarBoletoNoBanco).toHaveBeenCalledWith(7));
    expect(await screen.findByText('Registro enviado para o banco.')).toBeInTheDocument();
  });

  it('a change waiting for the bank and a payment in process; a shop sees neither the exchanges nor the buttons', async () => {
    banco.getBoletoBanco.mockResolvedValue({
      ...base,
      alteracao_pendente: { valor: 320.5, vencimento: '2026-12-20', a_partir_de: '2026-11-27T12:45:00.000Z' },
      pagamento_em_processamento: { valor: 306.5, data: '2026-11-27', canal: 'PIX' },
    });
    renderWithProviders(<BoletoBancoPanel boletoId={7} admin={false} />);
    const panel = await screen.findByRole('region', { name: 'No banco' });
    expect(within(panel).getByText('Pagamento em processamento')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Pagamento em processamento: R$ 306,50 em 27/11/2026 (PIX)');
    expect(panel).toHaveTextContent('Valor R$ 320,50, vencimento 20/12/2026: vai ao banco a partir de 27/11/2026 09:45.');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).queryByText('O que o banco respondeu')).not.toBeInTheDocument();
  });

  it('waiting with an error: Aguardando registro, and Registrar novamente is offered', async () => {
    banco.getBoletoBanco.mockResolvedValue({ ...base, estado: 'ENVIANDO', imprimivel: false, registrado_em: null, descricao: 'Aguardando registro no banco (há 3 min): Banco indisponível.', ultimo_erro: 'Banco indisponível.' });
    renderWithProviders(<BoletoBancoPanel boletoId={7} admin />);
    const panel = await screen.findByRole('region', { name: 'No banco' });
    expect(within(panel).getByText('Aguardando registro')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Registrar novamente' })).toBeInTheDocument();
  });
});
