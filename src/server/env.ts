/**
 * The server's configuration, parsed and validated once at boot. The only module that reads
 * process.env (STYLE.md).
 */
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL doit être une URL postgres:// ou postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NODE_ENV: z.string().optional(),
});

export interface Env {
  port: number;
  host: string;
  /** Absolute path of the embedded database directory (used when databaseUrl is not set). */
  dataDir: string;
  databaseUrl: string | undefined;
}

/** Parses the environment; throws an Error with a French, readable message when it is invalid. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')} : ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
  };
}
