import { z } from 'zod';
import { MSG } from './messages.js';

export const PASSWORD_MIN_LENGTH = 8;

export const loginSchema = z.object({
  username: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(200);

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
