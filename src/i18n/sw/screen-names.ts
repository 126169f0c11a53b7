import type { screenNamesEn } from '../en/screen-names.ts';

export const screenNamesSw: Record<keyof typeof screenNamesEn, string> = {
  'deliveries.nav': 'Mapokezi ya bidhaa',
  'bulkUpload.nav': 'Pakia kwa wingi',
};
