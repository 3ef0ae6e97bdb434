import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { arquivoRoutes } from './arquivo.js';
import { auditoriaRoutes } from './auditoria.js';
import { authRoutes } from './auth.js';
import { healthRoutes } from './health.js';
import { usuarioSessionRoutes } from './usuario-session.js';
import { cepRoutes } from './cep.js';
import { empresaRoutes } from './empresa.js';
import { usuarioRoutes } from './usuario.js';
import { pessoaRoutes } from './pessoa.js';
import { cpfSuspeitoRoutes } from './cpf-suspeito.js';
import { garantiaRoutes } from './garantia.js';
import { boletoRoutes } from './boleto.js';
import { contaCobrancaRoutes } from './conta-cobranca.js';

/** Every route module of the API. A feature adds its module here (one line each). */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  usuarioSessionRoutes,
  auditoriaRoutes,
  arquivoRoutes,
  cepRoutes,
  empresaRoutes,
  usuarioRoutes,
  pessoaRoutes,
  cpfSuspeitoRoutes,
  garantiaRoutes,
  boletoRoutes,
  contaCobrancaRoutes,
];
