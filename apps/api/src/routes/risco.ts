import type { FastifyInstance } from 'fastify';
import { dayInSaoPaulo, riscoContracts as c } from '@bg/domain';
import { fileRoute, jsonRoute } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { atualizarRiscoAgora } from '../modules/credito/risco/atualizar-agora.js';
import { getCuraAcordo } from '../modules/credito/risco/get-cura-acordo.js';
import { getExposicao } from '../modules/credito/risco/get-exposicao.js';
import { getPerdas } from '../modules/credito/risco/get-perdas.js';
import { getPrimeiroPagamento } from '../modules/credito/risco/get-primeiro-pagamento.js';
import { getProvisoes } from '../modules/credito/risco/get-provisoes.js';
import { getRolagem } from '../modules/credito/risco/get-rolagem.js';
import { getVintage } from '../modules/credito/risco/get-vintage.js';
import { riscoCsv } from '../modules/credito/risco/risco-csv.js';
import { restaurarFaixasProvisao, salvarFaixasProvisao } from '../modules/credito/risco/salvar-faixas-provisao.js';

/** Issue 29: exposure and portfolio risk (administrador, /financeiro/risco; docs/risco.md). */
export async function riscoRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  const hoje = () => dayInSaoPaulo(ctx.clock.now());

  jsonRoute(app, c.getExposicao, async (request) => ({ status: 200, msg: 'ok', data: await getExposicao(db, request.actor) }));
  jsonRoute(app, c.getVintage, async (request) => ({ status: 200, msg: 'ok', data: await getVintage(db, request.actor, request.query, hoje()) }));
  jsonRoute(app, c.getRolagem, async (request) => ({ status: 200, msg: 'ok', data: await getRolagem(db, request.actor, request.query) }));
  jsonRoute(app, c.getPrimeiroPagamento, async (request) => ({ status: 200, msg: 'ok', data: await getPrimeiroPagamento(db, request.actor, request.query, hoje()) }));
  jsonRoute(app, c.getCuraAcordo, async (request) => ({ status: 200, msg: 'ok', data: await getCuraAcordo(db, request.actor, request.query, hoje()) }));
  jsonRoute(app, c.getPerdas, async (request) => ({ status: 200, msg: 'ok', data: await getPerdas(db, request.actor, request.query, hoje()) }));
  jsonRoute(app, c.getProvisoes, async (request) => ({ status: 200, msg: 'ok', data: await getProvisoes(db, request.actor) }));
  jsonRoute(app, c.salvarFaixasProvisao, async (request) => {
    const { alteradas } = await salvarFaixasProvisao(db, request.actor, request.body.faixas);
    return { status: 200, msg: alteradas ? 'Percentuais de provisão salvos.' : 'Nenhum percentual foi alterado.' };
  });
  jsonRoute(app, c.restaurarFaixasProvisao, async (request) => {
    await restaurarFaixasProvisao(db, request.actor);
    return { status: 200, msg: 'Percentuais de provisão de volta aos mínimos da Res. CMN 2.682.' };
  });
  jsonRoute(app, c.atualizar, async (request) => {
    const { job_id, msg } = await atualizarRiscoAgora({ db, jobs: ctx.jobs }, request.actor);
    return { status: 200, msg, data: { job_id } };
  });
  fileRoute(app, c.getCsv, async (request, reply) => {
    const csv = await riscoCsv(db, request.actor, request.query, hoje());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .send(csv.body);
  });
}
