import { createHash, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  addMonthsClamped,
  boletoAvulsoSchema,
  createAntecipacaoBody,
  cnabAccountFromConta,
  completeCnpj,
  completeCpf,
  defaultSettlementDueDates,
  fromCents,
  readRemessa240,
  simulateSettlement,
  todayInSaoPaulo,
  toCents,
  writeRetorno240,
  type AcordoCreateInput,
  type RemessaEntryRead,
  type RetornoTitleInput,
} from '@bg/domain';
import type { Db } from '../../src/db/client.js';
import { createCepCache, createCpfSuspeito, createTelefone } from '../../src/factories/cadastros.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa, type GarantiaFactoryInput } from '../../src/factories/garantia.js';
import { backgroundJob, boleto, mensagemOutbox, retorno } from '../../src/db/schema/index.js';
import { aprovarAntecipacao } from '../../src/modules/antecipacao/aprovar-antecipacao.js';
import { createAntecipacao } from '../../src/modules/antecipacao/create-antecipacao.js';
import { simulateAntecipacao } from '../../src/modules/antecipacao/simulate-antecipacao.js';
import { issueBoletosOnRelease } from '../../src/modules/boletos/issue-boletos-on-release.js';
import { baixarBoleto } from '../../src/modules/boletos/baixar-boleto.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { createBoletoAvulso } from '../../src/modules/boleto-avulso/create-boleto-avulso.js';
import { REMESSAS_DIR } from '../../src/modules/cnab/cnab-file.js';
import { CnabTextCheck } from '../../src/modules/cnab/cnab-text-check.js';
import { registerRetornoFile } from '../../src/modules/cnab/create-retorno.js';
import { gerarRemessa } from '../../src/modules/cnab/gerar-remessa.js';
import { previewRetorno } from '../../src/modules/cnab/preview-retorno.js';
import { inlineJobRun } from '../../src/modules/cnab/run-inline.js';
import { createAcordo } from '../../src/modules/cobranca/create-acordo.js';
import { createAgendamento } from '../../src/modules/cobranca/create-agendamento.js';
import { activeContaCobranca } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import type { Actor } from '../../src/shared/actor.js';
import { localFileStorage } from '../../src/adapters/storage/file-storage.js';
import type { SecurityApp } from './support.js';

/**
 * The world of the authorisation matrix (DOMAIN.md "Tenancy"): two franchises, each with its
 * franqueado (nivel 3) — empresa F with franchisee A, empresa G with franchisee B —; A and B each
 * with its usuario; an administrador. One person is a customer of both A and B (`compartilhada`,
 * DOMAIN.md "People shared by several shops"): each shop typed its own data, phones and a document
 * about it, tagged with the shop's tag, so an answer that shows one shop what the other holds is
 * caught like any other leak. A and B get the same records (people, guarantees in every state,
 * boletos, phones, documents, duplicatas, receipts, advances, defaulters, notes, acordos, signing
 * requests), each marked with a unique tag so an answer leaking the other tenant's data is found.
 * `fresh.*` makes one more record of a kind, for the matrix's second and later "ok" calls of a
 * route that changes state.
 */
export const ROLES = ['anonymous', 'usuarioA', 'usuarioB', 'franqueado', 'franqueadoB', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type Tenant = 'A' | 'B';

const today = todayInSaoPaulo();
const newCpf = () => completeCpf(String(randomInt(100_000_000, 999_999_999)));
const newCnpj = () => completeCnpj(`${randomInt(10_000_000, 99_999_999)}0001`);
const tagOf = () => randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();

/** A real 1×1 PNG (the uploads check the whole structure, decision 107). */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082', 'hex');

export function multipartBody(fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[]) {
  const boundary = '----bgsec' + randomUUID().replace(/-/g, '');
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const CONTA = {
  banco: '104', agencia: '1234', conta: null, codigo_beneficiario: '123456', carteira: 'RG',
  nome: 'Boleto Garantido Serviços Financeiros Ltda', cnpj: '11222333000181', cep: '01310100',
  endereco: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP',
  pix_chave: 'financeiro@boletogarantido.com.br',
} as const;

type User = Awaited<ReturnType<typeof createUsuario>>;
type Empresa = Awaited<ReturnType<typeof createEmpresa>>;

export type TenantRecords = {
  tag: string;
  empresa: Empresa;
  usuario: User;
  /** Another usuario of the empresa: the target of user-management calls. */
  colega: User;
  pessoa: { id: number; cpf_cnpj: string; nome_razao: string };
  /** PENDENTE guarantee (with the person above). */
  pendente: { id: number; boletoIds: number[] };
  /** APROVADO, released, boletos GARANTIDO (printing, PDFs, duplicatas, signature). */
  liberada: { id: number; boletoIds: number[] };
  telefoneId: number;
  arquivo: { id: string; url: string };
  comprovanteToken: string;
  antecipacaoEmAnalise: number;
  antecipacaoAprovada: number;
  /** A defaulter (overdue GARANTIDO boleto) of this empresa, with a note and an acordo. */
  devedor: { pessoaId: number; boletoIds: number[] };
  agendamentoId: number;
  acordo: { id: number; parcelaIds: number[]; boletoIds: number[] };
  assinatura: { id: number; token: string; garantiaId: number };
  jobId: number;
  /** What this shop holds about the person both shops serve (set once both tenants exist). */
  compartilhada?: { garantiaId: number; telefoneId: number; arquivo: { nome: string; url: string }; dados: Record<string, string> };
};

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(s: SecurityApp) {
  const db = s.database.db as Db;
  const storage = localFileStorage(s.config.storageDir);
  const call = s.call;

  const login = async (user: { login: string; password: string }) => {
    const res = await s.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.login, password: user.password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${user.login}: ${res.body}`);
    return res.json().access_token as string;
  };
  const expectOk = async <T = { data: Record<string, unknown> }>(what: string, res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`fixture ${what}: ${r.statusCode} ${r.body}`);
    return r.json() as T;
  };

  const adminUser = await createUsuario(db, { nivel: '2', empresa_id: null, name: 'Admin Matriz' });
  const actorOf = (u: User): Actor => ({ id: u.id, nivel: u.nivel, empresa_id: u.empresa_id, name: u.name, ip: null });
  const adminActor = actorOf(adminUser);
  await createCepCache(db);
  const conta = (await activeContaCobranca(db)) ?? (await insertContaCobranca(db, { ...CONTA }, 'SEED', null));

  const empresaF = await createEmpresa(db, { fantasia: `Franquia ${tagOf()}` });
  const franqueadoUser = await createUsuario(db, { nivel: '3', empresa_id: empresaF.id });
  // the second franchise: B's franqueadora
  const empresaG = await createEmpresa(db, { fantasia: `Franquia ${tagOf()}` });
  const franqueadoBUser = await createUsuario(db, { nivel: '3', empresa_id: empresaG.id });

  const users = {} as Record<Exclude<Role, 'anonymous'>, User>;
  users.admin = adminUser;
  users.franqueado = franqueadoUser;
  users.franqueadoB = franqueadoBUser;

  const tokens: Record<Role, string | null> = { anonymous: null, usuarioA: null, usuarioB: null, franqueado: null, franqueadoB: null, admin: null };

  /** A guarantee of the tenant (factory), released through the boletos module when asked. */
  async function garantiaOf(t: TenantRecords | { empresa: Empresa; usuario: User }, input: Partial<GarantiaFactoryInput> & { release?: boolean } = {}) {
    const { release, ...rest } = input;
    const g = await createGarantia(db, { empresa_id: t.empresa.id, usuario_id: t.usuario.id, ...rest });
    if (release) await issueBoletosOnRelease(db, g.garantia.id, { id: adminUser.id, ip: null });
    return { id: g.garantia.id, boletoIds: g.boletos.map((b) => b.id), pessoa_id: g.pessoa_id };
  }

  async function boletoIn(t: { empresa: Empresa; usuario: User }, situacao: 'GARANTIDO' | 'DISPONÍVEL PARA PAGAMENTO' | 'ENVIADO PARA REGISTRO' = 'GARANTIDO', daysAgo = -20) {
    const g = await createGarantia(db, {
      empresa_id: t.empresa.id, usuario_id: t.usuario.id, status: 'APROVADO', libera_boleto: 'S', situacao,
      parcelas: [12000], primeiroVencimento: addDays(today, -daysAgo),
    });
    return g.boletos[0].id;
  }

  async function devedorOf(t: { empresa: Empresa; usuario: User; tag: string }) {
    const p = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: `Devedor ${t.tag} ${tagOf()}` });
    const boletoIds: number[] = [];
    for (const daysAgo of [15, 40]) {
      const g = await createGarantia(db, {
        empresa_id: t.empresa.id, usuario_id: t.usuario.id, pessoa_id: p.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO',
        parcelas: [10000], primeiroVencimento: addDays(today, -daysAgo),
      });
      boletoIds.push(g.boletos[0].id);
    }
    return { pessoaId: p.id, boletoIds };
  }

  async function acordoOf(devedor: { pessoaId: number; boletoIds: number[] }) {
    const [first] = await db.select().from(boleto).where(eq(boleto.id, devedor.boletoIds[0]));
    const qtd = 2;
    const vencimentos = defaultSettlementDueDates(today, qtd);
    const entrada = 2000;
    const sim = simulateSettlement({
      boletos: [{ amountCents: toCents(first.valor), dueDate: first.vencimento }],
      today, installments: qtd, dueDates: vencimentos, firstAmountCents: entrada, discountCents: 0,
    });
    const input: AcordoCreateInput = {
      pessoa_id: devedor.pessoaId, boletoIds: [first.id], qtdParcelas: qtd, vencimentos,
      valorEntrada: fromCents(entrada), desconto: fromCents(0),
      valor_sem_juros: fromCents(sim.baseCents), valor_atualizado: fromCents(sim.updatedCents), totalParcelamento: fromCents(sim.totalCents),
      parcelas: sim.installments.map((p) => ({ parcela: p.number, vencimento: p.dueDate, valor: fromCents(p.amountCents) })),
    };
    return input;
  }

  /** An acordo over a fresh defaulter's first boleto; answers its id and instalments. */
  async function newAcordo(t: { empresa: Empresa; usuario: User; tag: string }) {
    const d = await devedorOf(t);
    const input = await acordoOf(d);
    const created = await createAcordo(db, adminActor, input);
    const detail = await expectOk('acordo getById', call({ method: 'GET', url: `/api/acordo/getById/${created.id}`, token: tokens.admin }));
    const parcelaIds = (detail.data.parcelas as { id: number }[]).map((p) => p.id);
    return { id: created.id as number, parcelaIds, boletoIds: input.boletoIds };
  }

  /** What "Solicitar antecipação" sends for the tenant's simulation, over two fresh GARANTIDO boletos. */
  async function antecipacaoBody(t: { empresa: Empresa; usuario: User }) {
    for (const days of [30, 60]) {
      await createGarantia(db, {
        empresa_id: t.empresa.id, usuario_id: t.usuario.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO',
        parcelas: [40000], primeiroVencimento: addDays(today, days),
      });
    }
    const sim = await simulateAntecipacao(db, actorOf(t.usuario));
    if (!sim.totais) throw new Error('fixture antecipação: nothing to simulate');
    return {
      data_simulacao: sim.totais.data_simulacao,
      boletos: sim.boletos.map((b) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })),
      totais: sim.totais,
    };
  }

  /** An advance request of the tenant, EM ANÁLISE. */
  async function newAntecipacao(t: { empresa: Empresa; usuario: User }) {
    const created = await createAntecipacao(db, actorOf(t.usuario), createAntecipacaoBody.parse(await antecipacaoBody(t)));
    return (created as { id: number }).id;
  }

  /** A signing request of an APROVADO guarantee; answers its id and the link's token. */
  async function newAssinatura(t: { empresa: Empresa; usuario: User }, token: string) {
    const p = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: `Assinante ${tagOf()}` });
    const g = await garantiaOf(t, { status: 'APROVADO', pessoa_id: p.id });
    const res = await expectOk('assinatura', call({ method: 'POST', url: `/api/boleto/getDuplicataAssinatura/${g.id}`, token, payload: { email: 'cliente@example.com', telefone: '11987654321' } }));
    const id = res.data.id as number;
    const [msg] = await db.select().from(mensagemOutbox).where(and(eq(mensagemOutbox.entity, 'assinatura'), eq(mensagemOutbox.entity_id, String(id))));
    const m = /\/assinatura\/([A-Za-z0-9_-]+)$/.exec(msg?.link ?? '');
    if (!m) throw new Error('fixture assinatura: no link in the outbox');
    return { id, token: m[1], garantiaId: g.id, signatario: { cpf_cnpj: p.cpf_cnpj, nome: p.nome_razao } };
  }

  async function tenant(name: Tenant, franqueadoId: number | null): Promise<TenantRecords> {
    const tag = `T${name}${tagOf()}`;
    const empresa = await createEmpresa(db, {
      cnpj: newCnpj(), razao: `Razao ${tag} Ltda`, fantasia: `Loja ${tag}`, franqueado_id: franqueadoId,
      antecipa: 'S', taxa_antecipacao: '2.5', simula_venda: 'S',
    });
    const usuario = await createUsuario(db, { nivel: '1', empresa_id: empresa.id, name: `Usuario ${tag}` });
    const colega = await createUsuario(db, { nivel: '1', empresa_id: empresa.id, name: `Colega ${tag}` });
    const role = name === 'A' ? 'usuarioA' : 'usuarioB';
    users[role] = usuario;
    tokens[role] = await login(usuario);
    const base = { empresa, usuario, tag };

    const pessoa = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: `Cliente ${tag}` });
    const pendente = await garantiaOf(base, { pessoa_id: pessoa.id });
    const liberada = await garantiaOf(base, { pessoa_id: pessoa.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO' });
    const telefoneId = (await createTelefone(db, { pessoa_id: pessoa.id, empresa_id: empresa.id })).id;

    await expectOk('uploadDocumento', call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: tokens[role], ...multipartBody({ pessoa_id: String(pessoa.id) }, [{ name: 'rg.png', data: PNG, type: 'image/png' }]) }));
    const docs = await expectOk<{ data: { id: string; url: string }[] }>('getDocumentacao', call({ method: 'GET', url: `/api/pessoa/getDocumentacao/${pessoa.id}`, token: tokens[role] }));
    const doc = docs.data[0];
    await expectOk('uploadDuplicata', call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: tokens[role], ...multipartBody({ garantia_id: String(liberada.id) }, [{ name: 'dup.png', data: PNG, type: 'image/png' }]) }));

    const baixado = await boletoIn(base);
    const comprovanteToken = (await baixarBoleto(db, actorOf(usuario), baixado)).comprovante_token;

    const antecipacaoEmAnalise = await newAntecipacao(base);
    const antecipacaoAprovada = await newAntecipacao(base);
    await aprovarAntecipacao(db, adminActor, antecipacaoAprovada);

    const devedor = await devedorOf(base);
    const agendamentoId = (await createAgendamento(db, adminActor, { data: addDays(today, 3), descricao: `Ligar para ${tag}`, pessoa_id: devedor.pessoaId })).id as number;
    const acordo = await newAcordo(base);
    const assinatura = await newAssinatura(base, tokens[role]!);
    const [job] = await db.insert(backgroundJob).values({ kind: 'matrix.fixture', status: 'done', created_by: usuario.id, boss_job_id: randomUUID() }).returning();

    return {
      tag, empresa, usuario, colega,
      pessoa: { id: pessoa.id, cpf_cnpj: pessoa.cpf_cnpj, nome_razao: pessoa.nome_razao },
      pendente: { id: pendente.id, boletoIds: pendente.boletoIds },
      liberada: { id: liberada.id, boletoIds: liberada.boletoIds },
      telefoneId, arquivo: doc, comprovanteToken, antecipacaoEmAnalise, antecipacaoAprovada,
      devedor, agendamentoId, acordo, assinatura: { id: assinatura.id, token: assinatura.token, garantiaId: assinatura.garantiaId }, jobId: job.id,
    };
  }

  tokens.admin = await login(adminUser);
  tokens.franqueado = await login(franqueadoUser);
  tokens.franqueadoB = await login(franqueadoBUser);
  const A = await tenant('A', empresaF.id);
  const B = await tenant('B', empresaG.id);

  /**
   * One person, two shops (issue 23): a neutral identity, and what A and B each typed (tagged with
   * its tag), an extra phone and a document of each, through their own guarantees.
   */
  const compartilhada = await (async () => {
    const p = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: `Compartilhada ${tagOf()}` });
    const of = async (t: TenantRecords, role: 'usuarioA' | 'usuarioB') => {
      const dados = { nome_razao: `Cliente ${t.tag}`, endereco: `Rua ${t.tag}`, ref_pessoal: `Referencia ${t.tag}`, telefone1: role === 'usuarioA' ? '11981110001' : '21982220002' };
      const g = await createGarantia(db, { empresa_id: t.empresa.id, usuario_id: t.usuario.id, pessoa_id: p.id, dados });
      const telefoneId = (await createTelefone(db, { pessoa_id: p.id, empresa_id: t.empresa.id, telefone: role === 'usuarioA' ? '11955551111' : '21955552222', contato: `Recado ${t.tag}` })).id;
      await expectOk('uploadDocumento (compartilhada)', call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: tokens[role], ...multipartBody({ pessoa_id: String(p.id) }, [{ name: `doc-${t.tag}.png`, data: PNG, type: 'image/png' }]) }));
      const docs = await expectOk<{ data: { nome: string; url: string }[] }>('getDocumentacao (compartilhada)', call({ method: 'GET', url: `/api/pessoa/getDocumentacao/${p.id}`, token: tokens[role] }));
      const arquivo = docs.data.find((d) => d.nome === `doc-${t.tag}.png`)!;
      return { garantiaId: g.garantia.id, telefoneId, arquivo, dados };
    };
    return { pessoaId: p.id, cpf_cnpj: p.cpf_cnpj, A: await of(A, 'usuarioA'), B: await of(B, 'usuarioB') };
  })();
  A.compartilhada = compartilhada.A;
  B.compartilhada = compartilhada.B;

  // administrador-only records that belong to no tenant
  const cpfSuspeitoId = (await createCpfSuspeito(db, { motivo: 'Matriz de autorização' })).id;
  const remessaBoletos = await garantiaOf(A, { status: 'APROVADO', libera_boleto: 'S', release: true });
  const { remessa } = await gerarRemessa({ db, storage }, adminActor, { boletoIds: remessaBoletos.boletoIds });
  if (!remessa) throw new Error('fixture remessa: nothing generated');
  const retornoFile = async (fileNumber: number) => {
    const entries: RemessaEntryRead[] = [];
    for await (const e of readRemessa240(storage.read(`${REMESSAS_DIR}/${remessa.arquivo}`))) entries.push(e);
    const titles: RetornoTitleInput[] = entries.map((e) => ({
      ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? today, amountCents: e.amountCents, occurrenceDate: today, movement: '02',
    }));
    return Buffer.from(writeRetorno240({ account: cnabAccountFromConta(conta), fileNumber, generatedAt: new Date(), titles }));
  };
  let retornoNumber = remessa.numero_arquivo + 100;
  /** A retorno previewed (PRONTO), ready for "aplicar". */
  async function newRetornoPronto() {
    const bytes = await retornoFile(retornoNumber++);
    const tempPath = storage.tempPath(randomUUID());
    await fs.promises.writeFile(tempPath, bytes);
    const check = new CnabTextCheck();
    check.feed(bytes);
    check.finish();
    const file = { tempPath, name: `RET_${retornoNumber}.ret`, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), header: check.header! };
    const created = await registerRetornoFile({ db, storage, jobs: null }, adminActor, file);
    await previewRetorno(storage, created.id, inlineJobRun(db));
    const [row] = await db.select().from(retorno).where(eq(retorno.id, created.id));
    if (row.status !== 'PRONTO') throw new Error(`fixture retorno: ${row.status}`);
    return created.id as number;
  }
  const retornoId = await newRetornoPronto();
  const avulso = await createBoletoAvulso({ db, storage }, adminActor, boletoAvulsoSchema.parse({
    cpf_cnpj: newCpf(), nome_razao: `Pagador Avulso ${A.tag}`, cep: '01310100', endereco: 'Avenida Paulista', numero: '10', complemento: null,
    bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', valor: 99.9, vencimento: addDays(today, 10), empresa_id: A.empresa.id,
  }));
  async function newMensagemFalhou() {
    const [m] = await db.insert(mensagemOutbox).values({ channel: 'email', recipient: 'x@example.com', subject: 'Aviso', text: 'Olá', status: 'failed', attempts: 5, last_error: 'timeout' }).returning();
    return m.id;
  }
  const mensagemId = await newMensagemFalhou();

  const fresh = {
    boleto: (t: TenantRecords, situacao?: 'GARANTIDO' | 'DISPONÍVEL PARA PAGAMENTO' | 'ENVIADO PARA REGISTRO', daysAgo?: number) => boletoIn(t, situacao, daysAgo),
    garantia: (t: TenantRecords, input: Partial<GarantiaFactoryInput> & { release?: boolean } = {}) => garantiaOf(t, input),
    /** A new person of the tenant (seen through a new PENDENTE guarantee). */
    pessoa: async (t: TenantRecords) => {
      const p = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: `Cliente ${t.tag} ${tagOf()}` });
      await garantiaOf(t, { pessoa_id: p.id });
      return p;
    },
    telefone: async (t: TenantRecords) => (await createTelefone(db, { pessoa_id: t.pessoa.id, empresa_id: t.empresa.id, telefone: `119${randomInt(10_000_000, 99_999_999)}` })).id,
    /** A phone of the tenant's view of the shared person. */
    telefoneCompartilhado: async (t: TenantRecords) =>
      (await createTelefone(db, { pessoa_id: compartilhada.pessoaId, empresa_id: t.empresa.id, telefone: `119${randomInt(10_000_000, 99_999_999)}`, contato: `Recado ${t.tag}` })).id,
    usuario: (t: TenantRecords, situacao: 'ATIVO' | 'BLOQUEADO' = 'ATIVO') => createUsuario(db, { nivel: '1', empresa_id: t.empresa.id, name: `Colega ${t.tag} ${tagOf()}`, situacao }),
    empresa: (franqueadoId: number | null = null, situacao: 'ATIVA' | 'BLOQUEADA' = 'ATIVA') => createEmpresa(db, { franqueado_id: franqueadoId, situacao }),
    /** A boleto replaced by an acordo whose removal the bank confirmed: BAIXADO (REMOVIDO). */
    boletoRemovido: async (t: TenantRecords) => {
      const a = await newAcordo(t);
      await db.transaction((tx) => changeSituacao(tx, a.boletoIds[0], 'confirmarRemocao', { id: adminUser.id, ip: null }, 'retorno (matriz)'));
      return a.boletoIds[0];
    },
    cpfSuspeito: async () => (await createCpfSuspeito(db, { motivo: 'Matriz de autorização' })).id,
    antecipacao: (t: TenantRecords) => newAntecipacao(t),
    antecipacaoBody: (t: TenantRecords) => antecipacaoBody(t),
    devedor: (t: TenantRecords) => devedorOf(t),
    agendamento: async (t: TenantRecords) => (await createAgendamento(db, adminActor, { data: addDays(today, 2), descricao: `Nota ${tagOf()}`, pessoa_id: t.devedor.pessoaId })).id as number,
    acordo: (t: TenantRecords) => newAcordo(t),
    acordoBody: async (t: TenantRecords) => acordoOf(await devedorOf(t)),
    assinatura: (t: TenantRecords, role: 'usuarioA' | 'usuarioB' = t === A ? 'usuarioA' : 'usuarioB') => newAssinatura(t, tokens[role]!),
    retornoPronto: () => newRetornoPronto(),
    retornoFile: () => retornoFile(retornoNumber++),
    mensagemFalhou: () => newMensagemFalhou(),
    cpf: newCpf,
    cnpj: newCnpj,
    tag: tagOf,
  };

  /** Logs a role in again (after a call that ended its sessions, e.g. a password change). */
  async function relogin(role: Exclude<Role, 'anonymous'>, password?: string) {
    const u = users[role];
    if (password) u.password = password;
    tokens[role] = await login(u);
  }

  return {
    app: s,
    db,
    tokens,
    users,
    empresaF,
    empresaG,
    compartilhada,
    A,
    B,
    admin: { cpfSuspeitoId, remessaId: remessa.id as number, retornoId, avulsoId: (avulso as { id: number }).id, mensagemId, conta },
    fresh,
    relogin,
    today,
    nextMonth: (n: number) => addMonthsClamped(today, n),
  };
}

/** The stored file's id in a signed link (/api/arquivo/<id>?exp=…&sig=…). */
export const fileIdOf = (url: string) => url.split('/').pop()!.split('?')[0];

/**
 * Unique text of a tenant that must never appear in an answer to another tenant's user: its tag
 * (in every name, address and contact it typed — the shared person's included), CNPJ, person's
 * CPF, logins, and its documents' file ids (a link to them).
 */
export function markersOf(t: TenantRecords): string[] {
  return [
    t.tag, t.empresa.cnpj, t.pessoa.cpf_cnpj, t.usuario.login, t.colega.login, fileIdOf(t.arquivo.url),
    ...(t.compartilhada ? [fileIdOf(t.compartilhada.arquivo.url), t.compartilhada.dados.telefone1] : []),
  ];
}
