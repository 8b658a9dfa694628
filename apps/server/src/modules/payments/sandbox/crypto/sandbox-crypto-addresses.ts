import { createHash } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

/** `length` characters of `alphabet`, the same for the same seed. */
function charsFrom(seed: string, alphabet: string, length: number): string {
  let out = '';
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash('sha256').update(`${seed}:${round}`).digest()) {
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A deposit address in the coin's shape. Test-network prefixes where the coin has them (tb1…,
 * tltc1…, bchtest:…, addr_test1…), so no mainnet wallet accepts them by mistake.
 */
export function sandboxAddressFor(ticker: string, seed: string): string {
  switch (ticker) {
    case 'btc':
      return `tb1q${charsFrom(seed, BECH32, 38)}`;
    case 'ltc':
      return `tltc1q${charsFrom(seed, BECH32, 38)}`;
    case 'bch':
      return `bchtest:q${charsFrom(seed, BECH32, 41)}`;
    case 'doge':
      return `n${charsFrom(seed, BASE58, 33)}`;
    case 'dash':
      return `y${charsFrom(seed, BASE58, 33)}`;
    case 'ada':
      return `addr_test1q${charsFrom(seed, BECH32, 98)}`;
    case 'trx':
    case 'usdttrc20':
      return `T${charsFrom(seed, BASE58, 33)}`;
    case 'xrp':
      return `r${charsFrom(seed, BASE58, 33)}`;
    case 'sol':
      return charsFrom(seed, BASE58, 44);
    case 'xlm':
      return `G${charsFrom(seed, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 55)}`;
    case 'dot':
      return `5${charsFrom(seed, BASE58, 47)}`;
    case 'atom':
      return `cosmos1${charsFrom(seed, BECH32, 38)}`;
    case 'xmr':
      return `9${charsFrom(seed, BASE58, 94)}`;
    case 'ton':
      return `kQ${charsFrom(seed, `${BASE58}-_`, 46)}`;
    default:
      // ETH and the ERC-20 / BEP-20 tokens (USDT, USDC, DAI, BNB, MATIC, LINK, ...).
      return `0x${charsFrom(seed, HEX, 40)}`;
  }
}

/** The deposit's transaction hash, the same for the same payment. */
export const sandboxTxHashFor = (paymentId: string, ticker: string) =>
  `${ticker === 'eth' ? '0x' : ''}${charsFrom(`${paymentId}:tx`, HEX, 64)}`;
