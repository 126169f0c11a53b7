import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import { useDictionaryReady, useLanguage } from '../../i18n/i18n.tsx';
import { translate } from '../../i18n/translate.ts';
import '../../i18n/screen-words-bulk-upload.ts';

/** The guide's points, in order; their texts state the rules of domain/bulk-upload.ts. */
const guideKeys: readonly MessageKey[] = [
  'bulkUpload.guide.file',
  'bulkUpload.guide.columns',
  'bulkUpload.guide.header',
  'bulkUpload.guide.values',
  'bulkUpload.guide.limits',
  'bulkUpload.guide.allOrNothing',
  'bulkUpload.guide.update',
  'bulkUpload.guide.barcode',
  'bulkUpload.guide.text',
  'bulkUpload.guide.connection',
  'bulkUpload.guide.example',
];

function GuideText({ language }: { language: 'en' | 'sw' }) {
  return (
    <List.Root as="ol" gap="1.5" ps="5" lang={language}>
      {guideKeys.map((key) => (
        <List.Item key={key}>{translate(language, key)}</List.Item>
      ))}
    </List.Root>
  );
}

/**
 * The bulk-upload guide. The spec's guide is in Kiswahili: it is always shown in Kiswahili, and in
 * English as well when the interface is in English.
 */
export function BulkUploadGuide({ id }: { id: string }) {
  const { language } = useLanguage();
  // The Kiswahili guide on an English interface: its words are a chunk of their own.
  const kiswahiliReady = useDictionaryReady('sw');
  return (
    <Box id={id} borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
      <Stack gap="4">
        {language === 'en' ? (
          <Box>
            <Heading as="h2" size="md" mb="2">
              {translate('en', 'bulkUpload.guideTitle')}
            </Heading>
            <GuideText language="en" />
          </Box>
        ) : null}
        {kiswahiliReady ? (
          <Box>
            <Heading as="h2" size="md" mb="2" lang="sw">
              {translate('sw', 'bulkUpload.guideTitle')}
              {language === 'en' ? (
                <Text as="span" fontWeight="normal" color="fg.muted">
                  {` (${translate('en', 'bulkUpload.guideSwahili')})`}
                </Text>
              ) : null}
            </Heading>
            <GuideText language="sw" />
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
