export type { SandboxCryptoTimings } from './sandbox-crypto-provider.ts';
export type { SandboxCardProvider } from './sandbox-card-provider.ts';
export type { SandboxCryptoProvider } from './sandbox-crypto-provider.ts';
export { sandboxCardRoutes } from './sandbox-card.routes.ts';
export { createSandboxCardProvider } from './sandbox-card-provider.ts';
export { createSandboxCryptoProvider } from './sandbox-crypto-provider.ts';
