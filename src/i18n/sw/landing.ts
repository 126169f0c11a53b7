import type { landingEn } from '../en/landing.ts';

/** Kiswahili of the public marketing pages (the primary version). Terms follow docs/glossary.md. */
export const landingSw: Record<keyof typeof landingEn, string> = {
  'landing.meta.title':
    'Kampuni ya Biashara — ghala, vifaa vya ofisi, chakula cha mifugo, vifaa vya ujenzi, uchapishaji, mafuta safi',
  'landing.hero.eyebrow': 'Huduma sita, kampuni moja unayoiamini',
  'landing.hero.title': 'Kila kitu biashara yako inachohitaji, mahali pamoja',
  'landing.hero.lead':
    'Kuhifadhi bidhaa ghalani, vifaa vya ofisi, chakula cha mifugo, vifaa vya ujenzi, uchapishaji na mafuta safi ya kupikia — kwa bei nafuu na kwa wakati, kote Tanzania.',
  'landing.hero.contact': 'Wasiliana nasi',
  'landing.hero.services': 'Tazama huduma zetu',
  'slideshow.label': 'Picha za huduma zetu',
  'slideshow.roleCarousel': 'onyesho la picha',
  'slideshow.roleSlide': 'picha',
  'slideshow.slide': 'Picha ya {index} kati ya {count}',
  'slideshow.status': 'Picha ya {index} kati ya {count}: {caption}',
  'slideshow.previous': 'Picha iliyotangulia',
  'slideshow.next': 'Picha inayofuata',
  'slideshow.goTo': 'Onyesha picha ya {index}: {caption}',
  'slideshow.pause': 'Simamisha picha',
  'slideshow.play': 'Endelea kuonyesha picha',
  'slide.godown': 'Hifadhi salama na safi kwa bidhaa zako',
  'slide.fresh-oil': 'Mafuta safi ya kupikia ya alizeti',
  'slide.hardware': 'Zana, rangi na saruji kwa kila ujenzi',
  'slide.animal-feeding': 'Chakula bora kwa kuku na mifugo',
  'slide.stationery': 'Madaftari, kalamu na vifaa vya ofisi',
  'slide.printing': 'Uchapishaji wa mabango, fulana, kadi na zaidi',
  'landing.about.title': 'Kuhusu sisi',
  'landing.about.body1':
    'Sisi ni kampuni ya biashara ya Kitanzania yenye idara sita chini ya paa moja. Wafanyabiashara, shule, wakulima, mafundi na familia hutegemea bidhaa zetu bora na huduma ya uaminifu.',
  'landing.about.body2':
    'Wafanyakazi wetu hutumia tableti ghalani na madukani, hivyo oda yako inarekodiwa papo hapo unapoiweka — hata mtandao ukikatika.',
  'landing.about.point1': 'Bei nafuu kwa shilingi za Kitanzania',
  'landing.about.point2': 'Bidhaa hukaguliwa kabla ya kutoka ghalani',
  'landing.about.point3': 'Huduma ya kirafiki kwa Kiswahili na Kiingereza',
  'landing.services.title': 'Huduma zetu',
  'landing.services.lead': 'Chagua idara inayokuhudumia.',
  'landing.service.godown':
    'Tunahifadhi bidhaa zako kwa usalama katika ghala safi na linalolindwa, na tunarekodi kila uhamisho wa stoo.',
  'landing.service.stationery':
    'Madaftari, kalamu, karatasi na vifaa vya ofisi kwa shule, ofisi na maduka.',
  'landing.service.animal-feeding':
    'Chakula kamili cha kuku, ng’ombe, mbuzi na nguruwe, chenye virutubisho vilivyoandikwa kwenye kila mfuko.',
  'landing.service.hardware':
    'Zana, saruji, rangi na vifaa vya ujenzi kwa mafundi na wenye nyumba.',
  'landing.service.printing':
    'Tunachapisha mabango, kadi, fulana, vikombe na mifuko kwa haraka na kwa ustadi.',
  'landing.service.fresh-oil':
    'Mafuta safi ya alizeti ya kupikia katika chupa na madumu, kwa oda ndogo hadi za jumla.',
  'landing.testimonials.title': 'Wateja wetu wanasema',
  'landing.testimonial1.quote':
    'Ninanunua madaftari na kalamu za duka langu hapa. Bei ni nafuu na bidhaa zipo kila wakati.',
  'landing.testimonial1.name': 'Neema J., mwenye duka, Arusha',
  'landing.testimonial2.quote':
    'Chakula chao cha kuku kimeongeza utagaji wa mayai. Wafanyakazi wanaeleza kila mfuko vizuri.',
  'landing.testimonial2.name': 'Juma M., mfugaji wa kuku, Morogoro',
  'landing.testimonial3.quote':
    'Tunachapisha mabango na fulana za kanisa letu hapa. Kazi ni safi na huwa tayari kwa wakati.',
  'landing.testimonial3.name': 'Rehema S., mratibu wa matukio, Dar es Salaam',
  'landing.contact.title': 'Wasiliana nasi',
  'landing.contact.lead':
    'Tutumie ujumbe nasi tutakujibu kwa barua pepe au simu haraka iwezekanavyo.',
  'landing.contact.hours': 'Jumatatu hadi Jumamosi, saa 2:00 asubuhi hadi saa 12:00 jioni',
  'landing.contact.address': 'Dar es Salaam, Tanzania',
  'landing.section.loading': 'Inapakia sehemu…',
  'footer.services': 'Huduma',
  'footer.company': 'Kampuni',
  'footer.about': 'Kuhusu sisi',
  'footer.testimonials': 'Maoni ya wateja',
  'footer.contact': 'Wasiliana nasi',
  'footer.login': 'Kuingia kwa wafanyakazi',
  'footer.rights': '© {year} Kampuni ya Biashara. Haki zote zimehifadhiwa.',
  'footer.label': 'Sehemu ya chini ya tovuti',
};
