import { z } from 'zod';
import { MSG } from './messages.js';

export const PASSWORD_MIN_LENGTH = 8;

export const loginSchema = z.object({
  username: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * What a new password must be (decision 106): at least 8 characters and not the login, with no
 * composition rules. The server also refuses the passwords of its common-password list
 * (apps/api/src/modules/auth/password-policy.ts), which the web does not download.
 */
export const newPasswordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(200);

/** The "not the login" rule, for a schema that has both (case and surrounding spaces ignored). */
export function passwordEqualsLogin(password: string, login: string): boolean {
  return login.trim() !== '' && password.trim().toLowerCase() === login.trim().toLowerCase();
}

/** What the server receives: the confirmation exists on the client only (spec §3 User). */
export const changePasswordSchema = z.object({
  old_password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
  password: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ password_confirmation: z.string().min(1, MSG.required) })
  .refine((v) => v.password === v.password_confirmation, {
    message: MSG.passwordConfirmation,
    path: ['password_confirmation'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
