import { Text } from '@chakra-ui/react';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** /printing: the printing department's page; its screens come in a later release. */
export function PrintingPage() {
  const t = useT();
  return (
    <Page title={t('dept.printing')}>
      <Text color="fg.muted">{t('printing.text')}</Text>
    </Page>
  );
}
