import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sw } from '../i18n/dictionary-sw.ts';

/**
 * index.html carries a plain-HTML copy of the Swahili home page's first screen, painted before
 * the app's JavaScript runs (src/app/boot.ts). React replaces it on its first render, so the copy
 * must say exactly what the app says, or visitors see the text change under them.
 */
const html = readFileSync('index.html', 'utf8');
const staticHome = html.slice(html.indexOf('<div id="static-home">'), html.indexOf('</body>'));

/** The visible text of the copy, with markup removed and white space folded. */
const staticText = staticHome
  .replace(/<[^>]+>/g, ' ')
  .replace(/\s+/g, ' ')
  .trim();

describe('the static first screen in index.html', () => {
  it('exists', () => {
    expect(staticHome.length).toBeGreaterThan(0);
  });

  it.each([
    'app.name',
    'landing.hero.eyebrow',
    'landing.hero.title',
    'landing.hero.lead',
    'landing.hero.contact',
    'landing.hero.services',
  ] as const)('shows the Swahili text of %s exactly', (key) => {
    expect(staticText).toContain(sw[key].replace(/\s+/g, ' ').trim());
  });

  it("gives the first slide the Swahili alt text of the app's slideshow", () => {
    expect(staticHome).toContain(`alt="${sw['slide.godown']}"`);
  });
});
