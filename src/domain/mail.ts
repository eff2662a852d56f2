/**
 * The e-mails' French texts (docs/product.md#e-mail, ADR 053): one message per mention, the daily
 * digest of the other unread notifications and of the alerts still active a week on. Plain text;
 * every message ends with the link to the tool and how to stop them.
 */

export interface MailText {
  subject: string;
  body: string;
}

const TOOL = 'Budget & Marges';

const footer = (link: string) =>
  [
    '',
    `Ouvrir ${TOOL} : ${link}`,
    '',
    '—',
    `Vous recevez ce message de ${TOOL}. Pour en recevoir moins, ouvrez la cloche des notifications`,
    'et choisissez « Réponses et mentions » ou « Rien » sous « Me notifier ».',
  ].join('\n');

/** One line of a subject: no line break, at most 200 characters. */
const oneLine = (text: string) => {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= 200 ? flat : `${flat.slice(0, 199)}…`;
};

/** The message of one mention: who, where, the whole comment. */
export function mentionMail(m: {
  by: string;
  clientName: string;
  place: string;
  text: string;
  link: string;
}): MailText {
  return {
    subject: oneLine(`${m.by} vous a mentionné — ${m.clientName}`),
    body: [
      'Bonjour,',
      '',
      `${m.by} vous a mentionné dans un commentaire — ${m.clientName}, ${m.place} :`,
      '',
      ...m.text.split(/\r?\n/u).map((l) => `> ${l}`),
      footer(m.link),
    ].join('\n'),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * The daily digest: the unread notifications not sent yet (newest first, as the bell lists them)
 * and the alerts repeated weekly while they stay active. Null when there is nothing to say.
 */
export function digestMail(d: { unread: readonly string[]; alerts: readonly string[]; link: string }): MailText | null {
  if (d.unread.length === 0 && d.alerts.length === 0) return null;
  const parts: string[] = [];
  if (d.unread.length > 0) parts.push(plural(d.unread.length, 'notification non lue', 'notifications non lues'));
  if (d.alerts.length > 0) parts.push(plural(d.alerts.length, 'alerte toujours active', 'alertes toujours actives'));
  const section = (title: string, items: readonly string[]) =>
    items.length === 0 ? [] : ['', `${title} :`, ...items.map((t) => `- ${t}`)];
  return {
    subject: `${TOOL} : ${parts.join(', ')}`,
    body: [
      'Bonjour,',
      '',
      `Voici le récapitulatif du jour de ${TOOL}.`,
      ...section('Non lues', d.unread),
      ...section('Alertes toujours actives', d.alerts),
      footer(d.link),
    ].join('\n'),
  };
}

/** Local calendar days from `from` to `to` (both instants). */
export function daysBetween(from: Date, to: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** An active alert is repeated in the digest once a week: 7 days after it fired, or after its last repeat. */
export const isRepeatDue = (since: Date, repeatedAt: Date | null, now: Date) =>
  daysBetween(repeatedAt ?? since, now) >= 7;
