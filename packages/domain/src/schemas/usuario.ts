import { z } from 'zod';
import { NIVEL } from '../access/levels.js';
import { MSG } from './messages.js';
import { optionalText, requiredText } from './common.js';
import { newPasswordSchema, passwordEqualsLogin } from './auth.js';
import { optionalEmailSchema, optionalIdSchema } from './cadastro-fields.js';

const usuarioShape = {
  name: requiredText(120),
  login: requiredText(60).regex(/^[A-Za-z0-9._@-]+$/, 'Use apenas letras, números, ponto, hífen, sublinhado ou arroba'),
  email: optionalEmailSchema,
  nivel: z.enum([NIVEL.USUARIO, NIVEL.ADMINISTRADOR, NIVEL.FRANQUEADO], { error: MSG.required }),
  empresa_id: optionalIdSchema,
  setor: optionalText(60),
};

type WithEmpresa = { nivel: string; empresa_id: number | null };
// Usuários and franqueados work for an empresa; an administrador belongs to none.
const empresaRule = (v: WithEmpresa, ctx: z.RefinementCtx) => {
  if (v.nivel !== NIVEL.ADMINISTRADOR && v.empresa_id === null) ctx.addIssue({ code: 'custom', path: ['empresa_id'], message: MSG.required });
};

/** POST /api/usuario/update/{id}: the password is not edited here (spec §5). */
export const usuarioUpdateSchema = z.object(usuarioShape).superRefine(empresaRule);
export type UsuarioUpdateInput = z.infer<typeof usuarioUpdateSchema>;

// A new user's password is never its login (decision 106).
const passwordRule = (v: { login: string; password: string }, ctx: z.RefinementCtx) => {
  if (passwordEqualsLogin(v.password, v.login)) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordIsLogin });
};

/** POST /api/usuario/create. */
export const usuarioCreateSchema = z
  .object({ ...usuarioShape, password: newPasswordSchema })
  .superRefine((v, ctx) => {
    empresaRule(v, ctx);
    passwordRule(v, ctx);
  });
export type UsuarioCreateInput = z.infer<typeof usuarioCreateSchema>;

/** "Novo Usuário" form: the confirmation exists on the client only. */
export const usuarioCreateFormSchema = z
  .object({ ...usuarioShape, password: newPasswordSchema, password_confirmation: z.string().min(1, MSG.required) })
  .superRefine((v, ctx) => {
    empresaRule(v, ctx);
    passwordRule(v, ctx);
    if (v.password !== v.password_confirmation) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.passwordConfirmation });
  });
