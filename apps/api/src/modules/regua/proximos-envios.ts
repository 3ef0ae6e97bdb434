import { sql, type SQL } from 'drizzle-orm';
import { addDays, fromCents, instanteEmSaoPaulo, onlyDigits, renderReguaMensagem, todayInSaoPaulo, toCents, type IsoDate, type ReguaCanal, type ReguaTemplateId } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import type { Clock } from '../../shared/clock.js';
import { paged, pageWindow } from '../../shared/paging.js';
import { pessoasQueRecusaram } from '../mensagem/consentimento.js';
import { assertAdmin } from '../tenancy/access.js';
import { conteudoDosBoletos } from './conteudo-envio.js';
import { REGUA_SO_ADMIN } from './get-regua.js';
import { candidatos, rowsOf } from './regua-sql.js';

export type ProximosEnviosFiltro = { page: number; per_page: number; data?: IsoDate; empresa_id?: number; canal?: ReguaCanal; dias?: number; pesquisa?: string };

/** Where the preview's link stands: the payer page's code is made when the message is sent. */
export const LINK_NO_ENVIO = '[link da página do pagador, gerado no envio]';

type Row = {
  boleto_id: number; garantia_id: number; parcela: number; vencimento: string; valor: string; pessoa_id: number; pessoa_nome: string;
  empresa_id: number; loja: string; dias: number; canal: ReguaCanal; template: ReguaTemplateId; adiado: boolean; ordem: number | string;
};

/**
 * GET /api/regua/proximos-envios (administrador): the messages of tomorrow (or a day up to 30 days
 * ahead) before they go — the day's candidates (the same SQL the run plans with) and the messages
 * held back from earlier days (one-a-day rule) that will go that day — with who, which boleto,
 * step, channel and the rendered text. A person's second message of the day reads "limite_diario"
 * (it will wait one day), opted-out channels and missing contacts say so.
 */
export async function proximosEnvios(db: DbOrTx, clock: Clock, actor: Actor, f: ProximosEnviosFiltro) {
  assertAdmin(actor, REGUA_SO_ADMIN);
  const hoje = todayInSaoPaulo(clock.now());
  const dia = f.data ?? addDays(hoje, 1);
  if (dia < hoje || dia > addDays(hoje, 30)) throw invalid({ data: 'Escolha um dia de hoje até 30 dias à frente.' });
  const { page, perPage, offset } = pageWindow(f);
  const filtros: SQL[] = [];
  if (f.empresa_id) filtros.push(sql`y.empresa_id = ${f.empresa_id}`);
  if (f.canal) filtros.push(sql`y.canal = ${f.canal}`);
  if (f.dias !== undefined) filtros.push(sql`y.dias = ${f.dias}`);
  const texto = f.pesquisa?.trim();
  if (texto) {
    const digits = onlyDigits(texto);
    filtros.push(digits.length >= 3 ? sql`(y.pessoa_nome ilike ${`%${texto}%`} or y.cpf_cnpj like ${`${digits}%`})` : sql`y.pessoa_nome ilike ${`%${texto}%`}`);
  }
  const where = filtros.length ? sql.join(filtros, sql` and `) : sql`true`;
  const inicio = instanteEmSaoPaulo(dia, 0).toISOString();
  const fim = instanteEmSaoPaulo(addDays(dia, 1), 0).toISOString();
  // the day's candidates not yet decided, plus the rows already waiting for that day
  const base = sql`
    select x.*, row_number() over (partition by x.pessoa_id order by x.adiado desc, x.dias desc, x.boleto_id) as ordem from (
      select c.boleto_id, b.garantia_id, b.parcela, b.vencimento::text as vencimento, b.valor, c.pessoa_id, p.nome_razao as pessoa_nome, p.cpf_cnpj,
             c.empresa_id, e.fantasia as loja, c.dias, c.canal, c.template, false as adiado
      from (${candidatos(dia)}) c
      join boleto b on b.id = c.boleto_id join pessoa p on p.id = c.pessoa_id join empresa e on e.id = c.empresa_id
      where not exists (select 1 from regua_envio ev where ev.boleto_id = c.boleto_id and ev.dias = c.dias and ev.canal = c.canal and ev.data_prevista = ${dia}::date)
      union all
      select ev.boleto_id, b.garantia_id, b.parcela, b.vencimento::text, b.valor, ev.pessoa_id, p.nome_razao, p.cpf_cnpj,
             ev.empresa_id, e.fantasia, ev.dias, ev.canal, ev.template, ev.data_prevista < ${dia}::date
      from regua_envio ev
      join boleto b on b.id = ev.boleto_id join pessoa p on p.id = ev.pessoa_id join empresa e on e.id = ev.empresa_id
      where ev.status = 'AGENDADO' and ev.enviar_em >= ${inicio}::timestamptz and ev.enviar_em < ${fim}::timestamptz
    ) x`;
  const [{ n }] = await rowsOf<{ n: string | number }>(db, sql`select count(*) as n from (${base}) y where ${where}`);
  const rows = await rowsOf<Row>(db, sql`select * from (${base}) y where ${where} order by y.pessoa_nome, y.pessoa_id, y.ordem limit ${perPage} offset ${offset}`);
  const pessoas = [...new Set(rows.map((r) => Number(r.pessoa_id)))];
  const recusaram = { whatsapp: await pessoasQueRecusaram(db, pessoas, 'whatsapp'), email: await pessoasQueRecusaram(db, pessoas, 'email') };
  const conteudo = await conteudoDosBoletos(db, [...new Set(rows.map((r) => Number(r.boleto_id)))]);
  const data = rows.map((r) => {
    const c = conteudo.get(Number(r.boleto_id));
    const destinatario = c ? (r.canal === 'whatsapp' ? c.telefone : c.email) : null;
    const situacao: 'enviar' | 'recusou_canal' | 'sem_contato' | 'limite_diario' = recusaram[r.canal].has(Number(r.pessoa_id))
      ? 'recusou_canal'
      : !destinatario
        ? 'sem_contato'
        : Number(r.ordem) > 1
          ? 'limite_diario'
          : 'enviar';
    const m = c ? renderReguaMensagem(r.template, r.canal, { ...c.variaveis, link: LINK_NO_ENVIO }) : { subject: '', text: 'Boleto sem linha digitável: não será enviado.' };
    return {
      boleto_id: Number(r.boleto_id),
      garantia_id: Number(r.garantia_id),
      parcela: Number(r.parcela),
      vencimento: r.vencimento,
      valor: fromCents(toCents(r.valor)),
      pessoa_id: Number(r.pessoa_id),
      pessoa_nome: r.pessoa_nome,
      empresa_id: Number(r.empresa_id),
      loja: r.loja,
      dias: Number(r.dias),
      canal: r.canal,
      template: r.template,
      destinatario,
      situacao,
      adiado: Boolean(r.adiado),
      subject: m.subject,
      texto: m.text,
    };
  });
  return { dia, ...paged(data, Number(n), page, perPage) };
}
