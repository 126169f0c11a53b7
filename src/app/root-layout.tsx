import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { NavBar } from '../components/nav-bar.tsx';
import { useT } from '../i18n/i18n.tsx';

/** Every page: skip link, navigation bar, then the route's content in the main landmark. */
export function RootLayout() {
  const t = useT();
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>{t('nav.skipToContent')}</SkipNavLink>
      <NavBar />
      <Box as="main" flex="1">
        <SkipNavContent />
        <Outlet />
      </Box>
    </Flex>
  );
}
