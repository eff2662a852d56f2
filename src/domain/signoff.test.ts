import { describe, expect, it } from 'vitest';
import type { Role } from './roles';
import { checkTransition, isRefusal, SIGNOFF_STATUSES, validatedVersionName, type SignoffStatus } from './signoff';

/** Every (from, to, role, reason?) and what it gives: the transition's verb, or the refusal's status. */
const outcome = (from: SignoffStatus, to: SignoffStatus, role: Role, reason: boolean) => {
  const t = checkTransition(from, to, role, reason);
  return isRefusal(t) ? t.status : t.verb;
};

describe('sign-off transitions', () => {
  it.each([
    ['brouillon', 'soumis', 'editor', false, 'soumis'],
    ['brouillon', 'soumis', 'admin', false, 'soumis'],
    ['brouillon', 'soumis', 'viewer', false, 403],
    ['soumis', 'validé', 'admin', false, 'validé'],
    ['soumis', 'validé', 'editor', false, 403],
    ['soumis', 'brouillon', 'admin', true, 'renvoyé en brouillon'],
    ['soumis', 'brouillon', 'admin', false, 400],
    ['soumis', 'brouillon', 'editor', true, 403],
    ['validé', 'brouillon', 'admin', true, 'rouvert'],
    ['validé', 'brouillon', 'admin', false, 400],
    ['brouillon', 'validé', 'admin', false, 409],
    ['validé', 'soumis', 'admin', false, 409],
    ['soumis', 'soumis', 'editor', false, 409],
  ] as const)('%s → %s by %s (reason: %s): %s', (from, to, role, reason, expected) => {
    expect(outcome(from, to, role, reason)).toBe(expected);
  });

  it('refuses every transition to the same status, for every role', () => {
    for (const s of SIGNOFF_STATUSES) {
      for (const role of ['admin', 'editor', 'viewer'] as const) expect(outcome(s, s, role, true)).toBe(409);
    }
  });

  it('says in French why', () => {
    expect(checkTransition('brouillon', 'validé', 'admin', false)).toEqual({
      status: 409,
      message: 'Un budget « Brouillon » ne peut pas passer à « Validé ».',
    });
    expect(checkTransition('validé', 'brouillon', 'admin', false)).toMatchObject({
      message: 'Indiquez le motif de la réouverture.',
    });
  });

  it('names the validation version by the day in Paris and the client', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(validatedVersionName(new Date('2026-12-31T23:30:00Z'), 'Alpha')).toBe('Validé le 01/01/2027 · Alpha');
  });
});
