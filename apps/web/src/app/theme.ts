import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core'
import requiredMark from './required-mark.module.css'

const SANS_SERIF =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'

/**
 * Mantine's orange with darker filled shades: white text on the stock shade 8 (#e8590c) reads
 * at 3.6:1, under WCAG's 4.5:1; #c2410c reads at 5.2:1.
 */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2410c',
  '#9a3412',
]

/** SPEC §1: dark scheme (forced by the provider), orange primary colour, sans-serif headings. */
const base = createTheme({
  colors: { orange },
  primaryColor: 'orange',
  fontFamily: SANS_SERIF,
  headings: { fontFamily: SANS_SERIF },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Descriptions under fields and switches: Mantine's dimmed grey reads under 4.5:1 on the dark
  // background; gray.5 reads at 7:1.
  // A required field's mark is drawn by CSS (required-mark.module.css), not Mantine's span.
  components: {
    InputWrapper: {
      defaultProps: { withAsterisk: false },
      classNames: { root: requiredMark.root, label: requiredMark.label },
      styles: { description: { color: 'var(--mantine-color-gray-5)' } },
    },
    Switch: { styles: { description: { color: 'var(--mantine-color-gray-5)' } } },
    // A select's chevron is drawn beside its name, not content: screen readers skip it instead
    // of reading an unnamed image after every select (the History filter, the forms' pickers).
    ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
    // A closed select draws no hidden list: Mantine keeps it mounted by default, so that every
    // select on a screen drew all its options, a focus trap and a popover position at its
    // mount (History's filter, after the first screen: 200 ms at 4x CPU, most of its TBT).
    Combobox: { defaultProps: { keepMounted: false } },
  },
})

/**
 * The theme with its close (X) buttons named `close`, the active language's 'Close'. Mantine's
 * close button has no name of its own; every dialog's and toast's is this one, those opened
 * through @mantine/modals (the delete confirms) and the group menu's drawer included. Plain
 * objects, not Modal.extend: the modal's code loads on first use.
 */
export function themeClosingWith(close: string): MantineThemeOverride {
  const closeButton = { defaultProps: { closeButtonProps: { 'aria-label': close } } }
  return {
    ...base,
    components: {
      ...base.components,
      Modal: closeButton,
      Drawer: closeButton,
      Notification: closeButton,
    },
  }
}

/** The theme in English (tests, and anything drawn before a language is known). */
export const theme = themeClosingWith('Close')
