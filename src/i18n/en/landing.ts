/** Strings of the public marketing pages (/ and the footer). Swahili is the primary version. */
export const landingEn = {
  'landing.meta.title':
    'Trading Company — godown, stationery, animal feed, hardware, printing, fresh oil',
  'landing.hero.eyebrow': 'Six services, one trusted company',
  'landing.hero.title': 'Everything your business needs, in one place',
  'landing.hero.lead':
    'Storage in our godown, office supplies, animal feed, building hardware, printing and pure cooking oil — at fair prices, delivered on time across Tanzania.',
  'landing.hero.contact': 'Contact us',
  'landing.hero.services': 'See our services',
  'slideshow.label': 'Pictures of our services',
  'slideshow.roleCarousel': 'slideshow',
  'slideshow.roleSlide': 'slide',
  'slideshow.slide': 'Picture {index} of {count}',
  'slideshow.status': 'Picture {index} of {count}: {caption}',
  'slideshow.previous': 'Previous picture',
  'slideshow.next': 'Next picture',
  'slideshow.goTo': 'Show picture {index}: {caption}',
  'slideshow.pause': 'Pause the slideshow',
  'slideshow.play': 'Play the slideshow',
  'slide.godown': 'Safe, clean storage for your goods',
  'slide.fresh-oil': 'Pure cooking oil from sunflower seeds',
  'slide.hardware': 'Tools, paint and cement for every build',
  'slide.animal-feeding': 'Nutritious feed for poultry and livestock',
  'slide.stationery': 'Exercise books, pens and office supplies',
  'slide.printing': 'Printing of posters, T-shirts, cards and more',
  'landing.about.title': 'About us',
  'landing.about.body1':
    'We are a Tanzanian trading company with six departments under one roof. Traders, schools, farmers, builders and families rely on us for quality goods and honest service.',
  'landing.about.body2':
    'Our staff work from tablets in the godown and in the shops, so your order is recorded the moment you place it — even when the internet is down.',
  'landing.about.point1': 'Fair prices in Tanzanian shillings',
  'landing.about.point2': 'Goods checked before they leave the godown',
  'landing.about.point3': 'Friendly service in Kiswahili and English',
  'landing.services.title': 'Our services',
  'landing.services.lead': 'Choose the department that serves you.',
  'landing.service.godown':
    'We store your goods safely in a clean, secure godown and record every movement of stock.',
  'landing.service.stationery':
    'Exercise books, pens, paper and office supplies for schools, offices and shops.',
  'landing.service.animal-feeding':
    'Balanced feed for poultry, cattle, goats and pigs, with the nutrients listed on every bag.',
  'landing.service.hardware':
    'Tools, cement, paint and building supplies for builders and home owners.',
  'landing.service.printing':
    'Printing of posters, banners, cards, T-shirts, cups and bags, quickly and neatly.',
  'landing.service.fresh-oil':
    'Pure, clean sunflower cooking oil in bottles and jerrycans, from small to bulk orders.',
  'landing.testimonials.title': 'What our customers say',
  'landing.testimonial1.quote':
    'I get my shop’s exercise books and pens here. Prices are fair and they always have stock.',
  'landing.testimonial1.name': 'Neema J., shop owner, Arusha',
  'landing.testimonial2.quote':
    'Their chicken feed has improved our laying hens. The staff explain every bag well.',
  'landing.testimonial2.name': 'Juma M., poultry farmer, Morogoro',
  'landing.testimonial3.quote':
    'We print our church posters and T-shirts here. The work is neat and always on time.',
  'landing.testimonial3.name': 'Rehema S., event organiser, Dar es Salaam',
  'landing.contact.title': 'Contact us',
  'landing.contact.lead':
    'Send us a message and we will get back to you by e-mail or phone as soon as possible.',
  'landing.contact.hours': 'Monday to Saturday, 8:00 a.m. to 6:00 p.m.',
  'landing.contact.address': 'Dar es Salaam, Tanzania',
  'landing.section.loading': 'Loading section…',
  'footer.services': 'Services',
  'footer.company': 'Company',
  'footer.about': 'About us',
  'footer.testimonials': 'Testimonials',
  'footer.contact': 'Contact us',
  'footer.login': 'Staff sign-in',
  'footer.rights': '© {year} Trading Company. All rights reserved.',
  'footer.label': 'Site footer',
} as const;
