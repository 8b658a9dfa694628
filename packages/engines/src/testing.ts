// Sample inputs for tests, benches and the marketing examples script.
export { landscapePng } from './speedpainting/test-pictures.ts';
export { longVtt, samplePlainText, sampleSrt, sampleVtt } from './sales-pilot/test-transcripts.ts';
// The try-on fit fixtures (openly licensed photos of adults) and what is measured on them.
export {
  fitFixtures,
  fitFixtureUrl,
  isTestGarment,
  longSleeveSvg,
  measureFit,
  measureHair,
  measureLegs,
  trousersSvg,
} from './virtual-try-on/fit-measures.ts';
export type { FitFigures } from './virtual-try-on/fit-measures.ts';
export { detectPerson } from './virtual-try-on/person-pose.ts';
// Local servers speaking the hosted providers' protocols, for tests that must not reach the network.
export { formDataOf, startFakeServer } from './remote/fake-provider-server.ts';
export type { FakeReply, FakeServer, RecordedRequest, WebhookDelivery, WebhookPoster } from './remote/fake-provider-server.ts';
export { serveFal } from './remote/fake-fal.ts';
export type { FakeFalEndpoint } from './remote/fake-fal.ts';
export { falSigningKeys, signFalDelivery } from './remote/fake-fal.ts';
export { serveReplicate } from './remote/fake-replicate.ts';
export type { FakeModel as FakeReplicateModel } from './remote/fake-replicate.ts';
export { serveFashn } from './remote/fake-fashn.ts';
export type { FakeFashnModel } from './remote/fake-fashn.ts';
export { openAiRateLimited, serveOpenAiImages } from './remote/fake-openai-images.ts';
export { elevenLabsBusy, serveElevenLabs } from './remote/fake-elevenlabs.ts';
export { removeBgOutOfCredits, removeBgRateLimited, serveRemoveBg } from './remote/fake-removebg.ts';
export { signStandardWebhook } from './remote/standard-webhooks.ts';
