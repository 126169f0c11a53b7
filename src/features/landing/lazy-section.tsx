import {
  memo,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
  type LazyExoticComponent,
} from 'react';
import { useT } from '../../i18n/i18n.tsx';

export interface LazySectionProps {
  /** The section's anchor id (kept on the placeholder, so links to it work before it loads). */
  id: string;
  /** A React.lazy section; its chunk is fetched only when the section comes near the viewport. */
  component: LazyExoticComponent<ComponentType>;
  /**
   * Height reserved until the section has rendered, close to its real height so nothing jumps
   * (it mounts ~300px before it is visible, so a small difference is never seen).
   */
  minHeight: { base: string; md: string };
  /** Mount now (a link to this section or one below it was followed). */
  eager?: boolean;
}

/** Runs `run` after the window's load event, in an idle period (or after 2 s at the latest). */
function whenIdleAfterLoad(run: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      idleHandle = requestIdleCallback(run, { timeout: 2000 });
    } else {
      idleHandle = window.setTimeout(run, 200);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleHandle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}

// Start loading a section while it is still this far below the viewport.
const rootMargin = '300px 0px';

/**
 * A below-the-fold section of the landing page: a placeholder of fixed height until an
 * IntersectionObserver sees it approaching, then the lazy component (its own JS chunk).
 */
export const LazySection = memo(function LazySection({
  id,
  component: Section,
  minHeight,
  eager = false,
}: LazySectionProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const mounted = near || eager;

  useEffect(() => {
    const element = ref.current;
    if (mounted || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          // A transition: the section renders in small slices, not one long task.
          startTransition(() => setNear(true));
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    // Start watching once the page has loaded and the main thread is idle, so sections near the
    // fold do not compete with the first render and the hero image.
    const cancelIdle = whenIdleAfterLoad(() => observer.observe(element));
    return () => {
      cancelIdle();
      observer.disconnect();
    };
  }, [mounted]);

  // The reserved height per breakpoint reaches landing.css through custom properties.
  const reserved = {
    '--lazy-section-height': minHeight.base,
    '--lazy-section-height-md': minHeight.md,
  } as CSSProperties;
  const placeholder = (
    <div className="lazy-section__placeholder" style={reserved} aria-busy="true">
      <span className="visually-hidden">{t('landing.section.loading')}</span>
    </div>
  );

  return (
    <div ref={ref} id={id} tabIndex={-1} className="lazy-section">
      {mounted ? <Suspense fallback={placeholder}>{<Section />}</Suspense> : placeholder}
    </div>
  );
});
