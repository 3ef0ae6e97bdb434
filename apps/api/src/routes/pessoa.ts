import type { FastifyInstance } from 'fastify';
import { pessoaContracts as c } from '@bg/domain';
import { jsonRoute, type ContractRequest } from '../http/contract-route.js';
import type { AppContext } from '../http/context.js';
import { multipartUpload } from '../http/multipart-upload.js';
import { addTelefone } from '../modules/pessoa/add-telefone.js';
import { deleteTelefone } from '../modules/pessoa/delete-telefone.js';
import { getPessoa } from '../modules/pessoa/get-pessoa.js';
import { listDocumentos } from '../modules/pessoa/list-documentos.js';
import { listPessoas } from '../modules/pessoa/list-pessoas.js';
import { listTelefones } from '../modules/pessoa/list-telefones.js';
import { updateIdentidade } from '../modules/pessoa/update-identidade.js';
import { updatePessoa } from '../modules/pessoa/update-pessoa.js';
import { uploadDocumentos } from '../modules/pessoa/upload-documentos.js';

/** Spec §7 People. */
export async function pessoaRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  jsonRoute(app, c.getAllPaginate, async (request) => ({ status: 200, msg: 'ok', ...(await listPessoas(db, request.actor, request.query)) }));

  jsonRoute(app, c.getById, async (request) => ({ status: 200, msg: 'ok', data: await getPessoa(db, request.actor, request.params.id) }));

  jsonRoute(app, c.update, async (request) => ({
    status: 200,
    msg: 'Pessoa atualizada com sucesso.',
    data: await updatePessoa(db, request.actor, request.params.id, request.body),
  }));

  jsonRoute(app, c.updateIdentidade, async (request) => ({
    status: 200,
    msg: 'Identificação da pessoa atualizada.',
    data: await updateIdentidade(db, request.actor, request.params.id, request.body),
  }));

  jsonRoute(app, c.getTelefones, async (request) => ({ status: 200, msg: 'ok', ...(await listTelefones(db, request.actor, request.params.id, request.query)) }));

  jsonRoute(app, c.adicionaTelefone, async (request) => ({
    status: 200,
    msg: 'Telefone adicionado.',
    data: await addTelefone(db, request.actor, request.body),
  }));

  // Spec §7 lists deletaTelefone among the GETs; it changes data, so it answers DELETE (and POST
  // for clients that cannot send DELETE), never GET — see docs/decisions/010.
  const deletaTelefone = async (request: ContractRequest<typeof c.deletaTelefone | typeof c.deletaTelefonePost>) => ({
    status: 200,
    msg: 'Telefone removido.',
    data: await deleteTelefone(db, request.actor, request.params.id),
  });
  jsonRoute(app, c.deletaTelefone, deletaTelefone);
  jsonRoute(app, c.deletaTelefonePost, deletaTelefone);

  jsonRoute(app, c.getDocumentacao, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await listDocumentos(db, ctx.fileLinks, request.actor, request.params.id),
  }));

  jsonRoute(app, c.uploadDocumento, async (request) => ({
    status: 200,
    msg: 'Documentos enviados.',
    data: await uploadDocumentos(multipartUpload(request), { db, storage: ctx.storage }, request.actor),
  }));
}
