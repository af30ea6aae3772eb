/**
 * Mantine's `sm` breakpoint (48em) as a media query: from there the sidebar stays open beside
 * the page and lists are tables; below it a phone gets the burger menu and lists of cards.
 * Components that build only the one they show (issue 35) ask it with
 * `useMediaQuery(SM_UP, false, { getInitialValueInEffect: false })`.
 */
export const SM_UP = '(min-width: 48em)';
