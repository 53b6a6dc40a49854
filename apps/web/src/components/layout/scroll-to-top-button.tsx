import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { ArrowUpIcon } from '../ui/icons';

const SHOW_AFTER_PX = 480;

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const update = () => setIsVisible(window.scrollY > SHOW_AFTER_PX);
    // Reading scrollY while the page's layout is stale forces one, inside whichever task reads it
    // (issue #32.3): an animation frame still comes before the browser's layout, so the first read
    // waits for a timer queued from it, which runs once that frame is out.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(update, 0);
    });
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', update);
    };
  }, []);

  const scrollToTop = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      onClick={scrollToTop}
      tabIndex={isVisible ? 0 : -1}
      aria-hidden={!isVisible}
      className={cx(
        'fixed bottom-4 end-4 z-30 grid size-12 place-items-center rounded-full border border-gold-400/50 bg-pitch-900/95 text-gold-200 shadow-card transition-all duration-200 hover:border-gold-300 hover:bg-pitch-800 md:end-6',
        isVisible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-3 opacity-0',
      )}
    >
      <ArrowUpIcon className="size-5" />
      <span className="sr-only">{t('a11y.scrollToTop')}</span>
    </button>
  );
}
