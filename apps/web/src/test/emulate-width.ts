/**
 * Test support for suites that run in Node: the browser's `matchMedia` for a window `width` px
 * wide (16 px to the em), enough for the `(max-width: …em)` queries of Mantine's `useMediaQuery`.
 */
export const emulateWidth = (width: number) => {
  (globalThis as { window?: unknown }).window = {
    matchMedia: (query: string) => {
      const limit = /\(max-width:\s*([\d.]+)em\)/.exec(query);
      return {
        matches: limit ? width <= Number(limit[1]) * 16 : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    },
  };
};
