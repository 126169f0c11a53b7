import { Heading, HStack, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title.tsx';

export interface PageHeaderProps extends Omit<StackProps, 'title'> {
  /** The screen's one h1, also the document title. */
  title: string;
  /** Above the title: a link back to the list the screen belongs to. */
  back?: ReactNode;
  /** Beside the title: the state of what the screen shows (a count's status). */
  badge?: ReactNode;
  /** A muted line under the title. */
  intro?: ReactNode;
  /** The screen's own actions (Export, Labels, a guide), at the right; under the title on a phone. */
  actions?: ReactNode;
}

/**
 * The top of a staff screen: the document title, the h1 and what goes with it, laid out the same
 * on every screen. Style props (mb, …) place it in the page. A screen whose h1 is the title of a
 * card (an order's details) uses DocumentTitle alone.
 */
export function PageHeader({ title, back, badge, intro, actions, ...rest }: PageHeaderProps) {
  const heading = (
    <Heading as="h1" size="2xl">
      {title}
    </Heading>
  );
  const titleLine = badge ? (
    <HStack gap="3" wrap="wrap">
      {heading}
      {badge}
    </HStack>
  ) : (
    heading
  );
  const titleBlock = intro ? (
    <Stack gap="1">
      {titleLine}
      <Text color="fg.muted">{intro}</Text>
    </Stack>
  ) : (
    titleLine
  );
  return (
    <Stack gap="2" {...rest}>
      <DocumentTitle title={title} />
      {back}
      {actions ? (
        <HStack justify="space-between" align="end" gap="3" wrap="wrap">
          {titleBlock}
          {actions}
        </HStack>
      ) : (
        titleBlock
      )}
    </Stack>
  );
}
