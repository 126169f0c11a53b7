import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with the recipes of the components this app uses, not all ninety:
 * the theme is part of what a tablet loads before its first list (issue 26 item 10), and the
 * unused recipes (date pickers, colour pickers, carousels…) were a fifth of it. A component
 * whose recipe is missing here renders unstyled, so a new Chakra component in the app means a
 * line below (chakra-system.test.ts lists the components and fails on a missing recipe).
 */
export const usedRecipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
  icon: iconRecipe,
  checkmark: checkmarkRecipe,
};

export const usedSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: usedRecipes,
    slotRecipes: usedSlotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

// 44 px (sizes.11): WCAG 2.5.5's target size, the least a thumb hits reliably on a tablet in a
// godown (issue 14). Chakra's default xs/sm/md controls are 32/36/40 px; staff screens use all
// three, so the sizes keep their padding and type but never go below 44 px.
const touch = '11';
const touchInput = `sizes.${touch}`;
// A slot recipe override must name its slots: the default recipe's, unchanged.
const slotsOf = (name: 'tabs' | 'nativeSelect'): string[] => [
  ...(usedSlotRecipes[name].slots ?? []),
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

/** Chakra's default look with touch-sized controls (buttons, inputs, selects at least 44 px). */
export const appSystem = createSystem(defaultBaseConfig, themeConfig, touchConfig);
