import { and, eq } from 'drizzle-orm';
import { addDays, DENY_REASONS, POLITICA_PADRAO, todayInSaoPaulo } from '@bg/domain';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { mensagemOutbox, usuario } from '../../src/db/schema/index.js';
import { linkDescadastro } from '../../src/modules/mensagem/descadastro.js';
import { totpCode } from '../../src/modules/auth/totp.js';
import type { LightMyRequestResponse } from 'fastify';
import { bancoDivergencia, bancoRegistro, boletoContestacao, garantia, garantiaAvaliacao, garantiaRevisao, pessoaTelefone, pessoaVisao, politicaCredito } from '../../src/db/schema/index.js';
import { sql } from 'drizzle-orm';
import { fileIdOf, PNG, type Role, type World } from './fixtures.js';

/**
 * The authorisation matrix: every API route × {anonymous, usuario of empresa A, usuario of empresa
 * B, franqueado (whose franchisee is A), franqueadoB (whose franchisee is B), administrador} with
 * the outcome DOMAIN.md "Tenancy" and spec §6 call for. Records used as params/bodies belong to
 * empresa A (the victim) unless said. SHARED adds the person both A and B serve (issue 23).
 *
 *   'ok'      2xx (the role may do it; the call is built to succeed)
 *   401       not logged in          403  role not allowed (admin-only route)
 *   404       outside the role's tenancy: the record "does not exist" for it (never 200)
 *   'public'  no login needed: every role gets what anonymous gets (a token or signed link is the credential)
 *   any other number: that exact status
 *
 * ADDING A ROUTE = one line here: `'METHOD /api/path/:param': entry(PRESET, (w) => ({ params, query, body }))`.
 * `request` runs once per role (with the role), so a route that changes state builds a fresh
 * record each time with `w.fresh.*`; read routes point at the fixed records of `w.A`.
 */
export type Outcome = 'ok' | 'public' | 401 | 403 | 404 | number;
export type Expectation = Record<Role, Outcome>;

export type MatrixRequest = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** multipart/form-data upload: text fields, then files in "arquivo". */
  multipart?: { fields: Record<string, string>; files: { name: string; data: Buffer; type?: string }[] };
  /** A full URL (signed links) instead of the path built from params and query. */
  url?: string;
};

export type MatrixEntry = {
  expect: Expectation;
  request?: (w: World, role: Role) => MatrixRequest | Promise<MatrixRequest>;
  /** After a successful call (e.g. a password change ended the role's sessions: log in again). */
  afterOk?: (w: World, role: Role, req: MatrixRequest) => Promise<void>;
  /** Checks of a successful answer beyond the outcome and the leak search: the problems found. */
  verify?: (w: World, role: Role, res: LightMyRequestResponse) => string[] | Promise<string[]>;
};

// ---- presets -------------------------------------------------------------------------------
/** No login: same answer for everybody. */
export const PUBLIC: Expectation = { anonymous: 'public', usuarioA: 'public', usuarioB: 'public', franqueado: 'public', franqueadoB: 'public', admin: 'public' };
/** Any logged-in user, each about its own data (lists filtered by tenancy). */
export const ANY_USER: Expectation = { anonymous: 401, usuarioA: 'ok', usuarioB: 'ok', franqueado: 'ok', franqueadoB: 'ok', admin: 'ok' };
/** Administradores only (spec §6). */
export const ADMIN: Expectation = { anonymous: 401, usuarioA: 403, usuarioB: 403, franqueado: 403, franqueadoB: 403, admin: 'ok' };
/** Reading one of empresa A's records: A, its franqueadora and administradores; B and its franqueadora get 404. */
export const A_READ: Expectation = { anonymous: 401, usuarioA: 'ok', usuarioB: 404, franqueado: 'ok', franqueadoB: 404, admin: 'ok' };
/** Changing one of empresa A's records: A and administradores; the franqueadora reads only (404). */
export const A_WRITE: Expectation = { anonymous: 401, usuarioA: 'ok', usuarioB: 404, franqueado: 404, franqueadoB: 404, admin: 'ok' };
/** Only the record's own user and administradores (job runs). */
export const OWNER: Expectation = { anonymous: 401, usuarioA: 'ok', usuarioB: 404, franqueado: 404, franqueadoB: 404, admin: 'ok' };

const entry = (expect: Expectation, request?: MatrixEntry['request'], afterOk?: MatrixEntry['afterOk']): MatrixEntry => ({ expect, request, afterOk });
const upload = (fields: Record<string, string | number>, name = 'doc.png'): MatrixRequest => ({
  multipart: { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), files: [{ name, data: PNG, type: 'image/png' }] },
});
const month = (w: World) => ({ mes: Number(w.today.slice(5, 7)), ano: Number(w.today.slice(0, 4)) });
const endereco = { cep: '01310100', endereco: 'Avenida Paulista', numero: '100', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };

export const MATRIX: Record<string, MatrixEntry> = {
  // session and system
  'GET /api/health': entry(PUBLIC),
  'GET /api/config': entry(PUBLIC),
  'POST /api/login': entry(PUBLIC, async (w) => {
    const u = await w.fresh.usuario(w.B);
    return { body: { username: u.login, password: u.password } };
  }),
  'POST /api/login/refresh': entry(PUBLIC),
  'POST /api/logout': entry(PUBLIC),
  'GET /api/usuario/getUserCurrent': entry(ANY_USER),
  // only one's own password, even for administradores
  'POST /api/usuario/updatePassword/:id': entry(
    { anonymous: 401, usuarioA: 'ok', usuarioB: 404, franqueado: 404, franqueadoB: 404, admin: 404 },
    (w) => ({ params: { id: w.users.usuarioA.id }, body: { old_password: w.users.usuarioA.password, password: `Nova-${w.fresh.tag()}` } }),
    async (w, role, req) => w.relogin(role as 'usuarioA', (req.body as { password: string }).password),
  ),
  'GET /api/auditoria/getAllPaginate': entry(ADMIN),
  'GET /api/arquivo/:id': entry(PUBLIC, (w) => ({ url: w.A.arquivo.url })),
  'GET /api/cep/:cep': entry(ANY_USER, () => ({ params: { cep: '01310100' } })),
  'GET /api/dashboard/getResumo': entry(ANY_USER),
  'GET /api/job/:id': entry(OWNER, (w) => ({ params: { id: w.A.jobId } })),

  // empresas
  'GET /api/empresa/dataForSelect': entry(ANY_USER),
  'GET /api/empresa/getAllPaginate': entry(ANY_USER),
  'GET /api/empresa/getFranqueados': entry(ADMIN),
  'GET /api/empresa/getById/:id': entry(A_READ, (w) => ({ params: { id: w.A.empresa.id } })),
  // administrador, and franqueado (the new empresa becomes its franchisee); an usuario cannot
  'POST /api/empresa/create': entry({ anonymous: 401, usuarioA: 403, usuarioB: 403, franqueado: 'ok', franqueadoB: 'ok', admin: 'ok' }, (w) => ({
    body: { ...endereco, cnpj: w.fresh.cnpj(), razao: `Nova ${w.fresh.tag()} Ltda`, fantasia: `Nova ${w.fresh.tag()}`, email: 'nova@example.com', tel1: '1133334444' },
  })),
  // contact and address of the empresas in scope (the franqueadora's franchisee included)
  'POST /api/empresa/update/:id': entry({ ...A_WRITE, franqueado: 'ok' }, (w) => ({
    params: { id: w.A.empresa.id },
    body: { ...endereco, cnpj: w.A.empresa.cnpj, razao: w.A.empresa.razao, fantasia: w.A.empresa.fantasia, email: 'contato@example.com', tel1: '1133335555' },
  })),
  'POST /api/empresa/enable/:id': entry(ADMIN, async (w) => ({ params: { id: (await w.fresh.empresa(w.empresaF.id, 'BLOQUEADA')).id } })),
  'POST /api/empresa/disable/:id': entry(ADMIN, async (w) => ({ params: { id: (await w.fresh.empresa(w.empresaF.id)).id } })),

  // usuários: a franqueado manages its franchisees' users too (docs/cadastros.md "Tenancy");
  // an empresa_id outside the scope in a body is a field error (422 "Empresa não encontrada.")
  'GET /api/usuario/getAllPaginate': entry(ANY_USER),
  'GET /api/usuario/getById/:id': entry(A_READ, (w) => ({ params: { id: w.A.colega.id } })),
  'POST /api/usuario/create': entry({ ...A_READ, usuarioB: 422, franqueadoB: 422 }, (w) => ({
    body: { name: 'Novo Colega', login: `novo${w.fresh.tag().toLowerCase()}`, email: null, nivel: '1', empresa_id: w.A.empresa.id, setor: 'Vendas', password: 'Senha-12345' },
  })),
  'POST /api/usuario/update/:id': entry(A_READ, (w) => ({
    params: { id: w.A.colega.id },
    body: { name: w.A.colega.name, login: w.A.colega.login, email: w.A.colega.email, nivel: '1', empresa_id: w.A.empresa.id, setor: 'Cobrança' },
  })),
  'POST /api/usuario/disable/:id': entry(A_READ, async (w) => ({ params: { id: (await w.fresh.usuario(w.A)).id } })),
  'POST /api/usuario/enable/:id': entry(A_READ, async (w) => ({ params: { id: (await w.fresh.usuario(w.A, 'BLOQUEADO')).id } })),

  // pessoas
  'GET /api/pessoa/getAllPaginate': entry(ANY_USER),
  'GET /api/pessoa/getById/:id': entry(A_READ, (w) => ({ params: { id: w.A.pessoa.id } })),
  'POST /api/pessoa/update/:id': entry(A_WRITE, (w) => ({
    params: { id: w.A.pessoa.id },
    body: { ...endereco, cpf_cnpj: w.A.pessoa.cpf_cnpj, nome_razao: w.A.pessoa.nome_razao, data_nascimento: '1985-06-15', telefone1: '11987654321', renda: 3500 },
  })),
  // the identity every shop's view shares (decision 104): administradores only
  'POST /api/pessoa/updateIdentidade/:id': entry(ADMIN, (w) => ({
    params: { id: w.A.pessoa.id },
    body: { cpf_cnpj: w.A.pessoa.cpf_cnpj, nome_razao: w.A.pessoa.nome_razao, data_nascimento: '1985-06-15' },
  })),
  'GET /api/pessoa/getTelefones/:id': entry(A_READ, (w) => ({ params: { id: w.A.pessoa.id } })),
  'POST /api/pessoa/adicionaTelefone': entry(A_WRITE, (w) => ({ body: { pessoa_id: w.A.pessoa.id, telefone: '11955551234', contato: 'Recado' } })),
  'DELETE /api/pessoa/deletaTelefone/:id': entry(A_WRITE, async (w) => ({ params: { id: await w.fresh.telefone(w.A) } })),
  'POST /api/pessoa/deletaTelefone/:id': entry(A_WRITE, async (w) => ({ params: { id: await w.fresh.telefone(w.A) } })),
  'GET /api/pessoa/getDocumentacao/:id': entry(A_READ, (w) => ({ params: { id: w.A.pessoa.id } })),
  'POST /api/pessoa/uploadDocumento': entry(A_WRITE, async (w) => upload({ pessoa_id: (await w.fresh.pessoa(w.A)).id })),

  // CPFs suspeitos
  'GET /api/cpfSuspeito/getAllPaginate': entry(ADMIN),
  'POST /api/cpfSuspeito/create': entry(ADMIN, (w) => ({ body: { cpf_cnpj: w.fresh.cpf(), motivo: 'Matriz' } })),
  'POST /api/cpfSuspeito/delete/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.cpfSuspeitoId } })),

  // garantias
  'POST /api/garantia/consultaDocumento': entry(A_WRITE, (w) => ({ body: { documento: w.fresh.cpf(), empresa_id: w.A.empresa.id } })),
  'POST /api/garantia/solicitaGarantia': entry(A_WRITE, (w) => ({
    body: {
      ...endereco, cep: '01310-100', cpf_cnpj: w.fresh.cpf(), nome_razao: 'Carlos Pereira Lima', data_nascimento: '1979-03-21',
      ref_comercial: 'Magazine Central', tel_ref_comercial: '(11)3333-4444', ref_pessoal: 'Joana Lima', tel_ref_pessoal: '(11)91234-5678',
      ocupacao: 'Eletricista', renda: 2800, telefone1: '(11)98765-4321', telefone2: '', qtd_titulos: 2,
      titulos: [1, 2].map((i) => ({ parcela: i, valor: 150.5, vencimento: w.nextMonth(i) })), empresa_id: w.A.empresa.id,
    },
  })),
  'GET /api/garantia/getAllPaginate': entry(ADMIN),
  'GET /api/garantia/getById/:id': entry(A_READ, (w) => ({ params: { id: w.A.pendente.id } })),
  'GET /api/garantia/consultaRestritiva/:id': entry(ADMIN, (w) => ({ params: { id: w.A.pendente.id } })),
  'GET /api/garantia/consultaAnalitica/:id': entry(ADMIN, (w) => ({ params: { id: w.A.pendente.id } })),
  'POST /api/garantia/aprovar/:id': entry(ADMIN, async (w) => ({ params: { id: (await w.fresh.garantia(w.A)).id } })),
  'POST /api/garantia/negar/:id/:motivo/:observacao': entry(ADMIN, async (w) => ({
    params: { id: (await w.fresh.garantia(w.A)).id, motivo: DENY_REASONS[0], observacao: 'Sem contato' },
  })),
  'POST /api/garantia/cancelar/:id': entry(ADMIN, async (w) => ({ params: { id: (await w.fresh.garantia(w.A, { status: 'APROVADO' })).id } })),
  'POST /api/garantia/liberaBoleto/:id': entry(ADMIN, async (w) => ({ params: { id: (await w.fresh.garantia(w.A, { status: 'APROVADO' })).id } })),
  // the franqueadora sees the guarantee (read scope) but may not change it: 403 'somente para consulta', not 404
  'POST /api/garantia/uploadDuplicata': entry({ ...A_WRITE, franqueado: 403 }, async (w) => upload({ garantia_id: (await w.fresh.garantia(w.A, { status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO' })).id }, 'dup.png')),
  'GET /api/garantia/getDuplicatas/:id': entry(A_READ, (w) => ({ params: { id: w.A.liberada.id } })),

  // boletos
  'POST /api/boleto/update/:id': entry(ADMIN, async (w) => ({
    params: { id: (await w.fresh.garantia(w.A)).boletoIds[0] },
    body: { vencimento: w.nextMonth(3), valor: 130 },
  })),
  'GET /api/boleto/getAllPaginate': entry(ANY_USER),
  'GET /api/boleto/getById/:id': entry(A_READ, (w) => ({ params: { id: w.A.liberada.boletoIds[0] } })),
  'GET /api/boleto/getGarantiasImpressao': entry(ANY_USER),
  'GET /api/boleto/getGarantiaImpressao/:id': entry(A_READ, (w) => ({ params: { id: w.A.liberada.id } })),
  'GET /api/boleto/getBoleto/:id': entry(A_READ, (w) => ({ params: { id: w.A.liberada.boletoIds[0] } })),
  'GET /api/boleto/getCarneBoleto/:id/:via': entry(A_READ, (w) => ({ params: { id: w.A.liberada.id, via: 1 } })),
  'GET /api/boleto/getDuplicataAll/:id': entry(A_READ, (w) => ({ params: { id: w.A.liberada.id } })),
  'GET /api/boleto/getComprovante/:token': entry(PUBLIC, (w) => ({ params: { token: w.A.comprovanteToken } })),
  'POST /api/boleto/quitar/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.boleto(w.A, 'GARANTIDO', 10) } })),
  'POST /api/boleto/cancelar/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.boleto(w.A, 'DISPONÍVEL PARA PAGAMENTO') } })),
  'POST /api/boleto/marcarQuitado/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.boletoRemovido(w.A) } })),
  // the franqueadora sees the boleto (read scope) but may not receive it: 403, not 404
  'POST /api/boleto/baixar/:id': entry({ ...A_WRITE, franqueado: 403 }, async (w) => ({ params: { id: await w.fresh.boleto(w.A) } })),
  'GET /api/contaCobranca/get': entry(ADMIN),
  'POST /api/contaCobranca/save': entry(ADMIN, (w) => {
    const { id: _id, created_at: _c, updated_at: _u, ativa: _a, ...conta } = w.admin.conta as Record<string, unknown>;
    return { body: conta };
  }),
  // several contas (decision 126): the administradores' only; the house default cannot be deactivated (409)
  'GET /api/contaCobranca/bancos': entry(ADMIN),
  'GET /api/contaCobranca/list': entry(ADMIN),
  'POST /api/contaCobranca/create': entry(ADMIN, (w) => {
    const { id: _id, created_at: _c, updated_at: _u, ativa: _a, padrao: _p, ...conta } = w.admin.conta as Record<string, unknown>;
    return { body: conta };
  }),
  'POST /api/contaCobranca/update/:id': entry(ADMIN, (w) => {
    const { id: _id, created_at: _c, updated_at: _u, ativa: _a, padrao: _p, ...conta } = w.admin.conta as Record<string, unknown>;
    return { params: { id: w.admin.conta.id }, body: conta };
  }),
  'POST /api/contaCobranca/desativar/:id': entry({ ...ADMIN, admin: 409 }, (w) => ({ params: { id: w.admin.conta.id } })),
  'POST /api/contaCobranca/reativar/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.conta.id } })),
  'POST /api/contaCobranca/padrao/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.conta.id } })),
  'POST /api/contaCobranca/empresa/:id': entry(ADMIN, (w) => ({ params: { id: w.A.empresa.id }, body: { conta_cobranca_id: null } })),

  // banks by API (issue 26, docs/banks.md): the bank's webhook authenticates by the conta's token
  // (none here: 401 for everybody), the rest is the administradores'; a boleto at the bank is read
  // as the boleto is (its scope)
  'POST /api/banco/webhook/:id': entry(PUBLIC, (w) => ({ params: { id: w.admin.conta.id }, body: [] })),
  'GET /api/contaCobranca/getAll': entry(ADMIN),
  'POST /api/contaCobranca/integracao/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.conta.id }, body: { modo: 'CNAB' } })),
  'POST /api/contaCobranca/certificado/:id': entry({ ...ADMIN, admin: 415 }, (w) => ({ params: { id: w.admin.conta.id }, multipart: { fields: { senha: '' }, files: [{ name: 'c.pfx', data: PNG, type: 'application/x-pkcs12' }] } })),
  'POST /api/contaCobranca/removerCertificado/:id': entry({ ...ADMIN, admin: 409 }, (w) => ({ params: { id: w.admin.conta.id } })),
  'POST /api/contaCobranca/testarConexao/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.conta.id } })),
  'GET /api/banco/boleto/:id': entry(A_READ, (w) => ({ params: { id: w.A.liberada.boletoIds[0] } })),
  'POST /api/banco/registrar/:id': entry(ADMIN, async (w) => {
    const id = await w.fresh.boleto(w.A, 'DISPONÍVEL PARA PAGAMENTO');
    await w.db.insert(bancoRegistro).values({ boleto_id: id, conta_cobranca_id: w.admin.conta.id as number, estado: 'REJEITADO' });
    return { params: { id } };
  }),
  // asking the bank needs a bank: a registration not sent yet is refused (409) before any call —
  // what is checked here is who may ask (tests/banco cover the call itself against the sandbox)
  'POST /api/banco/consultar/:id': entry({ ...ADMIN, admin: 409 }, async (w) => {
    const id = await w.fresh.boleto(w.A, 'DISPONÍVEL PARA PAGAMENTO');
    await w.db.insert(bancoRegistro).values({ boleto_id: id, conta_cobranca_id: w.admin.conta.id as number, estado: 'PENDENTE' });
    return { params: { id } };
  }),
  // Conciliação: findings of the daily reconciliation, administradores only
  'GET /api/banco/conciliacao': entry(ADMIN),
  'POST /api/banco/conciliacao/resolver/:id': entry(ADMIN, async (w) => {
    const [d] = await w.db
      .insert(bancoDivergencia)
      .values({ conta_cobranca_id: w.admin.conta.id as number, numero_banco: `9${w.fresh.tag()}`.slice(0, 30), tipo: 'NAO_ENCONTRADO_AQUI', detalhe: { origem: 'matriz' } })
      .returning({ id: bancoDivergencia.id });
    return { params: { id: d.id }, body: { acao: 'DESCARTAR' } };
  }),
  'POST /api/banco/conciliacao/executar': entry(ADMIN),

  // Administração > Régua de cobrança (decision 115): administradores only
  'GET /api/regua': entry(ADMIN, (w) => ({ query: { empresa_id: w.A.empresa.id } })),
  'POST /api/regua/salvar': entry(ADMIN, (w) => ({
    body: { empresa_id: w.B.empresa.id, etapas: [{ dias: 0, canal: 'whatsapp', template: 'lembrete_dia', ativo: true }], parar_acordo: true, parar_spc: true, parar_contestado: true },
  })),
  'POST /api/regua/restaurar-padrao/:id': entry(ADMIN, (w) => ({ params: { id: w.B.empresa.id } })),
  'POST /api/regua/executar': entry(ADMIN),
  'GET /api/regua/proximos-envios': entry(ADMIN, (w) => ({ query: { empresa_id: w.A.empresa.id, canal: 'whatsapp' } })),
  'GET /api/regua/eficacia': entry(ADMIN, () => ({ query: { de: '2026-01-01', ate: '2026-12-31' } })),
  'GET /api/regua/contestacoes': entry(ADMIN),
  'POST /api/regua/contestacao': entry(ADMIN, async (w) => ({ body: { boleto_id: await w.fresh.boleto(w.A), motivo: 'Contestação da matriz' } })),
  'POST /api/regua/contestacao/encerrar/:id': entry(ADMIN, async (w) => {
    const [c] = await w.db.insert(boletoContestacao).values({ boleto_id: await w.fresh.boleto(w.A), motivo: 'Contestação da matriz', aberta_por: w.A.usuario.id }).returning({ id: boletoContestacao.id });
    return { params: { id: c.id }, body: { motivo: 'Encerrada pela matriz' } };
  }),

  // antecipações and the sale simulator
  // an administrador looks at the shop it names (read only); an usuario may name only its own empresa (B: 404)
  'GET /api/relatorio/simulaAntecipacao': entry({ anonymous: 401, usuarioA: 'ok', usuarioB: 404, franqueado: 403, franqueadoB: 403, admin: 'ok' }, (w) => ({ query: { empresa_id: w.A.empresa.id } })),
  'GET /api/relatorio/getAllAntecipacao': entry(ANY_USER),
  'GET /api/relatorio/getAntecipacao/:id': entry(A_READ, (w) => ({ params: { id: w.A.antecipacaoEmAnalise } })),
  // B sending A's simulation: re-simulated for B's own empresa, refused (409), nothing stored
  'POST /api/relatorio/createAntecipacao': entry({ anonymous: 401, usuarioA: 'ok', usuarioB: 409, franqueado: 403, franqueadoB: 403, admin: 403 }, async (w) => ({ body: await w.fresh.antecipacaoBody(w.A) })),
  'POST /api/relatorio/aprovaAntecipacao/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.antecipacao(w.A) } })),
  'POST /api/relatorio/negaAntecipacao/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.antecipacao(w.A) } })),
  'GET /api/relatorio/getAntecipacaoDocumento/:id': entry(A_READ, (w) => ({ params: { id: w.A.antecipacaoAprovada } })),
  // empresa_id is for administradores: others always simulate with their own empresa (F: simula_venda N)
  'GET /api/simulador/antecipacao/:valor/:qtdParcelas': entry({ ...ANY_USER, franqueado: 403, franqueadoB: 403 }, (w) => ({ params: { valor: 1000, qtdParcelas: 3 }, query: { empresa_id: w.A.empresa.id } })),

  // relatórios
  'GET /api/relatorio/getFaturamento': entry(ADMIN, (w) => ({ query: month(w) })),
  'GET /api/relatorio/getFaturamentoCsv': entry(ADMIN, (w) => ({ query: month(w) })),
  'GET /api/relatorio/getFechamento': entry(ADMIN, (w) => ({ query: { ...month(w), empresa_id: w.A.empresa.id } })),
  'GET /api/relatorio/getFechamentoPdf': entry(ADMIN, (w) => ({ query: { ...month(w), empresa_id: w.A.empresa.id } })),

  // cobrança (administradores)
  'GET /api/pessoa/getInadimplentes': entry(ADMIN),
  'GET /api/pessoa/getInadimplenteById/:id': entry(ADMIN, (w) => ({ params: { id: w.A.devedor.pessoaId } })),
  'GET /api/pessoa/getAllNotesPaginate': entry(ADMIN, (w) => ({ query: { mes: w.today.slice(0, 7) } })),
  'GET /api/pessoa/getNotesByPessoaId/:id': entry(ADMIN, (w) => ({ params: { id: w.A.devedor.pessoaId } })),
  'POST /api/pessoa/createNote': entry(ADMIN, (w) => ({ body: { data: w.nextMonth(1), descricao: 'Ligar de novo', pessoa_id: w.A.devedor.pessoaId } })),
  'POST /api/pessoa/concluirNote/:id': entry(ADMIN, (w) => ({ params: { id: w.A.agendamentoId } })),
  'GET /api/pessoa/getOperadores': entry(ADMIN),
  'POST /api/acordo/create': entry(ADMIN, async (w) => ({ body: await w.fresh.acordoBody(w.A) })),
  'GET /api/acordo/getAll': entry(ADMIN),
  'GET /api/acordo/getById/:id': entry(ADMIN, (w) => ({ params: { id: w.A.acordo.id } })),
  'POST /api/acordo/baixar-parcela': entry(ADMIN, (w) => ({ body: { parcelaId: w.A.acordo.parcelaIds[0] } })),
  'POST /api/acordo/cancelar': entry(ADMIN, async (w) => ({ body: { acordoId: (await w.fresh.acordo(w.A)).id } })),
  'POST /api/acordo/incluir-spc': entry(ADMIN, async (w) => ({ body: { boletoId: (await w.fresh.devedor(w.A)).boletoIds[1] } })),
  // the notice letter and its posting (decision 116): an AVISADA record of a fresh defaulter of A
  'GET /api/acordo/spc/:id/carta': entry(ADMIN, async (w) => ({ params: { id: await spcAvisada(w) } })),
  'POST /api/acordo/spc/:id/postagem': entry(ADMIN, async (w) => ({ params: { id: await spcAvisada(w) }, body: { data_postagem: todayInSaoPaulo(), codigo_rastreio: 'AR123456789BR' } })),
  'GET /api/acordo/getTermo/:id': entry(ADMIN, (w) => ({ params: { id: w.A.acordo.id } })),
  'GET /api/mensagem/getAllPaginate': entry(ADMIN),
  'POST /api/mensagem/reenviar/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.mensagemFalhou() } })),
  'GET /api/mensagem/getById/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.mensagemFalhou() } })),
  'GET /api/mensagem/consentimento/:id': entry(ADMIN, (w) => ({ params: { id: w.A.pessoa.id } })),
  'POST /api/mensagem/consentimento/:id': entry(ADMIN, (w) => ({ params: { id: w.A.pessoa.id }, body: { channel: 'email', aceito: true, detalhe: 'matriz' } })),
  // WhatsApp's webhook (docs/messaging.md): the handshake needs WHATSAPP_VERIFY_TOKEN and each POST
  // the app secret's signature (neither configured here: 403 and 401 for everybody)
  'GET /api/mensagem/whatsapp/webhook': entry(PUBLIC, () => ({ query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'x', 'hub.challenge': '1' } })),
  'POST /api/mensagem/whatsapp/webhook': entry(PUBLIC, () => ({ body: { object: 'whatsapp_business_account', entry: [] } })),
  // the e-mails' descadastro (docs/messaging.md): the signed token is the credential
  'GET /api/mensagem/descadastro/:token': entry(PUBLIC, async (w) => ({ url: await descadastroPath(w) })),
  'POST /api/mensagem/descadastro/:token': entry(PUBLIC, async (w) => ({ url: await descadastroPath(w) })),

  // CNAB, boletos avulsos
  'POST /api/boleto/gerarRemessa': entry(ADMIN),
  'GET /api/boleto/getRemessas': entry(ADMIN),
  'POST /api/retorno/create': entry(ADMIN, async (w) => ({ multipart: { fields: {}, files: [{ name: `RET_${w.fresh.tag()}.ret`, data: await w.fresh.retornoFile(), type: 'text/plain' }] } })),
  'GET /api/retorno/getAllPaginate': entry(ADMIN),
  'GET /api/retorno/getById/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.retornoId } })),
  'GET /api/retorno/getItens/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.retornoId } })),
  'POST /api/retorno/aplicar/:id': entry(ADMIN, async (w) => ({ params: { id: await w.fresh.retornoPronto() } })),
  'GET /api/boletoAvulso/getAllPaginate': entry(ADMIN),
  'POST /api/boletoAvulso/getByCpfCnpj': entry(ADMIN, (w) => ({ body: { cpf_cnpj: w.A.pessoa.cpf_cnpj } })),
  'GET /api/boletoAvulso/getBoleto/:id': entry(ADMIN, (w) => ({ params: { id: w.admin.avulsoId } })),
  'POST /api/boletoAvulso/create': entry(ADMIN, (w) => ({
    body: { ...endereco, cpf_cnpj: w.fresh.cpf(), nome_razao: 'Pagador Matriz', valor: 55.5, vencimento: w.nextMonth(1), empresa_id: w.A.empresa.id },
  })),

  // assinatura digital das duplicatas
  // the franqueadora sees the guarantee but does not send it for signature: 403, not 404
  'POST /api/boleto/getDuplicataAssinatura/:garantiaId': entry({ ...A_WRITE, franqueado: 403 }, async (w) => ({
    params: { garantiaId: (await w.fresh.garantia(w.A, { status: 'APROVADO' })).id },
    body: { email: 'cliente@example.com', telefone: '11987654321' },
  })),
  'GET /api/assinatura/getByGarantia/:garantiaId': entry(A_READ, (w) => ({ params: { garantiaId: w.A.assinatura.garantiaId } })),
  'GET /api/assinatura/:token': entry(PUBLIC, (w) => ({ params: { token: w.A.assinatura.token } })),
  'GET /api/assinatura/:token/documento': entry(PUBLIC, (w) => ({ params: { token: w.A.assinatura.token } })),
  'POST /api/assinatura/:token/assinar': entry(PUBLIC, async (w) => {
    const a = await w.fresh.assinatura(w.A);
    return { params: { token: a.token }, body: { cpf_cnpj: a.signatario.cpf_cnpj, nome: a.signatario.nome, aceite: true } };
  }),

  // página do pagador (issue 27, decision 116): public; a session from identifying A's person
  'POST /api/pagador/identificar': entry(PUBLIC, (w) => ({ body: { documento: w.A.pessoa.cpf_cnpj, data: '1985-06-15' } })),
  'POST /api/pagador/boletos': entry(PUBLIC, async (w) => ({ body: { sessao: await pagadorSessao(w) } })),
  'GET /api/pagador/boleto/:id/pdf': entry(PUBLIC, async (w) => {
    const { data } = (await w.app.call({ method: 'POST', url: '/api/pagador/boletos', payload: { sessao: await pagadorSessao(w) } })).json() as { data: { boletos: { pdf_url: string }[] } };
    return { url: data.boletos[0]?.pdf_url ?? `/api/pagador/boleto/${w.A.liberada.boletoIds[0]}/pdf?p=0&exp=0&sig=x` };
  }),
  'POST /api/pagador/preferencias': entry(PUBLIC, async (w) => ({ body: { sessao: await pagadorSessao(w), whatsapp: true, email: true } })),
  'GET /api/pagador/acessos/:id': entry(ADMIN, (w) => ({ params: { id: w.A.pessoa.id } })),
  // credit policy and the LGPD art. 20 reviews (issue 29, docs/credito.md)
  'GET /api/credito/politica/list': entry(ADMIN),
  'GET /api/credito/politica/getById/:id': entry(ADMIN, async (w) => ({ params: { id: await politicaDeTeste(w) } })),
  'POST /api/credito/politica/rascunho': entry(ADMIN, () => ({ body: { regras: POLITICA_PADRAO.regras, limites: { boleto: null, garantia: null, loja: null, documento: null }, liberacao_automatica: false } })),
  'POST /api/credito/politica/descartar/:id': entry(ADMIN, async (w) => ({ params: { id: await rascunhoDeTeste(w) } })),
  'POST /api/credito/politica/publicar/:id': entry(ADMIN, async (w) => ({ params: { id: await rascunhoDeTeste(w) } })),
  'GET /api/credito/politica/simular/:id': entry(ADMIN, async (w) => ({ params: { id: await politicaDeTeste(w) }, query: { meses: 3 } })),
  'POST /api/credito/revisao/solicitar/:id': entry(A_WRITE, async (w) => ({ params: { id: await negadaAutomaticamente(w) }, body: {} })),
  'GET /api/credito/revisao/list': entry(ADMIN),
  'POST /api/credito/revisao/decidir/:id': entry(ADMIN, async (w) => ({ params: { id: await revisaoPendente(w) }, body: { decisao: 'MANTIDA', fundamentacao: 'Decisão da matriz de autorização.' } })),
  'POST /api/pagador/negativas': entry(PUBLIC, async (w) => ({ body: { sessao: await pagadorSessao(w) } })),
  'POST /api/pagador/revisao': entry(PUBLIC, async (w) => ({ body: { sessao: await pagadorSessao(w), garantia_id: w.A.pendente.id } })),

  // verificação em duas etapas (docs/decisions/095): each role turns it on, then off again
  // chaves de API (issue 28, decision 117): a shop's users with the permission, its own shop; administradores any
  'POST /api/integracao/chaves': entry(A_WRITE, (w) => ({ body: { empresa_id: w.A.empresa.id, nome: 'ERP', escopos: ['boletos:read'] } })),
  'GET /api/integracao/chaves': entry(ANY_USER),
  'POST /api/integracao/chaves/:id/revogar': entry(A_WRITE, async (w) => ({ params: { id: await chaveDeA(w) } })),
  'POST /api/integracao/chaves/:id/rotacionar': entry(A_WRITE, async (w) => ({ params: { id: await chaveDeA(w) }, body: { sobreposicao_horas: 1 } })),
  // webhooks (issue 28, decision 118): the keys' rule — A's users (with Integrações) and administradores; anyone else 404
  'POST /api/integracao/webhooks': entry(A_WRITE, (w) => ({ body: { empresa_id: w.A.empresa.id, url: 'https://127.0.0.1:9/hook', eventos: ['*'] } })),
  'GET /api/integracao/webhooks': entry(ANY_USER),
  'GET /api/integracao/webhooks/:id': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) } })),
  'POST /api/integracao/webhooks/:id': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) }, body: { descricao: 'ERP' } })),
  'DELETE /api/integracao/webhooks/:id': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) } })),
  'POST /api/integracao/webhooks/:id/rotacionar-segredo': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) }, body: { horas_sobreposicao: 1 } })),
  'POST /api/integracao/webhooks/:id/pausar': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) } })),
  'POST /api/integracao/webhooks/:id/reativar': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w, true) } })),
  'GET /api/integracao/webhooks/:id/entregas': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) } })),
  'POST /api/integracao/webhooks/:id/reenviar': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) }, body: { desde: '2026-01-01' } })),
  'POST /api/integracao/webhooks/:id/teste': entry(A_WRITE, async (w) => ({ params: { id: await webhookDeA(w) } })),
  // a API pública /api/v1: a key, not a session (a session token is refused like no key: 401 for everybody)
  'POST /api/v1/garantias': entry(PUBLIC, () => ({ body: {} })),
  'GET /api/v1/garantias/:id': entry(PUBLIC, (w) => ({ params: { id: w.A.liberada.id } })),
  'GET /api/v1/garantias/:id/carne': entry(PUBLIC, (w) => ({ params: { id: w.A.liberada.id } })),
  'GET /api/v1/boletos': entry(PUBLIC),
  'GET /api/v1/boletos/:id': entry(PUBLIC, (w) => ({ params: { id: w.A.liberada.boletoIds[0] } })),
  'GET /api/v1/boletos/:id/pdf': entry(PUBLIC, (w) => ({ params: { id: w.A.liberada.boletoIds[0] } })),
  'GET /api/v1/boletos/:id/recibo': entry(PUBLIC, (w) => ({ params: { id: w.A.liberada.boletoIds[0] } })),
  'GET /api/v1/webhooks': entry(PUBLIC),
  'POST /api/v1/webhooks': entry(PUBLIC, () => ({ body: {} })),
  'GET /api/v1/webhooks/:id': entry(PUBLIC, () => ({ params: { id: 1 } })),
  'DELETE /api/v1/webhooks/:id': entry(PUBLIC, () => ({ params: { id: 1 } })),
  'GET /api/v1/webhooks/:id/entregas': entry(PUBLIC, () => ({ params: { id: 1 } })),
  'POST /api/v1/webhooks/:id/reenviar': entry(PUBLIC, () => ({ params: { id: 1 }, body: {} })),
  'POST /api/v1/webhooks/:id/teste': entry(PUBLIC, () => ({ params: { id: 1 }, body: {} })),
  'POST /api/login/2fa': entry(PUBLIC, () => ({ body: { challenge: 'desafio.forjado', code: '123456' } })),
  'GET /api/usuario/doisFatores': entry(ANY_USER),
  'POST /api/usuario/doisFatores/iniciar': entry(ANY_USER),
  // turning it on ends every access token of the user (decision 106): the role goes on with a new one
  'POST /api/usuario/doisFatores/confirmar': entry(ANY_USER, async (w, role) => ({ body: { code: await twoFactorSetup(w, role) } }), renewToken),
  // the code of the next 30-second step: the current one was spent confirming
  'POST /api/usuario/doisFatores/desativar': entry(ANY_USER, (w, role) => ({
    body: role === 'anonymous' ? { password: 'x', code: '000000' } : { password: w.users[role].password, code: totpCode(totpSecrets.get(role) ?? 'AAAA', Date.now() + 30_000) },
  })),

  // LGPD: access log and the data subject's export (administradores)
  'GET /api/pessoa/getAcessos/:id': entry(ADMIN, (w) => ({ params: { id: w.A.pessoa.id } })),
  'POST /api/lgpd/exportar': entry(ADMIN, (w) => ({ body: { cpf_cnpj: w.A.pessoa.cpf_cnpj } })),
  'POST /api/lgpd/exportar/pdf': entry(ADMIN, (w) => ({ body: { cpf_cnpj: w.A.pessoa.cpf_cnpj } })),

  // razão (decision 109): a shop's position, repasses, losses (administradores). The administrador's
  // call is built to succeed: a boleto of A honoured first (quitar posts what A is owed / the debt)
  'GET /api/razao/getPosicaoLoja/:id': entry(ADMIN, (w) => ({ params: { id: w.A.empresa.id } })),
  'POST /api/razao/registrarRepasse': entry(ADMIN, async (w, role) => {
    if (role === 'admin') await honrar(w, await w.fresh.boleto(w.A, 'GARANTIDO', 10));
    return { body: { empresa_id: w.A.empresa.id, data: todayInSaoPaulo(), valor: 0.01, chave: `matriz-${role}-${Date.now()}` } };
  }),
  'POST /api/razao/lancarPerda': entry(ADMIN, async (w, role) => {
    const id = await w.fresh.boleto(w.A, 'GARANTIDO', 10);
    if (role === 'admin') await honrar(w, id);
    return { body: { boletoId: id, motivo: 'devedor não localizado' } };
  }),

  // Financeiro (issue 24): A's Extrato is read by A, its franqueadora and administradores — B and
  // B's franqueadora get 404, so two shops never see each other's statement; Repasses is admin-only
  'GET /api/financeiro/getExtrato': entry(A_READ, (w) => ({ query: { empresa_id: w.A.empresa.id, de: addDays(w.today, -60), ate: w.today } })),
  'GET /api/financeiro/getExtratoCsv': entry(A_READ, (w) => ({ query: { empresa_id: w.A.empresa.id, de: addDays(w.today, -60), ate: w.today } })),
  'GET /api/financeiro/getExtratoPdf': entry(A_READ, (w) => ({ query: { empresa_id: w.A.empresa.id, de: addDays(w.today, -60), ate: w.today } })),
  'GET /api/financeiro/getSaldosLojas': entry(ADMIN, () => ({ query: { somente_a_repassar: 'N' } })),
  'GET /api/financeiro/getRepasses': entry(ADMIN),
  'GET /api/financeiro/getRepassesCsv': entry(ADMIN),

  // Risco da carteira (issue 29, docs/risco.md): administradores only
  'GET /api/risco/exposicao': entry(ADMIN),
  'GET /api/risco/vintage': entry(ADMIN),
  'GET /api/risco/rolagem': entry(ADMIN),
  'GET /api/risco/primeiro-pagamento': entry(ADMIN),
  'GET /api/risco/cura-acordo': entry(ADMIN),
  'GET /api/risco/perdas': entry(ADMIN),
  'GET /api/risco/provisoes': entry(ADMIN),
  'POST /api/risco/provisoes/faixas': entry(ADMIN, () => ({ body: { faixas: [{ faixa: 'A', percentual: 0.5 }] } })),
  'POST /api/risco/provisoes/faixas/padrao': entry(ADMIN),
  'POST /api/risco/atualizar': entry(ADMIN),
  'GET /api/risco/csv': entry(ADMIN, () => ({ query: { quadro: 'provisoes' } })),
};

/** quitar, as the use-case does it: the guarantee honoured and its payout posted. */
async function honrar(w: World, boletoId: number) {
  await w.db.transaction((tx) => changeSituacao(tx, boletoId, 'quitar', { id: null, ip: null }, 'matriz'));
}

// ---- one person, two shops (issue 23) --------------------------------------------------------
/**
 * The person both A and B serve (`w.compartilhada`): each shop reads and changes only its own view;
 * a franqueado reads its franchisee's; administradores every view, marked by shop. Keyed
 * `METHOD path — what`; the leak search of every answer (the other shop's tag, its document's file
 * id, its typed phone) does most of the work, `verify` the rest.
 */
const ALL_READ: Expectation = { anonymous: 401, usuarioA: 'ok', usuarioB: 'ok', franqueado: 'ok', franqueadoB: 'ok', admin: 'ok' };
/** Each shop writes its own view; the franqueados read only; administradores any view. */
const OWN_VIEW_WRITE: Expectation = { anonymous: 401, usuarioA: 'ok', usuarioB: 'ok', franqueado: 404, franqueadoB: 404, admin: 'ok' };
const shopOf = (w: World, role: Role) => (role === 'usuarioA' || role === 'franqueado' ? w.A : w.B);

/** An administrador's answer carries both shops' data, each marked by its Loja. */
const bothShops = (w: World, role: Role, res: LightMyRequestResponse): string[] => {
  if (role !== 'admin') return [];
  return [w.A, w.B].flatMap((t) => [t.tag, t.empresa.fantasia].filter((m) => !res.body.includes(m)).map((m) => `the administrador's answer lacks ${m}`));
};

/** What shop t's view holds right now, to prove another shop's call left it as it was. */
async function visaoDe(w: World, t: World['A']) {
  const [v] = await w.db.select().from(pessoaVisao).where(and(eq(pessoaVisao.pessoa_id, w.compartilhada.pessoaId), eq(pessoaVisao.empresa_id, t.empresa.id)));
  return v;
}

export const SHARED: Record<string, MatrixEntry> = {
  'GET /api/pessoa/getById/:id — pessoa de duas lojas': { expect: ALL_READ, request: (w) => ({ params: { id: w.compartilhada.pessoaId } }), verify: bothShops },
  'GET /api/pessoa/getTelefones/:id — pessoa de duas lojas': { expect: ALL_READ, request: (w) => ({ params: { id: w.compartilhada.pessoaId } }), verify: bothShops },
  // the list carries each document's signed link: the other shop's file id must never be in it
  'GET /api/pessoa/getDocumentacao/:id — pessoa de duas lojas (links)': {
    expect: ALL_READ,
    request: (w) => ({ params: { id: w.compartilhada.pessoaId } }),
    verify: (w, role, res) => {
      if (role === 'admin') return [w.A, w.B].filter((t) => !res.body.includes(fileIdOf(t.compartilhada!.arquivo.url))).map((t) => `no link to ${t.tag}'s document`);
      const own = shopOf(w, role).compartilhada!.arquivo;
      return res.body.includes(fileIdOf(own.url)) ? [] : [`${role} lacks its own shop's document`];
    },
  },
  'GET /api/garantia/getById/:id — garantia da loja A da pessoa de duas lojas': {
    expect: A_READ,
    request: (w) => ({ params: { id: w.compartilhada.A.garantiaId } }),
    verify: bothShops,
  },
  'POST /api/pessoa/update/:id — pessoa de duas lojas': {
    expect: OWN_VIEW_WRITE,
    request: async (w, role) => {
      // an administrador changes A's view here (it names it)
      const t = role === 'admin' ? w.A : shopOf(w, role);
      const other = t === w.A ? w.B : w.A;
      // remember the other shop's view: the call must leave it exactly as it was
      before.set(role, await visaoDe(w, other));
      return {
        params: { id: w.compartilhada.pessoaId },
        body: {
          ...endereco, endereco: `Rua ${t.tag}`, cpf_cnpj: w.compartilhada.cpf_cnpj, nome_razao: `Cliente ${t.tag}`, ref_pessoal: `Referencia ${t.tag}`,
          telefone1: t.compartilhada!.dados.telefone1, renda: 4100, ...(role === 'admin' ? { empresa_id: w.A.empresa.id } : {}),
        },
      };
    },
    verify: async (w, role) => {
      if (role === 'anonymous') return [];
      const t = role === 'admin' ? w.A : shopOf(w, role);
      const other = t === w.A ? w.B : w.A;
      const now = await visaoDe(w, other);
      return JSON.stringify(now) === JSON.stringify(before.get(role)) ? [] : [`${role}'s update changed ${other.tag}'s view`];
    },
  },
  // B's phone: only B (and administradores) may remove it; A gets 404, as for a phone that does not exist
  'DELETE /api/pessoa/deletaTelefone/:id — telefone da loja B na pessoa de duas lojas': {
    expect: { anonymous: 401, usuarioA: 404, usuarioB: 'ok', franqueado: 404, franqueadoB: 404, admin: 'ok' },
    request: async (w) => ({ params: { id: await w.fresh.telefoneCompartilhado(w.B) } }),
  },
  'POST /api/pessoa/adicionaTelefone — pessoa de duas lojas': {
    expect: OWN_VIEW_WRITE,
    request: (w, role) => ({ body: { pessoa_id: w.compartilhada.pessoaId, telefone: '11955553333', contato: `Novo ${shopOf(w, role).tag}` } }),
    verify: async (w, role) => {
      if (role !== 'usuarioA') return [];
      const rows = await w.db.select().from(pessoaTelefone).where(and(eq(pessoaTelefone.pessoa_id, w.compartilhada.pessoaId), eq(pessoaTelefone.contato, `Novo ${w.A.tag}`)));
      return rows.every((r) => r.empresa_id === w.A.empresa.id) ? [] : ["A's phone went to another view"];
    },
  },
  'POST /api/pessoa/uploadDocumento — pessoa de duas lojas': {
    expect: OWN_VIEW_WRITE,
    request: (w) => upload({ pessoa_id: w.compartilhada.pessoaId }),
  },
  // the wizard's lookup of a CPF only B knows: for anyone but B (its own data), an unknown person
  'POST /api/garantia/consultaDocumento — pessoa só da loja B': {
    expect: ALL_READ,
    request: (w, role) => ({ body: { documento: w.B.pessoa.cpf_cnpj, ...(role === 'admin' ? { empresa_id: w.A.empresa.id } : {}) } }),
    verify: (w, role, res) => {
      const obj = res.json().obj as { pessoa_id: number | null; pessoa: unknown };
      const expected = role === 'usuarioB' ? w.B.pessoa.id : null;
      return obj.pessoa_id === expected && (expected === null) === (obj.pessoa === null) ? [] : [`${role} got pessoa_id ${obj.pessoa_id}, expected ${expected}`];
    },
  },
  // a CPF both know: each shop gets its own view to pre-fill (the leak search catches the other's)
  'POST /api/garantia/consultaDocumento — pessoa de duas lojas': {
    expect: ALL_READ,
    request: (w, role) => ({ body: { documento: w.compartilhada.cpf_cnpj, ...(role === 'admin' ? { empresa_id: w.B.empresa.id } : {}) } }),
    verify: (w, role, res) => {
      const t = role === 'usuarioA' ? w.A : role === 'usuarioB' || role === 'admin' ? w.B : null;
      const pessoa = res.json().obj.pessoa as { endereco: string | null } | null;
      if (t === null) return pessoa === null ? [] : [`${role} got a pre-fill from another shop's data`];
      return pessoa?.endereco === `Rua ${t.tag}` ? [] : [`${role}'s pre-fill is not its shop's own data (${pessoa?.endereco})`];
    },
  },
  // every view, marked by its shop, with the phones and documents of each
  'POST /api/lgpd/exportar — pessoa de duas lojas': {
    expect: ADMIN,
    request: (w) => ({ body: { cpf_cnpj: w.compartilhada.cpf_cnpj } }),
    verify: (w, role, res) => {
      const e = res.json() as { visoes?: { empresa_id: number | null; loja: string }[]; telefones: { loja?: string }[]; documentos: { loja?: string }[] };
      const problems = bothShops(w, role, res);
      for (const t of [w.A, w.B]) {
        if (!e.visoes?.some((v) => v.empresa_id === t.empresa.id && v.loja === t.empresa.fantasia)) problems.push(`the export lacks ${t.tag}'s view`);
        if (!e.telefones.some((x) => x.loja === t.empresa.fantasia) || !e.documentos.some((x) => x.loja === t.empresa.fantasia)) problems.push(`the export does not mark ${t.tag}'s phones and documents`);
      }
      return problems;
    },
  },
};
const before = new Map<Role, unknown>();

/**
 * The access token a refresh would give a role whose tokens were ended (its token_version went up),
 * signed as the app signs them: the matrix's logins keep no refresh cookie.
 */
async function renewToken(w: World, role: Role): Promise<void> {
  if (role === 'anonymous') return;
  const [row] = await w.db.select({ tv: usuario.token_version }).from(usuario).where(eq(usuario.id, w.users[role].id));
  w.tokens[role] = w.app.app.jwt.sign({ sub: String(w.users[role].id), tv: row.tv }, { expiresIn: 900 });
}

/** TOTP secrets the matrix's roles set up (confirmar), for the code that turns it off (desativar). */
const totpSecrets = new Map<Role, string>();
async function twoFactorSetup(w: World, role: Role): Promise<string> {
  if (role === 'anonymous') return '000000';
  const res = await w.app.call({ method: 'POST', url: '/api/usuario/doisFatores/iniciar', token: w.tokens[role] ?? undefined });
  const secret = res.json().data.segredo as string;
  totpSecrets.set(role, secret);
  return totpCode(secret);
}

/** A payer-page session of A's person (identified by CPF and the factory's birth date). */
/** A fresh webhook endpoint of empresa A, made by A's usuario (paused when asked, for Reativar). */
async function webhookDeA(w: World, pausado = false): Promise<number> {
  const token = w.tokens.usuarioA ?? undefined;
  const res = await w.app.call({ method: 'POST', url: '/api/integracao/webhooks', token, payload: { empresa_id: w.A.empresa.id, url: 'https://127.0.0.1:9/hook', eventos: ['*'] } });
  const id = (res.json() as { data: { id: number } }).data.id;
  if (pausado) await w.app.call({ method: 'POST', url: `/api/integracao/webhooks/${id}/pausar`, token });
  return id;
}

/** A fresh API key of empresa A, made by A's usuario (each role revokes or rotates its own). */
async function chaveDeA(w: World): Promise<number> {
  const res = await w.app.call({ method: 'POST', url: '/api/integracao/chaves', token: w.tokens.usuarioA ?? undefined, payload: { empresa_id: w.A.empresa.id, nome: 'ERP', escopos: ['boletos:read'] } });
  return (res.json() as { data: { id: number } }).data.id;
}

/** The descadastro address of a new e-mail to a new person of A (each call its own, so each POST is a first opt-out). */
async function descadastroPath(w: World): Promise<string> {
  const pessoa = await w.fresh.pessoa(w.A);
  const [m] = await w.app.database.db.insert(mensagemOutbox).values({ channel: 'email', recipient: 'matriz@example.com', subject: 'Aviso', text: 'Olá', status: 'sent', sent_at: new Date(), pessoa_id: pessoa.id }).returning();
  return new URL(linkDescadastro(w.app.app.services.fileLinks, 'http://localhost', m.id)).pathname;
}

async function pagadorSessao(w: World): Promise<string> {
  const res = await w.app.call({ method: 'POST', url: '/api/pagador/identificar', payload: { documento: w.A.pessoa.cpf_cnpj, data: '1985-06-15' } });
  if (res.statusCode !== 200) throw new Error(`fixture pagador: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { sessao: string } }).data.sessao;
}

/** An SPC record AVISADA (the notice issued, its letter not posted) over a fresh defaulter of A. */
async function spcAvisada(w: World): Promise<number> {
  const res = await w.app.call({ method: 'POST', url: '/api/acordo/incluir-spc', token: w.tokens.admin ?? undefined, payload: { boletoId: (await w.fresh.devedor(w.A)).boletoIds[1] } });
  if (res.statusCode !== 200) throw new Error(`fixture spc: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

/** A version of the credit policy that is no draft (replaced), for reads and evaluations. */
async function politicaDeTeste(w: World): Promise<number> {
  const [p] = await w.db.insert(politicaCredito).values({
    versao: sql`(select coalesce(max(versao), 0) + 1 from politica_credito)`, status: 'SUBSTITUIDA', regras: POLITICA_PADRAO.regras,
    criado_por: w.A.usuario.id, atualizado_por: w.A.usuario.id, publicado_por: w.A.usuario.id, publicado_em: new Date(), substituida_em: new Date(),
  }).returning({ id: politicaCredito.id });
  return p.id;
}

/** The one draft (made when none). */
async function rascunhoDeTeste(w: World): Promise<number> {
  const [d] = await w.db.select({ id: politicaCredito.id }).from(politicaCredito).where(eq(politicaCredito.status, 'RASCUNHO'));
  if (d) return d.id;
  const [p] = await w.db.insert(politicaCredito).values({
    versao: sql`(select coalesce(max(versao), 0) + 1 from politica_credito)`, regras: POLITICA_PADRAO.regras, criado_por: w.A.usuario.id, atualizado_por: w.A.usuario.id,
  }).returning({ id: politicaCredito.id });
  return p.id;
}

/** A fresh guarantee of A denied automatically by the policy (NÃO AUTORIZADO, evaluation NEGAR). */
async function negadaAutomaticamente(w: World): Promise<number> {
  const g = await w.fresh.garantia(w.A);
  const politicaId = await politicaDeTeste(w);
  await w.db.update(garantia).set({ status: 'NÃO AUTORIZADO', motivo: 'Outro', decidido_em: new Date(), decidido_por: null }).where(eq(garantia.id, g.id));
  await w.db.insert(garantiaAvaliacao).values({ garantia_id: g.id, politica_id: politicaId, versao: 1, resultado: 'NEGAR', motivos: [{ codigo: 'MENOR_IDADE', texto: 'A pessoa tem menos de 18 anos.', resultado: 'NEGAR' }], entradas: {} });
  return g.id;
}

/** A pending review of such a denial. */
async function revisaoPendente(w: World): Promise<number> {
  const id = await negadaAutomaticamente(w);
  const [r] = await w.db.insert(garantiaRevisao).values({ garantia_id: id, origem: 'LOJA', prazo: addDays(todayInSaoPaulo(), 10) }).returning({ id: garantiaRevisao.id });
  return r.id;
}
