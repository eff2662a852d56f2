/**
 * The one parser of numbers read from a URL — a path segment or a query value (R5, ADR 051): ASCII
 * digits only, without a sign, space, point, exponent, hexadecimal prefix or leading zero (`0`
 * itself excepted), and not empty; one spelling per number, so `months/%20/close`, `+0`, `0x0`,
 * `0e0`, `1.0` or `01` are refused rather than read as another number. A leaf module (zod only).
 */
import { z } from 'zod';

/** Digits as written by the web app and any sane client: `0`, or no leading zero; at most 15 digits (exact in a double). */
const CANONICAL_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;

/** The integer `text` spells canonically, or null (NaN-free: nothing else is read as a number). */
export function parseUrlInteger(text: string): number | null {
  return CANONICAL_INTEGER.test(text) ? Number(text) : null;
}

/**
 * A zod schema of URL text → an integer in [min, max]; `message` is the one French error for any
 * other text (a lenient spelling, out of range), or a function of the text for messages naming it.
 */
export function urlInteger(min: number, max: number, message: string | ((text: string) => string)) {
  const say = (text: string) => (typeof message === 'string' ? message : message(text));
  // The pattern first, so the OpenAPI document shows it; the range after, in the same message.
  return z
    .string()
    .regex(CANONICAL_INTEGER, { error: (iss) => say(String(iss.input)) })
    .transform((text, ctx) => {
      const n = parseUrlInteger(text);
      if (n === null || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: say(text) });
        return z.NEVER;
      }
      return n;
    });
}
