import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { addDays, addMonthsClamped, cnabAccountFromConta, completeCnpj, completeCpf, readRemessa240, todayInSaoPaulo, writeRetorno240, type RemessaEntryRead, type RetornoTitleInput } from '@bg/domain';
import type { FileStorage } from '../adapters/storage/file-storage.js';
import type { Db, DbOrTx } from '../db/client.js';
import { empresa, pessoa, retorno, usuario } from '../db/schema/index.js';
import { createGarantia, createPessoa } from '../factories/garantia.js';
import type { Actor } from '../shared/actor.js';
import { issueBoletosOnRelease } from '../modules/boletos/issue-boletos-on-release.js';
import { activeContaCobranca } from '../modules/conta-cobranca/active-conta-cobranca.js';
import { applyRetorno } from '../modules/cnab/apply-retorno.js';
import { CnabTextCheck } from '../modules/cnab/cnab-text-check.js';
import { REMESSAS_DIR } from '../modules/cnab/cnab-file.js';
import { registerRetornoFile } from '../modules/cnab/create-retorno.js';
import { gerarRemessa } from '../modules/cnab/gerar-remessa.js';
import { previewRetorno } from '../modules/cnab/preview-retorno.js';
import { inlineJobRun } from '../modules/cnab/run-inline.js';
import { createBoletoAvulso } from '../modules/boleto-avulso/create-boleto-avulso.js';

/**
 * Demo data of CNAB (runs last): one remessa and one retorno already processed, through the real
 * use-cases — a guarantee of the Loja Demo whose four boletos went to the bank in a remessa, and the
 * bank's answer (entrada confirmada for all, liquidação of the first) previewed and applied — so
 * Remessas, Retornos (with per-title results) and Início show real figures; plus two boletos
 * avulsos with their remittance files. Files go to the storage given (the app's STORAGE_DIR at start-up).
 */
export async function seedCnab(db: DbOrTx, storage: FileStorage) {
  const [loja] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Loja Demo'));
  const [lojaUser] = await db.select().from(usuario).where(eq(usuario.login, 'loja'));
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));
  const conta = await activeContaCobranca(db);
  if (!loja || !lojaUser || !admin || !conta) return;
  const actor: Actor = { id: admin.id, nivel: '2', empresa_id: null, name: admin.name, ip: null };
  const today = todayInSaoPaulo();

  const cliente = await findOrCreatePessoa(db, 'Luciana Ferreira Dias', '284619357');
  const g = await createGarantia(db, {
    empresa_id: loja.id,
    usuario_id: lojaUser.id,
    pessoa_id: cliente,
    status: 'APROVADO',
    libera_boleto: 'S',
    parcelas: [21500, 21500, 21500, 21500],
    primeiroVencimento: addMonthsClamped(today, 1),
    data: new Date(Date.now() - 10 * 86_400_000),
  });
  await issueBoletosOnRelease(db, g.garantia.id, actor);
  const { remessa } = await gerarRemessa({ db: db as Db, storage }, actor, { boletoIds: g.boletos.map((b) => b.id) });
  if (!remessa) return;

  // the bank's answer: every entrada confirmed, the first instalment already paid (with a fee)
  const entries: RemessaEntryRead[] = [];
  for await (const e of readRemessa240(storage.read(`${REMESSAS_DIR}/${remessa.arquivo}`))) entries.push(e);
  const titles: RetornoTitleInput[] = entries.flatMap((e, i) => {
    const base = { ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? today, amountCents: e.amountCents, occurrenceDate: today };
    const entrada = { ...base, movement: '02' };
    return i === 0 ? [entrada, { ...base, movement: '06', paidCents: e.amountCents, feeCents: 180, creditDate: addDays(today, 1) }] : [entrada];
  });
  const bytes = writeRetorno240({ account: cnabAccountFromConta(conta), fileNumber: remessa.numero_arquivo, generatedAt: new Date(), titles });
  const tempPath = storage.tempPath(randomUUID());
  await fs.promises.writeFile(tempPath, bytes);
  const check = new CnabTextCheck();
  check.feed(bytes);
  check.finish();
  const file = { tempPath, name: `RETORNO_${String(remessa.numero_arquivo).padStart(6, '0')}.ret`, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), header: check.header! };
  const created = await registerRetornoFile({ db: db as Db, storage, jobs: null }, actor, file);
  await previewRetorno(storage, created.id, inlineJobRun(db));
  await db.update(retorno).set({ status: 'APLICANDO' }).where(eq(retorno.id, created.id));
  await applyRetorno(storage, { retornoId: created.id, usuarioId: admin.id }, inlineJobRun(db));

  const endereco = { cep: '01310100', endereco: 'Avenida Paulista', numero: '2000', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };
  await createBoletoAvulso({ db: db as Db, storage }, actor, {
    ...endereco,
    cpf_cnpj: completeCpf('617283945'),
    nome_razao: 'Gustavo Henrique Moraes',
    valor: 350,
    vencimento: addDays(today, 15),
    empresa_id: loja.id,
  });
  await createBoletoAvulso({ db: db as Db, storage }, actor, {
    ...endereco,
    numero: '88',
    cpf_cnpj: completeCnpj('471852930001'),
    nome_razao: 'Consultoria Alfa Ltda',
    valor: 150,
    vencimento: addDays(today, 5),
    empresa_id: null,
  });
}

async function findOrCreatePessoa(db: DbOrTx, nome: string, cpfBase: string): Promise<number> {
  const [found] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.nome_razao, nome));
  if (found) return found.id;
  return (await createPessoa(db, { nome_razao: nome, cpf_cnpj: completeCpf(cpfBase) })).id;
}
