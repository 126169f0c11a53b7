import { addScreenWords } from './dictionaries.ts';
import { bulkUploadEn } from './en/bulk-upload.ts';
import { bulkUploadSw } from './sw/bulk-upload.ts';

// The bulk upload screen's words (screen-words.ts): imported by its pages.
addScreenWords({ en: bulkUploadEn, sw: bulkUploadSw });
