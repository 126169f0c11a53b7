import { useT } from '../../i18n/i18n.tsx';
import './sections.css';

const testimonials = [
  { quote: 'landing.testimonial1.quote', name: 'landing.testimonial1.name' },
  { quote: 'landing.testimonial2.quote', name: 'landing.testimonial2.name' },
  { quote: 'landing.testimonial3.quote', name: 'landing.testimonial3.name' },
] as const;

/** 'Wateja wetu wanasema': three short customer quotes. */
export default function TestimonialsSection() {
  const t = useT();
  return (
    <section aria-labelledby="maoni-title" className="testimonials-section">
      <h2 id="maoni-title" className="heading-section testimonials-section__title">
        {t('landing.testimonials.title')}
      </h2>
      <div className="testimonials-section__grid">
        {testimonials.map((item) => (
          <figure key={item.quote} className="testimonials-section__item">
            <blockquote>
              <p className="text-lead">“{t(item.quote)}”</p>
            </blockquote>
            <figcaption className="testimonials-section__name">{t(item.name)}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
