/** public/examples/manifest.json, written by scripts/make-examples.ts: what each example file is and where its inputs came from. */
export type ExampleInput = { description: string; source: string; licence: string };

export type ExamplesManifest = {
  generatedBy: string;
  services: Record<
    string,
    {
      /** The built-in engine that made the outputs (its own label). */
      engine: string;
      inputs: ExampleInput[];
      /** URL path → what the file is and its hash when the script wrote it. */
      files: Record<
        string,
        {
          role: 'input' | 'output';
          sha256: string;
          /** A picture's size in pixels. */
          width?: number;
          height?: number;
          /** The params the engine ran with, for an output (the prompt among them). */
          params?: Record<string, unknown>;
        }
      >;
    }
  >;
};
