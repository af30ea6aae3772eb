/** An article's publish date in the interface language. */
export const formatNewsDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(iso));
