import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseCliEnv, parseEnv } from './env';

describe('the listening rule of docs/product.md#access-modes', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['127.0.0.1.example.com', false],
    ['budget.agence.fr', false],
  ])('%s is loopback: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('requires AUTH=on for any other address, and explains how', () => {
    expect(() => parseEnv({ HOST: '0.0.0.0' })).toThrow(/AUTH=on, créez le premier compte avec « npm run user:create/);
    expect(parseEnv({ HOST: '0.0.0.0', AUTH: 'on' }).auth).toBe(true);
    expect(parseEnv({}).auth).toBe(false);
  });

  it('checks the accounts settings', () => {
    expect(() => parseEnv({ AUTH: 'yes' })).toThrow(/AUTH doit valoir/);
    expect(() => parseEnv({ AUTH: 'on', AUTH_SECRET: 'short' })).toThrow(/au moins 32 caractères/);
    expect(parseEnv({ AUTH: 'on', PUBLIC_URL: 'https://budget.agence.fr/app' }).publicOrigin).toBe(
      'https://budget.agence.fr',
    );
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('lets the command line prepare accounts before the server is opened to the network', () => {
    expect(parseCliEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('LIVE_POLL_MS', () => {
  it('is unset by default (the hub picks per engine), else whole milliseconds from 200 to one hour', () => {
    expect(parseEnv({}).livePollMs).toBeUndefined();
    expect(parseEnv({ LIVE_POLL_MS: '' }).livePollMs).toBeUndefined();
    expect(parseEnv({ LIVE_POLL_MS: '5000' }).livePollMs).toBe(5000);
    expect(() => parseEnv({ LIVE_POLL_MS: '100' })).toThrow(/LIVE_POLL_MS doit valoir au moins 200/);
    expect(() => parseEnv({ LIVE_POLL_MS: '3600001' })).toThrow(/au plus 3600000/);
    expect(() => parseEnv({ LIVE_POLL_MS: '2.5' })).toThrow(/LIVE_POLL_MS doit être un nombre entier/);
    expect(() => parseEnv({ LIVE_POLL_MS: 'vite' })).toThrow(/LIVE_POLL_MS doit être un nombre/);
  });
});

describe('e-mail settings (docs/product.md#e-mail)', () => {
  it('leaves e-mail off without SMTP_URL', () => {
    expect(parseEnv({}).smtpUrl).toBeUndefined();
    expect(parseEnv({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it.each([
    'smtp://smtp.agence.fr',
    'smtp://utilisateur:mot%20de%20passe@smtp.agence.fr:587',
    'smtps://smtp.agence.fr:465',
    'smtp://127.0.0.1:2525/?ignoreTLS=true',
  ])('accepts %s', (url) => {
    expect(parseEnv({ SMTP_URL: url }).smtpUrl).toBe(url);
  });

  it.each([
    ['smtp.agence.fr', "SMTP_URL n'est pas une URL valide"],
    ['http://smtp.agence.fr', 'SMTP_URL doit commencer par smtp:// ou smtps://'],
    ['smtp://', 'SMTP_URL ne nomme pas de serveur'],
    ['smtp://smtp.agence.fr:99999', "SMTP_URL n'est pas une URL valide"],
    ['smtp://smtp.agence.fr/boite', 'SMTP_URL ne doit pas avoir de chemin après le serveur'],
  ])('refuses %s, in French, naming the setting', (url, message) => {
    expect(() => parseEnv({ SMTP_URL: url })).toThrow(`Configuration invalide :\n  SMTP_URL : ${message}`);
  });

  it('checks MAIL_FROM', () => {
    expect(parseEnv({ MAIL_FROM: 'Budget & Marges <budget@agence.fr>' }).mailFrom).toBe(
      'Budget & Marges <budget@agence.fr>',
    );
    expect(() => parseEnv({ MAIL_FROM: 'budget' })).toThrow(/MAIL_FROM doit être une adresse e-mail/);
  });
});

describe('sign-in with the agency account (docs/product.md#sign-in-oidc)', () => {
  const oidc = {
    AUTH: 'on',
    PUBLIC_URL: 'https://budget.agence.fr/',
    OIDC_ISSUER: 'https://accounts.google.com',
    OIDC_CLIENT_ID: 'id',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it('is off without OIDC_ISSUER, with the password sign-in on', () => {
    expect(parseEnv({ AUTH: 'on' })).toMatchObject({ oidc: undefined, passwordSignIn: true });
  });

  it('takes the three settings together, with PUBLIC_URL and AUTH=on', () => {
    expect(parseEnv(oidc).oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
      publicOrigin: 'https://budget.agence.fr',
    });
    expect(() => parseEnv({ ...oidc, OIDC_CLIENT_SECRET: '' })).toThrow(/demande aussi OIDC_CLIENT_SECRET/);
    expect(() => parseEnv({ ...oidc, PUBLIC_URL: undefined })).toThrow(/demande aussi PUBLIC_URL/);
    expect(() => parseEnv({ ...oidc, AUTH: 'off' })).toThrow(/demande AUTH=on/);
    expect(() => parseEnv({ ...oidc, OIDC_ISSUER: 'ftp://x' })).toThrow(/OIDC_ISSUER doit être une URL/);
  });

  it('turns the password sign-in off only when OIDC is on', () => {
    expect(parseEnv({ ...oidc, PASSWORD_SIGNIN: 'off' }).passwordSignIn).toBe(false);
    expect(() => parseEnv({ AUTH: 'on', PASSWORD_SIGNIN: 'off' })).toThrow(/PASSWORD_SIGNIN=off demande OIDC_ISSUER/);
    expect(() => parseEnv({ ...oidc, PASSWORD_SIGNIN: 'non' })).toThrow(/PASSWORD_SIGNIN doit valoir/);
  });
});
