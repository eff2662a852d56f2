/**
 * The sign-in page's choices and the French of an OpenID Connect sign-in refused
 * (docs/product.md#sign-in-oidc): the server redirects to `/?connexion=<code>`, the page shows the
 * message. One list for both sides.
 */

/** The button of the agency's account (OIDC_ISSUER set). */
export const OIDC_BUTTON = "Se connecter avec le compte de l'agence";

/** The query parameter of the sign-in page that carries an OIDC refusal's code. */
export const OIDC_RESULT_PARAM = 'connexion';

export const OIDC_REFUSALS = {
  etat: "La connexion avec le compte de l'agence a expiré ou n'a pas été demandée depuis cette page : recommencez.",
  jeton:
    "Le compte de l'agence a répondu une identité que Budget & Marges ne peut pas vérifier : connexion refusée. Recommencez, ou prévenez votre administrateur si cela se répète.",
  inconnu:
    "Aucun compte Budget & Marges n'existe pour cette adresse e-mail : demandez à votre administrateur de vous en créer un.",
  desactive: 'Ce compte est désactivé : contactez votre administrateur.',
  fournisseur: "Le compte de l'agence n'a pas pu être joint ou a refusé la connexion : réessayez dans un instant.",
} as const;

export type OidcRefusal = keyof typeof OIDC_REFUSALS;

/** The code the OIDC callback put in the page's address, when it is one of ours. */
export function oidcRefusalOf(search: string): OidcRefusal | null {
  const code = new URLSearchParams(search).get(OIDC_RESULT_PARAM);
  return code !== null && Object.hasOwn(OIDC_REFUSALS, code) ? (code as OidcRefusal) : null;
}

/** `/?connexion=code`: the agency's account said who, the account's TOTP code comes next. */
export const OIDC_TOTP_STEP = 'code';

/** What the OIDC callback put in the sign-in page's address: a refusal, the TOTP step, or nothing. */
export function oidcResultOf(search: string): OidcRefusal | typeof OIDC_TOTP_STEP | null {
  return new URLSearchParams(search).get(OIDC_RESULT_PARAM) === OIDC_TOTP_STEP ? OIDC_TOTP_STEP : oidcRefusalOf(search);
}
