import type { MessageKey } from '../../i18n/dictionaries.ts';
import { useT } from '../../i18n/i18n.tsx';
import { departmentIds } from '../../../domain/departments.ts';
import { departmentName } from '../../i18n/department-name.ts';
import { SlidePicture } from './slide-picture.tsx';
import './sections.css';

/** 'Huduma zetu': the six departments, each with its illustration and a short description. */
export default function ServicesSection() {
  const t = useT();
  return (
    <section aria-labelledby="huduma-title" className="services-section">
      <div className="services-section__intro">
        <h2 id="huduma-title" className="heading-section">
          {t('landing.services.title')}
        </h2>
        <p className="text-lead text-muted">{t('landing.services.lead')}</p>
      </div>
      <ul className="services-section__grid">
        {departmentIds.map((id) => (
          <li key={id} id={`huduma-${id}`} className="services-section__card">
            <SlidePicture
              id={id}
              alt=""
              sizes="(min-width: 62em) 380px, (min-width: 30em) 45vw, calc(100vw - 2rem)"
            />
            <div className="services-section__body">
              <h3 className="heading-card">{departmentName(t, id)}</h3>
              <p>{t(`landing.service.${id}` as MessageKey)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
