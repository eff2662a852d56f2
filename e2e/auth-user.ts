/** The account the accounts-mode server is started with (created by npm run user:create in scripts/e2e-server.mjs). */
export const E2E_USER = { email: 'camille@agence.fr', password: 'un mot de passe de test' };
