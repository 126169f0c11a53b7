import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// 44 px (sizes.11): WCAG 2.5.5's target size, the least a thumb hits reliably on a tablet in a
// godown (issue 14). Chakra's default xs/sm/md controls are 32/36/40 px; staff screens use all
// three, so the sizes keep their padding and type but never go below 44 px.
const touch = '11';
const touchInput = `sizes.${touch}`;
// A slot recipe override must name its slots: the default recipe's, unchanged.
const slotsOf = (name: 'tabs' | 'nativeSelect'): string[] => [
  ...(defaultConfig.theme?.slotRecipes?.[name]?.slots ?? []),
];

const touchConfig = defineConfig({
  theme: {
    recipes: {
      button: {
        variants: {
          size: {
            '2xs': { h: touch, minW: touch },
            xs: { h: touch, minW: touch },
            sm: { h: touch, minW: touch },
            md: { h: touch, minW: touch },
          },
        },
      },
      input: {
        variants: {
          size: {
            '2xs': { '--input-height': touchInput },
            xs: { '--input-height': touchInput },
            sm: { '--input-height': touchInput },
            md: { '--input-height': touchInput },
          },
        },
      },
    },
    slotRecipes: {
      tabs: {
        slots: slotsOf('tabs'),
        variants: {
          size: {
            sm: { root: { '--tabs-height': touchInput } },
            md: { root: { '--tabs-height': touchInput } },
          },
        },
      },
      nativeSelect: {
        slots: slotsOf('nativeSelect'),
        variants: {
          size: {
            xs: { field: { '--select-field-height': touchInput } },
            sm: { field: { '--select-field-height': touchInput } },
            md: { field: { '--select-field-height': touchInput } },
          },
        },
      },
    },
  },
});

/** Chakra's default system with touch-sized controls (buttons, inputs, selects at least 44 px). */
export const appSystem = createSystem(defaultConfig, touchConfig);
