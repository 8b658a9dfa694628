// Sample inputs for tests, benches and the marketing examples script.
export { landscapePng } from './speedpainting/test-pictures.ts';
export { longVtt, samplePlainText, sampleSrt, sampleVtt } from './sales-pilot/test-transcripts.ts';
