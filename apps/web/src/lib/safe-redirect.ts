/**
 * The `to` query parameter comes from the address bar: only same-origin paths are followed,
 * so a crafted link cannot send a freshly signed-in user to another site.
 */
export const getSafeRedirect = (to: string | null | undefined, fallback = '/'): string => {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  if ([...to].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return to;
};
