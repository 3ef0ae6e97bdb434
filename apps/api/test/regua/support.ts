import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dayInSaoPaulo, instanteEmSaoPaulo, type IsoDate } from '@bg/domain';
import type { Db } from '../../src/db/client.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { despacharEnvios } from '../../src/modules/regua/despachar-envios.js';
import { planejarEnvios } from '../../src/modules/regua/planejar-envios.js';
import type { TestApp } from '../harness.js';
import { ensureConta, releasedGarantia } from '../boletos/support.js';

export const BASE_URL = 'https://bg.example';

/** The régua's run at a São Paulo moment (the job's two steps, on a fixed clock). */
export async function rodar(t: TestApp, day: IsoDate, hour = 9, minute = 0) {
  const now = new Date(instanteEmSaoPaulo(day, hour).getTime() + minute * 60_000);
  const planejadas = await planejarEnvios(t.database.db, now);
  const despacho = await despacharEnvios({ db: t.database.db, jobs: t.app.jobs, baseUrl: BASE_URL }, now);
  return { planejadas, ...despacho };
}

/** A shop with a user. */
export async function loja(t: TestApp) {
  const empresa = await createEmpresa(t.database.db);
  const { user } = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
  return { empresaId: empresa.id, userId: user.id };
}

/** A person of the shop with one released boleto per due date (numbered by the active conta). */
export async function devedor(t: TestApp, shop: { empresaId: number; userId: number }, vencimentos: IsoDate[], dados: { telefone1?: string | null } = {}) {
  const db = t.database.db;
  await ensureConta(db);
  const p = await createPessoa(db);
  const boletos: number[] = [];
  for (const v of vencimentos) {
    const g = await releasedGarantia(db, { empresa_id: shop.empresaId, usuario_id: shop.userId, pessoa_id: p.id, parcelas: [15000], primeiroVencimento: v, dados: { telefone1: dados.telefone1 === undefined ? '11987654321' : dados.telefone1 } });
    boletos.push(g.boletos[0].id);
  }
  return { pessoaId: p.id, cpf: p.cpf_cnpj, nome: p.nome_razao, boletos, garantiaIds: [] as number[] };
}

/** The e-mail the payer gave for the duplicatas' signature (what the régua's e-mail steps use). */
export async function comEmail(db: Db, boletoId: number, email: string, userId: number) {
  const fileId = randomUUID();
  await db.execute(sql`insert into stored_file (id, storage_key, original_name, content_type, size_bytes, sha256) values (${fileId}, ${`t/${fileId}`}, 'd.pdf', 'application/pdf', 1, ${'0'.repeat(64)})`);
  await db.execute(sql`insert into assinatura_solicitacao (garantia_id, token_hash, expires_at, email, telefone, sacado_nome, sacado_cpf_cnpj, documento_file_id, documento_sha256, documento_resumo, created_by)
    select b.garantia_id, ${randomUUID().replace(/-/g, '').padEnd(64, '0')}, now() + interval '7 days', ${email}, '11987654321', 'Sacado', '52998224725', ${fileId}, ${'0'.repeat(64)}, '{}'::jsonb, ${userId}
    from boleto b where b.id = ${boletoId}`);
}

/** A boleto paid at the bank at a moment (LIQUIDADO and its history row, as a retorno records it). */
export async function pagar(db: Db, boletoId: number, at: Date) {
  await db.execute(sql`update boleto set situacao = 'LIQUIDADO' where id = ${boletoId}`);
  await db.execute(sql`insert into boleto_historico (boleto_id, de, para, motivo, created_at) values (${boletoId}, 'DISPONÍVEL PARA PAGAMENTO', 'LIQUIDADO', 'teste', ${at.toISOString()}::timestamptz)`);
}

export type EnvioLinha = { id: number; boleto_id: number; pessoa_id: number; dias: number; canal: string; status: string; motivo: string | null; adiamentos: number; enfileirado_em: Date | null; mensagem_id: number | null; data_prevista: string };

export async function envios(db: Db, where = sql`true`): Promise<EnvioLinha[]> {
  const r = (await db.execute(sql`select id, boleto_id, pessoa_id, dias, canal, status, motivo, adiamentos, enfileirado_em, mensagem_id, data_prevista::text as data_prevista from regua_envio where ${where} order by enfileirado_em nulls last, id`)) as { rows: EnvioLinha[] };
  return r.rows.map((e) => ({ ...e, id: Number(e.id), boleto_id: Number(e.boleto_id), pessoa_id: Number(e.pessoa_id), enfileirado_em: e.enfileirado_em ? new Date(e.enfileirado_em) : null }));
}

export const diaSp = (d: Date | null) => (d ? dayInSaoPaulo(d) : null);
