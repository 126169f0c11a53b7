/**
 * The page's entry script (index.html). On the home page it first shows index.html's static copy
 * of the hero and starts the app (main.tsx) only once that has been painted, so the first and
 * largest paints do not wait for the app's JavaScript; the app's first commit replaces the copy.
 * Every other page starts the app at once.
 *
 * The static copy is in Kiswahili, so it is shown only while the visitor has not chosen English
 * (localStorage 'lang', see src/i18n/first-language.ts).
 */
import { loadDictionary } from '../i18n/dictionaries.ts';
import { deviceLanguage, isMarketingPath, recordSiteLanguage } from '../i18n/first-language.ts';

const startApp = (): void => {
  void import('../main.tsx');
};

// /contact has no static copy: fetch its page chunk together with the app rather than after it
// (the router would ask for it only once main.tsx has run), so its first paint waits for one
// round of downloads instead of two. The router's own lazy import then finds it loaded.
if (location.pathname === '/contact') void import('../features/contact/contact-page.tsx');
// /login the same (issue 26 item 10): its chunk and what it imports (the form's schemas, the HTTP
// client) came one round after main.tsx had run, and its largest paint waited for both rounds.
if (location.pathname === '/login') void import('./login-route.tsx');
// The home page the same: its slideshow is not part of the app's start-up bundle (router.tsx).
if (location.pathname === '/') void import('../features/landing/landing-page.tsx');

// Longest wait for the first paint before the app starts anyway (e.g. a hidden tab never paints).
const firstPaintWaitMs = 1000;

// index.html says lang="sw" (its static copy of the home page is Kiswahili); every other page and
// a visitor who chose English start in the language the app will render, decided by the one rule.
const language = deviceLanguage(location.pathname);
// The words of that language (a chunk of their own), fetched now alongside the app: main.tsx
// renders once they are in (src/i18n/dictionaries.ts).
void loadDictionary(language).catch(() => undefined);
document.documentElement.lang = language;
// Recorded at once, not when the app mounts: a visitor may leave the static copy for /login first.
if (isMarketingPath(location.pathname)) recordSiteLanguage(language);

if (location.pathname === '/' && language === 'sw') {
  document.documentElement.setAttribute('data-static-home', '');
  let started = false;
  const startOnce = (): void => {
    if (started) return;
    started = true;
    observer?.disconnect();
    // The next task: the paint that was just reported is on screen before the app's work begins.
    setTimeout(startApp, 0);
  };
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) startOnce();
        })
      : undefined;
  try {
    observer?.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the timeout below starts the app.
  }
  setTimeout(startOnce, firstPaintWaitMs);
} else {
  startApp();
}
