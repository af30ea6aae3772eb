/** Cache keys of events, prizes and won prizes (all / lists() / list(q) / detail(id)). */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: object) => [...eventKeys.all, 'list', query] as const,
  detail: (id: number, lang: string) => [...eventKeys.all, 'detail', id, lang] as const,
  prize: (eventId: number, prizeId: number, lang: string) =>
    [...eventKeys.all, 'prize', eventId, prizeId, lang] as const,
  myPrizes: (query: object) => [...eventKeys.all, 'my-prizes', query] as const,
};

export const eventSettingsKeys = {
  all: ['settings', 'events'] as const,
  list: (query: object) => [...eventSettingsKeys.all, 'list', query] as const,
  options: () => [...eventSettingsKeys.all, 'options'] as const,
};
export const prizeSettingsKeys = {
  all: ['settings', 'prizes'] as const,
  list: (query: object) => [...prizeSettingsKeys.all, 'list', query] as const,
};
export const wonPrizeKeys = {
  all: ['settings', 'won-prizes'] as const,
  list: (query: object) => [...wonPrizeKeys.all, 'list', query] as const,
};

/** After any change of events or prizes, every view of them may be stale. */
export const eventsRelatedKeys = [
  eventKeys.all,
  eventSettingsKeys.all,
  prizeSettingsKeys.all,
  wonPrizeKeys.all,
] as const;
