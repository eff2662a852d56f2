import { describe, expect, it } from 'vitest';
import { compareLineNames, comparePoleNames } from './catalogue';

describe('display order of poles and lines (docs/product.md#poles-dashboard)', () => {
  it.each([
    {
      pole: 'Paid',
      given: ['Zeta sur mesure', 'Meta Ads (Facebook & Instagram)', 'atelier', 'Google Ads – Search', 'Éclair'],
      // The catalogue's lines in its order, then the others in French collation (é sorts with e).
      sorted: ['Google Ads – Search', 'Meta Ads (Facebook & Instagram)', 'atelier', 'Éclair', 'Zeta sur mesure'],
    },
    {
      pole: 'SEO/GEO',
      given: ['SEO local', 'Netlinking', 'Audit SEO technique'],
      sorted: ['Audit SEO technique', 'Netlinking', 'SEO local'],
    },
    {
      // A pole outside the catalogue: alphabetical, even for a name the catalogue has elsewhere.
      pole: 'Pôle maison',
      given: ['Netlinking', 'Atelier', 'Google Ads – Search'],
      sorted: ['Atelier', 'Google Ads – Search', 'Netlinking'],
    },
    {
      // A line of another catalogue pole is not ranked in this one.
      pole: 'Paid',
      given: ['Netlinking', 'TikTok Ads'],
      sorted: ['TikTok Ads', 'Netlinking'],
    },
  ])('$pole: $given', ({ pole, given, sorted }) => {
    expect([...given].sort(compareLineNames(pole))).toEqual(sorted);
  });

  it('poles: the catalogue first, in its order, then the others alphabetically', () => {
    expect(['Zoo', 'SEO/GEO', 'Atelier', 'Paid'].sort(comparePoleNames)).toEqual(['Paid', 'SEO/GEO', 'Atelier', 'Zoo']);
  });
});
