/**
 * better-auth's bodies and answer (accounts mode), which no route of ours validates or builds: the
 * OpenAPI document names them from here. Our own routes' answers are the domain's schemas
 * (src/domain/answers.ts, ADR 045), typed into the routes and the web app from there.
 */
import { z } from 'zod';

export const signInBody = z.object({ email: z.string(), password: z.string() });
export const passwordBody = z.object({ password: z.string() });
export const changePasswordBody = z.object({
  currentPassword: z.string(),
  newPassword: z.string().meta({ description: '12 à 256 caractères, différent de l’actuel.' }),
});
export const totpBody = z.object({ code: z.string().meta({ description: 'Code à 6 chiffres.' }) });
export const okAnswer = z.object({ status: z.boolean().optional() }).loose();
