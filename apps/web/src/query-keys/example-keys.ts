/** Query keys of the example files under /examples (static files, not the API). */
export const exampleKeys = {
  all: ['marketing', 'example'] as const,
  file: (url: string) => [...exampleKeys.all, url] as const,
};
