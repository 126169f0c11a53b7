import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useT } from '../../i18n/i18n.tsx';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import { SlidePicture } from './slide-picture.tsx';
import { slideIds } from './slides.ts';

/** The spec's autoplay interval (section 6: slideshow autoplay 3 s). */
export const slideIntervalMs = 3000;
// A horizontal move at least this long (CSS px) is a swipe.
const swipeThreshold = 40;

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const documentVisible = () => document.visibilityState !== 'hidden';

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {playing ? (
        <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
      ) : (
        <path d="M8 5v14l11-7z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * The hero slideshow (WAI-ARIA APG carousel pattern). Autoplay every 3 s; it pauses while the
 * pointer is over it, while focus is inside it, while the tab is hidden, when the user pressed
 * pause, and never starts under prefers-reduced-motion. Previous/next buttons, dots, arrow keys and
 * horizontal swipes change the slide. The status line is aria-live="polite" whenever the slides
 * are not rotating by themselves (APG: announcing every automatic change would be noise).
 * Only the current and the next slide's images are mounted, so the first visit loads two images.
 */
// memo: the router re-renders the route's tree once after the first load; the slideshow has no
// props, so it skips that render.
export const Slideshow = memo(function Slideshow() {
  const t = useT();
  const count = slideIds.length;
  const [index, setIndex] = useState(0);
  const [mountedSlides, setMountedSlides] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    prefersReducedMotion,
    () => false,
  );
  const visible = useSyncExternalStore(subscribeVisibility, documentVisible, () => true);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const autoplay = !reducedMotion && !stopped;
  const rotating = autoplay && !hovered && !focusWithin && visible;

  const goTo = useCallback(
    (next: number) => {
      const target = ((next % count) + count) % count;
      setIndex(target);
      setMountedSlides((mounted) => {
        const following = (target + 1) % count;
        if (mounted.has(target) && mounted.has(following)) return mounted;
        return new Set([...mounted, target, following]);
      });
    },
    [count],
  );

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => goTo(index + 1), slideIntervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, goTo]);

  const captionOf = (i: number) => {
    const id = slideIds[i] ?? slideIds[0];
    return t(`slide.${id}` as MessageKey);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(index + 1);
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= swipeThreshold && Math.abs(dx) > Math.abs(dy))
      goTo(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      className="slideshow"
      aria-roledescription={t('slideshow.roleCarousel')}
      aria-label={t('slideshow.label')}
      data-rotating={rotating ? 'true' : 'false'}
      data-reduced-motion={reducedMotion ? 'true' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div
        className="slideshow__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        {slideIds.map((id, i) => {
          const current = i === index;
          // Slides not shown yet cost nothing: no element, no image request.
          if (!mountedSlides.has(i)) return null;
          return (
            <div
              key={id}
              className="slideshow__slide"
              role="group"
              aria-roledescription={t('slideshow.roleSlide')}
              aria-label={t('slideshow.slide', { index: i + 1, count })}
              aria-hidden={current ? undefined : true}
              inert={!current}
              data-current={current ? 'true' : 'false'}
            >
              <SlidePicture
                id={id}
                alt={captionOf(i)}
                priority={i === 0}
                sizes="(min-width: 62em) 560px, calc(100vw - 2rem)"
              />
              <div className="slideshow__caption" aria-hidden="true">
                {captionOf(i)}
              </div>
            </div>
          );
        })}
      </div>

      <div className="slideshow__controls">
        <button
          type="button"
          className="button button--outline button--sm button--round"
          aria-label={t('slideshow.previous')}
          onClick={() => goTo(index - 1)}
        >
          <ChevronIcon direction="left" />
        </button>
        <div className="slideshow__dots">
          {slideIds.map((id, i) => (
            <button
              key={id}
              type="button"
              className="slideshow__dot"
              aria-label={t('slideshow.goTo', { index: i + 1, caption: captionOf(i) })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            >
              <span className="slideshow__dot-mark" />
            </button>
          ))}
          {reducedMotion ? null : (
            <button
              type="button"
              className="button button--ghost button--sm button--round slideshow__play"
              aria-label={stopped ? t('slideshow.play') : t('slideshow.pause')}
              onClick={() => setStopped((value) => !value)}
            >
              <PlayPauseIcon playing={!stopped} />
            </button>
          )}
        </div>
        <button
          type="button"
          className="button button--outline button--sm button--round"
          aria-label={t('slideshow.next')}
          onClick={() => goTo(index + 1)}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      <div
        className="visually-hidden"
        aria-live={rotating ? 'off' : 'polite'}
        aria-atomic="true"
        data-testid="slideshow-status"
      >
        {t('slideshow.status', { index: index + 1, count, caption: captionOf(index) })}
      </div>
    </section>
  );
});
