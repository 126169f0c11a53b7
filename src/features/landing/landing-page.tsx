import { Link as RouterLink, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, memo, useEffect } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { LazySection } from './lazy-section.tsx';
import { SiteFooter } from './site-footer.tsx';
import { Slideshow } from './slideshow.tsx';
import { useMarketingLanguage } from './use-marketing-language.ts';
import './landing.css';

// Below the fold: each section is its own chunk, fetched as it approaches the viewport.
const AboutSection = lazy(() => import('./about-section.tsx'));
const ServicesSection = lazy(() => import('./services-section.tsx'));
const TestimonialsSection = lazy(() => import('./testimonials-section.tsx'));
const ContactSection = lazy(() => import('./contact-section.tsx'));

// Space kept for each section until it renders (measured at 412 and 1280 px wide).
const sectionHeights = {
  kuhusu: { base: '39rem', md: '24rem' },
  huduma: { base: '145rem', md: '62rem' },
  maoni: { base: '47rem', md: '26rem' },
  mawasiliano: { base: '46rem', md: '34rem' },
} as const;

// How long a followed link waits for its lazily mounted target before giving up.
const hashTargetWaitMs = 10_000;

/**
 * Scrolls to the element named by the URL hash once it exists: targets inside lazy sections
 * appear only after their chunk has loaded.
 */
function useScrollToHash(hash: string): void {
  useEffect(() => {
    if (!hash) return;
    let cancelled = false;
    const scrollWhenPresent = (): boolean => {
      const target = document.getElementById(hash);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scrollWhenPresent()) return;
    const observer = new MutationObserver(() => {
      if (!cancelled && scrollWhenPresent()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), hashTargetWaitMs);
    return () => {
      cancelled = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [hash]);
}

// memo (no props): skips the router's second render after the first load.
const Hero = memo(function Hero() {
  const t = useT();
  return (
    <div className="hero">
      <div className="site-container hero__grid">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 className="hero__title">{t('landing.hero.title')}</h1>
          <p className="hero__lead">{t('landing.hero.lead')}</p>
          <div className="hero__actions">
            <RouterLink to="/" hash="mawasiliano" className="button button--lg button--primary">
              {t('landing.hero.contact')}
            </RouterLink>
            <RouterLink to="/" hash="huduma" className="button button--lg button--outline-blue">
              {t('landing.hero.services')}
            </RouterLink>
          </div>
        </div>
        <Slideshow />
      </div>
    </div>
  );
});

/**
 * index.html's static hero (boot.ts) is on screen before the app starts, and its links are plain
 * anchors: a click on 'Wasiliana nasi' after the router was created but before it listens to the
 * history changes the address to /#mawasiliano behind the router's back, and the page stayed at
 * the top with the contact section never loaded (1 run in 15 of the landing spec). Once mounted,
 * a hash in the address the router has not seen is handed to the router.
 */
function useHashFromStaticHero(routerHash: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const addressHash = window.location.hash.slice(1);
    if (addressHash !== '' && addressHash !== routerHash) {
      void navigate({ to: '/', hash: addressHash, replace: true });
    }
    // Only the first render can lag behind the address; later links go through the router.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** / : the public marketing page, in Kiswahili unless the visitor chose English. */
export function LandingPage() {
  const t = useT();
  useMarketingLanguage();
  const hash = useLocation({ select: (location) => location.hash });
  useHashFromStaticHero(hash);
  useScrollToHash(hash);
  // A followed link to a section mounts every section, so the page above the target is complete.
  const eager = hash !== '';

  return (
    <>
      <title>{t('landing.meta.title')}</title>
      <Hero />
      <div className="site-container">
        <LazySection
          id="kuhusu"
          component={AboutSection}
          minHeight={sectionHeights.kuhusu}
          eager={eager}
        />
        <LazySection
          id="huduma"
          component={ServicesSection}
          minHeight={sectionHeights.huduma}
          eager={eager}
        />
        <LazySection
          id="maoni"
          component={TestimonialsSection}
          minHeight={sectionHeights.maoni}
          eager={eager}
        />
        <LazySection
          id="mawasiliano"
          component={ContactSection}
          minHeight={sectionHeights.mawasiliano}
          eager={eager}
        />
      </div>
      <SiteFooter />
    </>
  );
}
