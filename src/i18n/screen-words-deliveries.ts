import { addScreenWords } from './dictionaries.ts';
import { deliveriesEn } from './en/deliveries.ts';
import { deliveriesSw } from './sw/deliveries.ts';

// Goods received's words (screen-words.ts): imported by its screens and its offline entities.
addScreenWords({ en: deliveriesEn, sw: deliveriesSw });
