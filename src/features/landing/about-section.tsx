import { useT } from '../../i18n/i18n.tsx';
import './sections.css';

const points = ['landing.about.point1', 'landing.about.point2', 'landing.about.point3'] as const;

/** 'Kuhusu sisi': who the company is. Lazy: its own chunk, mounted near the viewport. */
export default function AboutSection() {
  const t = useT();
  return (
    <section aria-labelledby="kuhusu-title" className="about-section">
      <div className="about-section__grid">
        <div className="about-section__text">
          <h2 id="kuhusu-title" className="heading-section">
            {t('landing.about.title')}
          </h2>
          <p className="text-lead">{t('landing.about.body1')}</p>
          <p className="text-lead">{t('landing.about.body2')}</p>
        </div>
        <ul className="about-section__points">
          {points.map((key) => (
            <li key={key} className="about-section__point">
              <span aria-hidden="true" className="about-section__check">
                ✓
              </span>
              {t(key)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
